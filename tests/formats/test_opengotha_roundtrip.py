"""Import → export → import of every OpenGotha file gosheet imports, on real files: the export
is never refused, it reads back as the same tournament (every player, game, bye and setting
OpenGotha reads, and the EGF ``.h9`` of both), and it is a file OpenGotha's importer reads
whole (:func:`what_opengotha_would_not_read`, a model of ``ExternalDocument``'s reading).

OpenGotha itself cannot run here (its jar is not in any registry the tests may reach), so
"OpenGotha reads the export as the same tournament" is shown with gosheet's model of its
reader: ``from_opengotha(read_opengotha(...))`` reads what OpenGotha reads, with its defaults.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from xml.etree.ElementTree import Element, tostring

import pytest
from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped, unused-ignore]
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from support.examples import examples
from support.opengotha import NOW
from support.paths import TESTS

from gosheet import records
from gosheet.app.exchange import export_opengotha, export_results, import_opengotha
from gosheet.core.errors import InputError
from gosheet.core.model import Tournament
from gosheet.core.opengotha.values import DUDD_MODES, PLACEMENT_CRITERIA, SEED_SYSTEMS
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.formats.opengotha.layout import Row
from gosheet.formats.opengotha.xml import GAME_RESULTS, read_opengotha
from gosheet.workbook.xlsx.book import XlsxBook

FIXTURES = TESTS / "fixtures"
FILES = sorted(
    [
        *FIXTURES.glob("opengotha/*/*.xml"),
        *FIXTURES.glob("opengotha-synth/*/*.xml"),
        *FIXTURES.glob("opengotha-exports/*.xml"),
        *FIXTURES.glob("opengotha-roundtrip/*.xml"),
    ]
)
"""Every public OpenGotha fixture."""

# ----------------------------------------------------------- OpenGotha's reader, modelled

MAX_ROUNDS = 20  # Gotha.MAX_NUMBER_OF_ROUNDS
REQUIRED_SETS = (
    "GeneralParameterSet",
    "HandicapParameterSet",
    "PlacementParameterSet",
    "PairingParameterSet",
)
"""The parameter sets importTournamentParameterSetFromXMLFile reads without looking whether
they are there (a missing one stops the reading: NullPointerException)."""
WHOLE_NUMBERS = {
    "GeneralParameterSet": (
        "numberOfRounds",
        "numberOfCategories",
        "genNBW2ValueAbsent",
        "genNBW2ValueBye",
        "genMMS2ValueAbsent",
        "genMMS2ValueBye",
    ),
    "HandicapParameterSet": ("hdCorrection", "hdCeiling"),
    "PairingParameterSet": (
        "paiBaAvoidDuplGame",
        "paiBaRandom",
        "paiBaBalanceWB",
        "paiMaAvoidMixingCategories",
        "paiMaMinimizeScoreDifference",
        "paiMaDUDDWeight",
        "paiMaMaximizeSeeding",
        "paiMaLastRoundForSeedSystem1",
        "paiSeDefSecCrit",
        "paiSeMinimizeHandicap",
        "paiSeAvoidSameGeo",
        "paiSePreferMMSDiffRatherThanSameCountry",
        "paiSePreferMMSDiffRatherThanSameClubsGroup",
        "paiSePreferMMSDiffRatherThanSameClub",
    ),
}
"""Attributes read with Integer.parseInt / Long.parseLong: anything else stops the reading."""
WORDS = {
    "paiMaDUDDUpperMode": DUDD_MODES,
    "paiMaDUDDLowerMode": DUDD_MODES,
    "paiMaSeedSystem1": SEED_SYSTEMS,
    "paiMaSeedSystem2": SEED_SYSTEMS,
}
"""Choices OpenGotha compares exactly (another word is read as its default)."""
BOOLEANS = (
    "genRoundDownNBWMMS",
    "genCountNotPlayedGamesAsHalfPoint",
    "hdBasedOnMMS",
    "paiBaDeterministic",
    "paiMaCompensateDUDD",
    "paiSeNbWinsThresholdActive",
    "paiSeBarThresholdActive",
)
"""Read with Boolean.parseBoolean: anything but ``true`` is false."""
CRITERIA = {"NULL", "Rating", "Rank", "MMS", "NBW", "SOSM", "SOSW", "SOSOSM", "SOSOSW", "DC"}
"""Placement criterion names OpenGotha certainly knows (its long names; with the others of
:data:`PLACEMENT_CRITERIA` as gosheet writes them)."""


def _int(text: str | None) -> bool:
    try:
        int(text or "")
    except ValueError:
        return False
    return True


def what_opengotha_would_not_read(data: bytes) -> list[str]:
    """What of an OpenGotha file ``ExternalDocument.importTournamentFromXMLFile`` would not
    read as written: an element it cannot read (it stops, or drops it) or a value it reads
    otherwise (a default). Empty for a file OpenGotha reads whole and as written."""
    root = fromstring(data)
    if root.tag != "Tournament":
        return [f"root <{root.tag}>"]
    keys, wrong = _players(root)
    rounds_text = next(iter(root.iter("GeneralParameterSet")), Element("x")).get("numberOfRounds")
    rounds = int(rounds_text) if _int(rounds_text) else 0
    if not 1 <= rounds <= MAX_ROUNDS:
        wrong.append(f"numberOfRounds {rounds_text!r}")
    busy: set[tuple[int, str]] = set()
    for n, g in enumerate(root.iter("Game"), 1):  # importGamesFromXMLFile
        players = (g.get("whitePlayer", ""), g.get("blackPlayer", ""))
        numbers = (g.get("roundNumber"), g.get("tableNumber"), g.get("handicap", "0"))
        if not all(_int(x) for x in numbers):
            wrong.append(f"Game {n}: round, table or handicap not a whole number")
            continue
        r = int(g.get("roundNumber", ""))
        if not 1 <= r <= rounds or any(k not in keys for k in players):
            wrong.append(f"Game {n}: round {r} or players {players} OpenGotha would not read")
        if g.get("result") not in GAME_RESULTS:
            wrong.append(f"Game {n}: result {g.get('result')!r} read as RESULT_UNKNOWN")
        for k in players:
            if (r, k) in busy:
                wrong.append(f"Game {n}: {k} twice in round {r}")
            busy.add((r, k))
    bye_rounds: set[int] = set()
    for n, b in enumerate(root.iter("ByePlayer"), 1):  # importByePlayersFromXMLFile
        r = int(b.get("roundNumber", "x")) if _int(b.get("roundNumber")) else 0
        if not 1 <= r <= rounds or b.get("player") not in keys or r in bye_rounds:
            wrong.append(f"Bye {n}: round {r}, player {b.get('player')} (one bye a round)")
        if (r, b.get("player")) in busy:
            wrong.append(f"Bye {n}: {b.get('player')} also plays round {r}")
        bye_rounds.add(r)
    wrong += _parameter_sets(root)
    return wrong


def _players(root: Element) -> tuple[dict[str, Element], list[str]]:
    """The players by key, and what of them importPlayersFromXMLFile would not read."""
    wrong: list[str] = []
    keys: dict[str, Element] = {}
    for n, p in enumerate(root.iter("Player"), 1):  # importPlayersFromXMLFile
        name, first = p.get("name", ""), p.get("firstName", "")
        if not name or not first:  # new Player(…) throws PlayerException
            wrong.append(f"Player {n}: no name or first name")
        if len(p.get("country", "")) not in (0, 2) or len(p.get("club", "")) > 4:
            wrong.append(f"Player {n}: country or club OpenGotha refuses")
        if not _int(p.get("rating")) or not _int(p.get("smmsCorrection", "0")):
            wrong.append(f"Player {n}: rating or smmsCorrection not a whole number")
        elif not -900 <= int(p.get("rating", "")) <= 2949:
            wrong.append(f"Player {n}: rating beyond Player.MIN_RATING..MAX_RATING")
        if p.get("rank") is None or p.get("participating", "1" * 20).strip("01"):
            wrong.append(f"Player {n}: no rank, or participating not 0s and 1s")
        key = (name + first).replace(" ", "").upper()  # Player.computeKeyString
        if key in keys:
            wrong.append(f"Player {n}: key {key} twice")
        keys[key] = p
    return keys, wrong


def _parameter_sets(root: Element) -> list[str]:
    """What of the parameter sets importTournamentParameterSetFromXMLFile would not read."""
    wrong: list[str] = []
    sets = {e.tag: e for e in root.iter() if e.tag.endswith("ParameterSet")}
    wrong += [f"no <{name}>" for name in REQUIRED_SETS if name not in sets]
    for name, attributes in WHOLE_NUMBERS.items():
        element = sets.get(name, Element(name))
        wrong += [
            f"{name}/@{a} {element.get(a)!r}"
            for a in attributes
            if a in element.attrib and not _int(element.get(a))
        ]
    for element in sets.values():
        for attribute, value in element.attrib.items():
            if attribute in WORDS and value not in WORDS[attribute]:
                wrong.append(f"{attribute} {value!r} read as its default")
            if attribute in BOOLEANS and value not in ("true", "false"):
                wrong.append(f"{attribute} {value!r} read as false")
    general = sets.get("GeneralParameterSet", Element("x"))
    categories = general.get("numberOfCategories", "1")
    numbers = sorted(int(c.get("number", "1")) for c in general.iter("Category"))
    if _int(categories) and numbers != list(range(1, int(categories))):
        wrong.append(f"Categories {numbers} for numberOfCategories {categories}")
    criteria = sets.get("PlacementParameterSet", Element("x")).iter("PlacementCriterion")
    known = CRITERIA | {"SOSM-1", "SOSM-2", "SODOSM", "SODOSW", "SOSW-1", "SOSW-2", "CUSSM"}
    for c in criteria:
        if not 1 <= int(c.get("number", "0")) <= 6:
            wrong.append(f"PlacementCriterion number {c.get('number')}")
        if c.get("name") not in known and c.get("name") not in PLACEMENT_CRITERIA:
            wrong.append(f"PlacementCriterion {c.get('name')!r} read as NULL")
    return wrong


# ---------------------------------------------------------------------------- the round trip


def as_opengotha_reads(data: bytes) -> tuple[Tournament, list[Row], dict[int, str]]:
    """The tournament of an OpenGotha file as gosheet's model of OpenGotha's reader reads it:
    players, games, byes and settings; every other thing it holds (the ``OpenGotha`` sheet's
    rows, but the time of the save, sorted); who is registered PRE."""
    imported = from_opengotha(read_opengotha(data))
    # in any order: OpenGotha reads attributes by name (a hand-edited file may not hold them
    # in OpenGotha's alphabetical order, which the export writes)
    rows = sorted(row for row in imported.rows if row[2] != "saveDT")
    return imported.tournament, rows, imported.registration


def round_trip(original: Path, folder: Path) -> bytes:
    """Import ``original`` into a workbook, export it, import the export into another: both
    workbooks, their EGF ``.h9`` files and the export's reading checked to be the same as the
    original's; the second workbook exports as the first (a fixed point). The export's bytes."""
    first, second = folder / "first.xlsx", folder / "second.xlsx"
    import_opengotha(original, first)
    exported = export_opengotha(first, folder / "export.xml")
    import_opengotha(exported.path, second)
    assert XlsxBook.open(second).read().tournament == XlsxBook.open(first).read().tournament
    assert as_opengotha_reads(exported.data) == as_opengotha_reads(original.read_bytes())
    h9 = [export_results(book, None, "egf").data for book in (first, second)]
    assert h9[0] == h9[1]
    assert what_opengotha_would_not_read(exported.data) == []
    again = [to_opengotha(XlsxBook.open(b).grids(), now=NOW) for b in (first, second)]
    assert again[0] == again[1]
    return exported.data


@pytest.mark.parametrize("original", FILES, ids=[p.stem for p in FILES])
def test_every_fixture_goes_round_and_reads_the_same(original: Path, tmp_path: Path) -> None:
    assert what_opengotha_would_not_read(original.read_bytes()) == []  # the fixtures are whole
    round_trip(original, tmp_path)


def test_a_bye_set_before_its_round_is_paired(tmp_path: Path) -> None:
    original = FIXTURES / "opengotha-roundtrip" / "notsimplemm-bye-ahead.xml"
    made = import_opengotha(original, tmp_path / "cup.xlsx")
    t = XlsxBook.open(tmp_path / "cup.xlsx").read().tournament
    assert [(r.number, len(r.games), r.byes) for r in t.rounds][-1] == (5, 0, (9,))
    assert "4 rounds played" in made.lines[0]
    assert "Round 5 was begun before it was paired" in made.lines[-1]
    data = round_trip(original, tmp_path)
    assert read_opengotha(data).byes[-1].round_number == 5


def test_a_bye_set_rounds_ahead_is_kept_and_written_back(tmp_path: Path) -> None:
    text = BASE.read_text("utf-8")
    lines = [line for line in text.splitlines(keepends=True) if 'roundNumber="4" table' not in line]
    original = tmp_path / "ahead.xml"  # rounds 4 and 5 not paired, the bye of round 5 set
    original.write_text("".join(x for x in lines if 'roundNumber="5" table' not in x), "utf-8")
    made = import_opengotha(original, tmp_path / "cup.xlsx")
    t = XlsxBook.open(tmp_path / "cup.xlsx").read().tournament
    assert [r.number for r in t.rounds] == [1, 2, 3]
    assert "The bye of round 5 (Durand Romain)" in made.message()
    assert "Round 4 is next: 'gosheet pair' makes it." in made.message()
    folder = tmp_path / "trip"
    folder.mkdir()
    data = round_trip(original, folder)
    assert [(b.player_key, b.round_number) for b in read_opengotha(data).byes][-1] == (
        "DURANDROMAIN",
        5,
    )
    # edited in the OpenGotha sheet to name nobody: said at its row
    book = tmp_path / "cup.xlsx"
    workbook = load_workbook(book)
    sheet = workbook["OpenGotha"]
    row = next(r for r in sheet.iter_rows() if (r[0].value, r[2].value) == ("Bye", "player"))
    row[3].value = "NOBODYATALL"
    workbook.save(book)
    with pytest.raises(InputError) as caught:
        export_opengotha(book, None)
    problem = caught.value.problems[0]
    assert (problem.sheet, problem.cell, problem.value) == (
        "OpenGotha",
        row[3].coordinate,
        "NOBODYATALL",
    )
    assert "names no player of Players" in problem.message


def test_the_export_is_saved_now(tmp_path: Path) -> None:
    original = FIXTURES / "opengotha" / "simplemm" / "simplemm.xml"
    import_opengotha(original, tmp_path / "cup.xlsx")
    back = to_opengotha(XlsxBook.open(tmp_path / "cup.xlsx").grids(), now=NOW)
    assert read_opengotha(original).attributes["saveDT"] == "20240529152656"
    assert back.attributes["saveDT"] == "20260517093000"


# ------------------------------------------------------------------ generated tournaments

BASE = FIXTURES / "opengotha" / "notsimplemm" / "notsimplemm.xml"
OPTIONAL = {
    "Player": ("rank", "rating", "club", "country", "egfPin", "participating", "grade"),
    "Game": ("handicap", "result", "knownColor", "tableNumber"),
    "GeneralParameterSet": ("numberOfRounds", "komi", "genMMBar", "genMMS2ValueBye", "location"),
    "PairingParameterSet": ("paiMaDUDDUpperMode", "paiMaSeedSystem2", "paiBaDeterministic"),
    "DPParameterSet": ("gameFormat", "showPlayerClub"),
}
"""Attributes a file may lack (OpenGotha's reader has a default for each)."""
GARBLED = (
    ("Game", "result", "RESULT_WHITEWON"),
    ("Game", "knownColor", "maybe"),
    ("PairingParameterSet", "paiMaDUDDLowerMode", "SIDEWAYS"),
    ("PairingParameterSet", "paiMaSeedSystem1", "SHUFFLE"),
    ("PairingParameterSet", "paiMaSeedSystem2", "FOLD"),
    ("PairingParameterSet", "paiMaAdditionalPlacementCritSystem1", "Age"),
    ("PairingParameterSet", "paiSeBarThresholdActive", "yes"),
    ("HandicapParameterSet", "hdBasedOnMMS", "TRUE"),
    ("Player", "rating", "3100"),
    ("DPParameterSet", "gameFormat", "tiny"),
)
"""Values OpenGotha reads otherwise than written (unknown codes and words)."""


Edit = tuple[str, tuple[object, ...]]
"""An edit of a file: its kind (``unpair``, ``bye``, ``absent``, ``drop``, ``garble``) and
its arguments, shown as such when Hypothesis reports a failing example."""


def apply(root: Element, edit: Edit) -> None:
    """Make ``edit`` in the tree of a tournament file."""
    kind, args = edit
    players = list(root.iter("Player"))
    if kind == "unpair":  # the games after round (5 - n) removed, their byes kept
        games = root.find("Games")
        assert games is not None
        for game in list(games):
            if int(game.get("roundNumber", "1")) > 5 - int(str(args[0])):
                games.remove(game)
    elif kind == "bye":  # a bye set for a round
        p = players[int(str(args[0]))]
        key = (p.get("name", "") + p.get("firstName", "")).replace(" ", "").upper()
        byes = root.find("ByePlayers")
        if byes is None:
            byes = Element("ByePlayers")
            root.insert(2, byes)
        byes.append(Element("ByePlayer", {"player": key, "roundNumber": str(args[1])}))
    elif kind == "absent":  # a player absent from a round
        p, number = players[int(str(args[0]))], int(str(args[1]))
        part = p.get("participating", "1" * 20)
        p.set("participating", part[: number - 1] + "0" + part[number:])
    else:  # an attribute dropped, or garbled: (tag, attribute, which, value)
        tag, attribute, which, value = (str(x) for x in args)
        found = list(root.iter(tag))
        if found and kind == "drop":
            found[int(which) % len(found)].attrib.pop(attribute, None)
        elif found:
            found[int(which) % len(found)].set(attribute, value)


@st.composite
def edits(draw: st.DrawFn) -> list[Edit]:
    """Random edits of a tournament file, as an organiser's OpenGotha may leave it: rounds not
    yet paired (their byes kept), byes set ahead, absent players, attributes left out,
    unknown codes."""
    chosen: list[Edit] = [("unpair", (draw(st.integers(0, 3)),))]
    for _ in range(draw(st.integers(0, 2))):
        chosen.append(("bye", (draw(st.integers(0, 8)), draw(st.integers(1, 6)))))
    for _ in range(draw(st.integers(0, 3))):
        chosen.append(("absent", (draw(st.integers(0, 8)), draw(st.integers(1, 5)))))
    for _ in range(draw(st.integers(0, 3))):
        tag = draw(st.sampled_from(sorted(OPTIONAL)))
        attribute = draw(st.sampled_from(OPTIONAL[tag]))
        chosen.append(("drop", (tag, attribute, draw(st.integers(0, 30)), "")))
    for tag, attribute, value in draw(st.lists(st.sampled_from(GARBLED), max_size=3)):
        chosen.append(("garble", (tag, attribute, draw(st.integers(0, 30)), value)))
    return chosen


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(edits())
# found in CI: a garbled gameFormat was kept in the OpenGotha sheet, and the export wrote the
# EGF game format setting's "full" over it (it is now read as "full", as the results files had it)
@example(changes=[("garble", ("DPParameterSet", "gameFormat", 0, "tiny"))])
def test_every_file_gosheet_imports_goes_round(changes: list[Edit]) -> None:
    root = fromstring(BASE.read_bytes())
    for change in changes:
        apply(root, change)
    data = tostring(root, encoding="utf-8")
    with tempfile.TemporaryDirectory() as folder:
        original = Path(folder) / "edited.xml"
        original.write_bytes(data)
        try:
            import_opengotha(original, Path(folder) / "probe.xlsx")
        except InputError as error:  # refused at import, with its reasons: never half read
            event(f"refused: {error.problems[0].message[:40]}")
            return
        event("imported")
        round_trip(original, Path(folder))


def test_a_file_of_every_kind_of_edit_goes_round(tmp_path: Path) -> None:
    """One file with each edit the generated ones draw from, imported for certain."""
    root = fromstring(BASE.read_bytes())
    games = root.find("Games")
    assert games is not None
    for game in [g for g in games if g.get("roundNumber") == "5"]:
        games.remove(game)  # round 5 not yet paired: its bye kept
    players = list(root.iter("Player"))
    players[0].attrib.pop("rating")
    players[1].attrib.pop("rank")
    players[2].set("rating", "3100")
    first = next(iter(root.iter("Game")))
    first.set("result", "RESULT_WHITEWON")
    first.set("knownColor", "maybe")
    pairing = next(iter(root.iter("PairingParameterSet")))
    pairing.set("paiMaDUDDLowerMode", "SIDEWAYS")
    pairing.set("paiMaSeedSystem1", "SHUFFLE")
    next(iter(root.iter("GeneralParameterSet"))).attrib.pop("numberOfRounds")
    original = tmp_path / "edited.xml"
    original.write_bytes(tostring(root, encoding="utf-8"))
    og = read_opengotha(original)
    assert (og.players[0].rating, og.players[1].rank, og.players[2].rating) == (-900, "30K", 2949)
    assert (og.games[0].result, og.number_of_rounds) == ("RESULT_UNKNOWN", 5)
    t = from_opengotha(og).tournament
    assert t.settings.opengotha.pai_dudd_lower_mode == "MID"
    assert t.settings.opengotha.pai_seed_system1 == "SPLITANDRANDOM"
    assert t.rounds[0].games[0].result is None
    folder = tmp_path / "trip"
    folder.mkdir()
    round_trip(original, folder)
    assert records.replace(og, notes=()).number_of_rounds == 5
