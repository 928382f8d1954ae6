"""The pairing systems as types (issue 23): every registry entry answers every question a
system is asked, each system under each of its rules has one entry, and the system and the
rules are read from and written to the Settings sheet by their names, as before."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gosheet.core.fields import SYSTEMS
from gosheet.core.kinds import Ranking, Rules, System
from gosheet.core.model import Player, Tournament
from gosheet.core.pairing import Pairing, Weighing
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import FIELD_BY_LABEL
from gosheet.core.systems import (
    BY_KIND,
    REGISTRY,
    PairingSystem,
    default_system,
    system_for,
    system_of,
)
from gosheet.core.systems import (
    SYSTEMS as ENTRIES,
)


def small_field(system: PairingSystem) -> Tournament:
    settings = Settings.preset(system.kind, rules=system.rules, rounds=3)
    players = tuple(
        Player(k, f"P{k}", "X", -k, 2100 - 100 * k, f"C{k % 3}", "FR") for k in range(1, 7)
    )
    return Tournament(settings, players)


@pytest.mark.parametrize("system", ENTRIES, ids=lambda s: s.name)
def test_every_entry_answers_every_question(system: PairingSystem) -> None:
    t = small_field(system)
    assert system_of(t.settings) is system is REGISTRY[system.name]
    assert system_for(system.kind, system.rules) is system
    assert isinstance(system.kind, System) and isinstance(system.rules, Rules)
    assert system.name == (f"opengotha-{system.kind}" if system.opengotha else system.kind)
    assert system.title and system.title.endswith(system.kind.display_name)
    # how it pairs and weighs, and how the weights are shown
    pairing = system.pair(t)
    assert isinstance(pairing, Pairing) and len(pairing.games) == 3
    assert isinstance(system.weigh(t), Weighing)
    assert system.weights_shown in ("packed", "criteria", "summed")
    assert system.packed == (system.weights_shown != "criteria")
    # how it ranks
    assert isinstance(system.ranking, Ranking)
    assert isinstance(system.scores_wins, bool)
    # what a round without a game scores
    for bye in (True, False):
        assert isinstance(system.unplayed_points(t.settings, bye=bye), Fraction)
    # the rounds
    assert isinstance(system.rounds_proposed, bool) and system.rounds_rule
    assert system.kind.propose_rounds(10) >= 1
    # beside a name, and which columns
    assert set(system.strength(t)) == {p.number for p in t.players}
    assert system.strength_label in ("rank", "level")
    assert isinstance(system.needs_strength, bool)
    for flag in (system.mcmahon_groups, system.tiers, system.levels_as_played, system.opengotha):
        assert isinstance(flag, bool)
    # the system an OpenGotha file of it names
    assert system.opengotha_file.opengotha_rules
    assert not system.opengotha or system.opengotha_file is system.kind


def test_each_system_under_each_of_its_rules_has_one_entry() -> None:
    allowed = set()
    for kind in System:
        for rules in Rules:
            try:
                Settings.preset(kind, rules=rules)
            except ValueError:
                continue
            allowed.add((kind, rules))
    assert set(BY_KIND) == allowed and len(ENTRIES) == len(allowed) == len(REGISTRY)
    assert tuple(s.name for s in ENTRIES if not s.opengotha) == SYSTEMS


def test_the_answers_are_the_systems_own() -> None:
    mcmahon, fus = system_for(System.MCMAHON), system_for(System.FUS)
    swiss, rr = system_for(System.SWISS), system_for(System.ROUND_ROBIN)
    og_mcmahon = system_for(System.MCMAHON, Rules.OPENGOTHA)
    og_swiss = system_for(System.SWISS, Rules.OPENGOTHA)
    assert [s.title for s in ENTRIES] == [
        "McMahon",
        "FUS",
        "Swiss",
        "Round robin",
        "OpenGotha's McMahon",
        "OpenGotha's Swiss",
    ]
    assert [s.name for s in (swiss, og_swiss)] == ["swiss", "opengotha-swiss"]
    assert [s.rounds_proposed for s in ENTRIES] == [False, False, True, True, False, True]
    assert rr.rounds_rule.startswith("all play all") and swiss.rounds_rule.startswith("round(")
    assert [s.ranking for s in ENTRIES] == ["mcmahon", "fus", "swiss", "swiss", *["opengotha"] * 2]
    assert [s.scores_wins for s in ENTRIES] == [True, True, False, False, True, False]
    assert [s.needs_strength for s in ENTRIES] == [True, True, False, False, True, False]
    assert fus.strength_label == "level" and fus.levels_as_played and not fus.packed
    assert mcmahon.mcmahon_groups and swiss.tiers and og_mcmahon.opengotha
    files = ["mcmahon", "mcmahon", "swiss", "mcmahon", "mcmahon", "swiss"]
    assert [s.opengotha_file for s in ENTRIES] == files
    settings = Settings.preset("mcmahon", bye_points=Fraction(1, 2))
    assert mcmahon.unplayed_points(settings, bye=True) == Fraction(1, 2)
    assert fus.unplayed_points(settings, bye=True) == 1
    assert fus.unplayed_points(settings, bye=False) == 0
    og = Settings.preset("swiss", rules="opengotha").opengotha
    assert og_swiss.unplayed_points(Settings.preset("swiss", rules="opengotha"), bye=False) == (
        og.nbw_absent
    )
    assert default_system("go") is System.MCMAHON and default_system("oware") is System.SWISS


def test_the_settings_hold_members_and_write_names() -> None:
    by_name, by_member = Settings.preset("fus"), Settings.preset(System.FUS)
    assert by_name == by_member and by_name.system is System.FUS
    assert Settings(system="swiss", rules="gosheet", rounds=None).system is System.SWISS  # type: ignore[arg-type]
    assert Settings.preset("swiss", rules="opengotha").rules is Rules.OPENGOTHA
    rows = {label: value for label, value, _ in Settings.preset("swiss").rows()}
    assert rows["System"] == "swiss" and type(rows["System"]) is str
    assert type(rows["Pairing rules"]) is str and rows["Pairing rules"] == "gosheet"
    assert f"{System.ROUND_ROBIN}" == str(System.ROUND_ROBIN) == "roundrobin"
    assert f"{System.FUS:>8}" == "     fus"


@pytest.mark.parametrize(
    ("cell", "kind"),
    [
        ("McMahon", System.MCMAHON),
        ("mac-mahon", System.MCMAHON),
        ("Швейцарская", System.SWISS),
        ("Round Robin", System.ROUND_ROBIN),
        ("lliga", System.ROUND_ROBIN),
        ("FUS", System.FUS),
    ],
)
def test_the_system_is_read_as_organisers_spell_it(cell: str, kind: System) -> None:
    assert FIELD_BY_LABEL["system"].parse(cell) is kind


def test_wrong_names_are_refused_as_before() -> None:
    with pytest.raises(ValueError, match="expected one of: mcmahon, fus, swiss, roundrobin"):
        FIELD_BY_LABEL["system"].parse("chess")
    with pytest.raises(ValueError, match="expected one of: gosheet, opengotha"):
        FIELD_BY_LABEL["pairing rules"].parse("egf")
    with pytest.raises(ValueError, match="System: 'chess': expected one of"):
        Settings.preset("chess")
    with pytest.raises(ValueError, match="System: 'McMahon' is not a valid value"):
        Settings(system="McMahon")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="OpenGotha's rules are for go McMahon and Swiss"):
        Settings.preset("fus", rules="opengotha")
