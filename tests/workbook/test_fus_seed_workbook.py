"""The FUS seed (Russian) and ``docs/systems.md`` §2 (the seed's words: §B), number by number.

This part plays whole tournaments through the workbook, as an organiser would: a new book
from the template, then for each round ``actions.pair`` and results typed into the Round
sheet's Result cells with openpyxl; at the end the Standings sheet is read back. The player
whose numbers the seed gives has his results forced by the test (he wins or loses every game
as told); the other players ("fillers") get results by a fixed rule.

Every tournament is also checked against an independent oracle written here from the spec:
each player's start level, steps, level, wins and losses, the levels shown in the Round
sheets, the handicap and komi of every game, the FUS coefficient and the standings order.
The numbers the seed gives are written by hand in each test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import rows_of

from gosheet.app import actions
from gosheet.core.model import Player
from gosheet.core.settings import Settings
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

# ---------------------------------------------------------------- the workbook runner

# A forced player's wish for one round: W win, L loss, = jigo, F win by forfeit,
# f loss by forfeit, B a bye (technical win), - absent (he must be in "Not playing").
WHITE_CODE = {"W": "1-0", "L": "0-1", "=": "½-½", "F": "1-0!", "f": "0-1!"}
BLACK_CODE = {"W": "0-1", "L": "1-0", "=": "½-½", "F": "0-1!", "f": "1-0!"}
# What a result code means for (White, Black): W, L, =, F, f.
OUTCOMES = {
    "1-0": ("W", "L"),
    "0-1": ("L", "W"),
    "½-½": ("=", "="),
    "0-0": ("L", "L"),
    "1-0!": ("F", "f"),
    "0-1!": ("f", "F"),
    "0-0!": ("f", "f"),
}
FILLER_CODES = ("1-0", "0-1", "1-0", "0-1", "½-½", "1-0!", "0-0", "0-1!", "0-0!")


def filler_result(round_number: int, table: int) -> str:
    """Results of games between two fillers: mostly White wins on odd tables."""
    return FILLER_CODES[(round_number + table) % len(FILLER_CODES)] if table > 3 else "1-0"


@dataclass
class Played:
    """What a tournament played through the workbook left in it."""

    settings: Settings
    players: list[Player]
    standings: list[dict[str, Any]]  # the Standings sheet, row by row
    rounds: list[list[dict[str, Any]]]  # each Round sheet, row by row
    outcome: dict[str, list[str]] = field(default_factory=dict)  # name → W/L/=/F/f/B/- a round

    def row(self, name: str) -> dict[str, Any]:
        (found,) = [r for r in self.standings if r["Name"] == name]
        return found

    def steps(self, name: str) -> list[int]:
        row = self.row(name)
        return [row[f"Step {k}"] for k in range(1, self.settings.rounds + 1)]

    def shown_levels(self, name: str) -> list[int | None]:
        """The level next to the player's name in each Round sheet (None: not there)."""
        found: list[int | None] = []
        for rows in self.rounds:
            level = None
            for r in rows:
                if r["White"] == name:
                    level = r["White level"]
                elif r["Black"] == name:
                    level = r["Black level"]
            found.append(level)
        return found

    def place_of(self, name: str) -> int:
        return [r["Name"] for r in self.standings].index(name)


def play_book(
    path: Path,
    settings: Settings,
    players: list[Player],
    forced: dict[str, str],
    filler: Callable[[int, int], str] = filler_result,
    apart: tuple[str, str] | None = None,
) -> Played:
    """Play the whole tournament through the workbook at ``path``; check it against the
    oracle; return what the sheets show. ``apart``: two players the organiser keeps apart
    (a ``Keep apart`` sheet), so that their forced results never meet."""
    assert settings.system == "fus"
    new_book(settings, players).save(path)
    if apart is not None:
        workbook = load_workbook(path)
        sheet = workbook.create_sheet("Keep apart")
        sheet.append(["Player 1", "Player 2", "Until round"])
        sheet.append([*apart, None])
        workbook.save(path)
    names = [p.name for p in players]
    outcome: dict[str, list[str]] = {n: [] for n in names}
    for number in range(1, settings.rounds + 1):
        book = XlsxBook.open(path)
        actions.pair(book)
        book.save()
        workbook = load_workbook(path)
        ws = workbook[f"Round {number}"]
        headers = [c.value for c in ws[1]]
        column = {h: headers.index(h) + 1 for h in ("Table", "White", "Black", "Result")}
        seen: set[str] = set()
        for r in range(2, ws.max_row + 1):
            table = ws.cell(r, column["Table"]).value
            white = ws.cell(r, column["White"]).value
            if table is None:
                continue
            if table == "Bye":
                outcome[white].append("B")
                seen.add(white)
                continue
            black = ws.cell(r, column["Black"]).value
            want_w = forced.get(white, "")[number - 1 : number]
            want_b = forced.get(black, "")[number - 1 : number]
            codes = set()
            if want_w:
                assert want_w in WHITE_CODE, f"{white} wants {want_w} but plays in round {number}"
                codes.add(WHITE_CODE[want_w])
            if want_b:
                assert want_b in BLACK_CODE, f"{black} wants {want_b} but plays in round {number}"
                codes.add(BLACK_CODE[want_b])
            assert len(codes) <= 1, f"test set-up: {white} and {black} both forced, round {number}"
            code = codes.pop() if codes else filler(number, table)
            ws.cell(r, column["Result"]).value = code
            outcome[white].append(OUTCOMES[code][0])
            outcome[black].append(OUTCOMES[code][1])
            seen |= {white, black}
        for name in set(names) - seen:
            outcome[name].append("-")
        workbook.save(path)
    book = XlsxBook.open(path)
    actions.update_standings(book)
    book.save()
    workbook = load_workbook(path)
    played = Played(
        settings,
        players,
        rows_of(workbook["Standings"]),
        [rows_of(workbook[f"Round {n}"]) for n in range(1, settings.rounds + 1)],
        outcome,
    )
    for name, wish in forced.items():
        assert "".join(outcome[name]) == wish, f"{name} was forced {wish}, got {outcome[name]}"
    check_against_oracle(played)
    return played


# ---------------------------------------------------------------- the oracle (from the spec)


def spec_start(player: Player, per_level: int) -> int:
    """S = round(rating / per_level), halves up; a rank alone: its nominal EGF rating."""
    # kyu k (rank −k): 2100 − 100k; dan d (rank d − 1): 2000 + 100d; both 2100 + 100·rank
    if player.rating is not None:
        rating = player.rating
    else:
        assert player.rank is not None
        rating = 2100 + 100 * player.rank
    value = Fraction(rating, per_level) + Fraction(1, 2)
    return value.numerator // value.denominator


def spec_steps(results: list[str], settings: Settings) -> tuple[list[int], int, int]:
    """Steps of a result string (W, L, =, F, f, B, -), and the wins and losses."""
    wins = losses = 0
    steps = []
    for t, r in enumerate(results, start=1):
        step = 0
        if r == "W":
            wins += 1
            step = min(max(1, wins - losses), settings.rounds - t + 1)
        elif r in "FB":
            wins += 1
            step = settings.bye_levels
        elif r in "Lf":
            losses += 1
        steps.append(step)
    return steps, wins, losses


def check_against_oracle(played: Played) -> None:
    settings = played.settings
    rounds = settings.rounds
    start = {p.name: spec_start(p, settings.rating_per_level) for p in played.players}
    steps: dict[str, list[int]] = {}
    before: dict[str, list[int]] = {}
    final: dict[str, int] = {}
    wins: dict[str, int] = {}
    for p in played.players:
        s, w, _ = spec_steps(played.outcome[p.name], settings)
        steps[p.name], wins[p.name] = s, w
        before[p.name] = [start[p.name] + sum(s[:k]) for k in range(rounds)]
        final[p.name] = start[p.name] + sum(s)
        row = played.row(p.name)
        assert row["Start level"] == start[p.name], p.name
        assert played.steps(p.name) == s, p.name
        assert row["Level"] == final[p.name], p.name
        assert row["Wins"] == w, p.name
        assert row["Losses"] == sum(1 for r in played.outcome[p.name] if r in "Lf"), p.name

    coefficient = dict.fromkeys(final, 0)
    on_board = dict.fromkeys(final, 0)
    for t, rows in enumerate(played.rounds):
        for r in rows:
            if r["Table"] == "Bye":
                assert r["White level"] == before[r["White"]][t]
                continue
            white, black = r["White"], r["Black"]
            lw, lb = before[white][t], before[black][t]
            # The Round sheet shows both levels before the round; the lower level has Black.
            assert (r["White level"], r["Black level"]) == (lw, lb), (t + 1, white, black)
            assert lw >= lb, f"round {t + 1}: {black} has Black at the higher level"
            h = min(lw - lb, 2 * settings.handicap_cap)
            assert r["Handicap"] == (h + 1) // 2
            if h == 0:
                assert r["Komi"] == settings.komi
            elif h % 2 or not settings.reverse_komi:
                assert r["Komi"] == 0.5
            else:
                assert r["Komi"] == 1 - settings.komi
            if not r["Result"].endswith("!"):  # played on the board
                coefficient[white] += final[black] + lw - lb
                coefficient[black] += final[white] + lb - lw
                on_board[white] += 1
                on_board[black] += 1
    for name in coefficient:  # a round not played on the board: the player's own level
        coefficient[name] += (len(played.rounds) - on_board[name]) * final[name]
    for name, value in coefficient.items():
        assert played.row(name)["FUS coefficient"] == value, name

    keys = [(-r["Level"], -r["FUS coefficient"], -r["Wins"]) for r in played.standings]
    assert keys == sorted(keys), "standings: level, FUS coefficient, wins"
    assert [r["Place"] for r in played.standings] == [
        1 + sum(k < key for k in keys) for key in keys
    ]
    assert sorted(r["Name"] for r in played.standings) == sorted(p.name for p in played.players)


def fillers(ratings: list[int], prefix: str = "Filler") -> list[Player]:
    return [Player(0, f"{prefix}{k:02d}", rating=r) for k, r in enumerate(ratings)]


def roster(*groups: list[Player]) -> list[Player]:
    """Number the players 1..n in the order given."""
    everyone = [p for g in groups for p in g]
    return [
        Player(k, p.surname, p.first_name, p.rank, p.rating, not_playing=p.not_playing)
        for k, p in enumerate(everyone, start=1)
    ]


SPREAD = [2650, 2600, 2550, 2500, 2450, 2400, 2350, 2300, 2250, 2200, 2150, 2100, 2050, 2000]


def fus(rounds: int, **changes: Any) -> Settings:
    return Settings(name="FUS seed", system="fus", rounds=rounds, **changes)


# ---------------------------------------------------------------- whole tournaments


def test_five_wins_of_five_through_the_workbook(tmp_path: Path) -> None:
    """«при всех победах игрок получит сдвиги на (1 + 2 + 3 + 2 + 1 = 9) уровней»: a 2000
    player (level 40) who wins every game has steps 1 2 3 2 1, level 49, and the Round sheets
    show him at 40, 41, 43, 46, 48 before each round."""
    players = roster([Player(0, "Winner", rating=2000)], fillers([*SPREAD, 1950]))
    played = play_book(tmp_path / "t.xlsx", fus(5), players, {"Winner": "WWWWW"})
    row = played.row("Winner")
    assert row["Start level"] == 40
    assert played.steps("Winner") == [1, 2, 3, 2, 1]
    assert row["Level"] == 49 and row["Wins"] == 5 and row["Losses"] == 0
    assert played.shown_levels("Winner") == [40, 41, 43, 46, 48]


@pytest.mark.parametrize(
    ("results", "steps", "gain"),
    [
        ("LWWWW", [0, 1, 1, 2, 1], 5),
        ("WLWWW", [1, 0, 1, 2, 1], 5),
        ("WWLWW", [1, 2, 0, 2, 1], 6),
        ("WWWLW", [1, 2, 3, 0, 1], 7),
        ("WWWWL", [1, 2, 3, 2, 0], 8),
    ],
)
def test_one_loss_through_the_workbook(
    tmp_path: Path, results: str, steps: list[int], gain: int
) -> None:
    """«При проигрыше в 1-м туре он наберет (0+1+1+2+1=5) очков, во 2-м туре - (1+0+1+2+1=5),
    в 3-м - (1+2+0+2+1=6), в 4-м - (1+2+3+0+1=7), в 5-м - (1+2+3+2+0=8) очков»."""
    players = roster([Player(0, "Anomal", rating=2200)], fillers([*SPREAD, 1950]))
    played = play_book(tmp_path / "t.xlsx", fus(5), players, {"Anomal": results})
    row = played.row("Anomal")
    assert row["Start level"] == 44
    assert played.steps("Anomal") == steps
    assert row["Level"] == 44 + gain
    assert (row["Wins"], row["Losses"]) == (4, 1)


def test_ten_wins_of_ten_through_the_workbook(tmp_path: Path) -> None:
    """«В длинном турнире (10 туров) такой победитель получит суммарный сдвиг … в
    (30 = 1 + 2 + 3 + 4 + 5 + 5 + 4 + 3 + 2 + 1) очков»: from 40 to 70."""
    ratings = [*SPREAD, 2700, 2750, 2800, 2850, 2900, 1950, 1900, 1850, 1800]
    players = roster([Player(0, "Winner", rating=2000)], fillers(ratings))
    played = play_book(tmp_path / "t.xlsx", fus(10), players, {"Winner": "W" * 10})
    row = played.row("Winner")
    assert played.steps("Winner") == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    assert row["Start level"] == 40 and row["Level"] == 70
    assert played.shown_levels("Winner") == [40, 41, 43, 46, 50, 55, 60, 64, 67, 69]


@pytest.mark.parametrize(
    ("rating", "results", "start", "steps"),
    [
        (2250, "WWWWW", 45, [1, 2, 3, 2, 1]),
        (2450, "LWWWW", 49, [0, 1, 1, 2, 1]),
        (2300, "WWWWL", 46, [1, 2, 3, 2, 0]),
    ],
)
def test_anomal_overtakes_the_drifting_2500_group(
    tmp_path: Path, rating: int, results: str, start: int, steps: list[int]
) -> None:
    """«В турнире из 5 туров Аномал прибавит 9 уровней, а дрейф лидеров составит 3 уровня.
    Значит, если рейтинг Аномала 2250 или выше, он обгонит дрейфующую группу»; «Он обгонит
    дрейфующую группу, если его рейтинг 2450, а поражение было в 1-м туре, или если его
    рейтинг 2300, а поражение было в 5-м туре».

    The group (rated 2500: level 50) alternates W L W L W: 50 + 1 + 0 + 1 + 0 + 1 = 53.
    The Anomal: 45 + 9, 49 + 5 or 46 + 8 = 54, ahead of the group in the Standings sheet.
    The seed's Anomal overtakes the group without meeting its player: the two are kept apart
    (with the closest levels first, the 2450 Anomal, one level below after round 2, would
    meet him in round 3, and both cannot win it)."""
    group = [Player(0, "Group", rating=2500)]
    anomal = [Player(0, "Anomal", rating=rating)]
    players = roster(anomal, group, fillers([*SPREAD, 1950]))
    played = play_book(
        tmp_path / "t.xlsx",
        fus(5),
        players,
        {"Anomal": results, "Group": "WLWLW"},
        apart=("Anomal", "Group"),
    )
    assert played.steps("Group") == [1, 0, 1, 0, 1]
    assert played.row("Group")["Start level"] == 50
    assert played.row("Group")["Level"] == 53
    assert played.steps("Anomal") == steps
    assert played.row("Anomal")["Start level"] == start
    assert played.row("Anomal")["Level"] == 54
    assert played.place_of("Anomal") < played.place_of("Group")
    assert played.row("Anomal")["Place"] < played.row("Group")["Place"]


def test_anomal_overtakes_a_player_four_ranks_stronger_who_loses_everything(
    tmp_path: Path,
) -> None:
    """«Назовем Аномалом игрока со сравнительно низким рейтингом, который выигрывает все туры.
    В турнире из 5 туров Аномал получит прибавку 9 уровней и обгонит игрока на 4 разряда
    старше, который всем проигрывает»: 1900 → 38 + 9 = 47 against 2300 → 46 + 0 = 46."""
    players = roster(
        [Player(0, "Anomal", rating=1900), Player(0, "Loser", rating=2300)],
        fillers([*SPREAD, 1950, 1900, 1850, 1800]),
    )
    played = play_book(tmp_path / "t.xlsx", fus(5), players, {"Anomal": "WWWWW", "Loser": "LLLLL"})
    assert played.row("Anomal")["Level"] == 47
    assert played.row("Loser")["Level"] == 46
    assert played.steps("Loser") == [0, 0, 0, 0, 0]
    assert played.place_of("Anomal") < played.place_of("Loser")


def test_bye_gives_bye_levels_and_counts_as_a_win(tmp_path: Path) -> None:
    """§2.5: the odd player out — the lowest of the order — gets a technical win: +bye
    levels (here 3), not accelerated, and it counts as a win, so his win in round 2 is
    accelerated: W − L = 2 → step 2 (two rounds remain). Then a loss: 0. 30 + 3 + 2 = 35."""
    players = roster(
        [Player(0, "Lowest", rating=1500)],
        fillers([2000, 1950, 1900, 1850]),
    )
    played = play_book(tmp_path / "t.xlsx", fus(3, bye_levels=3), players, {"Lowest": "BWL"})
    row = played.row("Lowest")
    assert played.rounds[0][-1]["Table"] == "Bye" and played.rounds[0][-1]["White"] == "Lowest"
    assert played.rounds[0][-1]["White level"] == 30
    assert played.rounds[0][-1]["Result"] == "bye"
    assert played.steps("Lowest") == [3, 2, 0]
    assert (row["Level"], row["Wins"], row["Losses"]) == (35, 2, 1)
    assert row["R1"] == "bye"


def test_forfeits_through_the_workbook(tmp_path: Path) -> None:
    """§2.5: a win by forfeit gives the bye levels (here 2), not accelerated, counts as a
    win; a forfeit loss gives 0 and counts as a loss; neither adds to the FUS coefficient.
    F W f W in 4 rounds: 2; W − L = 2 → 2; 0; W − L = 2 but the last round → 1. 40 + 5."""
    players = roster([Player(0, "Forfeits", rating=2000)], fillers([*SPREAD[4:], 1950]))
    played = play_book(tmp_path / "t.xlsx", fus(4, bye_levels=2), players, {"Forfeits": "FWfW"})
    row = played.row("Forfeits")
    assert played.steps("Forfeits") == [2, 2, 0, 1]
    assert (row["Level"], row["Wins"], row["Losses"]) == (45, 3, 1)
    assert "+!" in row["R1"]
    assert "-!" in row["R3"]
    # The round 1 opponent lost by forfeit: step 0, one loss.
    (game,) = [g for g in played.rounds[0] if "Forfeits" in (g["White"], g["Black"])]
    opponent = game["Black"] if game["White"] == "Forfeits" else game["White"]
    assert played.steps(opponent)[0] == 0
    assert played.outcome[opponent][0] == "f"


def test_absence_gives_nothing(tmp_path: Path) -> None:
    """§2.5: an announced absence is 0 levels, W and L unchanged: W, absent, W, W in 4
    rounds: 1; 0; W − L = 2 → 2 (two rounds remain); the last round → 1. 40 + 4."""
    absent = Player(0, "Absent", rating=2000, not_playing=frozenset({2}))
    players = roster([absent], fillers([*SPREAD[4:], 1950, 1900]))
    played = play_book(tmp_path / "t.xlsx", fus(4), players, {"Absent": "W-WW"})
    row = played.row("Absent")
    assert played.steps("Absent") == [1, 0, 2, 1]
    assert (row["Level"], row["Wins"], row["Losses"]) == (44, 3, 0)
    assert played.shown_levels("Absent") == [40, None, 41, 43]
    assert row["R2"] == "-"


def test_jigo_gives_nothing(tmp_path: Path) -> None:
    """§2.5: jigo (integer komi) is 0 levels and neither a win nor a loss: W = W L in 4
    rounds: 1; 0; W − L = 2 → 2; 0. 40 + 3, 2 wins, 1 loss."""
    players = roster([Player(0, "Jigo", rating=2000)], fillers([*SPREAD[4:], 1950]))
    played = play_book(tmp_path / "t.xlsx", fus(4, komi=7.0), players, {"Jigo": "W=WL"})
    row = played.row("Jigo")
    assert played.steps("Jigo") == [1, 0, 2, 0]
    assert (row["Level"], row["Wins"], row["Losses"]) == (43, 2, 1)
    (game,) = [g for g in played.rounds[1] if "Jigo" in (g["White"], g["Black"])]
    assert game["Result"] == "½-½"
    opponent = game["Black"] if game["White"] == "Jigo" else game["White"]
    assert played.steps(opponent)[1] == 0


def test_round_sheet_shows_levels_and_the_lower_level_takes_black(tmp_path: Path) -> None:
    """§2.3: h = |Lv(A,T) − Lv(B,T)|; the lower level takes Black. Round 1 of four players
    rated 2400, 2300, 2000, 1900 (levels 48, 46, 40, 38): 48–46 and 40–38, each h = 2: one
    stone and reverse komi 1 − 6.5 = −5.5, the higher level White."""
    players = roster(fillers([2400, 2300, 2000, 1900], "P"))
    played = play_book(tmp_path / "t.xlsx", fus(2), players, {})
    first = [
        (r["White"], r["White level"], r["Black"], r["Black level"], r["Handicap"], r["Komi"])
        for r in played.rounds[0]
    ]
    assert first == [("P00", 48, "P01", 46, 1, -5.5), ("P02", 40, "P03", 38, 1, -5.5)]


# ---------------------------------------------------------------- the FUS coefficient


def test_fus_coefficient_is_buchholz_when_every_game_is_even(tmp_path: Path) -> None:
    """«Если минимизация форы была успешной, и все (Ур(А,Т)-Ур(Б,Т))=0, тогда коэффициент ФУС
    сводится к коэффициенту Бухгольца»: eight players of one rating, three rounds, every game
    between equal levels (checked), so the coefficient is the sum of the opponents' final
    levels, computed here from the Round sheets and the final levels.

    White wins every game. Round 1: four games at 40. Round 2: the four winners (41) play
    each other, the losers (40) too. Round 3 (a win is +1 now): the two with two wins (43)
    meet, the four with one win (41) play among themselves, the two with none (40) meet.
    Final levels 44, 43, 42, 42, 41, 41, 41, 40."""
    players = roster(fillers([2000] * 8, "Even"))
    played = play_book(tmp_path / "t.xlsx", fus(3), players, {}, lambda _round, _table: "1-0")
    games = [r for rows in played.rounds for r in rows if r["Table"] != "Bye"]
    assert len(games) == 12
    assert all(r["White level"] == r["Black level"] for r in games), "not all games even"
    final = {r["Name"]: r["Level"] for r in played.standings}
    buchholz = dict.fromkeys(final, 0)
    for r in games:
        if not r["Result"].endswith("!"):
            buchholz[r["White"]] += final[r["Black"]]
            buchholz[r["Black"]] += final[r["White"]]
    assert {r["Name"]: r["FUS coefficient"] for r in played.standings} == buchholz
    assert sorted(final.values()) == [40, 41, 41, 41, 42, 42, 43, 44]
