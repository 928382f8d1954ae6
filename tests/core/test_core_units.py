"""Units of the core: ranks, result codes, settings, lexicographic weights."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gosheet.core.fields import parse_points
from gosheet.core.matching import Criterion, LexicographicWeights, max_weight_matching
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Game, Result
from gosheet.core.ranks import RankError, format_rank, nominal_rating, parse_rank
from gosheet.core.results import ResultError, parse_result
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import FIELDS


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("30k", -30),
        ("1k", -1),
        ("1d", 0),
        ("9d", 8),
        ("1p", 9),
        ("9p", 17),
        ("3 kyu", -3),
        ("2 Dan", 1),
        (" 12K ", -12),
        ("5-k", -5),
    ],
)
def test_rank_spellings(text: str, value: int) -> None:
    assert parse_rank(text) == value


@pytest.mark.parametrize("text", ["31k", "0k", "10d", "0d", "10p", "3x", "", "k3", "dan", None, 3])
def test_bad_ranks(text: object) -> None:
    with pytest.raises(RankError):
        parse_rank(text)


def test_rank_round_trip_and_order() -> None:
    texts = [format_rank(r) for r in range(-30, 18)]
    assert [parse_rank(t) for t in texts] == list(range(-30, 18))
    ratings = [nominal_rating(r) for r in range(-30, 18)]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert nominal_rating(parse_rank("1k")) == 2000
    assert nominal_rating(parse_rank("1d")) == 2100


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("1-0", "1-0"),
        ("0-1", "0-1"),
        ("½-½", "½-½"),
        ("=", "½-½"),
        ("0-0", "0-0"),
        ("1-0!", "1-0!"),
        ("0-1!", "0-1!"),
        ("W+", "1-0"),
        ("B+", "0-1"),
        ("w", "1-0"),
        ("b", "0-1"),
        ("1:0", "1-0"),
        ("0:1", "0-1"),
        ("B+R", "0-1"),
        ("W+3.5", "1-0"),
        ("1–0", "1-0"),
        (" 0 - 1 ", "0-1"),
        ("1/2-1/2", "½-½"),
        ("jigo", "½-½"),
        ("1-0 !", "1-0!"),
        ("0-0!", "0-0!"),
    ],
)
def test_result_spellings(typed: str, code: str) -> None:
    result = parse_result(typed)
    assert result is not None and result.value == code


@pytest.mark.parametrize("typed", ["2-0", "x", "1", 1, 0.5, "W++", "1-2", "B+W"])
def test_unknown_result_codes(typed: object) -> None:
    with pytest.raises(ResultError):
        parse_result(typed)


def test_empty_result_is_none() -> None:
    assert parse_result(None) is None
    assert parse_result("  ") is None


def test_forfeit_flag() -> None:
    assert Result.WHITE_WINS_BY_FORFEIT.by_forfeit
    assert not Result.JIGO.by_forfeit


def test_settings_defaults_round_trip_through_the_field_table() -> None:
    for settings in (
        Settings(rounds=7, komi=7.5, mcmahon_groups=McMahonGroups.parse("2d, 3k")),
        Settings(system="fus", rating_per_level=40, handicap_cap=5, reverse_komi=False),
    ):
        by_label = {f.label: f for f in FIELDS}
        parsed = {by_label[label].attr: by_label[label].parse(v) for label, v, _ in settings.rows()}
        assert Settings(**parsed) == settings


def test_the_settings_sheet_shows_the_settings_of_its_system() -> None:
    mcmahon = [label for label, _, _ in Settings().rows()]
    fus = [label for label, _, _ in Settings(system="fus").rows()]
    assert "McMahon groups" in mcmahon and "Handicap cap" not in mcmahon
    assert "Handicap cap" in fus and "McMahon groups" not in fus
    assert {"Tournament", "System", "Rounds", "Komi", "Random seed"} <= set(mcmahon) & set(fus)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rounds": 0}, "Rounds"),
        ({"komi": 6.3}, "Komi"),
        ({"system": "chess"}, "System"),
        ({"tiebreaks": ("SOS", "XYZ")}, "Tiebreaks"),
        ({"bye_points": Fraction(2)}, "Points for a bye"),
    ],
)
def test_settings_validated_on_construction(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Settings(**changes)  # type: ignore[arg-type]


def test_mcmahon_groups_parse() -> None:
    assert McMahonGroups.parse(4) == McMahonGroups(count=4)
    assert McMahonGroups.parse("1d; 5k; 12k").bounds == (0, -5, -12)
    with pytest.raises(ValueError):
        McMahonGroups.parse("5k, 1d")  # weakest first
    with pytest.raises(ValueError):
        McMahonGroups.parse("many")
    with pytest.raises(ValueError):
        McMahonGroups.parse(0)


def test_points() -> None:
    assert parse_points("½") == Fraction(1, 2)
    assert parse_points(0.5) == Fraction(1, 2)
    assert parse_points("1/2") == Fraction(1, 2)
    with pytest.raises(ValueError):
        parse_points(2)


def test_lexicographic_weights_dominate_over_the_whole_matching() -> None:
    criteria = [Criterion("first", 1), Criterion("second", 10), Criterion("third", 3)]
    weights = LexicographicWeights(criteria, max_edges=4)
    best_low = weights.pack((0, 10, 3)) * 4
    assert weights.pack((1, 0, 0)) > best_low
    assert weights.pack((0, 1, 0)) > weights.pack((0, 0, 3)) * 4
    assert weights.max_weight >= weights.pack((1, 10, 3))
    with pytest.raises(ValueError):
        weights.pack((0, 11, 0))


def _brute_force_best(n: int, weight: dict[tuple[int, int], int]) -> int:
    best = 0

    def walk(free: list[int], total: int) -> None:
        nonlocal best
        best = max(best, total)
        if len(free) < 2:
            return
        first, rest = free[0], free[1:]
        walk(rest, total)  # first stays unmatched
        for k, other in enumerate(rest):
            w = weight.get((first, other))
            if w is not None:
                walk(rest[:k] + rest[k + 1 :], total + w)

    walk(list(range(n)), 0)
    return best


@pytest.mark.parametrize("seed", range(20))
def test_matching_is_optimal_with_both_solvers(seed: int) -> None:
    import random

    rng = random.Random(seed)
    n = rng.randint(2, 9)
    weight = {
        (i, j): rng.randint(1, 50) * (2**125 if seed % 2 else 1)
        for i in range(n)
        for j in range(i + 1, n)
        if rng.random() < 0.7
    }
    edges = [(i, j, w) for (i, j), w in weight.items()]
    limit = max(weight.values(), default=1)
    matched = max_weight_matching(n, edges, max_weight=limit)  # odd seeds: networkx
    vertices = [v for pair in matched for v in pair]
    assert len(vertices) == len(set(vertices))
    assert sum(weight[p] for p in matched) == _brute_force_best(n, weight)


def _brute_force_lexicographic(n: int, cost: dict[tuple[int, int], int]) -> list[int] | None:
    best: list[int] | None = None

    def walk(free: list[int], vector: list[int]) -> None:
        nonlocal best
        if not free:
            if best is None or vector < best:
                best = list(vector)
            return
        first = free[0]
        for k, other in enumerate(free[1:], start=1):
            if (first, other) in cost:
                vector[first] = vector[other] = cost[(first, other)]
                walk(free[1:k] + free[k + 1 :], vector)
        vector[first] = 0

    walk(list(range(n)), [0] * n)
    return best


@pytest.mark.parametrize("bits", [112, 4])
@pytest.mark.parametrize("seed", range(60))
def test_lexicographic_perfect_matching_against_brute_force(seed: int, bits: int) -> None:
    import random

    from gosheet.core.matching import lexicographic_perfect_matching

    rng = random.Random(seed)
    n = rng.choice([2, 4, 6, 8, 10])
    cost = {
        (i, j): rng.randint(0, 6) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.75
    }
    want = _brute_force_lexicographic(n, cost)
    if want is None:
        with pytest.raises(ValueError):
            lexicographic_perfect_matching(n, cost, weight_bits=bits)
        return
    got = [0] * n
    for a, b in lexicographic_perfect_matching(n, cost, weight_bits=bits):
        got[a] = got[b] = cost[(a, b)]
    assert got == want


@pytest.mark.parametrize("seed", range(30))
def test_choose_left_out_takes_the_most_willing_that_keep_the_matching_maximum(seed: int) -> None:
    import itertools
    import random

    from gosheet.core.matching import choose_left_out, maximum_matching_size

    rng = random.Random(seed)
    n = rng.randint(1, 9)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.4]
    preference = list(range(n))
    rng.shuffle(preference)
    left = choose_left_out(n, edges, preference)
    size = maximum_matching_size(n, edges)
    assert len(left) == n - 2 * size
    rest = [(a, b) for a, b in edges if a not in left and b not in left]
    assert maximum_matching_size(n, rest) == size
    # no feasible set is better in preference order (compared as sorted positions)
    rank = {v: i for i, v in enumerate(preference)}
    mine = sorted(rank[v] for v in left)
    for other in itertools.combinations(range(n), len(left)):
        kept = [(a, b) for a, b in edges if a not in other and b not in other]
        if maximum_matching_size(n, kept) == size:
            assert mine <= sorted(rank[v] for v in other)


def test_scores_of_the_new_results() -> None:
    from gosheet.core.model import Outcome
    from gosheet.core.opengotha.scores import POINTS2
    from gosheet.core.scoring import points, wins

    game = Game(1, 1, 2, result=Result.BOTH_WIN)
    assert game.outcome_for(1) is game.outcome_for(2) is Outcome.WIN
    assert Game(1, 1, 2, result=Result.BOTH_WIN_BY_FORFEIT).outcome_for(2) is Outcome.FORFEIT_WIN
    assert Game(1, 1, 2, result=Result.JIGO_BY_FORFEIT).outcome_for(1) is Outcome.JIGO
    assert Result.JIGO_BY_FORFEIT.by_forfeit and not Result.BOTH_WIN.by_forfeit
    assert POINTS2[Result.BOTH_WIN] == POINTS2[Result.BOTH_WIN_BY_FORFEIT] == (2, 2)
    assert POINTS2[Result.JIGO_BY_FORFEIT] == (1, 1)
    assert points(Outcome.JIGO, Settings()) == wins(Outcome.JIGO) == Fraction(1, 2)
