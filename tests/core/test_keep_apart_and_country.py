"""The director's hand on a pairing: ``Avoid same country`` (case aside in the country
codes), the ``Keep apart`` sheet in FUS (avoided while it can be, paired when nothing else
is left), and a late player's McMahon group by the nearest rank."""

from __future__ import annotations

import pytest

from gosheet.core.groups import assign_groups, start_score
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import KeepApart, Player, Tournament
from gosheet.core.ranks import parse_rank
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round


def pairs(t: Tournament) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for g in pair_next_round(t).games}


def test_avoid_same_country_pairs_across_the_countries() -> None:
    """Four players of one rank, two from France and two from Germany (one typed ``de``):
    McMahon pairs them across the countries when asked, within them otherwise."""
    players = tuple(
        Player(n, f"P{n}", rank=-1, country=c) for n, c in enumerate(["FR", "FR", "de", "DE"], 1)
    )
    plain = Tournament(Settings.preset("mcmahon", rounds=3), players)
    assert pairs(plain) == {frozenset({1, 2}), frozenset({3, 4})}
    avoiding = Tournament(Settings.preset("mcmahon", rounds=3, avoid_same_country=True), players)
    assert pairs(avoiding) == {frozenset({1, 3}), frozenset({2, 4})}


def test_players_without_a_country_are_not_of_one_country() -> None:
    players = tuple(Player(n, f"P{n}", rank=-1, club=c) for n, c in enumerate("AABB", 1))
    settings = Settings.preset("mcmahon", rounds=3, avoid_same_country=True)
    assert pairs(Tournament(settings, players)) == {frozenset({1, 2}), frozenset({3, 4})}


def fus_field(n: int, keep_apart: tuple[KeepApart, ...]) -> Tournament:
    """Two 1k and two 10k: FUS pairs each rank together (no level difference)."""
    ranks = [-1, -1, -10, -10][:n]
    players = tuple(Player(k, f"P{k}", rank=r) for k, r in enumerate(ranks, 1))
    return Tournament(Settings.preset("fus", rounds=3), players, keep_apart=keep_apart)


def test_fus_keeps_apart_two_players_while_another_pairing_seats_everyone() -> None:
    assert pairs(fus_field(4, ())) == {frozenset({1, 2}), frozenset({3, 4})}
    apart = pairs(fus_field(4, (KeepApart(1, 2),)))
    assert frozenset({1, 2}) not in apart and len(apart) == 2


def test_fus_pairs_two_kept_apart_when_they_are_the_only_game() -> None:
    """Two players left: keeping them apart would leave both without a game, so they meet."""
    assert pairs(fus_field(2, (KeepApart(1, 2),))) == {frozenset({1, 2})}


def test_fus_keep_apart_ends_after_its_last_round() -> None:
    """``until`` round 0 (already past): the pair is free to meet again."""
    assert pairs(fus_field(4, (KeepApart(1, 2, until=0),))) == {
        frozenset({1, 2}),
        frozenset({3, 4}),
    }


def test_a_late_player_with_a_rank_nobody_has_joins_the_nearest_rank_s_group() -> None:
    """Groups exist (by count); a 3k arrives and no one is 3k: he joins the group of the
    nearest rank, the stronger one on a tie (2k and 4k are both one away: 2k's group)."""
    grouped = (
        Player(1, "A", rank=parse_rank("2k"), group=1),
        Player(2, "B", rank=parse_rank("4k"), group=2),
        Player(3, "C", rank=parse_rank("10k"), group=3),
    )
    late = Player(4, "Late", rank=parse_rank("3k"))
    weak = Player(5, "Weak", rank=parse_rank("20k"))
    placed = assign_groups(McMahonGroups(3), (*grouped, late, weak))
    assert [p.group for p in placed] == [1, 2, 3, 1, 3]
    assert [start_score(p, 3) for p in placed] == [2, 1, 0, 2, 0]


def test_a_player_without_a_group_has_no_mcmahon_start_score() -> None:
    with pytest.raises(ValueError, match="Late has no McMahon group"):
        start_score(Player(4, "Late", rank=-3), 3)
