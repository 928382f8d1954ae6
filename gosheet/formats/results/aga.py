"""The AGA results file (American Go Association), as OpenGotha's ``generateAGAResultsFile``
writes it: the event, the players — every player of the tournament, those who never played
too, as OpenGotha lists them — (AGA ID, ``Name, Firstname``, rank), then each round's
games (White's and Black's IDs, ``W`` or ``B`` for the winner — ``?`` for anything else, a
forfeit too —, handicap, komi: the tournament's without its half point in an even game (7
for 7.5; OpenGotha writes 7 whatever the komi), 0 with a handicap, and a handicap of one stone
written as 0 stones without komi). A player without an AGA ID gets a temporary one,
from 99999 down in the order of the standings, as OpenGotha gives it. A round's games come in
the order OpenGotha's table of games gives them (:func:`opengotha_order`)."""

from __future__ import annotations

import datetime as dt

from gosheet.core.ranks import format_rank
from gosheet.formats.results.table import ResultsTable


def aga_ids(table: ResultsTable) -> dict[int, int]:
    """Each player's AGA ID (by his number): his own, else a free one from 99999 down, in the
    order of the standings — every player of the tournament, as OpenGotha numbers them."""
    own: dict[int, int] = {}
    for player, ids in table.roster:
        text = ids.get("aga", "").strip()
        if text.isdigit() and int(text) > 0:
            own[player.number] = int(text)
    used = set(own.values())
    out = dict(own)
    free = 99999
    for player, _ in table.roster:
        if player.number in own:
            continue
        while free in used:
            free -= 1
        out[player.number] = free
        used.add(free)
    return out


#: OpenGotha's ``Gotha.MAX_NUMBER_OF_TABLES``: its table of games is keyed by
#: ``round × 1000 + table`` (both counted from 0).
OG_TABLES_A_ROUND = 1000


def opengotha_order(round_index: int, table: int, games: int) -> int:
    """Where OpenGotha lists the game of table ``table`` (from 1) of round ``round_index``
    (from 0) among that round's games: its games are a Java ``HashMap`` of Integer keys,
    which lists them by key modulo its capacity (the least power of two, 16 or more, that
    holds ``games`` games at a load of ¾)."""
    capacity = 16
    while games > capacity * 3 // 4:
        capacity *= 2
    return (round_index * OG_TABLES_A_ROUND + table - 1) % capacity


def aga_text(table: ResultsTable, *, today: dt.date) -> str:
    s = table.settings
    first, last = table.dates(today)
    ids = aga_ids(table)
    out = [
        f"Tourney\t{s.name}, {s.location}",
        f"location='{s.location}'",
        f"\tstart={first.isoformat()}",
        f"\tfinish={last.isoformat()}",
        "PLAYERS",
    ]
    for p, _ in sorted(table.roster, key=lambda entry: -ids[entry[0].number]):
        rank = format_rank(p.known_rank).upper()
        out.append(f"{ids[p.number]}\t{p.surname}, {p.first_name}\t{rank}")
    number = {line.line: line.player.number for line in table.lines}
    komi = int(s.komi)
    for r in range(table.rounds):
        out += ["", f"GAMES {r + 1}"]
        for line in sorted(
            table.lines, key=lambda ln: opengotha_order(r, ln.rounds[r].table, table.games)
        ):
            half = line.rounds[r]
            if half.opponent == 0 or half.colour != "w":
                continue
            winner = {"+": "W", "-": "B"}.get(half.result, "?")
            if half.forfeit or (
                half.result in "+-"
                and table.lines[half.opponent - 1].rounds[r].result == half.result
            ):
                winner = "?"  # not played, or both won / both lost
            stones = 0 if half.handicap == 1 else half.handicap
            given = komi if half.handicap == 0 else 0
            white, black = ids[line.player.number], ids[number[half.opponent]]
            out.append(f"{white}\t{black}\t{winner}\t{stones}\t{given}")
    return "\n".join(out) + "\n\n\nEND\n"
