"""Pair go and rengo: several players who play one game as one unit (a pair, a rengo team).

The Players sheet names each player's unit (its ``Pair`` or ``Team`` column); the reader hands
the players and their units to :func:`form_units`, which makes of each unit one
:class:`~gosheet.core.model.Player` of the tournament, so that every pairing system, the
standings, the print pack and the pages work on units unchanged: one game, one result.

A unit, as a player of the tournament:

- its name (``surname``) is the unit's; its members stand where a player's first name does,
  in brackets (``Pair 3 (Sato Aki, Kim Min)``), so that the round sheets, the Standings, the
  pack and the pages show who plays in it;
- its rank and its rating are its members' mean, as Pairgoth's (``TeamTournament.Team``):
  the mean rounded to the nearest whole rank (rating point), a half upwards — towards the
  stronger (Kotlin's ``roundToInt``); a member without a rank counts with the rank of his
  rating, one without a rating with the rating of his rank; a unit none of whose members
  has a rank (a rating) has none;
- its club and country are its members' when they share one; else their clubs (countries),
  each once, joined by ``/``;
- it plays a round unless one of its members is marked not playing in it;
- its McMahon group, tier, MMS correction and fixed table are the first member's that has
  one (the first in the Players sheet's order).

>>> from gosheet.core.model import Player, Round, Tournament
>>> players = (Player(1, "Sato", "Aki", rank=-3), Player(2, "Kim", "Min", rank=0))
>>> formed = form_units(players, {1: "Pair 3", 2: "Pair 3"}, size=2)
>>> unit = formed.players[0]
>>> unit.name, unit.rank_text, formed.members[1], formed.problems
('Pair 3 (Sato Aki, Kim Min)', '1k', (1, 2), ())
>>> mean_half_up([-3, 0]), mean_half_up([-3, -1]), mean_half_up([2100, 1850, 1900])
(-1, -2, 1950)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from gosheet.core.model import Player, Round, Tournament
from gosheet.records import record

MALE = "m"
FEMALE = "f"


def mean_half_up(values: Iterable[int]) -> int:
    """The mean of whole numbers, rounded to the nearest, a half upwards (Pairgoth's
    ``roundToInt``): ``-1.5`` → ``-1``, ``1.5`` → ``2``. Exact (no float)."""
    found = list(values)
    mean = Fraction(sum(found), len(found))
    return math.floor(mean + Fraction(1, 2))


@record
class UnitProblem:
    """What is wrong with a unit, told at one of its players (``player``: his number among
    the players read). ``kind``: ``"alone"`` (a unit of fewer players than its size),
    ``"too many"`` (more), ``"not mixed"`` (a pair that is not a man and a woman),
    ``"no sex"`` (a player of a mixed pair without his sex), ``"no unit"`` (a player in
    no unit). ``unit``: the unit's name; ``count``: its players."""

    player: int
    kind: str
    unit: str
    count: int = 0


@record
class Formed:
    """The units as the tournament's players, numbered from 1 in the order their first
    member comes; ``members``: each unit's number → its members' numbers (in order);
    ``partly_out``: (unit number, round, the members not playing it) for each round a unit
    does not play because some, not all, of its members do not; ``problems``: what is
    wrong (no unit then)."""

    players: tuple[Player, ...]
    members: Mapping[int, tuple[int, ...]]
    partly_out: tuple[tuple[int, int, tuple[int, ...]], ...]
    problems: tuple[UnitProblem, ...]


def _shared(values: Sequence[str]) -> str:
    kept = list(dict.fromkeys(v for v in values if v))
    return "/".join(kept)


def _first(values: Iterable[int | None]) -> int | None:
    return next((v for v in values if v is not None), None)


def unit_player(number: int, name: str, members: Sequence[Player]) -> Player:
    """The unit ``name`` of ``members``, as player ``number`` of the tournament."""
    ranked = any(m.rank is not None for m in members)
    rated = any(m.rating is not None for m in members)
    not_playing = frozenset().union(*(m.not_playing for m in members))
    return Player(
        number,
        name,
        "(" + ", ".join(m.name for m in members) + ")",
        rank=mean_half_up(m.known_rank for m in members) if ranked else None,
        rating=mean_half_up(m.known_rating for m in members) if rated else None,
        club=_shared([m.club for m in members]),
        country=_shared([m.country for m in members]),
        group=_first(m.group for m in members),
        not_playing=not_playing,
        tier=_first(m.tier for m in members),
        mms_correction=next((m.mms_correction for m in members if m.mms_correction), 0),
        fixed_table=_first(m.fixed_table for m in members),
    )


def form_units(
    players: Sequence[Player],
    unit_of: Mapping[int, str],
    size: int,
    sex_of: Mapping[int, str] | None = None,
) -> Formed:
    """The units of ``players`` (``unit_of``: a player's number → his unit's name, as typed;
    units are told apart by their names, case and spacing aside), each of ``size`` players.
    ``sex_of``: given for mixed pairs (a player's number → :data:`MALE` or :data:`FEMALE`;
    missing: not given), each pair a man and a woman. Every problem at once."""
    problems: list[UnitProblem] = []
    by_key: dict[str, list[Player]] = {}
    names: dict[str, str] = {}
    for p in players:
        typed = " ".join(unit_of.get(p.number, "").split())
        if not typed:
            problems.append(UnitProblem(p.number, "no unit", ""))
            continue
        key = typed.casefold()
        names.setdefault(key, typed)
        by_key.setdefault(key, []).append(p)
    for key, members in by_key.items():
        if len(members) < size:
            problems += [UnitProblem(m.number, "alone", names[key], len(members)) for m in members]
        elif len(members) > size:
            problems += [
                UnitProblem(m.number, "too many", names[key], len(members)) for m in members[size:]
            ]
        elif sex_of is not None:
            sexes = [sex_of.get(m.number, "") for m in members]
            unsaid = [m for m, sex in zip(members, sexes, strict=True) if not sex]
            problems += [UnitProblem(m.number, "no sex", names[key]) for m in unsaid]
            if all(sexes) and sorted(sexes) != [FEMALE, MALE]:
                problems += [UnitProblem(m.number, "not mixed", names[key]) for m in members]
    if problems:
        return Formed((), {}, (), tuple(problems))
    units: list[Player] = []
    members_of: dict[int, tuple[int, ...]] = {}
    partly_out: list[tuple[int, int, tuple[int, ...]]] = []
    for number, (key, members) in enumerate(by_key.items(), start=1):
        unit = unit_player(number, names[key], members)
        units.append(unit)
        members_of[number] = tuple(m.number for m in members)
        for round_number in sorted(unit.not_playing):
            out = tuple(m.number for m in members if not m.plays_in(round_number))
            if len(out) < len(members):
                partly_out.append((number, round_number, out))
    return Formed(tuple(units), members_of, tuple(partly_out), ())


def games_left_out(
    tournament: Tournament, members: Mapping[int, Sequence[Player]]
) -> tuple[Tournament, int]:
    """The tournament of the units' players with none of the units' games, and how many
    games were left out: what a rating body is sent (none rates pair go nor rengo). Each round
    stays, without games; the players keep their own ranks and ratings."""
    players = sorted((m for unit in members.values() for m in unit), key=lambda m: m.number)
    rounds = tuple(Round(r.number, rounds_in_force=r.rounds_in_force) for r in tournament.rounds)
    games = sum(len(r.games) for r in tournament.rounds)
    return Tournament(tournament.settings, tuple(players), rounds), games
