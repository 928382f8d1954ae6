"""The results files (EGF ``.h9``, FFG ``.tou``, AGA) as OpenGotha writes them, line for line:
the five public tournaments with OpenGotha 3.51.02's own exports (tests/fixtures/
opengotha-exports/), and generated tournaments for each of OpenGotha's rules — a round without a
game (``ScoredPlayer.halfGamesStrings``), the players listed (``isPlayerImplied``), the class
and adjusted time (``Tournament.egfClass``, ``egfAdjustedTime``), the short game format, the
AGA file's order of games — and the words of a mid-tournament export."""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import EXPORTS, PAIRGOTH, fixture

from gosheet.app.exchange import export_results
from gosheet.core.event import TimeControl
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.formats.results import results_file
from gosheet.formats.results.aga import aga_text, opengotha_order
from gosheet.formats.results.egf import egf_class, h9_text
from gosheet.formats.results.table import HalfGame, results_table
from gosheet.frontends.cli import main
from gosheet.records import replace
from gosheet.workbook.xlsx.book import XlsxBook

OG = "OpenGotha 3.51.02"
CASES = "mm120-4r-export-cases"
TOURNAMENTS = (*PAIRGOTH, CASES)
FILES = (("egf", ".h9", False), ("egf", ".nobydef.h9", True), ("ffg", ".tou", False))


def source(name: str) -> Path:
    return EXPORTS / f"{name}.xml" if name == CASES else fixture(name)


def imported(folder: Path, name: str, *options: str) -> Path:
    book = folder / f"{name}{'-'.join(options)}.xlsx"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["import", str(source(name)), "-o", str(book), *options]) == 0
    return book


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("books")
    return {name: imported(folder, name) for name in TOURNAMENTS}


@pytest.mark.parametrize("name", TOURNAMENTS)
def test_every_file_is_opengothas_line_for_line(books: dict[str, Path], name: str) -> None:
    """Byte for byte: the five tournaments hold none of gosheet's documented improvements
    (EGD PINs, halves, names outside ISO-8859-15, long club names)."""
    grids = XlsxBook.open(books[name]).grids()
    for kind, suffix, drop in (*FILES, ("aga", ".aga.txt", False)):
        ours = results_file(grids, kind, program=OG, drop_forfeits=drop).data
        theirs = (EXPORTS / f"{name}{suffix}").read_bytes()
        assert ours.decode("latin-1").splitlines() == theirs.decode("latin-1").splitlines()
        assert ours == theirs, suffix


def test_the_export_cases_hold_what_they_test(books: dict[str, Path]) -> None:
    """The file of the cases is the one of its README: an internet tournament in the short
    game format, a round absent worth 1 (``0+``), a bye worth 0, two players unpaired in
    round 3 and a player whose only round is a bye (``0-`` every round)."""
    text = (EXPORTS / f"{CASES}.h9").read_text(encoding="iso-8859-15")
    assert "; CL[D]" in text and "; TM[67]" in text and "/w" not in text
    cells = {row[5:36].strip(): row.split()[-4:] for row in text.splitlines()[11:]}
    assert cells["Cunbigopo To"] == ["0-"] * 4
    t = XlsxBook.open(books[CASES]).read().tournament
    s = t.settings.opengotha
    assert (s.mms_absent, s.mms_bye) == (1, 0)
    alone = next(p for p in t.players if p.surname == "Cunbigopo")
    assert [r.outcome_for(alone.number).value for r in t.rounds][-1] == "bye"
    assert all(r.game_of(alone.number) is None for r in t.rounds)
    third = t.rounds[2]
    unpaired = [
        p.name
        for p in t.players
        if p.plays_in(3) and third.game_of(p.number) is None and p.number not in third.byes
    ]
    assert len(unpaired) >= 2 and all(cells[name][2] == "0-" for name in unpaired)
    absent = [p.name for p in t.players if p.not_playing]
    assert absent and any("0+" in cells[name] for name in absent)


def test_a_mid_tournament_export_says_so(tmp_path: Path) -> None:
    book = imported(tmp_path, CASES, "--until-round", "3")
    made = export_results(book, None, "egf")
    assert "3 of 4 rounds played" in made.message()
    assert "'Country' is empty" in made.message()  # PC[,Nowhere]
    assert b"; PC[,Nowhere]" in made.data
    full = export_results(imported(tmp_path, CASES), None, "ffg")
    assert "rounds played" not in full.message() and "'Country'" not in full.message()


# Generated tournaments --------------------------------------------------------------------

POINTS = st.sampled_from((Fraction(0), Fraction(1, 2), Fraction(1)))


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """A go tournament of 3 to 10 players over 1 to 4 rounds, under OpenGotha's or gosheet's
    McMahon or Swiss, each round with absent players, players left unpaired, maybe a bye,
    and games with any result."""
    system = draw(st.sampled_from(("mcmahon", "swiss")))
    rules = draw(st.sampled_from(("opengotha", "gosheet")))
    base = Settings.preset(system, rules=rules)
    og = replace(
        base.opengotha,
        mms_bye=draw(POINTS),
        mms_absent=draw(POINTS),
        nbw_bye=draw(POINTS),
        nbw_absent=draw(POINTS),
    )
    count = draw(st.integers(3, 10))
    rounds = draw(st.integers(1, 4))
    away = [
        frozenset(r for r in range(1, rounds + 1) if draw(st.integers(0, 4)) == 0)
        for _ in range(count)
    ]
    players = tuple(
        Player(n, f"Player{n:02d}", "A", rank=-10, not_playing=away[n - 1])
        for n in range(1, count + 1)
    )
    played = []
    for r in range(1, rounds + 1):
        present = [p.number for p in players if p.plays_in(r)]
        order = draw(st.permutations(present))
        unpaired = draw(st.integers(0, min(2, len(order))))
        rest = list(order[unpaired:])
        byes = (rest.pop(),) if len(rest) % 2 else ()
        results = st.sampled_from((*Result, None))
        games = tuple(
            Game(k + 1, rest[2 * k], rest[2 * k + 1], result=draw(results))
            for k in range(len(rest) // 2)
        )
        played.append(Round(r, games, byes))
    return Tournament(replace(base, rounds=rounds, opengotha=og), players, tuple(played))


def sign(points: Fraction) -> str:
    return {Fraction(0): "-", Fraction(1, 2): "=", Fraction(1): "+"}[points]


def expected_sign(t: Tournament, player: Player, rnd: Round) -> str:
    """OpenGotha's ``halfGamesStrings`` under its rules; under gosheet's, the points its
    standings give (docs/systems.md: a round without a game scores as absent)."""
    s, og = t.settings, t.settings.opengotha
    mcmahon = s.system.value == "mcmahon"
    bye = player.number in rnd.byes
    if s.rules.value == "gosheet":
        return sign(s.bye_points if bye else s.absent_points)
    if bye:
        return sign(og.mms_bye if mcmahon else og.nbw_bye)
    if not player.plays_in(rnd.number):
        return sign(og.mms_absent if mcmahon else og.nbw_absent)
    return "-"  # registered, not paired: OpenGotha's "not assigned"


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_a_round_without_a_game_and_who_is_listed(t: Tournament) -> None:
    table = results_table(t)
    implied = {n for r in t.rounds for g in r.games for n in (g.white, g.black)}
    implied |= {n for r in t.rounds for n in r.byes}
    assert {line.player.number for line in table.lines} == implied  # a bye alone lists one
    for line in table.lines:
        assert len(line.rounds) == len(t.rounds)
        for rnd, half in zip(t.rounds, line.rounds, strict=True):
            if rnd.game_of(line.player.number) is None:
                assert half.opponent == 0
                assert half.result == expected_sign(t, line.player, rnd)
    text = h9_text(table, today=dt.date(2026, 1, 1), program="gosheet")
    rows = [row for row in text.splitlines() if not row.startswith(";")]
    for line, row in zip(table.lines, rows, strict=True):
        cells = row.split()[-len(t.rounds) :]
        assert [c for c in cells if c.startswith("0") and len(c) == 2] == [
            f"0{h.result}" for h in line.rounds if h.opponent == 0
        ]


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_an_unpaired_round_is_worth_nothing_under_opengothas_rules(t: Tournament) -> None:
    """The file's main score (MMS or NBW) is OpenGotha's: games, then byes and absences by
    their values (rounded down), and nothing for a round the player was left unpaired in."""
    if t.settings.rules.value != "opengotha":
        return
    og, mcmahon = t.settings.opengotha, t.settings.system.value == "mcmahon"
    table = results_table(t)
    offsets = set()
    for line in table.lines:
        number, games, extra = line.player.number, Fraction(0), Fraction(0)
        for rnd in t.rounds:
            game = rnd.game_of(number)
            if game is not None:
                games += gained(game, number)
            elif number in rnd.byes:
                extra += og.mms_bye if mcmahon else og.nbw_bye
            elif not line.player.plays_in(rnd.number):
                extra += og.mms_absent if mcmahon else og.nbw_absent
        if og.round_down:
            extra = Fraction(int(extra))
        offsets.add(line.values[0] - games - extra)  # the start score: the same rank for all
    assert len(offsets) <= 1 and (mcmahon or offsets <= {0})


def gained(game: Game, player: int) -> Fraction:
    white = {
        Result.WHITE_WINS: (1, 0),
        Result.BLACK_WINS: (0, 1),
        Result.JIGO: (Fraction(1, 2), Fraction(1, 2)),
        Result.BOTH_WIN: (1, 1),
        Result.WHITE_WINS_BY_FORFEIT: (1, 0),
        Result.BLACK_WINS_BY_FORFEIT: (0, 1),
        Result.JIGO_BY_FORFEIT: (Fraction(1, 2), Fraction(1, 2)),
        Result.BOTH_WIN_BY_FORFEIT: (1, 1),
    }.get(game.result, (0, 0))  # type: ignore[arg-type]
    return Fraction(white[0] if game.white == player else white[1])


@pytest.mark.parametrize(
    ("clock", "internet", "cl", "tm"),
    [
        ("60 min + byo-yomi 30 s", False, "A", 82),
        ("45 min + byo-yomi 30 s", True, "D", 67),
        ("45 min + byo-yomi 30 s", False, "B", 67),
        ("30 min + byo-yomi 60 s", True, "X", 75),
        ("30 min + byo-yomi 60 s", False, "C", 75),
        ("90 min sudden death", True, "D", 90),
        ("40 min + fischer 20 s", False, "B", 80),
        ("30 min + fischer 10 s", True, "D", 50),
        ("25 min + fischer 10 s", True, "X", 45),
        ("60 min + canadian 300 s / 15 stones", False, "A", 80),
        ("20 min + byo-yomi 30 s", False, "X", 42),
    ],
)
def test_class_and_adjusted_time(clock: str, internet: bool, cl: str, tm: int) -> None:
    """OpenGotha's ``egfClass`` (an internet tournament is D or X) and ``egfAdjustedTime``."""
    time = TimeControl.parse(clock)
    assert egf_class(time, internet) == cl and time.adjusted_seconds // 60 == tm
    t = Tournament(
        Settings(rounds=1, time=time),
        (Player(1, "A", "B"), Player(2, "C", "D")),
        (Round(1, (Game(1, 1, 2, result=Result.WHITE_WINS),)),),
    )
    text = h9_text(results_table(t, internet=internet), today=dt.date(2026, 1, 1), program="g")
    assert f"; CL[{cl}]" in text and f"; TM[{tm}]" in text


def test_the_short_game_format() -> None:
    """``gameFormat="short"``: ``12+`` without colour nor handicap; a forfeit keeps its
    ``!`` (OpenGotha drops it, and the EGD would rate the game), dropped on request."""
    game, forfeit = HalfGame(12, "+", False, "w", 2), HalfGame(3, "-", True, "b", 0)
    assert (game.text(), game.text(full=False)) == ("12+/w2", "12+")
    assert (forfeit.text(), forfeit.text(full=False)) == ("3-!b0", "3-!")
    assert forfeit.text(full=False, drop_forfeit=True) == "0="
    assert HalfGame(0, "-").text(full=False) == "0-   "
    t = Tournament(
        Settings(rounds=1),
        (Player(1, "A", "B"), Player(2, "C", "D"), Player(3, "E", "F")),
        (Round(1, (Game(1, 1, 2, handicap=3, result=Result.BLACK_WINS),), byes=(3,)),),
    )
    short = h9_text(results_table(t, full_games=False), today=dt.date(2026, 1, 1), program="g")
    full = h9_text(results_table(t), today=dt.date(2026, 1, 1), program="g")
    cells = sorted(row[-8:] for row in short.splitlines() if not row.startswith(";"))
    assert "   0+   " in cells  # the bye, as OpenGotha writes a round without a game
    games = [c for c in cells if c != "   0+   "]
    assert all(re.fullmatch(r" {6}[1-3][-+]", g) for g in games)
    assert {g[-1] for g in games} == {"+", "-"}
    assert "/b3" in full and "/w3" in full


def test_the_aga_order_of_games_is_opengothas() -> None:
    """OpenGotha lists a round's games as its ``HashMap`` of keys ``round × 1000 + table``
    does: by key modulo the capacity (16 holds 12 games, then 32, 64 …)."""
    assert [opengotha_order(0, table, 12) for table in (1, 2, 12)] == [0, 1, 11]
    assert opengotha_order(1, 1, 12) == 1000 % 16
    assert opengotha_order(1, 1, 13) == 1000 % 32
    # 226 games: a capacity of 512, round 2's tables 25 on come before its tables 1 to 24
    assert opengotha_order(1, 25, 226) < opengotha_order(1, 1, 226)


# The settings: Online and EGF game format ---------------------------------------------------


def with_setting(grids: dict[str, list[list[object]]], label: str, value: object) -> None:
    row = next(r for r in grids["Settings"] if r and r[0] == label)
    row[1] = value


def test_online_and_game_format_are_settings(books: dict[str, Path]) -> None:
    """An OpenGotha file's ``bInternet`` and ``gameFormat`` are the ``Online`` and ``EGF game
    format`` settings (not rows of the OpenGotha sheet), which the results files and the
    OpenGotha file written back follow."""
    from gosheet.formats.opengotha.export import to_opengotha

    grids = {k: [list(r) for r in v] for k, v in XlsxBook.open(books[CASES]).grids().items()}
    settings_rows = {r[0]: r[1] for r in grids["Settings"] if r}
    assert (settings_rows["Online"], settings_rows["EGF game format"]) == ("yes", "short")
    kept = {
        r[2] for r in grids["OpenGotha"] if r and r[0] in ("GeneralParameterSet", "DPParameterSet")
    }
    assert not kept & {"bInternet", "gameFormat"}
    og = to_opengotha(grids)
    assert og.parameters["GeneralParameterSet"]["bInternet"] == "true"
    assert og.parameters["DPParameterSet"]["gameFormat"] == "short"
    with_setting(grids, "Online", "no")
    with_setting(grids, "EGF game format", "full")
    text = results_file(grids, "egf", program=OG).data.decode("latin-1")
    assert "; CL[B]" in text and "/w0" in text and "/b0" in text
    og = to_opengotha(grids)
    assert og.parameters["GeneralParameterSet"]["bInternet"] == "false"
    assert og.parameters["DPParameterSet"]["gameFormat"] == "full"


def test_a_workbook_without_the_settings_keeps_the_opengotha_rows(books: dict[str, Path]) -> None:
    """A workbook imported before ``Online`` and ``EGF game format`` were settings: the
    OpenGotha sheet's ``bInternet`` and ``gameFormat`` rows still count."""
    grids = {k: [list(r) for r in v] for k, v in XlsxBook.open(books[CASES]).grids().items()}
    grids["Settings"] = [r for r in grids["Settings"] if r[0] not in ("Online", "EGF game format")]
    grids["OpenGotha"] += [
        ["GeneralParameterSet", None, "bInternet", "true", None],
        ["DPParameterSet", None, "gameFormat", "short", None],
    ]
    ours = results_file(grids, "egf", program=OG).data
    assert ours == (EXPORTS / f"{CASES}.h9").read_bytes()


def test_a_new_workbook_online(tmp_path: Path) -> None:
    """A tournament gosheet made: ``Online: yes`` gives the class D, ``short`` the short
    game format."""
    book = tmp_path / "online.xlsx"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["demo", str(book), "--rounds", "2"]) == 0
    grids = {k: [list(r) for r in v] for k, v in XlsxBook.open(book).grids().items()}
    before = results_file(grids, "egf").data.decode("iso-8859-15")
    assert "; CL[A]" in before and "/w" in before  # 60 min + byo-yomi 30 s, full
    with_setting(grids, "Online", "yes")
    with_setting(grids, "EGF game format", "short")
    after = results_file(grids, "egf").data.decode("iso-8859-15")
    assert "; CL[D]" in after and "/w" not in after and "/b" not in after


def test_the_aga_file_names_every_player() -> None:
    """OpenGotha's AGA file lists every player of the tournament (``orderedScoredPlayersList``,
    all of them) with an AGA ID, those who never played too; its games, only those played."""
    t = Tournament(
        Settings(rounds=1),
        (Player(1, "A", "B", rank=0), Player(2, "C", "D", rank=-1), Player(3, "E", "F", rank=-2)),
        (Round(1, (Game(1, 1, 2, result=Result.WHITE_WINS),)),),
    )
    table = results_table(t, {3: {"aga": "777"}})
    assert [line.player.number for line in table.lines] == [1, 2]
    text = aga_text(table, today=dt.date(2026, 1, 1))
    players = text.split("PLAYERS\n")[1].split("\n\n")[0].splitlines()
    assert players == ["99999\tA, B\t1D", "99998\tC, D\t1K", "777\tE, F\t2K"]
    assert "99999\t99998\tW\t0\t6" in text  # komi 6.5 (OpenGotha: always 7)
