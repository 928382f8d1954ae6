"""Two rules OpenGotha 3.51.02 applies otherwise than gosheet did (issue 36, "the pairing gap
closed"), each worked out from OpenGotha's code:

- clubs and countries are compared lower-cased (``Tournament.playersAreInCommonClub``,
  ``playersAreInCommonCountry``, ``playersAreInCommonGroup``: ``toLowerCase()``, no trimming);
- the Swiss bye goes to the least rank + 2 × MMS + 1000 per bye had (``chooseAByePlayer``),
  unless the ``Bye rule`` setting says "fewest wins";
- DC and SDC order the standings (OpenGotha's list) but not the players inside a score group,
  which OpenGotha's pairing reads as 0 (found by tests/formats/test_opengotha_judged_by_opengotha).

Every test runs on both paths of the engine (:mod:`support.engine_paths`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.engine_paths import PATHS, engine_path

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.opengotha import engine
from gosheet.core.opengotha.arrays import backend
from gosheet.core.opengotha.bye import bye_rule_for
from gosheet.core.opengotha.costs import pair_costs
from gosheet.core.settings import Settings

MM = Settings.preset("mcmahon", rules="opengotha", rounds=5)
SWISS = Settings.preset("swiss", rules="opengotha", rounds=5)


@pytest.fixture(autouse=True, params=PATHS)
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    with engine_path(request.param):
        yield request.param


def geography(settings: Settings, ps: tuple[Player, ...], *pairs: tuple[int, int]) -> list[int]:
    prepared = engine.prepare(Tournament(settings, ps))
    at = {p.number: k for k, p in enumerate(prepared.info.players)}
    xp = backend()
    i = xp.array([at[a] for a, _ in pairs], dtype=xp.int64)
    j = xp.array([at[b] for _, b in pairs], dtype=xp.int64)
    values: Any = pair_costs(settings, prepared.info, i, j)["secGeoCost"]
    return list(values.tolist())


def test_zur_and_zur_are_one_club_and_ch_and_ch_one_country() -> None:
    ps = (
        Player(1, "A", "X", -5, 1600, "Zur", "CH"),
        Player(2, "B", "X", -5, 1600, "zur", "ch"),
        Player(3, "C", "X", -5, 1600, "Zur", "CH"),
        Player(4, "D", "X", -5, 1600, "Bern", "CH"),
    )
    same_case, other_case, other_club = geography(MM, ps, (1, 3), (1, 2), (1, 4))
    assert same_case == other_case == 0  # same club, same country: nothing to prefer
    assert other_club > 0


def test_a_club_space_still_makes_another_club_as_in_opengotha() -> None:
    # OpenGotha lower-cases but does not trim: "Zur " is another club than "Zur".
    ps = (Player(1, "A", "X", -5, 1600, "Zur", "CH"), Player(2, "B", "X", -5, 1600, "Zur ", "CH"))
    assert geography(MM, ps, (1, 2))[0] > 0


def test_club_groups_match_their_clubs_whatever_the_case() -> None:
    grouped = MM.replace(club_groups=(("Zurich", ("ZUR", "Winterthur")),))
    ps = (
        Player(1, "A", "X", -5, 1600, "zur", "CH"),
        Player(2, "B", "X", -5, 1600, "winterthur", "CH"),
        Player(3, "C", "X", -5, 1600, "Bern", "CH"),
    )
    in_group, other = geography(grouped, ps, (1, 2), (1, 3))
    assert 0 < in_group < other  # half a club away, as the group's clubs are


def swiss_round_1() -> tuple[tuple[Player, ...], Round]:
    # P01 (10k) lost to P02 (12k); P03 (1k) had the bye in round 1 (a win: NBW 1, and in
    # Swiss MMS counts from 30k: floor 30k, bar 9d). Before round 2:
    #   OpenGotha 3.51: rank + 2·MMS + 1000·byes:
    #     P01: -10 + 2·20 = 30;  P02: -12 + 2·(18 + 1) = 26;  P03: -1 + 2·(29 + 1) + 1000
    #   fewest wins: rank + 40·wins + 1000·byes: P01: -10;  P02: -12 + 40 = 28;  P03: 1039
    ps = (
        Player(1, "P01", "X", -10, 1100),
        Player(2, "P02", "X", -12, 900),
        Player(3, "P03", "X", -1, 2000),
    )
    r1 = Round(1, (Game(1, 1, 2, 0, 6.5, Result.BLACK_WINS),), byes=(3,))
    return ps, r1


def test_the_swiss_bye_follows_opengotha_351s_released_rule_by_default() -> None:
    ps, r1 = swiss_round_1()
    assert SWISS.opengotha.bye_rule == "OpenGotha 3.51"
    prepared = engine.prepare(Tournament(SWISS, ps, (r1,)))
    assert {p.number: w for p, w in prepared.bye_weights} == {1: 30, 2: 26, 3: 1059}
    assert prepared.bye is not None and prepared.bye.number == 2


def test_the_fewest_wins_rule_gives_the_swiss_bye_to_the_fewest_wins() -> None:
    ps, r1 = swiss_round_1()
    settings = SWISS.replace(bye_rule="fewest wins")
    prepared = engine.prepare(Tournament(settings, ps, (r1,)))
    assert {p.number: w for p, w in prepared.bye_weights} == {1: -10, 2: 28, 3: 1039}
    assert prepared.bye is not None and prepared.bye.number == 1


def test_mcmahon_byes_are_the_same_under_both_rules() -> None:
    ps, r1 = swiss_round_1()
    weights = [
        [w for _, w in engine.prepare(Tournament(s, ps, (r1,))).bye_weights]
        for s in (MM, MM.replace(bye_rule="fewest wins"))
    ]
    assert weights[0] == weights[1]


@pytest.mark.parametrize(
    ("attributes", "rule"),
    [
        ({"fullVersionNumber": "3.51.02"}, "OpenGotha 3.51"),
        ({"fullVersionNumber": "3.51"}, "OpenGotha 3.51"),
        ({"gothaVersion": "348", "gothaMinorVersion": "5"}, "OpenGotha 3.51"),
        ({}, "OpenGotha 3.51"),
        ({"fullVersionNumber": "3.52"}, "fewest wins"),
        ({"fullVersionNumber": "3.52.01"}, "fewest wins"),
        ({"fullVersionNumber": "4.0"}, "fewest wins"),
    ],
)
def test_an_import_takes_the_bye_rule_from_the_files_version(
    attributes: dict[str, str], rule: str
) -> None:
    assert bye_rule_for(attributes) == rule


def test_direct_confrontation_does_not_place_players_inside_a_group() -> None:
    # Swiss by NBW, DC. Round 1: Zed beats Abe, Cat beats Dan; round 2: Abe beats Dan, Cat
    # beats Zed. Abe and Zed tie on 1 win and Zed beat Abe: the standings (OpenGotha's list)
    # put Zed first, but inside the group of 1 win OpenGotha's pairing reads DC as 0
    # (makeAutomaticPairing rebuilt its scored players), so the names place Abe first.
    settings = SWISS.replace(placement=("NBW", "DC"), pai_additional_crit2="NULL")
    ps = (
        Player(1, "Zed", "X", -10, 1100),
        Player(2, "Abe", "X", -10, 1100),
        Player(3, "Cat", "X", -10, 1100),
        Player(4, "Dan", "X", -10, 1100),
    )
    r1 = Round(
        1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS), Game(2, 3, 4, 0, 6.5, Result.WHITE_WINS))
    )
    r2 = Round(
        2, (Game(1, 2, 4, 0, 6.5, Result.WHITE_WINS), Game(2, 3, 1, 0, 6.5, Result.WHITE_WINS))
    )
    t = Tournament(settings, ps, (r1, r2))
    prepared = engine.prepare(t)
    info = prepared.info
    order = sorted((int(info.listed[k]), p.surname) for k, p in enumerate(info.players))
    listed = [name for _, name in order]
    assert listed.index("Zed") < listed.index("Abe")  # the standings: DC
    place = {p.surname: int(info.place[k]) for k, p in enumerate(info.players)}
    assert (place["Abe"], place["Zed"]) == (0, 1)  # inside the group: the names
