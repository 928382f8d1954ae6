"""The ``gosheet`` command.

Exit codes: 0 done; 1 problems in the workbook or roster (each listed with
its sheet and cell; nothing changed); 2 bad command line; 3 the action does
not fit the tournament's state (e.g. results missing); 4 no valid pairing;
5 a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from gosheet.app import actions, bridge
from gosheet.core.errors import FileProblem, GosheetError, InputError, Problem
from gosheet.core.explain import Explanation
from gosheet.core.fields import RULES, SYSTEMS, parse_komi
from gosheet.core.pairing import Pairing
from gosheet.core.settings import (
    GAMES,
    MAX_ROUNDS,
    McMahonGroups,
    Settings,
    proposed_rounds,
)
from gosheet.core.study import study
from gosheet.formats.opengotha import convert, export
from gosheet.formats.opengotha.xml import read_opengotha, write_opengotha
from gosheet.formats.roster import read_roster
from gosheet.frontends.excel import template as excel_template
from gosheet.frontends.libreoffice import build as lo_build
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx import XlsxBook, backup_path

DEMO_ROSTER = "demo_roster.csv"


def _settings_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--system",
        choices=SYSTEMS,
        default=None,
        help="pairing system: mcmahon, fus or swiss (default: mcmahon for go, swiss otherwise)",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="go",
        help="go (default), oware or other: the words of the sheets; handicap and komi for go",
    )
    parser.add_argument(
        "--rules",
        choices=RULES,
        default="gosheet",
        help="McMahon and Swiss pairing rules: gosheet (default) or opengotha (OpenGotha's "
        "McMahon and Swiss, with every OpenGotha parameter in the Settings sheet)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="number of rounds (default: 5; swiss: round(1.3·log2 N) for N players)",
    )
    parser.add_argument("--komi", type=float, default=None, help="komi (default: 6.5)")
    parser.add_argument(
        "--groups",
        default=None,
        help="McMahon groups: a number, or ranks like '1d,5k' (default: 3)",
    )
    parser.add_argument("--name", default=None, help="the tournament's name")
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="random seed of the lot (default: a new one, kept in the workbook)",
    )
    parser.add_argument("--template", default=None, help="a workbook to start from")
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


def _settings(
    parser: argparse.ArgumentParser, args: argparse.Namespace, players: int | None = None
) -> Settings:
    """Settings from the options; a bad value is a usage error (exit 2).

    Swiss without --rounds: proposed for ``players`` players, or left for the
    first pairing when the roster is not known yet."""
    system = args.system or ("mcmahon" if args.game == "go" else "swiss")
    rounds = args.rounds
    if rounds is None and system != "swiss":
        rounds = 5
    elif rounds is None and players:
        rounds = proposed_rounds(players)
    changes = {"rounds": rounds, "komi": args.komi if args.komi is not None else 6.5}
    if args.name is not None:
        changes["name"] = args.name
    try:
        return Settings.preset(
            system,
            args.game,
            rules=getattr(args, "rules", "gosheet"),
            mcmahon_groups=McMahonGroups.parse(args.groups or "3"),
            random_seed=args.seed if args.seed is not None else secrets.randbelow(2**31),
            **changes,
        )
    except ValueError as error:
        parser.error(str(error))


def _rounds_note(settings: Settings, players: int, given: int | None) -> str:
    if given is not None or settings.system != "swiss":
        return ""
    if settings.rounds is None:
        return (
            " 'Rounds' is left empty: the first pairing proposes round(1.3 · log2 N) "
            "for the N players registered then."
        )
    return (
        f" {settings.rounds} rounds proposed for {players} players "
        "(round(1.3 · log2 N)); change 'Rounds' in the Settings sheet if you like."
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gosheet",
        description="Go and other board-game tournaments in a spreadsheet: McMahon, FUS and "
        "Swiss pairings, scores and standings.",
        epilog="Exit codes: 0 done, 1 problems in the input (nothing changed), 2 usage, "
        "3 action does not fit the tournament's state, 4 no valid pairing, "
        "5 file cannot be read or written.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    new = sub.add_parser("new", help="write an empty tournament workbook")
    new.add_argument("book", type=Path, metavar="BOOK.xlsx")
    _settings_options(new)

    imp = sub.add_parser(
        "import",
        help="turn a roster (.csv/.xlsx), or an OpenGotha tournament file (.xml), into a "
        "tournament workbook",
    )
    imp.add_argument("roster", type=Path, metavar="ROSTER")
    imp.add_argument("-o", "--output", type=Path, required=True, metavar="BOOK.xlsx")
    imp.add_argument(
        "--encoding",
        default=None,
        help="encoding of a CSV roster, when the guess is wrong (e.g. cp1250)",
    )
    imp.add_argument(
        "--until-round",
        type=int,
        default=None,
        metavar="K",
        help="OpenGotha file: keep the games and byes of rounds 1 to K only (0: the players "
        "and settings alone), so that the next 'gosheet pair' makes round K+1",
    )
    _settings_options(imp)

    exp = sub.add_parser(
        "export",
        help="write the tournament as an OpenGotha file (.xml) that OpenGotha 3.5x opens: "
        "players, settings, games, results and byes",
    )
    exp.add_argument("book", type=Path, metavar="BOOK.xlsx")
    exp.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.xml")
    exp.add_argument("--force", action="store_true", help="overwrite an existing OUT.xml")

    for name, text in (
        ("pair", "pair the next round and update the standings"),
        ("standings", "recompute the Standings sheet"),
        ("check", "list every problem of a workbook, changing nothing"),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("book", type=Path, metavar="BOOK.xlsx")
        if name == "pair":
            cmd.add_argument(
                "--again",
                action="store_true",
                help="pair the last round anew (e.g. after marking a no-show as not playing "
                "it) — only while none of its results is entered",
            )

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

    why = sub.add_parser(
        "explain",
        help="why a round was paired so: each game's value under every pairing criterion, "
        "written in an Explain sheet (the tournament is not changed)",
    )
    why.add_argument("book", type=Path, metavar="BOOK.xlsx")
    why.add_argument(
        "--round", type=int, default=None, metavar="N", help="the round (default: the last one)"
    )

    exc = sub.add_parser(
        "excel-template",
        help="the macro-enabled Excel workbook (.xlsm, buttons Pair next round / Update "
        "standings / Check the workbook / Explain the last round) from a tournament .xlsx, or "
        "the macro-free .xlsx from an .xlsm; without SOURCE, a new empty tournament .xlsm",
    )
    exc.add_argument(
        "source",
        type=Path,
        nargs="?",
        metavar="SOURCE",
        help="the tournament to convert: .xlsx → .xlsm, .xlsm → .xlsx (.xlsm → .xlsm renews "
        "the macros)",
    )
    exc.add_argument("out", type=Path, metavar="OUT", help="OUT.xlsm or OUT.xlsx")
    exc.add_argument("--force", action="store_true", help="overwrite an existing OUT")

    lo = sub.add_parser(
        "libreoffice", help="the LibreOffice extension: a gosheet menu and toolbar in Calc"
    )
    lo_sub = lo.add_subparsers(dest="lo_command", required=True, metavar="ACTION")
    inst = lo_sub.add_parser(
        "install",
        help="build gosheet.oxt and install it for this user (restart LibreOffice: Calc then "
        "has a gosheet menu and toolbar)",
    )
    inst.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="DIR",
        help="install into this LibreOffice profile (-env:UserInstallation) instead of the "
        "user's own",
    )
    bld = lo_sub.add_parser(
        "build", help="only write gosheet.oxt (install it with Tools ▸ Extensions…)"
    )
    bld.add_argument("out", type=Path, nargs="?", default=Path("."), metavar="DIR")

    sub.add_parser(
        "bridge",
        help="for office-suite macros: a JSON request on standard input, the JSON answer "
        "on standard output (see gosheet/app/bridge.py)",
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
    go = book.tournament.settings.game == "go"
    left, right = ("(W)", "(B)") if go else ("(1st)", "(2nd)")
    lines = [f"Round {pairing.round_number}: {len(pairing.games)} games"]
    if book.proposed_rounds is not None:
        lines.insert(
            0,
            f"Rounds: {book.proposed_rounds} proposed for the players registered "
            "(round(1.3 · log2 N)), written in the Settings sheet; change it if you like.",
        )
    for game in pairing.games:
        lines.append(
            f"  {game.table:>3}  {players[game.white].name} {left} – "
            f"{players[game.black].name} {right}"
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
        settings = _settings(parser, args)
        saved = new_book(settings, template=args.template).save(args.book)
        length = f"of {settings.rounds} rounds" if settings.rounds else "(rounds to come)"
        print(
            f"Wrote {saved}: an empty {settings.system} tournament {length}; add the players "
            "in the Players sheet." + _rounds_note(settings, 0, args.rounds),
            file=out,
        )
    elif args.command == "import" and convert.is_opengotha_file(args.roster):
        _refuse_overwrite(args.output, args.force)
        print(import_opengotha(parser, args), file=out)
    elif args.command == "import":
        _refuse_overwrite(args.output, args.force)
        if args.until_round is not None:
            parser.error("--until-round is for an OpenGotha tournament file (.xml)")
        system = args.system or ("mcmahon" if args.game == "go" else "swiss")
        roster = read_roster(args.roster, args.encoding, needs_strength=system != "swiss")
        settings = _settings(parser, args, len(roster.players))
        book = new_book(
            settings,
            roster.players,
            roster.extra_headers,
            roster.extra_values,
            template=args.template,
        )
        saved = book.save(args.output)
        note = _rounds_note(settings, len(roster.players), args.rounds)
        print(f"Wrote {saved}: {len(roster.players)} players.{note}", file=out)
    elif args.command == "export":
        _refuse_overwrite(args.output, args.force)
        print(export_opengotha(args.book, args.output), file=out)
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
        if args.command == "pair":
            done = actions.pair(book, again=args.again)
        elif args.command == "standings":
            done = actions.update_standings(book)
        else:
            done = actions.simulate(book)
        saved = book.save()
        if done.pairing is not None:
            print("\n".join(_describe(done.pairing, done)), file=out)
        if args.command == "simulate":
            last = done.tournament.rounds[-1].number
            print(f"Round {last}: {done.filled_results} empty result(s) filled.", file=out)
        if done.changed_results:
            print(f"{done.changed_results} result(s) rewritten in the standard form.", file=out)
        print(f"Saved {saved} (previous version: {backup_path(saved).name}).", file=out)
    elif args.command == "explain":
        book = XlsxBook.open(args.book)
        explanation = actions.explain(book, args.round)
        saved = book.save()
        print(_describe_explanation(explanation, book), file=out)
        print(f"Saved the Explain sheet in {saved}.", file=out)
    elif args.command == "excel-template":
        _refuse_overwrite(args.out, args.force)
        saved = excel_template.convert(args.source, args.out)
        what = (
            "macro-enabled, buttons on the Control sheet; allow macros when Excel asks."
            if saved.suffix.lower() == ".xlsm"
            else "without macros."
        )
        print(f"Wrote {saved}: {what}", file=out)
    elif args.command == "libreoffice":
        if args.lo_command == "install":
            oxt = lo_build.install_extension(args.profile)
            command = " ".join(lo_build.default_command())
            print(
                f"Installed {oxt} into LibreOffice. Restart LibreOffice: Calc has a gosheet "
                f"menu and toolbar, which run {command}.",
                file=out,
            )
        else:
            print(f"Wrote {lo_build.build_extension(args.out)}", file=out)
    elif args.command == "bridge":
        answer, code = bridge.run(sys.stdin.read())
        print(answer, file=out)
        return code
    elif args.command == "demo":
        if not 1 <= args.rounds <= MAX_ROUNDS:
            parser.error(f"--rounds: expected a whole number from 1 to {MAX_ROUNDS}")
        _refuse_overwrite(args.book, args.force)
        print(run_demo(args.book, args.rounds), file=out)
    return 0


def import_opengotha(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str:
    """``gosheet import FILE.xml``: the OpenGotha tournament as a workbook. Its settings come
    from the file; --rounds, --name, --komi and --seed may replace them."""
    for option, value in (
        ("--system", args.system),
        ("--groups", args.groups),
        ("--encoding", args.encoding),
        ("--game", None if args.game == "go" else args.game),
    ):
        if value is not None:
            parser.error(
                f"{option} does not apply to an OpenGotha file: the file's own settings do "
                "(its placement criteria choose McMahon or Swiss)"
            )
    if args.rounds is not None and not 1 <= args.rounds <= convert.MAX_ROUNDS:
        parser.error(f"--rounds: OpenGotha plays 1 to {convert.MAX_ROUNDS} rounds")
    if args.until_round is not None and args.until_round < 0:
        parser.error("--until-round: 0 or more (0: the players and settings alone)")
    if args.komi is not None:
        try:
            parse_komi(args.komi)
        except ValueError as error:
            parser.error(f"--komi: {error}")
    og = read_opengotha(args.roster)
    rounds = args.rounds if args.rounds is not None else og.number_of_rounds
    if args.until_round is not None and args.until_round > rounds:
        parser.error(f"--until-round: the tournament has {rounds} rounds")
    imported = convert.from_opengotha(
        og,
        until_round=args.until_round,
        rounds=args.rounds,
        name=args.name,
        komi=args.komi,
        random_seed=args.seed,
        source=args.roster.name,
    )
    saved = convert.opengotha_book(imported, template=args.template).save(args.output)
    t = imported.tournament
    games = sum(len(r.games) for r in t.rounds)
    byes = sum(len(r.byes) for r in t.rounds)
    kind = {"mcmahon": "McMahon", "swiss": "Swiss"}[t.settings.system]
    lines = [
        f"Wrote {saved}: {len(t.players)} players, OpenGotha's {kind} over "
        f"{t.settings.rounds} rounds; {len(t.rounds)} round(s) played ({games} games, "
        f"{byes} byes)."
    ]
    if imported.games_dropped:
        lines.append(
            f"{imported.games_dropped} game(s) and bye(s) after round {args.until_round} left out."
        )
    if t.settings.rounds is not None and len(t.rounds) < t.settings.rounds:
        lines.append(f"The next 'gosheet pair' makes round {len(t.rounds) + 1}.")
    return "\n".join(lines)


def export_opengotha(book_path: Path, target: Path) -> str:
    """``gosheet export BOOK.xlsx -o OUT.xml``."""
    book = XlsxBook.open(book_path)
    notes: list[str] = []
    og = export.to_opengotha(book.grids(), source=book_path.name, notes=notes)
    try:
        data = write_opengotha(og)
    except ValueError as error:
        raise InputError([Problem(book_path.name, "", None, str(error))]) from None
    saved = export.write_file(target, data)
    rounds = len({g.round_number for g in og.games} | {b.round_number for b in og.byes})
    lines = [
        f"Wrote {saved}: {len(og.players)} players, {len(og.games)} games and {len(og.byes)} "
        f"byes in {rounds} round(s); OpenGotha opens it (File ▸ Open)."
    ]
    if notes:
        lines.append(
            "OpenGotha's clubs are codes of at most 4 characters; written as: " + ", ".join(notes)
        )
    return "\n".join(lines)


def _describe_explanation(explanation: Explanation, book: XlsxBook) -> str:
    players = {p.number: p.name for p in book.read().tournament.players}
    names = [c.name for c in explanation.criteria]
    order = (
        "OpenGotha's criteria, a pair's cost is 1 + their sum"
        if explanation.summed
        else "criteria, most important first"
    )
    lines = [f"Round {explanation.round_number}: {order}: " + ", ".join(names)]
    for game in explanation.games:
        values = "not allowed" if game.values is None else " ".join(str(v) for v in game.values)
        if explanation.summed and game.weight is not None:
            values += f" = {game.weight}"
        lines.append(f"  {game.table:>3}  {players[game.white]} – {players[game.black]}: {values}")
    if explanation.same_pairs:
        lines.append("gosheet pairs this round the same way now.")
    elif explanation.tie:
        lines.append("gosheet would pair it differently now, as good: the optimum is a tie.")
    else:
        lines.append("gosheet would pair it differently now (results or players changed?).")
    return "\n".join(lines)


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
    except BrokenPipeError:  # the reader went away (gosheet pair … | head): the work is saved
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
