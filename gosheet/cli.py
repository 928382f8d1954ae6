"""The ``gosheet`` command.

Exit codes: 0 done; 1 problems in the workbook or roster (each listed with
its sheet and cell; nothing changed); 2 bad command line; 3 the action does
not fit the tournament's state (e.g. results missing); 4 no valid pairing;
5 a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from gosheet import actions
from gosheet.core.errors import FileProblem, GosheetError
from gosheet.core.pairing import Pairing
from gosheet.core.settings import MAX_ROUNDS, SYSTEMS, McMahonGroups, Settings
from gosheet.core.study import study
from gosheet.io.roster import read_roster
from gosheet.io.template import new_book
from gosheet.io.xlsx import XlsxBook, backup_path

DEMO_ROSTER = "demo_roster.csv"


def _settings_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--system", choices=SYSTEMS, default="mcmahon", help="pairing system (default: mcmahon)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="number of rounds (default: 5)")
    parser.add_argument("--komi", type=float, default=6.5, help="komi (default: 6.5)")
    parser.add_argument(
        "--groups", default="3", help="McMahon groups: a number, or ranks like '1d,5k' (default: 3)"
    )
    parser.add_argument("--name", default="Go tournament", help="the tournament's name")
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="random seed of the lot (default: a new one, kept in the workbook)",
    )
    parser.add_argument("--template", default=None, help="a workbook to start from")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


def _settings(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Settings:
    """Settings from the options; a bad value is a usage error (exit 2)."""
    try:
        return Settings(
            name=args.name,
            system=args.system,
            rounds=args.rounds,
            komi=args.komi,
            mcmahon_groups=McMahonGroups.parse(args.groups),
            random_seed=args.seed if args.seed is not None else secrets.randbelow(2**31),
        )
    except ValueError as error:
        parser.error(str(error))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gosheet",
        description="Go tournaments in a spreadsheet: pairings, McMahon scores, standings.",
        epilog="Exit codes: 0 done, 1 problems in the input (nothing changed), 2 usage, "
        "3 action does not fit the tournament's state, 4 no valid pairing, "
        "5 file cannot be read or written.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    new = sub.add_parser("new", help="write an empty tournament workbook")
    new.add_argument("book", type=Path, metavar="BOOK.xlsx")
    _settings_options(new)

    imp = sub.add_parser("import", help="turn a roster (.csv/.xlsx) into a tournament workbook")
    imp.add_argument("roster", type=Path, metavar="ROSTER")
    imp.add_argument("-o", "--output", type=Path, required=True, metavar="BOOK.xlsx")
    imp.add_argument(
        "--encoding",
        default=None,
        help="encoding of a CSV roster, when the guess is wrong (e.g. cp1250)",
    )
    _settings_options(imp)

    for name, text in (
        ("pair", "pair the next round and update the standings"),
        ("standings", "recompute the Standings sheet"),
        ("check", "list every problem of a workbook, changing nothing"),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("book", type=Path, metavar="BOOK.xlsx")

    sim = sub.add_parser(
        "simulate",
        help="fill the current round's empty results from the players' strength; "
        "without a workbook, compare FUS and McMahon over many simulated tournaments",
    )
    sim.add_argument("book", type=Path, nargs="?", metavar="BOOK.xlsx")
    sim.add_argument("--tournaments", type=int, default=200, help="study: how many (200)")
    sim.add_argument("--players", type=int, default=40, help="study: players each (40)")
    sim.add_argument("--rounds", type=int, default=5, help="study: rounds each (5)")
    sim.add_argument("--seed", type=int, default=1, help="study: random seed (1)")
    sim.add_argument(
        "--rating-noise",
        type=float,
        default=150.0,
        help="study: spread of true strength around the rating, in rating points (150)",
    )

    demo = sub.add_parser("demo", help="play a whole example tournament into a workbook")
    demo.add_argument("book", type=Path, metavar="OUT.xlsx")
    demo.add_argument("--rounds", type=int, default=5, help="number of rounds (default: 5)")
    demo.add_argument("--force", action="store_true", help="overwrite an existing file")
    return parser


def _refuse_overwrite(path: Path, force: bool) -> None:
    if path.exists() and not force:
        raise FileProblem(f"{path} exists already; use --force to replace it")


def _describe(pairing: Pairing, book: actions.Done) -> list[str]:
    players = {p.number: p for p in book.tournament.players}
    lines = [f"Round {pairing.round_number}: {len(pairing.games)} games"]
    for game in pairing.games:
        lines.append(
            f"  {game.table:>3}  {players[game.white].name} (W) – {players[game.black].name} (B)"
        )
    for bye in pairing.byes:
        lines.append(f"  bye  {players[bye].name}")
    return lines


def run(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    out = sys.stdout
    if args.command == "new":
        _refuse_overwrite(args.book, args.force)
        saved = new_book(_settings(parser, args), template=args.template).save(args.book)
        print(
            f"Wrote {saved}: an empty {args.system} tournament of {args.rounds} rounds; "
            "add the players in the Players sheet.",
            file=out,
        )
    elif args.command == "import":
        _refuse_overwrite(args.output, args.force)
        roster = read_roster(args.roster, args.encoding)
        book = new_book(
            _settings(parser, args),
            roster.players,
            roster.extra_headers,
            roster.extra_values,
            template=args.template,
        )
        saved = book.save(args.output)
        print(f"Wrote {saved}: {len(roster.players)} players.", file=out)
    elif args.command == "check":
        done = actions.check(XlsxBook.open(args.book))
        t = done.tournament
        print(
            f"{args.book}: no problems. {len(t.players)} players, "
            f"{len(t.rounds)} of {t.settings.rounds} rounds paired.",
            file=out,
        )
    elif args.command == "simulate" and args.book is None:
        if args.tournaments < 1 or args.players < 2 or not 1 <= args.rounds <= MAX_ROUNDS:
            parser.error("a study needs --tournaments ≥ 1, --players ≥ 2, 1 ≤ --rounds ≤ 99")
        print(run_study(args), file=out)
    elif args.command in ("pair", "standings", "simulate"):
        book = XlsxBook.open(args.book)
        action = {
            "pair": actions.pair,
            "standings": actions.update_standings,
            "simulate": actions.simulate,
        }[args.command]
        done = action(book)
        saved = book.save()
        if done.pairing is not None:
            print("\n".join(_describe(done.pairing, done)), file=out)
        if args.command == "simulate":
            last = done.tournament.rounds[-1].number
            print(f"Round {last}: {done.filled_results} empty result(s) filled.", file=out)
        if done.changed_results:
            print(f"{done.changed_results} result(s) rewritten in the standard form.", file=out)
        print(f"Saved {saved} (previous version: {backup_path(saved).name}).", file=out)
    elif args.command == "demo":
        if not 1 <= args.rounds <= MAX_ROUNDS:
            parser.error(f"--rounds: expected a whole number from 1 to {MAX_ROUNDS}")
        _refuse_overwrite(args.book, args.force)
        print(run_demo(args.book, args.rounds), file=out)
    return 0


def run_study(args: argparse.Namespace) -> str:
    """Both systems over the same simulated fields; a table of the measures."""
    lines = [
        f"{args.tournaments} tournaments of {args.players} players, {args.rounds} rounds; "
        f"true strength = rating + N(0, {args.rating_noise:g}); seed {args.seed}",
        f"{'system':<8} {'games':>7} {'even':>7} {'≤ ½ stone':>10} {'stones':>7} {'order ρ':>8}",
    ]
    for system in ("fus", "mcmahon"):
        result = study(
            system, args.tournaments, args.players, args.rounds, args.seed, args.rating_noise
        )
        lines.append(
            f"{system:<8} {result.games:>7} {result.even_share:>7.1%} "
            f"{result.half_stone_share:>10.1%} {result.mean_handicap:>7.2f} "
            f"{result.order_correlation:>8.3f}"
        )
    lines.append(
        "even: games without handicap; ≤ ½ stone: even, or one stone with komi ½; stones: mean "
        "handicap; order ρ: Spearman correlation of the final order with true strength."
    )
    return "\n".join(lines)


def run_demo(path: Path, rounds: int) -> str:
    """Import the bundled roster, then pair and simulate every round."""
    roster_file = resources.files("gosheet") / "data" / DEMO_ROSTER
    with resources.as_file(roster_file) as roster_path:
        roster = read_roster(roster_path)
    settings = Settings(
        name="gosheet demo", rounds=rounds, mcmahon_groups=McMahonGroups(3), random_seed=2026
    )
    book = new_book(settings, roster.players, roster.extra_headers, roster.extra_values)
    for _ in range(rounds):
        actions.pair(book)
        actions.simulate(book)
    saved = book.save(path)
    return (
        f"Wrote {saved}: {len(roster.players)} players, {rounds} rounds paired and "
        "played (simulated results), standings in the Standings sheet."
    )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return run(argv)
    except GosheetError as error:
        print(f"gosheet: {error}", file=sys.stderr)
        return error.exit_code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
