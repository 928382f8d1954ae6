"""The simulation study behind the README's FUS-versus-McMahon figures."""

from __future__ import annotations

import random

import pytest
from support.cli import cli_ok

from gosheet.core.study import draw_field, spearman, study
from gosheet.frontends.cli import main


def test_spearman_by_hand() -> None:
    truth = {1: 300, 2: 200, 3: 100}
    assert spearman([1, 2, 3], truth) == 1.0
    assert spearman([3, 2, 1], truth) == -1.0
    # one swap of neighbours among 3: d² = 1 + 1 = 2 → 1 − 6·2 / (3·8) = 0.5
    assert spearman([2, 1, 3], truth) == 0.5


def test_both_systems_meet_the_same_fields() -> None:
    first, truth_a = draw_field(12, random.Random("7:0"), 150)
    again, truth_b = draw_field(12, random.Random("7:0"), 150)
    assert first == again and truth_a == truth_b
    assert any(truth_a[p.number] != p.rating for p in first)  # ratings lag the truth


def test_a_study_is_repeatable_and_its_measures_are_sound() -> None:
    fus = study("fus", tournaments=4, players=12, rounds=4, seed=3)
    assert fus == study("fus", tournaments=4, players=12, rounds=4, seed=3)
    assert fus.games == 4 * 4 * 6
    assert 0 <= fus.even_share <= fus.half_stone_share <= 1
    assert fus.mean_handicap > 0  # a spread field cannot be all even
    assert -1 <= fus.order_correlation <= 1
    mcmahon = study("mcmahon", tournaments=4, players=12, rounds=4, seed=3)
    assert mcmahon.even_share == 1 and mcmahon.mean_handicap == 0
    assert mcmahon.order_correlation > 0.5  # strength shows through five results


def test_simulate_without_a_workbook_prints_the_comparison(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = cli_ok(capsys, "simulate", "--tournaments", "3", "--players", "10", "--rounds", "3")
    lines = out.splitlines()
    assert lines[0].startswith("3 tournaments of 10 players, 3 rounds")
    assert lines[2].split()[0] == "fus" and lines[3].split()[0] == "mcmahon"
    assert lines[3].split()[1:4] == ["45", "100.0%", "100.0%"]


def test_a_study_with_impossible_numbers_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--tournaments", "0"])
    assert stop.value.code == 2
