"""The standings as every picture draws them (sheet, printed pack, pages, results files), for
each system's ranking: its columns, the places, each round's cell in OpenGotha's notation
(a forfeit's ``!``, the handicap, a bye, an absence, a result still to come), the columns a
phone shows, and McMahon's groups."""

from __future__ import annotations

from fractions import Fraction

from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.scorecard import round_entries
from gosheet.core.settings import Settings
from gosheet.core.standings_table import StandingsModel, crosstable_cell, exact, standings_model

PLAYERS = (
    Player(1, "Lee", rank=-5, rating=1600),
    Player(2, "Kim", rank=2, rating=2300),
    Player(3, "Ito", rank=-25, rating=600),
    Player(4, "Abe", rank=-1, rating=2000, not_playing=frozenset({1})),
)
#: Round 1: Kim wins against Lee by forfeit, Ito has the bye, Abe is away. Round 2: Ito
#: (Black, two stones) beats Lee; Abe and Kim's result is still to come.
ROUNDS = (
    Round(1, (Game(1, 2, 1, result=Result.WHITE_WINS_BY_FORFEIT),), byes=(3,)),
    Round(2, (Game(1, 1, 3, handicap=2, komi=0.5, result=Result.BLACK_WINS), Game(2, 4, 2))),
)


def model_of(settings: Settings) -> StandingsModel:
    return standings_model(Tournament(settings, PLAYERS, ROUNDS))


def test_swiss_ranks_the_whole_field_by_points_then_the_tiebreaks() -> None:
    model = model_of(Settings.preset("swiss", rounds=3))
    assert model.keys == (
        *("No.", "Place", "Name", "First name", "Rank", "Rating", "Club", "R1", "R2"),
        *("Points", "Buchholz", "Buchholz cut 1", "Sonneborn-Berger", "Wins"),
    )
    rounds, points, buchholz = model.index("R1"), model.index("Points"), model.index("Buchholz")
    assert [
        (r.place, r.player.surname, *r.values[rounds : rounds + 2], r.values[points])
        for r in model.rows
    ] == [
        (1, "Ito", "bye", "3+/b2", 2),
        (2, "Kim", "3+!/w", "4?/b", 1),
        (3, "Lee", "2-!/b", "1-/w2", 0),
        (4, "Abe", "-", "2?/w", 0),
    ]
    # Lee and Abe share 0 points; Lee's opponent Ito (2 points, the game played) puts him third
    assert [r.values[buchholz] for r in model.rows[2:]] == [2, 0]
    assert model.criteria == tuple(range(points, points + 5))
    assert model.deciding() == list(model.criteria) and model.rounds == 2
    (group,) = model.groups
    assert group.number is None and group.rows == model.rows and not model.grouped


def test_another_game_shows_no_rank_and_marks_who_moved_first() -> None:
    model = model_of(Settings.preset("swiss", "oware", rounds=3))
    assert "Rank" not in model.keys
    r1, r2 = model.index("R1"), model.index("R2")
    assert [(r.values[r1], r.values[r2]) for r in model.rows] == [
        ("bye", "3+/22"),
        ("3+!/1", "4?/2"),
        ("2-!/2", "1-/12"),
        ("-", "2?/1"),
    ]


def test_fus_ranks_by_level_then_coefficient_then_wins_with_each_round_s_step() -> None:
    model = model_of(Settings.preset("fus", rounds=3))
    assert model.keys[7:] == (
        *("Start level", "R1", "R2", "Step 1", "Step 2"),
        *("Level", "Wins", "Losses", "FUS coefficient"),
    )
    assert [model.keys[k] for k in model.criteria] == ["Level", "FUS coefficient", "Wins"]
    assert [r.values[:3] + r.values[7:] for r in model.rows] == [
        (1, 1, "Kim", 46, "3+!/w", "2?/b", 1, 0, 47, 1, 0, 94),
        (2, 2, "Abe", 40, "-", "1?/w", 0, 0, 40, 0, 0, 80),
        (3, 3, "Lee", 32, "1-!/b", "4-/w2", 0, 0, 32, 0, 2, 66),
        (4, 4, "Ito", 12, "bye", "3+/b2", 1, 2, 15, 2, 0, 28),
    ]
    # the phone's short table: the criteria and the main score among them
    assert [model.keys[k] for k in model.deciding()] == ["Level", "Wins", "FUS coefficient"]


def test_mcmahon_ranks_each_group_apart() -> None:
    model = model_of(Settings(rounds=3, mcmahon_groups=McMahonGroups.parse("2")))
    assert model.grouped and model.keys[:3] == ("No.", "Group", "Place")
    assert [(g.number, [(r.line, r.place, r.player.surname) for r in g.rows]) for g in
            model.groups] == [
        (1, [(1, 1, "Kim"), (2, 2, "Abe")]),
        (2, [(3, 1, "Ito"), (4, 2, "Lee")]),
    ]  # fmt: skip
    assert [model.keys[k] for k in model.criteria] == ["Wins", "SOS", "SODOS"]
    assert [model.keys[k] for k in model.deciding()] == ["Wins", "MMS", "SOS", "SODOS"]


def test_a_single_cell_in_opengotha_s_notation() -> None:
    line_of = {p.number: k for k, p in enumerate(PLAYERS, start=1)}
    entries = round_entries(ROUNDS, (p.number for p in PLAYERS))
    cells = [[crosstable_cell(entries[p.number][k], line_of) for p in PLAYERS] for k in range(2)]
    assert cells == [["2-!/b", "1+!/w", "bye", "-"], ["3-/w2", "4?/b", "1+/b2", "2?/w"]]
    assert crosstable_cell(entries[1][1], line_of, "oware") == "3-/12"


def test_a_criterion_s_value_is_exact() -> None:
    assert exact(3) == Fraction(3) and exact(Fraction(5, 2)) == Fraction(5, 2)
