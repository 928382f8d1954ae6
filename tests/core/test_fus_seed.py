"""The FUS seed (Russian) and ``docs/systems.md`` §2 (the seed's words: §B), number by number.

This part: the pure core's units — start level, win step, handicap and the FUS
coefficient on hand-made tournaments (:mod:`gosheet.core.systems`). Whole
tournaments played through the workbook, checked against an oracle written from
the spec: ``workbook/test_fus_seed_workbook``.

The numbers the seed gives are written by hand in each test.
"""

from __future__ import annotations

import pytest

from gosheet.core.model import Game, Outcome, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems.fus import handicap_for
from gosheet.core.systems.fus_levels import (
    fus_coefficient,
    fus_records,
    fus_standings,
    start_level,
    win_step,
)

# ---------------------------------------------------------------- units: start level, step


@pytest.mark.parametrize(
    ("rating", "level"),
    [(2500, 50), (2250, 45), (2450, 49), (2300, 46), (2000, 40), (2224, 44), (2225, 45)],
)
def test_start_level_is_rating_over_50(rating: int, level: int) -> None:
    """«рейтинг влияет лишь на стартовые очки»; 1 level = ½ stone = 50 EGF points, so a
    2250 player starts at 45 and a 2500 player at 50 (halves rounded up: 2225 → 45)."""
    assert start_level(Player(1, "X", rating=rating), Settings(system="fus")) == level


@pytest.mark.parametrize(("rank", "level"), [(0, 42), (-1, 40), (3, 48), (-20, 2)])
def test_start_level_of_a_rank_only(rank: int, level: int) -> None:
    """No rating: the rank's nominal EGF rating (1d 2100 → 42, 1k 2000 → 40, 4d 2400 → 48,
    20k 100 → 2)."""
    assert start_level(Player(1, "X", rank=rank), Settings(system="fus")) == level


def test_start_level_with_another_scale() -> None:
    """Rating points per level is a setting: 2000 / 40 = 50; 2020 / 40 = 50.5 → 51."""
    config = Settings(system="fus", rating_per_level=40)
    assert start_level(Player(1, "X", rating=2000), config) == 50
    assert start_level(Player(1, "X", rating=2020), config) == 51


def steps_of(results: str, rounds: int) -> list[int]:
    """win_step applied along a W/L string (a loss is 0)."""
    wins = losses = 0
    steps = []
    for t, r in enumerate(results, start=1):
        if r == "W":
            wins += 1
            steps.append(win_step(wins, losses, rounds, t))
        else:
            losses += 1
            steps.append(0)
    return steps


def test_win_step_five_wins_of_five() -> None:
    """«в коротком турнире (5 туров) при всех победах игрок получит сдвиги на
    (1 + 2 + 3 + 2 + 1 = 9) уровней и максимальный скачок 3 уровня»."""
    assert steps_of("WWWWW", 5) == [1, 2, 3, 2, 1]


def test_win_step_ten_wins_of_ten() -> None:
    """«В длинном турнире (10 туров) такой победитель получит суммарный сдвиг относительно
    своих стартовых очков в (30 = 1 + 2 + 3 + 4 + 5 + 5 + 4 + 3 + 2 + 1) очков и
    максимальный скачок 5 уровней»."""
    steps = steps_of("W" * 10, 10)
    assert steps == [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]
    assert sum(steps) == 30 and max(steps) == 5


@pytest.mark.parametrize(
    ("results", "steps"),
    [
        ("LWWWW", [0, 1, 1, 2, 1]),
        ("WLWWW", [1, 0, 1, 2, 1]),
        ("WWLWW", [1, 2, 0, 2, 1]),
        ("WWWLW", [1, 2, 3, 0, 1]),
        ("WWWWL", [1, 2, 3, 2, 0]),
    ],
)
def test_win_step_one_loss(results: str, steps: list[int]) -> None:
    """«При проигрыше в 1-м туре он наберет (0+1+1+2+1=5) очков, во 2-м туре - (1+0+1+2+1=5),
    в 3-м - (1+2+0+2+1=6), в 4-м - (1+2+3+0+1=7), в 5-м - (1+2+3+2+0=8) очков»."""
    assert steps_of(results, 5) == steps


def test_win_step_rules() -> None:
    """«Победа в первом туре или после поражений сдвигает уровень игрока на 1 турнирное очко
    (полкамня)»; «с каждой новой победой шаг увеличивается на 1 уровень»; «Нельзя скакнуть
    больше, чем на (число оставшихся туров + 1). Победа в последнем туре сдвигает уровень на
    одно очко, в предпоследнем - максимум на 2 очка»."""
    assert win_step(1, 0, 10, 1) == 1  # first round
    assert win_step(1, 3, 10, 5) == 1  # after losses
    assert win_step(3, 3, 10, 7) == 1  # wins do not exceed losses
    assert win_step(6, 2, 10, 8) == 3  # W − L = 4, but 3 rounds remain with this one
    assert win_step(9, 0, 20, 9) == 9  # no other limit
    assert win_step(9, 0, 9, 9) == 1  # the last round
    assert win_step(8, 0, 9, 8) == 2  # the one before


def test_alternating_group_drifts_three_levels() -> None:
    """«группа лидеров одного рейтинга, скажем 2500, … играют с чередованием побед и
    поражений, дрейфуя на 1 уровень за 2 тура … дрейф лидеров составит 3 уровня»:
    W L W L W from 50 gives 1 + 0 + 1 + 0 + 1 → 53."""
    assert steps_of("WLWLW", 5) == [1, 0, 1, 0, 1]


# ---------------------------------------------------------------- handicap


@pytest.mark.parametrize("komi", [6.5, 7.0, 0.5])
@pytest.mark.parametrize("reverse", [True, False])
def test_handicap_for_every_difference_up_to_20(komi: float, reverse: bool) -> None:
    """§2.3: h = 0 even game, komi K; h = 2H − 1: H stones, komi 0.5; h = 2H: H stones and
    reverse komi 0.5 − (K − 0.5) = 1 − K (0.5 without reverse komi); never more than 9
    stones — a larger difference plays at the largest handicap, that of h = 18."""
    config = Settings(system="fus", komi=komi, handicap_cap=9, reverse_komi=reverse)
    even_komi = 1 - komi if reverse else 0.5
    expected = {0: (0, komi)}
    for h in range(1, 21):
        stones = min((h + 1) // 2, 9)
        expected[h] = (stones, 0.5 if h % 2 == 1 and h < 18 else even_komi)
    assert expected[1] == (1, 0.5) and expected[2] == (1, even_komi)
    assert expected[17] == (9, 0.5) and expected[19] == expected[20] == (9, even_komi)
    for h in range(21):
        got = handicap_for(h, config)
        assert (got.stones, got.komi) == expected[h], h
        assert handicap_for(-h, config) == got
        assert got.stones <= 9


def test_handicap_cap_below_nine() -> None:
    """With a cap of 3 stones: h = 5 → 3 stones, komi 0.5; h = 6 and beyond → 3 stones and
    reverse komi (K = 6.5: −5.5)."""
    config = Settings(system="fus", komi=6.5, handicap_cap=3)
    assert [(x.stones, x.komi) for x in (handicap_for(h, config) for h in (5, 6, 7, 12))] == [
        (3, 0.5),
        (3, -5.5),
        (3, -5.5),
        (3, -5.5),
    ]


# ---------------------------------------------------------------- the FUS coefficient


def test_fus_coefficient_example_with_handicap_games() -> None:
    """§2.6 and «вклад партии А и Б (в туре Т) в коэффициент для А равен
    (Ур(А,Т)-Ур(Б,Т))-(Ур(А)-Ур(Б))», Ур(А) counted once a round (the same for all equal
    levels): a game adds Lv(B) + (Lv(A,T) − Lv(B,T)), a round not played Lv(A) (issue 16).

    Five rounds; A rated 2400 (48), B 2300 (46), C 2450 (49), D 2500 (50).
    R1, R2: all absent.  R3: A (48, White) – B (46, Black), 1 stone, B wins.
    R4: C (49) – B (47), B wins; A has a bye.  R5: D (50) – B (49), B wins; A has a bye.
    Levels: A 48 → 48 → 49 → 50 (byes +1);  B 46 → 47 → 49 (W − L = 2, 2 rounds left)
    → 50 (last round: +1);  C 49;  D 50.
    FUS(A) = [R3] 50 + (48 − 46) = 52, and 4 rounds not played × 50: 252.
    FUS(B) = [R3] 50 + (46 − 48) = 48, [R4] 49 + (47 − 49) = 47, [R5] 50 + (49 − 50) = 49,
             and R1, R2 not played × 50: 244.
    FUS(C) = [R4] 50 + (49 − 47) = 52, + 4 × 49: 248.   FUS(D) = [R5] 50 + (50 − 49) = 51,
             + 4 × 50: 251.
    The seed's sums, without the 5 × Lv(A): A +2, B −2 − 3 − 1 = −6, D +1: B's games
    were the easiest (he took stones, then met players his final level passed). Before
    issue 16, Lv(A) was dropped once a game, and B (three games) led with 144 > 52 > 51.
    Standings: A, D, B (all 50, by coefficient 252 > 251 > 244), then C (49)."""
    a, b, c, d = 1, 2, 3, 4
    players = (
        Player(a, "A", rating=2400),
        Player(b, "B", rating=2300),
        Player(c, "C", rating=2450),
        Player(d, "D", rating=2500),
    )
    rounds = (
        Round(1),
        Round(2),
        Round(3, (Game(1, a, b, 1, -5.5, Result.BLACK_WINS),)),
        Round(4, (Game(1, c, b, 1, -5.5, Result.BLACK_WINS),), (a,)),
        Round(5, (Game(1, d, b, 1, 0.5, Result.BLACK_WINS),), (a,)),
    )
    t = Tournament(Settings(system="fus", rounds=5), players, rounds)
    records = fus_records(t)
    assert records[a].levels_before[2] == 48 and records[b].levels_before[2] == 46
    assert {n: r.level for n, r in records.items()} == {a: 50, b: 50, c: 49, d: 50}
    assert records[b].steps == (0, 0, 1, 2, 1)
    assert fus_coefficient(records[a], records) == 252
    assert fus_coefficient(records[b], records) == 244
    assert fus_coefficient(records[c], records) == 248
    assert fus_coefficient(records[d], records) == 251
    table = fus_standings(t)
    assert [(row.player.surname, row.place, row.coefficient) for row in table] == [
        ("A", 1, 252),
        ("D", 2, 251),
        ("B", 3, 244),
        ("C", 4, 248),
    ]


def test_fus_coefficient_ignores_forfeits_byes_and_absences() -> None:
    """Byes, forfeits and absent rounds add the seed's term 0 — X's own final level on the
    Buchholz scale (issue 16): X (2000: 40) beats Y (2000: 40) on the board in round 1 (+1),
    wins by forfeit against Z in round 2 (+1), has a bye in round 3 (+1): X = 43. Y: loss,
    bye (+1), win with W − L = 1 → +1: 42. FUS(X) = [R1] 42 + (40 − 40) = 42, and 43 for each
    of the forfeit against Z and the bye (Z's level counts for nothing): 128."""
    x, y, z = 1, 2, 3
    players = tuple(Player(n, name, rating=2000) for n, name in ((x, "X"), (y, "Y"), (z, "Z")))
    rounds = (
        Round(1, (Game(1, x, y, 0, 6.5, Result.WHITE_WINS),), (z,)),
        Round(2, (Game(1, z, x, 0, 6.5, Result.BLACK_WINS_BY_FORFEIT),), (y,)),
        Round(3, (Game(1, y, z, 0, 6.5, Result.WHITE_WINS),), (x,)),
    )
    t = Tournament(Settings(system="fus", rounds=3), players, rounds)
    records = fus_records(t)
    assert records[x].level == 43
    assert [e.outcome for e in records[x].entries] == [
        Outcome.WIN,
        Outcome.FORFEIT_WIN,
        Outcome.BYE,
    ]
    assert records[y].level == 42
    assert fus_coefficient(records[x], records) == 42 + 2 * 43
