"""What OpenGotha's pairing knows of each player before a round (its ``fillPairingInfo``):
score group, place and size of the group, draw-ups and draw-downs, colour balance,
category, and the strengths the secondary criteria and the handicap read.

Round numbers here are 1-based (``round_number``); OpenGotha's 0-based index of the round
being paired is ``round_number - 1`` and the values "before the round" are read at index
``round_number - 2``.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any

from gosheet.core.model import Player
from gosheet.core.opengotha.arrays import IntArray, backend, namespace
from gosheet.core.opengotha.scores import ScoredPlayer
from gosheet.core.settings import Settings
from gosheet.records import record

#: OpenGotha's weakest rank (30k), the origin of its McMahon scores.
MIN_RANK = -30
#: The most and the least a starting McMahon score may be corrected by.
SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN = 2, -1

#: ``column(criterion, r)``: a placement criterion's value of every player (by number) after
#: round index ``r`` (:meth:`~gosheet.core.opengotha.placement.Placement.column`).
Column = Callable[[str, int], Mapping[int, int]]


def java_div(a: int, b: int) -> int:
    """Java's integer division: truncates toward zero.

    >>> java_div(-7, 2), -7 // 2
    (-3, -4)
    """
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def main_criterion(settings: Settings) -> str:
    """The score that makes the groups (OpenGotha's ``PlacementParameterSet.mainCriterion``):
    the first of NBW, MMS and CPS among the placement criteria, else NBW."""
    for name in settings.opengotha.ranked_by(settings.system):
        if name in ("MMS", "NBW", "CPS"):
            return name
    return "NBW"


def category(player: Player, settings: Settings) -> int:
    """0 for the strongest category; limits are the lowest rank of each category."""
    for c, limit in enumerate(settings.opengotha.categories):
        if player.known_rank >= limit:
            return c
    return len(settings.opengotha.categories)


def score_range(settings: Settings, round_number: int) -> tuple[int, int]:
    """(lowest, highest) main score a group can have before ``round_number``; every value
    in between makes a group, empty or not (OpenGotha since 3.49.01). A cup score may
    reach 2 ** (round_number - 1)."""
    r0 = round_number - 1
    main = main_criterion(settings)
    if main == "MMS":
        low = settings.opengotha.mm_floor + SMMS_CORRECTION_MIN - MIN_RANK
        return low, settings.opengotha.mm_bar + SMMS_CORRECTION_MAX + r0 - MIN_RANK
    if main == "CPS":
        return 0, 2**r0
    return 0, r0


@record
class PairingInfo:
    """Per-player arrays (in the order of :attr:`players`) for one round's pairing: numpy's,
    or :mod:`~gosheet.core.opengotha.arrays`' own where numpy cannot be imported; :attr:`xp`
    is their module, which the rules are written against."""

    round_number: int
    players: tuple[Player, ...]
    number_of_groups: int
    group: IntArray
    group_size: IntArray
    place: IntArray  # place inside the group, 0 = best
    du: IntArray  # times drawn up so far
    dd: IntArray  # times drawn down so far
    wb: IntArray  # White minus Black in even games so far
    category: IntArray
    mms2: IntArray  # doubled McMahon score before the round
    nbw2: IntArray  # doubled wins before the round
    smms: IntArray
    rank: IntArray
    names: tuple[str, ...]  # name + first name (the tables' order among equal scores)
    country: tuple[str, ...]  # lower-cased, as OpenGotha compares them
    club: tuple[str, ...]  # lower-cased
    club_group: tuple[str, ...]  # the name of the player's club group, "" for none
    # each position's opponents of the rounds before, ``met_width`` a position (−1 for none):
    # those of position i at i · met_width … (i + 1) · met_width − 1
    opponents: IntArray
    met_width: int
    name_order: IntArray  # place of each name in Java's order (UTF-16 code units)
    name_weight: IntArray  # Σ code unit × (k + 1) over the name (OpenGotha's random numbers)
    name_sum: IntArray  # Σ code unit
    name_length: IntArray  # number of UTF-16 code units
    listed: IntArray  # place in OpenGotha's list of the round: who is detRandom's p1

    @property
    def xp(self) -> Any:
        """The array module of these arrays: numpy, or :mod:`~gosheet.core.opengotha.arrays`."""
        return namespace(self.group)

    @cached_property
    def country_code(self) -> IntArray:
        """A number per country (equal countries, equal numbers): compared for many pairs."""
        return self._codes(self.country)

    @cached_property
    def club_code(self) -> IntArray:
        return self._codes(self.club)

    @cached_property
    def club_group_code(self) -> IntArray:
        """A number per club group; −1 for a player whose club is in none."""
        numbers: dict[str, int] = {"": -1}
        codes = [numbers.setdefault(g, len(numbers) - 1) for g in self.club_group]
        return self.xp.array(codes, dtype=self.xp.int64)  # type: ignore[no-any-return]

    def _codes(self, texts: Sequence[str]) -> IntArray:
        numbers: dict[str, int] = {}
        codes = [numbers.setdefault(t, len(numbers)) for t in texts]
        return self.xp.array(codes, dtype=self.xp.int64)  # type: ignore[no-any-return]


#: The placement criteria OpenGotha's pairing reads as 0 inside a group (see below).
NOT_IN_GROUPS = frozenset({"DC", "SDC"})


def pairing_info(
    settings: Settings,
    round_number: int,
    players: Sequence[Player],
    scored: dict[int, ScoredPlayer],
    column: Column,
    listed: Mapping[int, int] | None = None,
) -> PairingInfo:
    """The pairing info of ``players`` (those to pair, plus the bye player if any: they
    count in the groups as in OpenGotha 3.52). ``listed``: each player's place in
    OpenGotha's list of the round (default: the order of ``players``)."""
    r_before = round_number - 2
    main = main_criterion(settings)
    low, high = score_range(settings, round_number)
    span = high - low + 1
    n = len(players)
    extra = (
        settings.opengotha.pai_additional_crit1
        if round_number <= settings.opengotha.pai_last_round_seed_system1
        else settings.opengotha.pai_additional_crit2
    )
    ranked_by = settings.opengotha.ranked_by(settings.system)
    criteria = [*ranked_by, *([extra.upper()] if extra != "NULL" else [])]
    width = max(round_number - 1, 0)  # the rounds before

    def main_score(number: int, r: int) -> int:
        sp = scored[number]
        if main == "CPS":
            return java_div(sp.cps2[r], 2) if r >= 0 else 0
        value = sp.mms2_after(r) if main == "MMS" else sp.nbw2_after(r)
        return java_div(value, 2)

    main_scores: dict[int, list[int]] = {}

    def scores_before(number: int) -> list[int]:
        """The player's main score before each round so far (at ``r``: after round index
        ``r - 1``), worked out once: each game of the rounds before compares two of them."""
        found = main_scores.get(number)
        if found is None:
            found = main_scores[number] = [main_score(number, r - 1) for r in range(width)]
        return found

    cats = [category(p, settings) for p in players]
    # OpenGotha compares clubs and countries lower-cased (``Tournament.playersAreInCommonClub``,
    # ``playersAreInCommonCountry``, ``playersAreInCommonGroup``: Java's ``toLowerCase()``,
    # not trimmed), so "Zur" and "zur" are one club
    group_of = {
        club.lower(): name for name, clubs in settings.opengotha.club_groups for club in clubs
    }
    xp = backend(n)
    groups: dict[int, list[int]] = {}
    group = [0] * n
    for i, p in enumerate(players):
        score = min(high, max(low, main_score(p.number, r_before)))
        group[i] = cats[i] * span + (high - score)
        groups.setdefault(group[i], []).append(i)
    size = [0] * n
    place = [0] * n
    # DC and SDC do not place a player inside his group: OpenGotha's makeAutomaticPairing
    # starts with fillBaseScoringInfoIfNecessary, which rebuilds the scored players (DC and SDC
    # 0 until fillDirScoringInfo) when the tournament's last change is not older than their last
    # refresh, as after the Pair window's standings of the same millisecond; fillPairingInfo
    # then sorts the groups with DC and SDC at 0 (measured against the jar, docs/opengotha.md)
    columns = [column(c, r_before) for c in criteria if c not in NOT_IN_GROUPS]
    for members in groups.values():
        ranked = sorted(
            members,
            key=lambda i: (
                tuple(-values[players[i].number] for values in columns),
                players[i].surname,
                players[i].first_name,
            ),
        )
        for c, i in enumerate(ranked):
            size[i], place[i] = len(ranked), c
    position = {p.number: i for i, p in enumerate(players)}
    du = [0] * n
    dd = [0] * n
    wb = [0] * n
    opponents = [-1] * (n * width)
    for i, p in enumerate(players):
        sp = scored[p.number]
        for r in range(round_number - 1):
            game = sp.games[r]
            if game is None:
                continue
            opponent = game.opponent_of(p.number)
            mine, theirs = scores_before(p.number)[r], scores_before(opponent)[r]
            du[i] += mine < theirs
            dd[i] += mine > theirs
            if game.handicap == 0:
                wb[i] += 1 if game.white == p.number else -1
            if opponent in position:
                opponents[i * width + r] = position[opponent]

    def ints(values: Sequence[int]) -> IntArray:
        return xp.array(values, dtype=xp.int64)  # type: ignore[no-any-return]

    return PairingInfo(
        round_number=round_number,
        players=tuple(players),
        number_of_groups=span * (len(settings.opengotha.categories) + 1),
        group=ints(group),
        group_size=ints(size),
        place=ints(place),
        du=ints(du),
        dd=ints(dd),
        wb=ints(wb),
        category=ints(cats),
        mms2=ints([scored[p.number].mms2_after(r_before) for p in players]),
        nbw2=ints([scored[p.number].nbw2_after(r_before) for p in players]),
        smms=ints([scored[p.number].smms for p in players]),
        rank=ints([p.known_rank for p in players]),
        names=tuple(p.surname + p.first_name for p in players),
        country=tuple(p.country.lower() for p in players),
        club=tuple(p.club.lower() for p in players),
        club_group=tuple(group_of.get(p.club.lower(), "") for p in players),
        opponents=ints(opponents),
        met_width=width,
        **{
            key: ints(values)
            for key, values in _name_arrays([p.surname + p.first_name for p in players]).items()
        },
        listed=ints([k if listed is None else listed[p.number] for k, p in enumerate(players)]),
    )


def utf16_units(text: str) -> list[int]:
    """The UTF-16 code units of ``text``: the ``char`` values Java reads."""
    data = text.encode("utf-16-be")
    return list(struct.unpack(f">{len(data) // 2}H", data))


def _name_arrays(names: Sequence[str]) -> dict[str, list[int]]:
    # big-endian code units compare as their bytes do: Java's order of the names
    encoded = [name.encode("utf-16-be") for name in names]
    units = [struct.unpack(f">{len(data) // 2}H", data) for data in encoded]
    order = sorted(range(len(names)), key=encoded.__getitem__)
    place = [0] * len(names)
    for rank, k in enumerate(order):
        place[k] = rank
    return {
        "name_order": place,
        "name_weight": [sum(map(operator.mul, us, range(1, len(us) + 1))) for us in units],
        "name_sum": [sum(us) for us in units],
        "name_length": [len(us) for us in units],
    }
