"""gosheet's team core against OpenGotha itself (tests/fixtures/opengotha-teams): every board
OpenGotha's "Teams pairing" makes for the files' team pairs (pair, colour, handicap, table),
with the right colour rule and, for contrast, the other; and all 21 team standings files
exactly (place, every criterion as printed, every half-match string)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from support.og_teams import NAMES, ROUNDS, key_of, load, og_games, og_standings, team_file

from gosheet import records
from gosheet.core.model import Game, Tournament
from gosheet.core.teams.boards import NEW_RULE, OLD_RULE, pair_match
from gosheet.core.teams.matches import matches_in
from gosheet.core.teams.standings import criterion_text, team_standings

#: The 16 ``ull`` boards whose colours were swapped by hand (fixtures' README): round, table.
ULL_HAND_EDITS = frozenset(
    {(4, t) for t in (1, 2, 3, 4, 9, 10, 11, 12)} | {(6, t) for t in range(1, 9)}
)

Line = tuple[str, str, int, int]  # white key, black key, handicap, table


@cache
def tournament(name: str) -> Tournament:
    return load(name)


def replayed(t: Tournament, r: int) -> list[Game]:
    """Round ``r`` made again from the rounds before it: the file's team pairs, in board-1
    table order, each paired by :func:`pair_match` on the first free tables."""
    before = records.replace(t, rounds=tuple(x for x in t.rounds if x.number < r))
    games: list[Game] = []
    for match in matches_in(t, r):
        games += pair_match(before, r, match.first, match.second, frozenset(g.table for g in games))
    return games


def lines(t: Tournament, games: list[Game]) -> set[Line]:
    return {(key_of(t, g.white), key_of(t, g.black), g.handicap, g.table) for g in games}


@pytest.mark.parametrize("name", NAMES)
def test_every_board_is_opengothas_answer(name: str) -> None:
    """Every board of every round equals OpenGotha's own pairing of the file's matches
    (``NAME.pair.R<r>.txt``: for ``ull`` rounds 4 and 6 OpenGotha's colours, not the file's)."""
    t = tournament(name)
    boards = 0
    for r in range(1, ROUNDS[name] + 1):
        og = {(o.white, o.black, o.handicap, o.table) for o in og_games(name, f".pair.R{r}.txt")}
        mine = lines(t, replayed(t, r))
        assert mine == og, (name, r, mine ^ og)
        boards += len(mine)
    assert boards == {"lgo2020": 105, "ull": 72}.get(name, 80)


@pytest.mark.parametrize("name", NAMES)
def test_every_board_against_the_file(name: str) -> None:
    """Against the recorded games: every pair, handicap and table; every colour but the 16
    ``ull`` boards edited by hand (lgo2020 105/105, ull 56/72, the synthetic files 80/80 with
    54 handicap boards in synth-mm8x4)."""
    t = tournament(name)
    counts = {"boards": 0, "pair": 0, "colour": 0, "handicap": 0, "table": 0, "stones": 0}
    swapped: set[tuple[int, int]] = set()
    for r in range(1, ROUNDS[name] + 1):
        recorded = {frozenset((g.white, g.black)): g for g in t.rounds[r - 1].games}
        for g in replayed(t, r):
            f = recorded[frozenset((g.white, g.black))]
            counts["boards"] += 1
            counts["pair"] += 1
            counts["colour"] += f.white == g.white
            counts["handicap"] += f.handicap == g.handicap
            counts["table"] += f.table == g.table
            counts["stones"] += g.handicap > 0
            if f.white != g.white:
                swapped.add((r, g.table))
    n = counts["boards"]
    assert counts["pair"] == counts["handicap"] == counts["table"] == n
    assert swapped == (ULL_HAND_EDITS if name == "ull" else set())
    assert counts["colour"] == n - len(swapped)
    assert counts["stones"] == (54 if name == "synth-mm8x4" else 0)


def check_file_flips(name: str) -> set[tuple[int, str, str]]:
    """The boards ``NAME.check.new-detrandom.txt`` finds coloured otherwise than the file:
    (round, OpenGotha's White key, its Black key)."""
    text = team_file(name, ".check.new-detrandom.txt").read_text(encoding="utf-8")
    found = re.findall(r"#\s+R(\d+) file .*? og t\d+ (\S+)\(W\)-(\S+) h\d+", text)
    return {(int(r), w, b) for r, w, b in found}


@pytest.mark.parametrize(("name", "same"), [("lgo2020", 90), ("ull", 44)])
def test_the_other_colour_rule_flips_what_opengotha_flips(name: str, same: int) -> None:
    """With the 3.51.01+ ``detRandom`` instead of the file's older one, the boards that
    change colour are exactly those OpenGotha's plain 3.51.02 jar changes."""
    old = tournament(name)
    assert old.settings.team_colour_rule == OLD_RULE
    t = records.replace(old, settings=old.settings.replace(team_colour_rule=NEW_RULE))
    flips: set[tuple[int, str, str]] = set()
    agree = 0
    for r in range(1, ROUNDS[name] + 1):
        recorded = {frozenset((g.white, g.black)): g for g in t.rounds[r - 1].games}
        for g in replayed(t, r):
            if recorded[frozenset((g.white, g.black))].white == g.white:
                agree += 1
            else:
                flips.add((r, key_of(t, g.white), key_of(t, g.black)))
    assert agree == same
    assert flips == check_file_flips(name)


def standings_params() -> list[tuple[str, int]]:
    return [(name, r) for name in NAMES for r in range(1, ROUNDS[name] + 1)]


@pytest.mark.parametrize(("name", "after"), standings_params())
def test_team_standings_are_opengothas(name: str, after: int) -> None:
    """Place (blank when tied on every criterion), number, name, every criterion as OpenGotha
    prints it, every half-match string: the whole table equals OpenGotha's."""
    t = tournament(name)
    criteria, og = og_standings(name, after)
    standings = team_standings(t, after)
    assert standings.criteria == criteria
    mine = [
        (
            "" if row.place is None else str(row.place),
            row.team.number,
            row.team.name,
            tuple(criterion_text(c, v) for c, v in zip(criteria, row.values, strict=True)),
            row.rounds,
        )
        for row in standings.rows
    ]
    assert mine == [(o.place, o.number, o.name, o.values, o.rounds) for o in og]


def test_21_standings_files() -> None:
    assert len(standings_params()) == 21
