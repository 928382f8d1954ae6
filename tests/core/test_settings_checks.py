"""The Settings sheet's cells as an organiser types them: numbers typed as text or as
decimals, points and komi in any notation, yes and no in the workbook's languages, weights
with spaces, and settings that do not go together — each refused with words that say what
to type instead."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gosheet.core.fields import (
    half_points_from_xml,
    half_points_to_xml,
    parse_choice,
    parse_fraction_01,
    parse_int,
    parse_komi,
    parse_language,
    parse_points,
    parse_weight,
    parse_yes_no,
    true_false,
)
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.opengotha.parameters import OpenGothaParameters
from gosheet.core.ranks import format_rank, parse_rank
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import OWN_FIELDS


@pytest.mark.parametrize(("typed", "read"), [(5, 5), (5.0, 5), (" 7 ", 7), ("-2", -2)])
def test_a_whole_number_reads_typed_as_a_number_or_as_text(typed: object, read: int) -> None:
    assert parse_int(-5, 10)(typed) == read


@pytest.mark.parametrize("typed", [True, 5.5, "5 rounds", 11, "-6", None])
def test_a_whole_number_out_of_its_range_is_refused(typed: object) -> None:
    with pytest.raises(ValueError, match="expected a whole number from -5 to 10"):
        parse_int(-5, 10)(typed)


@pytest.mark.parametrize(
    ("typed", "read"),
    [(0, Fraction(0)), ("½", Fraction(1, 2)), ("0,5", Fraction(1, 2)), ("1/2", Fraction(1, 2))],
)
def test_points_are_0_a_half_or_1(typed: object, read: Fraction) -> None:
    assert parse_points(typed) == read


@pytest.mark.parametrize("typed", ["win", "1/0", "2", "0.25"])
def test_other_points_are_refused(typed: object) -> None:
    with pytest.raises(ValueError, match="expected 0, ½ or 1"):
        parse_points(typed)


def test_bye_points_in_an_opengotha_file_are_doubled() -> None:
    assert [half_points_to_xml(Fraction(p, 2)) for p in (0, 1, 2)] == ["0", "1", "2"]
    assert [half_points_from_xml(t) for t in ("0", "1", "2")] == [0, Fraction(1, 2), 1]
    with pytest.raises(ValueError, match="expected 0, ½ or 1"):
        half_points_from_xml("3")
    assert (true_false(True), true_false(False)) == ("true", "false")


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("six and a half", "expected a number such as 6.5"),
        ("6.3", "expected a multiple of 0.5 between -50 and 50"),
        (50.5, "expected a multiple of 0.5 between -50 and 50"),
        ("nan", "expected a multiple of 0.5 between -50 and 50"),
    ],
)
def test_a_komi_that_is_no_half_point_is_refused(typed: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_komi(typed)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        *[(True, True), ("Yes", True), ("да", True), ("oui", True), ("sí", True)],
        *[(False, False), (" NO ", False), ("нет", False), ("non", False), ("0", False)],
    ],
)
def test_yes_and_no_in_the_workbook_s_languages(typed: object, read: bool) -> None:
    assert parse_yes_no(typed) is read


def test_neither_yes_nor_no_is_refused() -> None:
    with pytest.raises(ValueError, match="expected yes or no"):
        parse_yes_no("maybe")


def test_a_choice_not_offered_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="expected one of: TOP, MID, BOT"):
        parse_choice("TOP", "MID", "BOT")("middle")


@pytest.mark.parametrize(
    ("typed", "read"),
    [("1 000 000", 1_000_000), ("1_000", 1000), ("1e11", 10**11), (5e6, 5_000_000), (0, 0)],
)
def test_a_weight_reads_with_spaces_or_as_a_power_of_ten(typed: object, read: int) -> None:
    assert parse_weight(typed) == read


@pytest.mark.parametrize("typed", [True, "heavy", "1.5", 2.5, -1, 10**15 + 1, "1e16"])
def test_a_weight_that_is_no_whole_number_up_to_10_15_is_refused(typed: object) -> None:
    with pytest.raises(ValueError, match="expected a whole number from 0 to 10\\^15"):
        parse_weight(typed)


@pytest.mark.parametrize(("typed", "read"), [("0,5", 0.5), (1, 1.0), ("0", 0.0)])
def test_a_factor_from_0_to_1(typed: object, read: float) -> None:
    assert parse_fraction_01(typed) == read


@pytest.mark.parametrize("typed", ["half", "1.5", "-0.1", "nan"])
def test_a_factor_outside_0_to_1_is_refused(typed: object) -> None:
    with pytest.raises(ValueError, match=r"expected a number from 0 to 1, such as 0\.5"):
        parse_fraction_01(typed)


def test_a_language_not_offered_is_refused_with_those_offered() -> None:
    with pytest.raises(ValueError, match="expected one of: en, ru, fr, ca"):
        parse_language("Deutsch")


def test_mcmahon_groups_as_a_count_or_as_ranks() -> None:
    assert McMahonGroups.parse(4.0) == McMahonGroups(count=4)
    assert str(McMahonGroups.parse(" 4 ")) == "4" and McMahonGroups(4).cell_value() == 4
    by_rank = McMahonGroups.parse("2d; 3k 10k")
    assert by_rank.bounds == tuple(map(parse_rank, ("2d", "3k", "10k")))
    assert by_rank.count == 4 and by_rank.cell_value() == "2d, 3k, 10k"


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        (True, "expected a number of groups, or ranks like '1d, 5k'"),
        ("top, bottom", "expected a number of groups \\(e.g. 3\\) or the lowest rank"),
        ("5k, 1d", "group ranks must go from strongest to weakest, each once"),
        (0, "the number of groups must be 1 to 40"),
        (", ".join(format_rank(r) for r in range(17, 17 - 40, -1)), "at most 40 groups"),
    ],
)
def test_mcmahon_groups_that_cannot_be_made_are_refused(typed: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        McMahonGroups.parse(typed)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"tiebreaks": ("SOS", "SOS")}, "Tiebreaks: .*a tiebreak is named twice"),
        ({"tiebreaks": ("sos",)}, "Tiebreaks: \\('sos',\\) is not a valid value"),
        ({"system": "fus", "rules": "opengotha"}, "OpenGotha's rules are for go McMahon"),
        ({"system": "fus", "rounds": None}, "Rounds: a fus tournament needs its number of rounds"),
        ({"system": "mcmahon", "game": "oware"}, "System: mcmahon is for go; a game of oware uses"),
        ({"system": "swiss", "game": "oware", "rules": "opengotha"}, "OpenGotha's rules"),
    ],
)
def test_settings_that_do_not_go_together_are_refused(changes: dict[str, object], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Settings.preset(**changes)  # type: ignore[arg-type]


def test_opengotha_s_rules_with_its_parameters() -> None:
    settings = Settings.preset("swiss", "go", "opengotha")
    assert isinstance(settings.opengotha, OpenGothaParameters)


def test_opengotha_s_parameters_must_be_opengotha_s() -> None:
    with pytest.raises(ValueError, match="opengotha: 'defaults' is not OpenGotha's parameters"):
        Settings(opengotha="defaults")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("typed", "read"),
    [("Go", "go"), ("baduk", "go"), ("Awalé", "oware"), ("овари", "oware"), ("other", "other")],
)
def test_the_game_in_its_players_words(typed: str, read: str) -> None:
    game = next(f for f in OWN_FIELDS if f.label == "Game")
    assert game.parse(typed) == read


def test_a_game_gosheet_does_not_know_is_refused_with_those_it_knows() -> None:
    game = next(f for f in OWN_FIELDS if f.label == "Game")
    with pytest.raises(ValueError, match="expected one of: go, oware, other"):
        game.parse("chess")


def test_a_game_gosheet_does_not_know_is_refused_with_the_games() -> None:
    with pytest.raises(ValueError, match=r"Game: 'chess' is not a game gosheet knows \(go, oware"):
        Settings(game="chess")
    with pytest.raises(ValueError, match="'chess' is not a game"):
        Settings.preset("swiss", game="chess")
