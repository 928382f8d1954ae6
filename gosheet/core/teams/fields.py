"""The settings of team, pair go and rengo tournaments, as rows of the Settings sheet
(:data:`TEAM_FIELDS`, listed by :mod:`gosheet.core.settings_fields` after the system's own).

``Tournament type`` is always shown; the others only for the types they are about
(``Field.types``).

>>> parse_team_placement("teamp, bdw, bdw2u, mnr")
('TEAMP', 'BDW', 'BDW2U', 'MNR')
>>> parse_tournament_type("Pair Go"), parse_team_colour_rule("3.51")
(<TournamentType.PAIR_GO: 'pair go'>, 'OpenGotha 3.51')
"""

from __future__ import annotations

import re

from gosheet.core.fields import Field, join, parse_int, parse_yes_no, yes_no
from gosheet.core.kinds import TournamentType
from gosheet.i18n.words import N_w

#: OpenGotha's team placement criteria (``TeamPlacementParameterSet``), by their XML names.
TEAM_CRITERIA = ("TEAMP", "SOST", "BDW", *(f"BDW{n}U" for n in range(9, 0, -1)), "MNR")
#: OpenGotha's default (a new tournament's): team points, board wins, board wins of boards
#: 1–3, 1–2 and 1, the mean rating of the first round's line-up.
DEFAULT_TEAM_PLACEMENT = ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR")
TEAM_PLACEMENT_SLOTS = 6  # OpenGotha's six slots
#: The even-game colour rule of OpenGotha's team pairing (``Pairing.detRandom``): that of
#: 3.51.01 and later, or that of 3.51 and before (files saved by those versions).
TEAM_COLOUR_RULES = ("OpenGotha 3.51.02", "OpenGotha 3.51")
TEAM_SIZES = (2, 10)  # OpenGotha's range; rengo: 2 or 3
TEAMS = frozenset({TournamentType.TEAMS})
UNITS = frozenset({TournamentType.PAIR_GO, TournamentType.RENGO})
TYPE_NAMES = tuple(t.value for t in TournamentType)


def parse_tournament_type(value: object) -> TournamentType:
    text = re.sub(r"[\s_-]+", " ", str(value or "").strip().casefold())
    text = {"": "individual", "team": "teams", "pairgo": "pair go", "pair": "pair go"}.get(
        text, text
    )
    try:
        return TournamentType(text)
    except ValueError:
        raise ValueError(f"expected one of: {', '.join(TYPE_NAMES)}") from None


def parse_team_placement(value: object) -> tuple[str, ...]:
    """Up to six of :data:`TEAM_CRITERIA`, in order (case and spaces do not matter; OpenGotha's
    empty slot ``NULL`` is skipped)."""
    given = [p.strip().upper() for p in re.split(r"[,;]", str(value or "")) if p.strip()]
    names = tuple(n.replace(" ", "") for n in given if n != "NULL")
    unknown = [n for n in names if n not in TEAM_CRITERIA]
    if unknown:
        raise ValueError(
            f"unknown team criterion {', '.join(unknown)}; known: {', '.join(TEAM_CRITERIA)}"
        )
    if len(set(names)) != len(names):
        raise ValueError("a team criterion is named twice")
    if len(names) > TEAM_PLACEMENT_SLOTS:
        raise ValueError(f"at most {TEAM_PLACEMENT_SLOTS} team criteria")
    return names


def parse_team_colour_rule(value: object) -> str:
    text = re.sub(r"\s+", "", str(value or "").casefold()).removeprefix("opengotha")
    for rule in TEAM_COLOUR_RULES:
        if text == rule.casefold().replace(" ", "").removeprefix("opengotha"):
            return rule
    raise ValueError(f"expected one of: {', '.join(TEAM_COLOUR_RULES)}")


def _parse_team_bye_points(value: object) -> int:
    return parse_int(0, 2)(value)


TEAM_FIELDS: tuple[Field, ...] = (
    Field(
        "Tournament type",
        "tournament_type",
        parse_tournament_type,
        str,
        N_w(
            "individual: one player a side. teams: teams of 'Team size' players listed in the "
            "Teams sheet, board 1 against board 1 and so on, as OpenGotha pairs teams. pair go: "
            "pairs of two players who play one game in turn. rengo: teams of 2 or 3 players "
            "who play one game in turn. Pairs and rengo teams are named in the Players sheet."
        ),
        plain=N_w(
            "individual: one player a side. teams: teams of 'Team size' players listed in the "
            "Teams sheet, board 1 against board 1 and so on."
        ),
    ),
    Field(
        "Team size",
        "team_size",
        parse_int(*TEAM_SIZES),
        int,
        N_w(
            "Players of a team at the boards in every round: 2 to 10 (OpenGotha's default, 4); "
            "rengo: 2 or 3. Further players in a team are its reserves."
        ),
        plain=N_w(
            "Players of a team at the boards in every round: 2 to 10. Further players in a "
            "team are its reserves."
        ),
        types=TEAMS | {TournamentType.RENGO},
    ),
    Field(
        "Team placement",
        "team_placement",
        parse_team_placement,
        join,
        N_w(
            "How the team standings break ties, in order (OpenGotha's criteria): TEAMP team "
            "points (2 a match won, 1 drawn), SOST the opponents' team points, BDW board wins, "
            "BDW3U board wins on boards 1 to 3 (BDW1U … BDW9U likewise), MNR the mean rating "
            "of the first round's line-up. Last, the team number."
        ),
        types=TEAMS,
    ),
    Field(
        "Team colours",
        "team_colour_rule",
        parse_team_colour_rule,
        str,
        N_w(
            "Who takes White on the even boards of a match, as OpenGotha decides: "
            "OpenGotha 3.51.02 (its rule since 3.51.01) or OpenGotha 3.51 (files saved by "
            "3.51 and before). The team whose board-1 player has had White less often leads; "
            "the boards alternate from it."
        ),
        types=TEAMS,
    ),
    Field(
        "Team points for a bye",
        "team_bye_points",
        _parse_team_bye_points,
        int,
        N_w(
            "Team points of the team left without a match when the teams are odd: 2 as a "
            "match won, 1 drawn, 0 nothing (as OpenGotha, which leaves that team out)."
        ),
        types=TEAMS,
    ),
    Field(
        "Mixed pairs",
        "mixed_pairs",
        parse_yes_no,
        yes_no,
        N_w("yes: each pair is a man and a woman (the Players sheet's Sex column says which)."),
        types=frozenset({TournamentType.PAIR_GO}),
    ),
)
