"""Printing a 1,000-player round: the pack's pairing lists (by table, by name), result
slips and standings, against a baseline measured in the same run — the same round's work
in the workbook (its Round and Standings sheets made, as ``gosheet pair`` does).

    python benchmarks/bench_print.py [--players 1000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random

from timing import timed

from gosheet.core.groups import assign_groups
from gosheet.core.model import Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings
from gosheet.core.systems import system_of
from gosheet.formats.pack import pack_pdf
from gosheet.records import replace
from gosheet.workbook.sheets.standings import standings_sheet
from gosheet.workbook.sheets.writer import round_sheet


def field(players: int, rounds: int, seed: int = 1) -> Tournament:
    """``players`` players (Latin and Cyrillic names, 25k to 7d), ``rounds`` rounds paired
    by the seed McMahon with random results (the last round without results)."""
    lot = random.Random(seed)
    people = tuple(
        Player(
            n,
            f"{lot.choice(['Müller', 'Соколов', 'Rossi', 'Kim', 'Novak'])}{n}",
            lot.choice(["Jan", "Елена", "Ana"]),
            rank=lot.randint(-25, 6),
        )
        for n in range(1, players + 1)
    )
    t = Tournament(Settings(name="Benchmark open", rounds=rounds + 1), people)
    system = system_of(t.settings)
    t = t.with_players(assign_groups(t.settings.mcmahon_groups, t.players))
    for number in range(1, rounds + 1):
        pairing = system.pair(t)
        games = tuple(
            g
            if number == rounds
            else replace(g, result=lot.choice([Result.WHITE_WINS, Result.BLACK_WINS]))
            for g in pairing.games
        )
        t = t.with_round(Round(number, games, pairing.byes))
    return t


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--players", type=int, default=1000)
    options.add_argument("--rounds", type=int, default=3)
    args = options.parse_args()
    t = field(args.players, args.rounds)
    last = t.rounds[-1]
    before = replace(t, rounds=t.rounds[:-1])
    pairing = Pairing(last.number, last.games, last.byes)
    baseline = timed(lambda: (round_sheet(before, pairing), standings_sheet(t)))
    what = ("pairings", "names", "slips", "standings")
    size = len(pack_pdf(t, None, what))
    printing = timed(lambda: pack_pdf(t, None, what), repeat=2)
    print(f"{args.players} players, round {last.number}: {len(last.games)} games")
    print(f"baseline  (Round + Standings sheets):      {baseline:7.3f} s")
    print(
        f"print     (lists + slips + standings PDF): {printing:7.3f} s"
        f"  ({printing / baseline:.1f}× the baseline, {size / 1e6:.1f} MB)"
    )


if __name__ == "__main__":
    main()
