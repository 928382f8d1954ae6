"""The demo's round 1, as a new user sees it (issue 33): no game two McMahon groups apart.

The demo's groups are 4d–1k (7 players), 2k–8k (8) and 9k–20k (8). Before issue 33 the odd
player of the top group, Petrov 1k, met Jansen 9k of the bottom group while the middle group
played among itself. Now the float cascades: Petrov meets the top of the middle group, and
the middle group's own player left over, its lowest, meets the top of the bottom group.
"""

from __future__ import annotations

from pathlib import Path

from support.books import sheet_table


def test_the_demo_round_one_pairs_no_one_two_groups_apart(demo_book: Path) -> None:
    _, players = sheet_table(demo_book, "Players")
    group = {f"{p['Name']} {p['First name']}": p["Group"] for p in players}
    assert sorted(group.values()) == [1] * 7 + [2] * 8 + [3] * 8
    _, games = sheet_table(demo_book, "Round 1")
    tables = [g for g in games if isinstance(g["Table"], int)]
    assert len(tables) == 11
    for game in tables:
        assert abs(group[game["White"]] - group[game["Black"]]) <= 1, game
    floats = {
        frozenset((g["White"], g["Black"]))
        for g in tables
        if group[g["White"]] != group[g["Black"]]
    }
    assert floats == {
        frozenset(("Petrov Alexei", "García Lucía")),
        frozenset(("Popescu Andrei", "Jansen Sanne")),
    }
