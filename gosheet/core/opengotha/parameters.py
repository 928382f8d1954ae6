"""OpenGotha's parameters as settings: one table gives each its label in the Settings sheet,
its default for McMahon and for Swiss, its explanation and its place in an OpenGotha file.

The labels are the names an OpenGotha user knows from its *Tournament settings* dialog; the
explanation ends with the XML attribute, so that a file and a workbook can be read side by side.
These settings show when ``Pairing rules`` is ``opengotha`` (an imported OpenGotha file, or
``gosheet new --rules opengotha``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gosheet.core.fields import (
    OPENGOTHA_RULES,
    Field,
    format_points,
    half_points_from_xml,
    half_points_to_xml,
    join,
    parse_choice,
    parse_fraction_01,
    parse_int,
    parse_points,
    parse_weight,
    parse_yes_no,
    same,
    true_false,
    yes_no,
)
from gosheet.core.ranks import format_rank, parse_rank

MCMAHON_SWISS = frozenset({"mcmahon", "swiss"})
DUDD_MODES = ("TOP", "MID", "BOT")
SEED_SYSTEMS = ("SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP")
#: OpenGotha's placement criteria, by its names (``NULL``: none).
PLACEMENT_CRITERIA = (
    "NBW",
    "MMS",
    "SOSW",
    "SOSWM1",
    "SOSWM2",
    "SODOSW",
    "SOSOSW",
    "CUSSW",
    "SOSM",
    "SOSMM1",
    "SOSMM2",
    "SODOSM",
    "SOSOSM",
    "CUSSM",
    "EXT",
    "EXR",
    "SDC",
    "DC",
    "CAT",
    "RANK",
    "RATING",
)
MAX_PLACEMENT_CRITERIA = 6
_UNSUPPORTED = ("STS", "CPS", "SOSTS")
_ADDITIONAL = ("NULL", "Rating", "Rank")

GENERAL, HANDICAP, PAIRING = "GeneralParameterSet", "HandicapParameterSet", "PairingParameterSet"


def parse_og_rank(value: object) -> int:
    """A rank in OpenGotha's or gosheet's spelling (``4D``, ``20k``)."""
    return parse_rank(str(value).strip() if value is not None else "")


def rank_to_xml(rank: int) -> str:
    return format_rank(rank).upper()


def parse_criteria(value: object) -> tuple[str, ...]:
    """Placement criteria in order, by OpenGotha's names (``MMS, SOSM, SOSOSM``).

    >>> parse_criteria("mms; sosm, sososm, NULL")
    ('MMS', 'SOSM', 'SOSOSM')
    """
    by_key = {c.casefold(): c for c in PLACEMENT_CRITERIA}
    given = [p.strip() for p in str(value or "").replace(";", ",").split(",") if p.strip()]
    given = [p for p in given if p.casefold() != "null"]
    unsupported = [p for p in given if p.upper() in _UNSUPPORTED]
    if unsupported:
        raise ValueError(
            f"{', '.join(unsupported)}: OpenGotha's Strasbourg and Cup scores are not supported "
            "by gosheet; known: " + ", ".join(PLACEMENT_CRITERIA)
        )
    unknown = [p for p in given if p.casefold() not in by_key]
    if unknown:
        raise ValueError(
            f"unknown placement criterion {', '.join(unknown)}; known: "
            + ", ".join(PLACEMENT_CRITERIA)
        )
    names = tuple(by_key[p.casefold()] for p in given)
    if not names:
        raise ValueError("give at least one placement criterion, such as MMS or NBW")
    if len(set(names)) != len(names):
        raise ValueError("a placement criterion is named twice")
    if len(names) > MAX_PLACEMENT_CRITERIA:
        raise ValueError(f"at most {MAX_PLACEMENT_CRITERIA} placement criteria")
    return names


def parse_categories(value: object) -> tuple[int, ...]:
    """The lowest rank of each category but the last, strongest first (``"5k, 15k"``);
    empty: one category."""
    text = str(value if value is not None else "").strip()
    if not text or text.casefold() in ("none", "-"):
        return ()
    try:
        limits = tuple(parse_og_rank(p) for p in text.replace(";", ",").split(",") if p.strip())
    except ValueError:
        raise ValueError("expected ranks such as '5k, 15k', strongest first") from None
    if list(limits) != sorted(set(limits), reverse=True):
        raise ValueError("category limits must go from strongest to weakest, each once")
    return limits


ClubGroups = tuple[tuple[str, tuple[str, ...]], ...]


def parse_club_groups(value: object) -> ClubGroups:
    """Groups of clubs that geography treats as nearly one club: ``name: club, club; name:
    club …`` (OpenGotha's ``ClubsGroups``); empty: none.

    >>> parse_club_groups("Toulouse: 31To, 31Co; Paris: 75Pa")
    (('Toulouse', ('31To', '31Co')), ('Paris', ('75Pa',)))
    """
    text = str(value if value is not None else "").strip()
    if not text:
        return ()
    groups: list[tuple[str, tuple[str, ...]]] = []
    for part in (p.strip() for p in text.split(";") if p.strip()):
        name, colon, clubs_text = part.partition(":")
        clubs = tuple(c.strip() for c in clubs_text.split(",") if c.strip())
        if not colon or not name.strip() or not clubs:
            raise ValueError(
                f"{part!r}: expected a group's name, a colon and its clubs, e.g. "
                "'Toulouse: 31To, 31Co; Paris: 75Pa'"
            )
        groups.append((name.strip(), clubs))
    names = [name for name, _ in groups]
    if len(set(names)) != len(names):
        raise ValueError("a club group is named twice")
    return tuple(groups)


def write_club_groups(groups: ClubGroups) -> str:
    return "; ".join(f"{name}: {', '.join(clubs)}" for name, clubs in groups)


def _write_categories(limits: tuple[int, ...]) -> str:
    return ", ".join(format_rank(r) for r in limits)


def _weight(label: str, attr: str, xml: tuple[str, str], text: str) -> Field:
    return Field(
        label,
        attr,
        parse_weight,
        same,
        text,
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=xml,
    )


def _yes_no_field(label: str, attr: str, xml: tuple[str, str], text: str) -> Field:
    return Field(
        label,
        attr,
        parse_yes_no,
        yes_no,
        text,
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=xml,
        to_xml=true_false,
    )


def _rank_field(label: str, attr: str, xml: tuple[str, str], text: str) -> Field:
    return Field(
        label,
        attr,
        parse_og_rank,
        format_rank,
        text,
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=xml,
        to_xml=rank_to_xml,
    )


def _points_field(label: str, attr: str, xml: tuple[str, str], text: str) -> Field:
    return Field(
        label,
        attr,
        parse_points,
        format_points,
        text,
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=xml,
        to_xml=half_points_to_xml,
        from_xml=half_points_from_xml,
    )


def _choice_field(
    label: str, attr: str, xml: tuple[str, str], choices: tuple[str, ...], text: str
) -> Field:
    return Field(
        label,
        attr,
        parse_choice(*choices),
        same,
        text,
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=xml,
    )


OG_FIELDS: tuple[Field, ...] = (
    _rank_field(
        "McMahon bar",
        "mm_bar",
        (GENERAL, "genMMBar"),
        "Players at or above this rank all start with the bar's McMahon score (genMMBar).",
    ),
    _rank_field(
        "McMahon floor",
        "mm_floor",
        (GENERAL, "genMMFloor"),
        "Players at or below this rank all start with the floor's McMahon score (genMMFloor).",
    ),
    _rank_field(
        "McMahon zero",
        "mm_zero",
        (GENERAL, "genMMZero"),
        "The rank whose starting McMahon score is 0; OpenGotha fixes it at 30k (genMMZero).",
    ),
    _points_field(
        "MMS for a bye",
        "mms_bye",
        (GENERAL, "genMMS2ValueBye"),
        "McMahon points for a bye: 0, ½ or 1 (genMMS2ValueBye, doubled in the file).",
    ),
    _points_field(
        "MMS for an absent round",
        "mms_absent",
        (GENERAL, "genMMS2ValueAbsent"),
        "McMahon points for a round not played: 0, ½ or 1 (genMMS2ValueAbsent).",
    ),
    _points_field(
        "Wins for a bye",
        "nbw_bye",
        (GENERAL, "genNBW2ValueBye"),
        "Wins (NBW) for a bye: 0, ½ or 1 (genNBW2ValueBye).",
    ),
    _points_field(
        "Wins for an absent round",
        "nbw_absent",
        (GENERAL, "genNBW2ValueAbsent"),
        "Wins (NBW) for a round not played: 0, ½ or 1 (genNBW2ValueAbsent).",
    ),
    _yes_no_field(
        "Round down bye and absent points",
        "round_down",
        (GENERAL, "genRoundDownNBWMMS"),
        "yes: the points from byes and absent rounds, added up, are rounded down to a whole "
        "number (genRoundDownNBWMMS).",
    ),
    _yes_no_field(
        "Unplayed games count half in SOS",
        "unplayed_half",
        (GENERAL, "genCountNotPlayedGamesAsHalfPoint"),
        "yes: in SOS and the like, an opponent's unplayed or by-default games count ½ "
        "point, not their real result (genCountNotPlayedGamesAsHalfPoint).",
    ),
    Field(
        "Categories",
        "categories",
        parse_categories,
        _write_categories,
        "Empty: one category. Else the lowest rank of each category but the last, "
        "strongest first, e.g. '5k, 15k' makes 3 categories (numberOfCategories, Categories).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
    ),
    Field(
        "Club groups",
        "club_groups",
        parse_club_groups,
        write_club_groups,
        "Clubs that geography counts as nearly one club (a pair of them weighs half a pair of "
        "different clubs): 'name: club, club; name: club …', e.g. 'Toulouse: 31To, 31Co' "
        "(ClubsGroups).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
    ),
    _yes_no_field(
        "Handicap based on MMS",
        "hd_based_on_mms",
        ("HandicapParameterSet", "hdBasedOnMMS"),
        "yes: a game's handicap comes from the McMahon scores; no: from the ranks (hdBasedOnMMS).",
    ),
    _rank_field(
        "No handicap above",
        "hd_no_hd_rank_threshold",
        (HANDICAP, "hdNoHdRankThreshold"),
        "Strengths above this rank count as this rank when the handicap is computed, so two "
        "players at or above it play even (hdNoHdRankThreshold).",
    ),
    Field(
        "Handicap correction",
        "hd_correction",
        parse_int(-1, 3),
        same,
        "Stones taken off the difference: 1 = a one-rank difference plays even with komi "
        "(hdCorrection, -1 to 3).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=(HANDICAP, "hdCorrection"),
    ),
    Field(
        "Handicap ceiling",
        "hd_ceiling",
        parse_int(0, 9),
        same,
        "The largest handicap; 0 = every game even (hdCeiling).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=(HANDICAP, "hdCeiling"),
    ),
    Field(
        "Placement criteria",
        "placement",
        parse_criteria,
        join,
        "Standings order, up to 6, by OpenGotha's names: NBW (wins), MMS (McMahon score), "
        "SOSW/SOSM (sum of opponents' wins / McMahon scores), SOSWM1, SOSWM2, SOSMM1, SOSMM2 "
        "(without the 1 or 2 lowest), SODOSW/SODOSM (of beaten opponents), SOSOSW/SOSOSM (sum "
        "of opponents' SOS), CUSSW/CUSSM (cumulated score), EXT/EXR (exploits tried / "
        "successful), SDC/DC (direct confrontation), CAT (category), RANK, RATING. The first "
        "one is the pairing's main score (PlacementCriteria).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
    ),
    _weight(
        "Avoid duplicate games",
        "pai_avoid_duplicates",
        (PAIRING, "paiBaAvoidDuplGame"),
        "Weight for two players who have not met yet (paiBaAvoidDuplGame).",
    ),
    _weight(
        "Random",
        "pai_random",
        (PAIRING, "paiBaRandom"),
        "Largest random weight added to a pair; 0 = no randomness (paiBaRandom).",
    ),
    _yes_no_field(
        "Deterministic random",
        "pai_deterministic",
        (PAIRING, "paiBaDeterministic"),
        "yes: the 'random' weights come from the players' names, so a pairing can be made "
        "again identically (paiBaDeterministic).",
    ),
    _weight(
        "Balance White and Black",
        "pai_balance_wb",
        (PAIRING, "paiBaBalanceWB"),
        "Weight for an even game between players whose colours so far balance each other "
        "(paiBaBalanceWB).",
    ),
    _weight(
        "Avoid mixing categories",
        "pai_avoid_mixing_categories",
        (PAIRING, "paiMaAvoidMixingCategories"),
        "Weight for two players of the same category (paiMaAvoidMixingCategories).",
    ),
    _weight(
        "Minimize score difference",
        "pai_minimize_score_difference",
        (PAIRING, "paiMaMinimizeScoreDifference"),
        "Weight for two players of the same score group, less with the distance "
        "(paiMaMinimizeScoreDifference).",
    ),
    _weight(
        "DUDD weight",
        "pai_dudd_weight",
        (PAIRING, "paiMaDUDDWeight"),
        "Weight of draw-ups and draw-downs between score groups (paiMaDUDDWeight).",
    ),
    _yes_no_field(
        "Compensate DUDD",
        "pai_compensate_dudd",
        (PAIRING, "paiMaCompensateDUDD"),
        "yes: a player drawn up before is preferably drawn down, and the reverse "
        "(paiMaCompensateDUDD).",
    ),
    _choice_field(
        "DUDD upper mode",
        "pai_dudd_upper_mode",
        (PAIRING, "paiMaDUDDUpperMode"),
        DUDD_MODES,
        "Who of the upper group is drawn down: TOP, MID or BOT of the group (paiMaDUDDUpperMode).",
    ),
    _choice_field(
        "DUDD lower mode",
        "pai_dudd_lower_mode",
        (PAIRING, "paiMaDUDDLowerMode"),
        DUDD_MODES,
        "Who of the lower group is drawn up: TOP, MID or BOT of the group (paiMaDUDDLowerMode).",
    ),
    _weight(
        "Maximize seeding",
        "pai_maximize_seeding",
        (PAIRING, "paiMaMaximizeSeeding"),
        "Weight of the seeding inside a score group (paiMaMaximizeSeeding).",
    ),
    Field(
        "Last round for seed system 1",
        "pai_last_round_seed_system1",
        parse_int(0, 20),
        same,
        "Rounds 1 to this one are seeded with seed system 1, later ones with seed system 2 "
        "(paiMaLastRoundForSeedSystem1).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=(PAIRING, "paiMaLastRoundForSeedSystem1"),
    ),
    _choice_field(
        "Seed system 1",
        "pai_seed_system1",
        (PAIRING, "paiMaSeedSystem1"),
        SEED_SYSTEMS,
        "SPLITANDSLIP (top half against bottom half, 1st-(n/2+1)th …), SPLITANDFOLD (1st "
        "against last …) or SPLITANDRANDOM (halves, at random) (paiMaSeedSystem1).",
    ),
    _choice_field(
        "Seed system 2",
        "pai_seed_system2",
        (PAIRING, "paiMaSeedSystem2"),
        SEED_SYSTEMS,
        "The seed system after 'Last round for seed system 1' (paiMaSeedSystem2).",
    ),
    _choice_field(
        "Additional placement criterion 1",
        "pai_additional_crit1",
        (PAIRING, "paiMaAdditionalPlacementCritSystem1"),
        _ADDITIONAL,
        "With seed system 1, ties of the placement criteria inside a group are ordered by "
        "this (Rating, Rank or NULL) (paiMaAdditionalPlacementCritSystem1).",
    ),
    _choice_field(
        "Additional placement criterion 2",
        "pai_additional_crit2",
        (PAIRING, "paiMaAdditionalPlacementCritSystem2"),
        _ADDITIONAL,
        "The same, with seed system 2 (paiMaAdditionalPlacementCritSystem2).",
    ),
    _weight(
        "Minimize handicap",
        "pai_minimize_handicap",
        (PAIRING, "paiSeMinimizeHandicap"),
        "Secondary: weight for a small handicap (paiSeMinimizeHandicap).",
    ),
    _weight(
        "Avoid same geography",
        "pai_avoid_same_geo",
        (PAIRING, "paiSeAvoidSameGeo"),
        "Secondary: weight for two players of different clubs and countries (paiSeAvoidSameGeo).",
    ),
    Field(
        "Prefer MMS difference to same country",
        "pai_prefer_mms_diff_country",
        parse_int(0, 99),
        same,
        "Secondary: how many McMahon points of difference are better than a game between "
        "two players of one country (paiSePreferMMSDiffRatherThanSameCountry).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=(PAIRING, "paiSePreferMMSDiffRatherThanSameCountry"),
    ),
    Field(
        "Prefer MMS difference to same club",
        "pai_prefer_mms_diff_club",
        parse_int(0, 99),
        same,
        "Secondary: how many McMahon points of difference are better than a game between "
        "two players of one club (paiSePreferMMSDiffRatherThanSameClub).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=(PAIRING, "paiSePreferMMSDiffRatherThanSameClub"),
    ),
    _rank_field(
        "Secondary criteria rank threshold",
        "pai_rank_threshold",
        (PAIRING, "paiSeRankThreshold"),
        "Secondary criteria do not apply to a player whose McMahon score is at least this "
        "rank's (paiSeRankThreshold).",
    ),
    _yes_no_field(
        "Secondary criteria wins threshold",
        "pai_nbw_threshold_active",
        (PAIRING, "paiSeNbWinsThresholdActive"),
        "yes: secondary criteria do not apply to a player with at least half the rounds "
        "won (paiSeNbWinsThresholdActive).",
    ),
    _yes_no_field(
        "Secondary criteria bar threshold",
        "pai_bar_threshold_active",
        (PAIRING, "paiSeBarThresholdActive"),
        "yes: secondary criteria do not apply to a player who started at the McMahon bar "
        "(paiSeBarThresholdActive).",
    ),
    _weight(
        "Default secondary criteria weight",
        "pai_def_sec_crit",
        (PAIRING, "paiSeDefSecCrit"),
        "The weight OpenGotha's dialog proposes for the secondary criteria (paiSeDefSecCrit).",
    ),
    Field(
        "Concavity factor",
        "pai_nx1_factor",
        parse_fraction_01,
        same,
        "k in the weight f(x) = W·(1 − x)·(1 + k·x) of a distance x: with k > 0, two "
        "differences of 1 are preferred to one of 2 (paiStandardNX1Factor).",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=(PAIRING, "paiStandardNX1Factor"),
    ),
    Field(
        "Pair in blocks above 600 players",
        "og_blocks",
        parse_yes_no,
        yes_no,
        "yes: like OpenGotha, a round of more than 600 players is paired in blocks of 200 to "
        "300 from the top score down (needed to get OpenGotha's pairings of such a field); "
        "no: the whole field in one matching (the better pairing). gosheet's own setting.",
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
    ),
)

#: The defaults of the OpenGotha settings for a McMahon tournament (OpenGotha's
#: ``initForMM``), and what a Swiss one changes (``initForSwiss``).
OG_MCMAHON_DEFAULTS: dict[str, Any] = {
    "mm_bar": 3,
    "mm_floor": -20,
    "mm_zero": -30,
    "mms_bye": Fraction(1),
    "mms_absent": Fraction(1, 2),
    "nbw_bye": Fraction(1),
    "nbw_absent": Fraction(0),
    "round_down": True,
    "unplayed_half": False,
    "categories": (),
    "club_groups": (),
    "hd_based_on_mms": True,
    "hd_no_hd_rank_threshold": 0,
    "hd_correction": 1,
    "hd_ceiling": 9,
    "placement": ("MMS", "SOSM", "SOSOSM"),
    "pai_avoid_duplicates": 500_000_000_000_000,
    "pai_random": 0,
    "pai_deterministic": True,
    "pai_balance_wb": 1_000_000,
    "pai_avoid_mixing_categories": 0,
    "pai_minimize_score_difference": 100_000_000_000,
    "pai_dudd_weight": 100_000_000,
    "pai_compensate_dudd": True,
    "pai_dudd_upper_mode": "MID",
    "pai_dudd_lower_mode": "MID",
    "pai_maximize_seeding": 5_000_000,
    "pai_last_round_seed_system1": 2,
    "pai_seed_system1": "SPLITANDRANDOM",
    "pai_seed_system2": "SPLITANDFOLD",
    "pai_additional_crit1": "Rating",
    "pai_additional_crit2": "NULL",
    "pai_minimize_handicap": 0,
    "pai_avoid_same_geo": 100_000_000_000,
    "pai_prefer_mms_diff_country": 1,
    "pai_prefer_mms_diff_club": 3,
    "pai_rank_threshold": 0,
    "pai_nbw_threshold_active": False,
    "pai_bar_threshold_active": True,
    "pai_def_sec_crit": 100_000_000_000,
    "pai_nx1_factor": 0.5,
    "og_blocks": False,
}
OG_SWISS_CHANGES: dict[str, Any] = {
    "mm_bar": 8,
    "mm_floor": -30,
    "hd_based_on_mms": False,
    "hd_no_hd_rank_threshold": -30,
    "hd_correction": 0,
    "hd_ceiling": 0,
    "placement": ("NBW", "SOSW", "SOSOSW"),
    "pai_seed_system1": "SPLITANDSLIP",
    "pai_seed_system2": "SPLITANDSLIP",
    "pai_additional_crit2": "Rating",
    "pai_avoid_same_geo": 0,
    "pai_prefer_mms_diff_country": 0,
    "pai_prefer_mms_diff_club": 0,
    "pai_rank_threshold": -30,
    "pai_nbw_threshold_active": True,
    "pai_def_sec_crit": 20_000_000_000_000,
}
assert set(OG_MCMAHON_DEFAULTS) == {f.attr for f in OG_FIELDS}
assert set(OG_SWISS_CHANGES) <= set(OG_MCMAHON_DEFAULTS)
