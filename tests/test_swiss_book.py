"""The Oware organisers' book ("Llibre Auale Torneig", seeds/002, in Catalan),
sentence by sentence, then the common Swiss rules the issue adds to it
(``docs/systems.md`` §3): later rounds, byes, scoring, tiebreaks, and the
Oware workbook's own words.

Each test's docstring quotes the sentence of the book (or the rule of the
issue) it follows and says in English what is checked. Expected pairings and
numbers are worked out by hand in the comments, never taken from the code.

Internal convention: ``Game.white`` is the LEFT column player; in Oware the
left player ("First player") moves first; result "1-0" = the left player wins.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.ranks import parse_rank
from gosheet.core.scoring import records
from gosheet.core.settings import Settings, proposed_rounds
from gosheet.core.standings import standings
from gosheet.core.systems import pair_next_round, swiss
from gosheet.frontends.cli import main
from gosheet.workbook.reader import read_book
from gosheet.workbook.sheets import round_headers
from gosheet.workbook.template import new_book
from gosheet.workbook.standings import standings_sheet
from gosheet.workbook.writer import round_sheet
from gosheet.workbook.xlsx import XlsxBook

HALF = Fraction(1, 2)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_TIEBREAKS = (
    "Buchholz",
    "Buchholz cut 1",
    "Median Buchholz",
    "Sonneborn-Berger",
    "Cumulative",
    "Direct encounter",
    "Wins",
)

# --------------------------------------------------------------------- helpers


def oware(**changes: Any) -> Settings:
    changes.setdefault("rounds", 5)
    return Settings.preset("swiss", "oware", **changes)


def lettered(n: int, ratings: bool = True) -> tuple[Player, ...]:
    """Players A, B, C … numbered 1, 2, 3 …, A the best (highest rating)."""
    return tuple(
        Player(i + 1, LETTERS[i], rating=2000 - 25 * i if ratings else None) for i in range(n)
    )


def tournament(
    n: int, history: Sequence[Round] = (), ratings: bool = True, **changes: Any
) -> Tournament:
    """Players A, B, C … (see :func:`lettered`) and the rounds ``history``."""
    return Tournament(oware(**changes), lettered(n, ratings), tuple(history))


def played(number: int, games: Iterable[tuple[int, int, str]], byes: Sequence[int] = ()) -> Round:
    """A round typed by hand: (first player, second player, result) a table."""
    return Round(
        number,
        tuple(
            Game(table, first, second, 0, 0.0, Result(result))
            for table, (first, second, result) in enumerate(games, start=1)
        ),
        tuple(byes),
    )


def pairs_of(pairing: Pairing | Round) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for g in pairing.games}


def named_tables(pairing: Pairing, players: Sequence[Player]) -> list[set[str]]:
    """Each table's two names, in table order."""
    name = {p.number: p.name for p in players}
    ordered = sorted(pairing.games, key=lambda g: g.table)
    return [{name[g.white], name[g.black]} for g in ordered]


def game_with(pairing: Pairing, player: int) -> Game:
    for g in pairing.games:
        if player in (g.white, g.black):
            return g
    raise AssertionError(f"player {player} has no game")


def opponent(pairing: Pairing, player: int) -> int:
    return game_with(pairing, player).opponent_of(player)


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    capsys.readouterr()
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Path:
    lines = [",".join(header)] + [",".join("" if v is None else str(v) for v in r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def sheet(book: Path, name: str) -> tuple[list[Any], list[dict[str, Any]]]:
    ws = load_workbook(book)[name]
    header: list[Any] = [c.value for c in ws[1]]
    rows: list[dict[str, Any]] = [
        dict(zip(header, row, strict=False))
        for row in ws.iter_rows(min_row=2, values_only=True)
        if any(v is not None for v in row)
    ]
    return header, rows


def setting(book: Path, label: str) -> Any:
    for row in load_workbook(book)["Settings"].iter_rows(values_only=True):
        if row and row[0] == label:
            return row[1]
    raise KeyError(label)


def set_setting(book: Path, label: str, value: Any) -> None:
    workbook = load_workbook(book)
    ws = workbook["Settings"]
    for row in ws.iter_rows(min_row=1):
        if row[0].value == label:
            row[1].value = value
            workbook.save(book)
            return
    raise KeyError(label)


def round_tables(book: Path, number: int) -> list[tuple[Any, Any, Any, Any]]:
    """(table, first player, second player, result) of each line of ``Round N``."""
    _, rows = sheet(book, f"Round {number}")
    return [(r["Table"], r["First player"], r["Second player"], r["Result"]) for r in rows]


def standings_rows(book: Path) -> tuple[list[Any], list[dict[str, Any]]]:
    return sheet(book, "Standings")


# ============================================================ Quantitat de rondes


@pytest.mark.parametrize(
    ("players", "rounds"), [(8, 4), (10, 4), (12, 5), (16, 5), (20, 6), (32, 7), (64, 8)]
)
def test_rounds_formula(players: int, rounds: int) -> None:
    """«Qtt rondes := 1,3 vegades log base2 de qtt jugadors … el multipliquem per
    1,3 i arrodonim al més proper.» The number of rounds is 1.3 · log2 N rounded
    to the nearest whole number. By hand: 8 → 3.9 → 4; 10 → 4.32 → 4;
    12 → 4.66 → 5; 16 → 5.2 → 5; 20 → 5.62 → 6; 32 → 6.5 → 7 (a half rounds
    up); 64 → 7.8 → 8."""
    assert proposed_rounds(players) == rounds
    assert oware(rounds=None).rounds_for(players) == rounds


def test_rounds_worked_example_of_the_book() -> None:
    """«Si tenim 10 jugadors, farem Rondes := 1,3 * log2 (10) = 1,3 * 3,32 = 4,3.
    O sigui, farem 4 rondes.» Ten players: 1.3 · 3.32 = 4.3, so 4 rounds."""
    assert round(math.log2(10), 2) == 3.32
    assert round(1.3 * 3.32, 1) == 4.3
    assert proposed_rounds(10) == 4
    assert oware(rounds=None).rounds_for(10) == 4
    # A number set by the organiser wins over the proposal.
    assert oware(rounds=6).rounds_for(10) == 6


def test_rounds_with_a_calculator_without_log2() -> None:
    """«log base 2 X := (log base n X) / (log base n 2) … en base 10 … Igual si el
    que fa són logaritmes neperians.» The change of base gives the same number of
    rounds, with base-10 and natural logarithms, for every field up to 300."""
    for n in range(2, 301):
        for log in (math.log10, math.log):
            value = 1.3 * log(n) / log(2)
            if n == 32:  # exactly 6.5: the half goes up
                expected = 7
            else:
                assert abs(value - math.floor(value) - 0.5) > 1e-6, n
                expected = math.floor(value + 0.5)
            assert proposed_rounds(n) == expected, (n, value)


def test_import_without_rounds_proposes_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue: «With no --rounds, gosheet proposes round(1.3 · log2 N) rounds for N
    registered players and says so; the organiser can change it.» Importing 12
    players without --rounds says "5 rounds proposed for 12 players" and writes
    5 in the Settings sheet; with --rounds 3 it neither proposes nor overrides."""
    roster = write_csv(
        tmp_path / "r.csv", ("Name", "First name"), [(f"Player{i}", "x") for i in range(12)]
    )
    book = tmp_path / "cup.xlsx"
    out = cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "1")
    assert "5 rounds proposed for 12 players" in out
    assert setting(book, "Rounds") == 5
    assert "12 players, 0 of 5 rounds paired" in cli(capsys, "check", book)

    # The organiser changes it in the Settings sheet: gosheet follows.
    set_setting(book, "Rounds", 7)
    assert "0 of 7 rounds paired" in cli(capsys, "check", book)

    other = tmp_path / "three.xlsx"
    out = cli(capsys, "import", roster, "-o", other, "--game", "oware", "--rounds", "3")
    assert "proposed" not in out
    assert setting(other, "Rounds") == 3


@pytest.mark.parametrize("game", ["oware", "other"])
def test_new_leaves_rounds_empty_and_the_first_pairing_proposes_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    """Issue: «`gosheet new BOOK.xlsx --system swiss --game oware` (or
    --game other) …; with no --rounds, gosheet proposes round(1.3 · log2 N)
    rounds for N registered players». `new` cannot know N: Rounds stays empty.
    Twelve players are then typed in the Players sheet; the first `pair`
    proposes 5 (1.3 · log2 12 = 4.66), says so and writes 5 in the Settings
    sheet; the second `pair` proposes nothing again."""
    book = tmp_path / "cup.xlsx"
    out = cli(capsys, "new", book, "--system", "swiss", "--game", game, "--seed", "3")
    assert "Rounds" in out and "left empty" in out
    assert setting(book, "Rounds") in (None, "")
    assert setting(book, "System") == "swiss" and setting(book, "Game") == game

    workbook = load_workbook(book)
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    for r in range(12):
        players.cell(row=r + 2, column=header.index("Name") + 1, value=f"Player{r:02d}")
        players.cell(row=r + 2, column=header.index("Rating") + 1, value=1800 - 10 * r)
    workbook.save(book)

    out = cli(capsys, "pair", book)
    assert "Rounds: 5 proposed" in out
    assert setting(book, "Rounds") == 5
    assert "1 of 5 rounds paired" in cli(capsys, "check", book)

    cli(capsys, "simulate", book)
    out = cli(capsys, "pair", book)
    assert "proposed" not in out
    assert setting(book, "Rounds") == 5


# ================================================== Aparellament de la primera ronda


def test_round_one_ten_players_by_rating() -> None:
    """«Ordenem els jugadors de millor a pitjor. Tallem la llista per la meitat.
    Aparellem el primer de la primera meitat amb el primer de la segona meitat …
    Els nostres 10 jugadors són A … J, ordenats de millor a pitjor. A la primera
    ronda els aparellarem: A-F, B-G, C-H, D-I i E-J.» The roster is typed in a
    shuffled order; the ratings say A > B > … > J; tables 1 to 5 are A–F, B–G,
    C–H, D–I, E–J, and nobody has a bye."""
    order = list("GCJAEHBIFD")  # the roster's order: not the strength order
    players = tuple(
        Player(i + 1, letter, rating=2000 - 50 * LETTERS.index(letter))
        for i, letter in enumerate(order)
    )
    pairing = pair_next_round(Tournament(oware(), players))
    assert named_tables(pairing, players) == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]
    assert pairing.byes == ()


def test_round_one_ten_go_players_by_rank_only() -> None:
    """«Si els tenim classificats per altres torneigs …» With ranks only (a Go
    roster, no ratings), the rank orders them: A 5d … J 5k (no 0 in between:
    5d 4d 3d 2d 1d 1k 2k 3k 4k 5k) play A–F, B–G, C–H, D–I, E–J."""
    ranks = ["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k", "4k", "5k"]
    order = list("JIHGFEDCBA")  # weakest typed first
    players = tuple(
        Player(i + 1, letter, rank=parse_rank(ranks[LETTERS.index(letter)]))
        for i, letter in enumerate(order)
    )
    pairing = pair_next_round(Tournament(Settings.preset("swiss", "go", rounds=4), players))
    assert named_tables(pairing, players) == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]


def test_round_one_ten_players_through_the_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The same ten players imported from a roster file and paired with
    `gosheet pair`: the Round 1 sheet lists A–F, B–G, C–H, D–I, E–J, each
    name once in the First player or Second player column."""
    order = "DHAJCFBIGE"
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Rating"),
        [(letter, "", 1900 - 30 * LETTERS.index(letter)) for letter in order],
    )
    book = tmp_path / "cup.xlsx"
    out = cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "9")
    assert "4 rounds proposed for 10 players" in out
    cli(capsys, "pair", book)
    lines = round_tables(book, 1)
    assert [t for t, *_ in lines] == [1, 2, 3, 4, 5]
    assert [{first, second} for _, first, second, _ in lines] == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]


def test_round_one_odd_count_the_worst_has_the_bye() -> None:
    """«Si el nombre de jugadors fos senar és la segona meitat la que ha de tenir
    un jugador més i és el pitjor el que ha de quedar-se sense jugar en aquesta
    ronda.» Eleven players A … K: the top half is A–E (5), the bottom half F–K
    (6); A–F, B–G, C–H, D–I, E–J, and K, the worst, has the bye."""
    players = lettered(11)
    pairing = pair_next_round(Tournament(oware(), players))
    assert named_tables(pairing, players) == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]
    assert pairing.byes == (11,)  # K


def test_round_one_odd_count_through_the_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The bye is written as a line of its own in the Round 1 sheet: table
    "Bye", the worst player K in the first column, result "bye"; it is worth a
    win (1 point) in the Standings."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Rating"),
        [(LETTERS[i], "", 1900 - 30 * i) for i in reversed(range(11))],
    )
    book = tmp_path / "cup.xlsx"
    cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "9")
    cli(capsys, "pair", book)
    lines = round_tables(book, 1)
    assert lines[-1] == ("Bye", "K", None, "bye")
    assert [{a, b} for _, a, b, _ in lines[:-1]] == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]
    _, rows = standings_rows(book)
    k = next(r for r in rows if r["Name"] == "K")
    assert k["Points"] == 1 and k["R1"] == "bye"


def test_round_one_without_information_is_by_lot_and_reproducible() -> None:
    """«Si no tenim CAP informació del nivell dels jugadors, farem el primer
    aparellament a l'atzar.» Without ratings, ranks or tiers the first round is
    drawn by lot from the tournament's Random seed: the same seed gives the same
    round (tables, players and who moves first); other seeds give other draws,
    and the draw does not simply follow the roster's order (1–6, 2–7, …)."""
    players = lettered(10, ratings=False)

    def first_round(seed: int) -> tuple[tuple[int, int], ...]:
        t = Tournament(oware(random_seed=seed), players)
        return tuple((g.white, g.black) for g in pair_next_round(t).games)

    assert first_round(12345) == first_round(12345)
    draws = {first_round(seed) for seed in range(20)}
    assert len(draws) >= 15  # 20 seeds: almost all different
    roster_order = {frozenset((i, i + 5)) for i in range(1, 6)}
    not_roster_order = [
        d for d in draws if {frozenset(p) for p in d} != roster_order
    ]  # the lot, not the roster, decides
    assert len(not_roster_order) >= 15
    # Everyone plays once; ten players, no bye.
    for d in draws:
        assert sorted(p for pair in d for p in pair) == list(range(1, 11))


def test_round_one_by_lot_is_recorded_in_the_workbook_and_can_be_rechecked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue: «without any strength information, by lot with a seed recorded in
    the workbook so the draw can be re-checked». The seed given (4242) is in the
    Settings sheet; anyone can re-draw Round 1 from the workbook alone (its
    settings and roster) and finds the same tables. Without --seed a seed is
    still drawn and written. Another seed in the Settings sheet gives another
    draw."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Club"),
        [(f"Mensah{i}", "Kofi", "Accra") for i in range(10)],
    )

    def first_round(book: Path) -> list[tuple[str, str]]:
        return [(first, second) for _, first, second, _ in round_tables(book, 1)]

    book = tmp_path / "cup.xlsx"
    cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "4242")
    assert setting(book, "Random seed") == 4242
    cli(capsys, "pair", book)
    drawn = first_round(book)

    state = read_book(XlsxBook.open(book).grids())
    t = state.tournament
    redrawn = pair_next_round(Tournament(t.settings, t.players))
    names = {p.number: p.name for p in t.players}
    assert [(names[g.white], names[g.black]) for g in redrawn.games] == drawn
    assert [(g.white, g.black) for g in redrawn.games] == [
        (g.white, g.black) for g in t.rounds[0].games
    ]

    same = tmp_path / "same.xlsx"
    cli(capsys, "import", roster, "-o", same, "--game", "oware", "--seed", "4242")
    cli(capsys, "pair", same)
    assert first_round(same) == drawn

    other = tmp_path / "other.xlsx"
    cli(capsys, "import", roster, "-o", other, "--game", "oware", "--seed", "4242")
    set_setting(other, "Random seed", 777)
    cli(capsys, "pair", other)
    assert {frozenset(p) for p in first_round(other)} != {frozenset(p) for p in drawn}

    unseeded = tmp_path / "unseeded.xlsx"
    cli(capsys, "import", roster, "-o", unseeded, "--game", "oware")
    seed = setting(unseeded, "Random seed")
    assert isinstance(seed, int) and 0 <= seed < 2**31
    cli(capsys, "pair", unseeded)
    t = read_book(XlsxBook.open(unseeded).grids()).tournament
    assert t.settings.random_seed == seed
    again = pair_next_round(Tournament(t.settings, t.players))
    assert [(g.white, g.black) for g in again.games] == [
        (g.white, g.black) for g in t.rounds[0].games
    ]


def _tiered(tiers: Sequence[int | None], seed: int) -> tuple[tuple[Player, ...], Pairing]:
    players = tuple(Player(i + 1, f"P{i + 1:02d}", tier=tier) for i, tier in enumerate(tiers))
    return players, pair_next_round(Tournament(oware(random_seed=seed), players))


@pytest.mark.parametrize(
    "tiers",
    [
        [2, 1, 3, 2, 1, 3, 2, 1, 3, 2],  # ten players: 3 best, 4 middle, 3 weakest
        [2, 1, 2, 1, 1, 2, 2, 1, 2, 1, 1, 2],  # only two tiers, 6 and 6
        [3, 3, 2, 1, 2, 1, 3, 2, 2, 3, 1],  # eleven: one has the bye
    ],
    ids=["ten-three-tiers", "twelve-two-tiers", "eleven-three-tiers"],
)
def test_round_one_with_some_information_keeps_best_and_weakest_apart(
    tiers: list[int],
) -> None:
    """«Si només tenim "alguna" informació del nivell dels jugadors, tipus quins
    sembla que són els millors, o quins els pitjors, intentarem que, en aquesta
    primera ronda, com a mínim, els millors no juguin entre ells ni els pitjors
    entre ells.» With a strength Tier column (1 = among the best), for 30 lots:
    no two players of the best tier meet, nor two of the weakest tier."""
    best, worst = min(tiers), max(tiers)
    for seed in range(30):
        players, pairing = _tiered(tiers, seed)
        tier = {p.number: p.tier for p in players}
        for g in pairing.games:
            both = (tier[g.white], tier[g.black])
            assert both != (best, best), (seed, g)
            assert both != (worst, worst), (seed, g)
        if len(tiers) % 2:
            assert len(pairing.byes) == 1
            assert tier[pairing.byes[0]] == worst  # the bye: one of the weakest


def test_round_one_tier_column_in_the_roster(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The Tier column of a roster file reaches the Players sheet and round 1:
    the three marked 1 never meet, nor the three marked 3."""
    tiers = [3, 1, 2, 2, 3, 1, 2, 1, 3, 2]
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Tier"),
        [(f"Boateng{i}", "Ama", tier) for i, tier in enumerate(tiers)],
    )
    book = tmp_path / "cup.xlsx"
    cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "11")
    header, rows = sheet(book, "Players")
    assert "Tier" in header and [r["Tier"] for r in rows] == tiers
    cli(capsys, "pair", book)
    tier = {f"Boateng{i} Ama": t for i, t in enumerate(tiers)}
    for _, first, second, _ in round_tables(book, 1):
        assert {tier[first], tier[second]} not in ({1}, {3})


def test_round_one_only_the_best_marked() -> None:
    """«… tipus quins sembla que són els millors …» The organiser marks only the
    players who seem the best (Tier 1) and leaves the others blank. Eleven
    players, three marked: whatever the lot, the bye («és el pitjor el que ha de
    quedar-se sense jugar») never goes to one of the three best, and the best
    never meet each other."""
    tiers = [1, None, None, 1, None, None, None, 1, None, None, None]
    for seed in range(10):
        players, pairing = _tiered(tiers, seed)
        marked = {p.number for p in players if p.tier == 1}
        assert pairing.byes and pairing.byes[0] not in marked, seed
        for g in pairing.games:
            assert not {g.white, g.black} <= marked


# ======================================================= Later rounds (issue, §3)


def test_later_round_score_groups_top_half_against_bottom_half() -> None:
    """Issue: «Later rounds: score groups, top half against bottom half inside a
    group». Eight players 1 … 8 (best first). Round 1 (typed by hand): 1–5,
    2–6, 3–7, 4–8, the better player wins everywhere, first moves chosen so that
    1, 2, 7, 8 moved first. Round 2: the winners {1, 2, 3, 4} form one score
    group, halves {1, 2} and {3, 4}: 1–3, 2–4; the losers {5, 6, 7, 8}: 5–7,
    6–8. Each pair's players moved differently in round 1, so each gets the
    other move now: 3 moves first against 1, 4 against 2, 5 against 7, 6
    against 8."""
    r1 = played(1, [(1, 5, "1-0"), (2, 6, "1-0"), (7, 3, "0-1"), (8, 4, "0-1")])
    pairing = pair_next_round(tournament(8, [r1]))
    assert pairs_of(pairing) == {
        frozenset({1, 3}),
        frozenset({2, 4}),
        frozenset({5, 7}),
        frozenset({6, 8}),
    }
    firsts = {g.white for g in pairing.games}  # Oware: the left player moves first
    assert firsts == {3, 4, 5, 6}
    assert pairing.byes == ()


def test_later_round_never_the_same_pair_twice() -> None:
    """Issue: «no repeated pairing». Four players. Round 1: 1–3 (1 wins), 2–4
    (2 wins); round 2: 1–2 and 3–4, both drawn. Scores 1.5, 1.5, 0.5, 0.5: the
    score groups would pair 1–2 and 3–4 again; the only pairing without a
    repeat is 1–4, 2–3."""
    r1 = played(1, [(1, 3, "1-0"), (4, 2, "0-1")])
    r2 = played(2, [(2, 1, "½-½"), (3, 4, "½-½")])
    pairing = pair_next_round(tournament(4, [r1, r2]))
    assert pairs_of(pairing) == {frozenset({1, 4}), frozenset({2, 3})}


def test_later_round_a_repeat_when_it_cannot_be_avoided() -> None:
    """«… while one can be avoided»: two players, two rounds; the second round
    cannot avoid the same pair, and it is still paired (not refused)."""
    r1 = played(1, [(1, 2, "1-0")])
    pairing = pair_next_round(tournament(2, [r1], rounds=2))
    assert pairs_of(pairing) == {frozenset({1, 2})}
    assert game_with(pairing, 1).white == 2  # and the first move changes hands


def _floater_rounds() -> list[Round]:
    """Ten players 1 … 10. Round 1: 1–6, 2–7, 3–8, 4–9, 5–10, the better
    player wins. Round 2: the winners' group {1 … 5} is odd: 1–3 and 2–4 inside
    it, 5 floats down to 6, the top of the losers; 7–9, 8–10. Every game of
    round 2 is drawn. First moves alternate for everybody (no one is bound)."""
    r1 = played(1, [(1, 6, "1-0"), (2, 7, "1-0"), (8, 3, "0-1"), (9, 4, "0-1"), (5, 10, "1-0")])
    r2 = played(2, [(3, 1, "½-½"), (4, 2, "½-½"), (6, 5, "½-½"), (7, 9, "½-½"), (10, 8, "½-½")])
    return [r1, r2]


def _check_floater_round(pairing: Pairing) -> tuple[int, int]:
    """The two groups after round 2: {1 … 5} on 1.5 and {6 … 10} on 0.5, both
    odd: exactly one game joins them. Returns (its upper, its lower) player."""
    upper = {1, 2, 3, 4, 5}
    crossing = [g for g in pairing.games if len({g.white, g.black} & upper) == 1]
    assert len(crossing) == 1
    g = crossing[0]
    return (g.white, g.black) if g.white in upper else (g.black, g.white)


def test_later_round_floaters_not_the_same_player_twice_running() -> None:
    """Issue: «floaters (not the same player twice running)»; §3: «the odd
    player of a group floats down (not the same player twice running)». After
    :func:`_floater_rounds`, the group {1 … 5} on 1.5 points is odd again; its
    natural floater, the last one (5), floated down in round 2, and others can
    float instead: 5 stays in its group. Likewise 6 floated up in round 2: the
    floater from above meets another player of {6 … 10}."""
    pairing = pair_next_round(tournament(10, _floater_rounds()))
    down, up = _check_floater_round(pairing)
    assert down != 5
    assert up != 6
    assert not pairs_of(pairing) & {
        frozenset(p)
        for p in ((1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (1, 3), (2, 4), (5, 6), (7, 9), (8, 10))
    }


def test_later_round_floater_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control for the test above: with the memory of last round's floats
    switched off, the same round floats 5 down to 6's group again (so the test
    above does see the rule at work)."""
    monkeypatch.setattr(swiss, "last_floats", lambda t: {})
    pairing = pair_next_round(tournament(10, _floater_rounds()))
    down, _up = _check_floater_round(pairing)
    assert down == 5


def test_later_round_a_floater_meets_the_next_score_group() -> None:
    """§3: «score groups; … the odd player of a group floats down» — to the next
    group, not past it. Six players. Round 1: 1–4 (1 wins), 2–5 (2 wins), 3–6
    (6 wins); round 2: 1–2 (1 wins), 6–3 (3 wins), 4–5 (4 wins). Scores: 1 has
    2 points, 2, 3, 4, 6 have 1, 5 has 0. The leader 1 floats down into the
    1-point group and 5 floats up into it (1–3 or 1–6 and 5–3 or 5–6): the
    leader never meets the last player, two score groups away."""
    r1 = played(1, [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "0-1")])
    r2 = played(2, [(2, 1, "0-1"), (6, 3, "0-1"), (4, 5, "1-0")])
    pairing = pair_next_round(tournament(6, [r1, r2]))
    assert opponent(pairing, 1) in {3, 6}
    assert opponent(pairing, 5) in {3, 6}


def test_first_move_never_three_times_running() -> None:
    """Issue: «first-move balance (never three times running …)». Four players.
    Round 1: 1 first against 3, 4 first against 2; round 2: 1 first against 4,
    2 first against 3. Histories: 1 first, first; 2 second, first; 3 second,
    second; 4 first, second. Round 3 can only be 1–2 and 3–4 (no repeats).
    1 must now move second although 2 would rather (by alternation) move
    second too: 2 moves first; 3 must move first although 4 would rather move
    first: 3 moves first."""
    r1 = played(1, [(1, 3, "1-0"), (4, 2, "0-1")])
    r2 = played(2, [(1, 4, "0-1"), (2, 3, "½-½")])
    pairing = pair_next_round(tournament(4, [r1, r2]))
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4})}
    assert game_with(pairing, 1).white == 2
    assert game_with(pairing, 3).white == 3


def test_first_move_difference_at_most_two() -> None:
    """Issue: «first-move balance (… difference at most two)». Six players, a
    round robin typed by hand for four rounds (all draws):
    R1 1–6 2–5 3–4, R2 1–5 6–4 2–3, R3 1–4 5–3 6–2, R4 1–3 4–2 5–6.
    Histories (F = moved first, S = second): 1 F F S F (two more firsts, not
    three running); 2 S F S F (wants to move second); 3 S S F S (two more
    seconds); 6 S F F S (wants first); 4 F S F S; 5 F S S F. Round 5 has one
    pairing without repeats: 1–2, 3–6, 4–5. 1 moving first would make the
    difference 3: 2 moves first against its wish; 3 moving second would make
    it −3: 3 moves first against 6's wish; 4–5 follow their wishes: 4 first."""
    r1 = played(1, [(1, 6, "½-½"), (5, 2, "½-½"), (4, 3, "½-½")])
    r2 = played(2, [(1, 5, "½-½"), (6, 4, "½-½"), (2, 3, "½-½")])
    r3 = played(3, [(4, 1, "½-½"), (3, 5, "½-½"), (6, 2, "½-½")])
    r4 = played(4, [(1, 3, "½-½"), (2, 4, "½-½"), (5, 6, "½-½")])
    pairing = pair_next_round(tournament(6, [r1, r2, r3, r4]))
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 6}), frozenset({4, 5})}
    assert {g.white for g in pairing.games} == {2, 3, 4}


def test_first_move_in_go_is_blacks() -> None:
    """In Go, Black moves first (Game.black); the same history in a Go
    tournament: 1 played Black twice, so 1 gets White in round 3."""
    r1 = Round(1, (Game(1, 3, 1, 0, 6.5, Result.BLACK_WINS), Game(2, 2, 4, 0, 6.5, Result.JIGO)))
    r2 = Round(2, (Game(1, 4, 1, 0, 6.5, Result.WHITE_WINS), Game(2, 3, 2, 0, 6.5, Result.JIGO)))
    t = Tournament(Settings.preset("swiss", "go", rounds=3), lettered(4), (r1, r2))
    pairing = pair_next_round(t)
    assert pairs_of(pairing) == {frozenset({1, 2}), frozenset({3, 4})}
    assert game_with(pairing, 1).white == 1  # 1 moved first twice: now second (White)
    assert game_with(pairing, 3).black == 3  # 3 moved second twice: now first (Black)


def test_bye_to_the_lowest_score_group() -> None:
    """Issue: «the bye to the lowest-ranked player of the lowest score group who
    has not had one». Seven players. Round 1: 1–4 (1 wins), 2–5 (5 wins), 3–6
    (6 wins), 7 has the bye. Scores: 1, 5, 6, 7 have 1; 2, 3, 4 have 0. The
    lowest score group is {2, 3, 4}; its lowest-ranked is 4 — not 5 or 6, who
    are ranked lower but scored."""
    r1 = played(1, [(1, 4, "1-0"), (5, 2, "1-0"), (6, 3, "1-0")], byes=[7])
    pairing = pair_next_round(tournament(7, [r1]))
    assert pairing.byes == (4,)
    assert pairs_of(pairing) >= {frozenset({2, 3})}  # the rest of the 0 group


def test_bye_to_a_player_who_has_not_had_one() -> None:
    """Five players. Round 1: 1–3 (1 wins), 2–4 (2 wins), 5 has the bye;
    round 2: 1–2 (1 wins), 5–3 (3 wins), 4 has the bye. Scores: 1 has 2;
    2, 3, 4, 5 have 1. The lowest group is {2, 3, 4, 5}; 5 and 4 have had a
    bye, so the bye goes to 3; the others pair without repeats: 1–4, 2–5."""
    r1 = played(1, [(1, 3, "1-0"), (2, 4, "1-0")], byes=[5])
    r2 = played(2, [(1, 2, "1-0"), (5, 3, "0-1")], byes=[4])
    pairing = pair_next_round(tournament(5, [r1, r2]))
    assert pairing.byes == (3,)
    assert pairs_of(pairing) == {frozenset({1, 4}), frozenset({2, 5})}


def test_bye_skips_an_absent_player() -> None:
    """A player who does not play the round (Not playing) gets neither a game
    nor the bye; with him away the field is even and nobody has a bye."""
    players = tuple(
        Player(
            i + 1,
            LETTERS[i],
            rating=2000 - 25 * i,
            not_playing=frozenset({1}) if i == 4 else frozenset(),
        )
        for i in range(5)
    )
    pairing = pair_next_round(Tournament(oware(), players))
    assert pairing.byes == ()
    assert 5 not in {p for g in pairing.games for p in (g.white, g.black)}
    assert pairs_of(pairing) == {frozenset({1, 3}), frozenset({2, 4})}


# ================================================================ Scoring (issue)


def test_scoring_win_draw_loss_and_bye() -> None:
    """Issue: «win 1, draw ½, loss 0, bye worth a win unless the settings say
    otherwise». Five players, one round: 1–3 drawn, 4 (left) beats 2, 5 has
    the bye: 1 and 3 have ½, 4 has 1, 2 has 0, 5 has 1 and one win. With
    'Points for a bye' ½ or 0 the bye is worth that, and still counts as a
    win."""
    r1 = played(1, [(1, 3, "½-½"), (4, 2, "1-0")], byes=[5])
    table = records(tournament(5, [r1]))
    assert {n: r.score for n, r in table.items()} == {1: HALF, 2: 0, 3: HALF, 4: 1, 5: 1}
    assert table[5].wins == 1
    for points in (HALF, Fraction(0)):
        table = records(tournament(5, [r1], bye_points=points))
        assert table[5].score == points
        assert table[5].wins == 1


def test_scoring_forfeits_and_absence() -> None:
    """Forfeits (typed "1-0!"): the winner scores 1 and the absent loser 0 (the
    Swiss default); a round not played scores 0 by default."""
    players = (*lettered(4), Player(5, "E", rating=1000, not_playing=frozenset({1})))
    r1 = played(1, [(1, 3, "1-0!"), (2, 4, "0-1")])
    table = records(Tournament(oware(), players, (r1,)))
    assert {n: r.score for n, r in table.items()} == {1: 1, 2: 0, 3: 0, 4: 1, 5: 0}


def test_scoring_in_the_workbook_draw_typed_as_equals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A draw can be typed "½-½" or "="; "=" is rewritten "½-½"; the Standings
    give ½ to each, 1 to the winner, 0 to the loser, and the bye's 1 point —
    then ½ and 0 once 'Points for a bye' is changed in the Settings sheet.
    Five players A … E: round 1 is A–C, B–D, E the bye."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Rating"),
        [(LETTERS[i], "", 1900 - 50 * i) for i in range(5)],
    )
    book = tmp_path / "cup.xlsx"
    cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "2")
    cli(capsys, "pair", book)
    workbook = load_workbook(book)
    ws = workbook["Round 1"]
    header = [c.value for c in ws[1]]
    result = header.index("Result") + 1
    for row in range(2, ws.max_row + 1):
        first = ws.cell(row=row, column=2).value
        second = ws.cell(row=row, column=3).value
        if {first, second} == {"A", "C"}:
            ws.cell(row=row, column=result, value="=")
        elif {first, second} == {"B", "D"}:
            ws.cell(row=row, column=result, value="1-0" if first == "B" else "0-1")
    workbook.save(book)
    out = cli(capsys, "standings", book)
    assert "1 result(s) rewritten" in out
    assert "½-½" in [r[3] for r in round_tables(book, 1)]

    def points() -> dict[str, Any]:
        return {r["Name"]: r["Points"] for r in standings_rows(book)[1]}

    assert points() == {"A": 0.5, "B": 1, "C": 0.5, "D": 0, "E": 1}
    for value, expected in (("½", 0.5), (0, 0), (1, 1)):
        set_setting(book, "Points for a bye", value)
        cli(capsys, "standings", book)
        assert points()["E"] == expected
        wins = {r["Name"]: r["Wins"] for r in standings_rows(book)[1]}
        assert wins == {"A": 0, "B": 1, "C": 0, "D": 0, "E": 1}


# =============================================================== Tiebreaks (issue)


def five_players(tiebreaks: Sequence[str] = ALL_TIEBREAKS) -> Tournament:
    """A small tournament worked by hand, five players P1 … P5, three rounds:

    R1: P1–P2 1-0, P3–P4 ½-½, P5 bye
    R2: P1–P3 0-1, P2–P5 1-0, P4 bye
    R3: P1–P4 1-0, P3–P5 ½-½, P2 bye

    Scores: P1 2 (W L W), P2 2 (L W bye), P3 2 (D W D), P4 1.5 (D bye L),
    P5 1.5 (bye L D). A bye or an unplayed game adds 0 to the opponents'
    tiebreaks."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    rounds = (
        played(1, [(1, 2, "1-0"), (3, 4, "½-½")], byes=[5]),
        played(2, [(1, 3, "0-1"), (2, 5, "1-0")], byes=[4]),
        played(3, [(1, 4, "1-0"), (3, 5, "½-½")], byes=[2]),
    )
    return Tournament(oware(rounds=3, tiebreaks=tuple(tiebreaks)), players, rounds)


# Worked by hand from five_players(); opponents' scores one a round (0 for a bye):
#   P1: P2 2, P3 2, P4 1.5    P2: P1 2, P5 1.5, bye 0    P3: P4 1.5, P1 2, P5 1.5
#   P4: P3 2, bye 0, P1 2     P5: bye 0, P2 2, P3 2
EXPECTED_TIEBREAKS: dict[str, dict[int, Fraction | int]] = {
    # the sum of the three
    "Buchholz": {1: Fraction(11, 2), 2: Fraction(7, 2), 3: Fraction(5), 4: Fraction(4), 5: 4},
    # without the lowest
    "Buchholz cut 1": {1: Fraction(4), 2: Fraction(7, 2), 3: Fraction(7, 2), 4: 4, 5: 4},
    # without the highest and the lowest: the middle one
    "Median Buchholz": {1: Fraction(2), 2: Fraction(3, 2), 3: Fraction(3, 2), 4: 2, 5: 2},
    # beaten opponents' scores + half of drawn ones: P1 2 + 1.5; P2 1.5; P3 0.75 + 2 + 0.75;
    # P4 ½ · 2; P5 ½ · 2
    "Sonneborn-Berger": {1: Fraction(7, 2), 2: Fraction(3, 2), 3: Fraction(7, 2), 4: 1, 5: 1},
    # running scores summed: P1 1+1+2, P2 0+1+2, P3 ½+1.5+2, P4 ½+1.5+1.5, P5 1+1+1.5
    "Cumulative": {1: Fraction(4), 2: Fraction(3), 3: Fraction(4), 4: HALF * 7, 5: HALF * 7},
    # P1, P2, P3 tied on 2 but P2 and P3 never met; P4 and P5 never met: 0 for all
    "Direct encounter": {1: Fraction(0), 2: 0, 3: 0, 4: 0, 5: 0},
    # won games and byes: P1 2, P2 1 + bye, P3 1, P4 bye, P5 bye
    "Wins": {1: Fraction(2), 2: 2, 3: 1, 4: 1, 5: 1},
}


@pytest.mark.parametrize("name", ALL_TIEBREAKS)
def test_each_tiebreak_by_hand(name: str) -> None:
    """Issue: «Standings with the tiebreaks such organisers use …: Buchholz,
    Buchholz cut 1, median Buchholz, Sonneborn–Berger, cumulative, direct
    encounter, number of wins». Each one's value for each player of
    :func:`five_players`, as worked out by hand in EXPECTED_TIEBREAKS."""
    table = standings(five_players((name,)))
    got = {row.player.number: row.tiebreaks[0] for row in table.rows}
    assert got == EXPECTED_TIEBREAKS[name]
    assert {row.player.number: row.record.score for row in table.rows} == {
        1: 2,
        2: 2,
        3: 2,
        4: HALF * 3,
        5: HALF * 3,
    }


def test_all_tiebreaks_together_and_shared_places() -> None:
    """All seven in the Settings order: P1 (Buchholz 5.5), P3 (5), P2 (3.5) on
    2 points; P4 and P5 equal on every tiebreak share 4th place."""
    table = standings(five_players())
    assert [row.player.number for row in table.rows[:3]] == [1, 3, 2]
    assert [row.place for row in table.rows] == [1, 2, 3, 4, 4]
    assert {row.player.number for row in table.rows[3:]} == {4, 5}


def six_players(tiebreaks: Sequence[str]) -> Tournament:
    """Three rounds, six players, worked by hand:

    R1: 1–2 1-0, 3–5 1-0, 4–6 1-0
    R2: 1–3 ½-½, 2–4 ½-½, 5–6 0-1
    R3: 2–3 1-0, 1–6 0-1, 4–5 1-0

    Scores: 4 2.5; 6 2; 1, 2, 3 1.5 each; 5 0. Among 1, 2, 3, who all met:
    1 beat 2 and drew 3 (1.5), 2 beat 3 (1), 3 drew 1 (0.5).
    Buchholz: 1 met 2, 3, 6: 1.5 + 1.5 + 2 = 5; 2 met 1, 4, 3: 1.5 + 2.5 + 1.5
    = 5.5; 3 met 5, 1, 2: 0 + 1.5 + 1.5 = 3."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    rounds = (
        played(1, [(1, 2, "1-0"), (3, 5, "1-0"), (4, 6, "1-0")]),
        played(2, [(1, 3, "½-½"), (2, 4, "½-½"), (5, 6, "0-1")]),
        played(3, [(2, 3, "1-0"), (1, 6, "0-1"), (4, 5, "1-0")]),
    )
    return Tournament(oware(rounds=3, tiebreaks=tuple(tiebreaks)), players, rounds)


def test_direct_encounter_three_way_tie_all_met() -> None:
    """Direct encounter, a three-way tie where all met: 1 (1.5 points among
    them), 2 (1), 3 (0.5) — in that order, although Buchholz alone would put
    2 first (5.5, then 1 with 5, then 3 with 3)."""
    table = standings(six_players(("Direct encounter", "Buchholz")))
    assert [row.player.number for row in table.rows] == [4, 6, 1, 2, 3, 5]
    de = {row.player.number: row.tiebreaks[0] for row in table.rows}
    assert (de[1], de[2], de[3]) == (Fraction(3, 2), Fraction(1), HALF)
    assert de[4] == de[6] == de[5] == 0  # alone on their score: nothing to compare

    by_buchholz = standings(six_players(("Buchholz", "Direct encounter")))
    assert [row.player.number for row in by_buchholz.rows] == [4, 6, 2, 1, 3, 5]


def test_direct_encounter_three_way_tie_not_all_met() -> None:
    """Direct encounter, a three-way tie where not all met (P2 and P3 of
    :func:`five_players`): it decides nothing (0 for each), and the next
    tiebreak (Wins: P1 2, P2 2, P3 1; then Cumulative: P1 4, P2 3) decides."""
    table = standings(five_players(("Direct encounter", "Wins", "Cumulative")))
    assert [row.player.number for row in table.rows[:3]] == [1, 2, 3]
    assert [row.tiebreaks[0] for row in table.rows[:3]] == [0, 0, 0]


def test_direct_encounter_two_players_who_met() -> None:
    """Direct encounter, two tied players who met: the winner of their game
    first. Four players: R1 Zeta–Alpha 1-0, Mid–Last 1-0; R2 Zeta–Mid 0-1,
    Alpha–Last 1-0. Zeta and Alpha both have 1 point; Zeta beat Alpha: Zeta
    1, Alpha 0, and Zeta is placed first although without the tiebreak the
    tie would be listed alphabetically (Alpha first) on a shared place."""
    players = (Player(1, "Zeta"), Player(2, "Alpha"), Player(3, "Mid"), Player(4, "Last"))
    rounds = (
        played(1, [(1, 2, "1-0"), (3, 4, "1-0")]),
        played(2, [(1, 3, "0-1"), (2, 4, "1-0")]),
    )
    t = Tournament(oware(rounds=2, tiebreaks=("Direct encounter",)), players, rounds)
    table = standings(t)
    assert [row.player.number for row in table.rows] == [3, 1, 2, 4]
    de = {row.player.number: row.tiebreaks[0] for row in table.rows}
    assert (de[1], de[2]) == (Fraction(1), Fraction(0))
    assert [row.place for row in table.rows] == [1, 2, 3, 4]

    plain = standings(Tournament(oware(rounds=2, tiebreaks=()), players, rounds))
    assert [row.player.number for row in plain.rows] == [3, 2, 1, 4]
    assert [row.place for row in plain.rows] == [1, 2, 2, 4]


@pytest.mark.parametrize(
    ("order", "top_three"),
    [
        ("Wins, Buchholz", [1, 2, 3]),  # wins 2, 2, 1; then Buchholz 5.5 > 3.5
        ("Buchholz, Wins", [1, 3, 2]),  # Buchholz 5.5, 5, 3.5
        ("Sonneborn-Berger, Cumulative, Wins", [1, 3, 2]),  # SB 3.5 3.5 1.5; cum 4 4; wins 2 1
        ("Median Buchholz, Wins", [1, 2, 3]),  # median 2, 1.5, 1.5; wins 2 > 1
        ("Buchholz cut 1, Cumulative", [1, 3, 2]),  # cut 4, 3.5, 3.5; cumulative 4 > 3
    ],
)
def test_tiebreak_order_chosen_in_the_settings_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, order: str, top_three: list[int]
) -> None:
    """Issue: «chosen and ordered in the Settings sheet». :func:`five_players`
    written as a workbook; the organiser types the tiebreaks in the Settings
    sheet; `gosheet standings` orders P1, P2, P3 (tied on 2 points) by them,
    and the Standings columns follow the order typed."""
    t = five_players()
    book = new_book(t.settings, t.players)
    for number in range(1, 4):
        upto = Tournament(t.settings, t.players, t.rounds[: number - 1])
        rnd = t.rounds[number - 1]
        book.render(round_sheet(upto, Pairing(number, rnd.games, rnd.byes)))
    book.render(standings_sheet(t))
    path = book.save(tmp_path / "cup.xlsx")
    set_setting(path, "Tiebreaks", order)
    cli(capsys, "standings", path)
    header, rows = standings_rows(path)
    names = [n.strip() for n in order.split(",")]
    assert header[-len(names) :] == names
    assert header[header.index("Points") + 1 :] == names
    assert [r["Name"] for r in rows[:3]] == [f"P{i}" for i in top_three]


def test_every_tiebreak_name_is_accepted_in_the_settings_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """All seven names, in any order, typed in the Settings sheet (case and
    hyphens as organisers type them) become the Standings columns in that
    order."""
    t = five_players()
    book = new_book(t.settings, t.players)
    path = book.save(tmp_path / "cup.xlsx")
    set_setting(
        path,
        "Tiebreaks",
        "wins, direct encounter, CUMULATIVE, Sonneborn Berger, median buchholz, "
        "Buchholz cut 1, buchholz",
    )
    cli(capsys, "standings", path)
    header, _ = standings_rows(path)
    assert header[header.index("Points") + 1 :] == list(reversed(ALL_TIEBREAKS))


# ======================================================= The Oware workbook (issue)


@pytest.fixture
def oware_book(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """Seven Oware players without ranks or ratings, three rounds paired and
    simulated through the command line."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Club"),
        [
            ("Mensah", "Kofi", "Accra"),
            ("Boateng", "Ama", "Kumasi"),
            ("Owusu", "Yaw", "Accra"),
            ("Asante", "Akua", "Tamale"),
            ("Ferrer", "Núria", "Barcelona"),
            ("Puig", "Jordi", "Girona"),
            ("Vidal", "Laia", "Lleida"),
        ],
    )
    book = tmp_path / "oware.xlsx"
    cli(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "17")
    for _ in range(3):
        cli(capsys, "pair", book)
        cli(capsys, "simulate", book)
    return book


def test_oware_sheets_speak_of_first_and_second_player(oware_book: Path) -> None:
    """Issue: «writes a workbook whose sheets speak of the first and second
    player instead of Black and White, and hide handicap and komi». Every round
    sheet has Table, First player, Second player, Result; the Players and
    Standings sheets have no Rank column; the Settings sheet has no Komi; no
    column anywhere is about handicap, komi, rank, White or Black."""
    workbook = load_workbook(oware_book)
    assert workbook.sheetnames == [
        "Settings",
        "Players",
        "Round 1",
        "Round 2",
        "Round 3",
        "Standings",
    ]
    for number in (1, 2, 3):
        header = [c.value for c in workbook[f"Round {number}"][1]]
        assert header == ["Table", "First player", "Second player", "Result"]
    labels = [row[0] for row in workbook["Settings"].iter_rows(values_only=True)]
    assert "Komi" not in labels and "McMahon groups" not in labels
    assert setting(oware_book, "Game") == "oware"
    forbidden = re.compile(r"handicap|komi|rank|white|black|mms|group", re.IGNORECASE)
    for name in ("Players", "Standings", "Round 1"):
        header = [c.value for c in workbook[name][1] if c.value is not None]
        assert not [h for h in header if forbidden.search(str(h))], (name, header)


def test_oware_crosstable_uses_1_and_2(oware_book: Path) -> None:
    """The Standings crosstable writes /1 for the player who moved first and /2
    for the second (not /w, /b): in every round, the first player's cell ends
    in /1 and names the second player's line, and the other way round."""
    header, rows = standings_rows(oware_book)
    line = {f"{r['Name']} {r['First name']}": r["No."] for r in rows}
    cell = {f"{r['Name']} {r['First name']}": r for r in rows}
    pattern = re.compile(r"^(\d+)(\+|-|=|\+!|-!)/([12])$")
    for number in (1, 2, 3):
        lines = round_tables(oware_book, number)
        for table, first, second, _result in lines:
            if table == "Bye":
                assert cell[first][f"R{number}"] == "bye"
                continue
            a = pattern.match(cell[first][f"R{number}"])
            b = pattern.match(cell[second][f"R{number}"])
            assert a and b, (cell[first][f"R{number}"], cell[second][f"R{number}"])
            assert (int(a.group(1)), a.group(3)) == (line[second], "1")
            assert (int(b.group(1)), b.group(3)) == (line[first], "2")
    assert "Rank" not in header


def test_go_vocabulary_stays_for_go() -> None:
    """Control: a Swiss tournament of Go keeps White and Black, handicap and
    komi in its round sheets, and /w, /b in its crosstable."""
    headers = round_headers(Settings.preset("swiss", "go", rounds=3))
    assert "White" in headers and "Black" in headers and "Komi" in headers
    r1 = Round(1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),))
    t = Tournament(Settings.preset("swiss", "go", rounds=3), lettered(2), (r1,))
    rows = standings_sheet(t).rows
    assert {row[7] for row in rows} == {"2+/w", "1-/b"}


def test_simulated_oware_results_are_oware_results(oware_book: Path) -> None:
    """Simulated Oware results are wins, losses and draws ("½-½", Oware can end
    24–24) — scores add up to one point per game, and a bye gives 1."""
    _, rows = standings_rows(oware_book)
    total = sum(r["Points"] for r in rows)
    # Seven players, three rounds: three games and one bye a round.
    assert total == 3 * (3 + 1)
    for number in (1, 2, 3):
        results = [r for t, _a, _b, r in round_tables(oware_book, number) if t != "Bye"]
        assert set(results) <= {"1-0", "0-1", "½-½"}
        assert len(results) == 3


def test_a_random_field_plays_all_proposed_rounds() -> None:
    """Sanity of the whole: 20 players with ratings play the proposed 6 rounds
    (1.3 · log2 20 = 5.62) with random results, no pair twice."""
    lot = random.Random(5)
    t = Tournament(oware(rounds=None, random_seed=5), lettered(20))
    assert t.settings.rounds_for(20) == 6
    for _ in range(6):
        pairing = pair_next_round(t)
        games = tuple(
            Game(g.table, g.white, g.black, 0, 0.0, lot.choice(list(Result)[:3]))
            for g in pairing.games
        )
        assert not pairs_of(pairing) & t.have_met()
        t = t.with_round(Round(pairing.round_number, games, pairing.byes))
    assert len(t.rounds) == 6
