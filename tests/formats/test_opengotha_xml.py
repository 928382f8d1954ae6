"""OpenGotha tournament files: reading, writing back, and refusing bad or hostile XML."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from support.opengotha import PARAMETER_SETS, read_fixture
from support.paths import FIXTURES, fixture

from gosheet import records
from gosheet.core.errors import FileProblem, InputError
from gosheet.formats.opengotha.xml import (
    GAME_RESULTS,
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    player_key,
    read_opengotha,
    write_opengotha,
)

# name: (players, games, byes, rounds), as counted in the files themselves
COUNTS = {
    "simplemm": (16, 40, 0, 5),
    "notsimplemm": (9, 19, 3, 5),
    "simpleswiss": (32, 112, 0, 7),
    "notsosimpleswiss": (35, 170, 10, 10),
}
NAMES = sorted(COUNTS)


def tree(data: bytes) -> tuple[object, ...]:
    """The canonical form of an XML document: tag, attributes in order, stripped text,
    children in order."""

    def canon(e: ET.Element) -> tuple[object, ...]:
        return (e.tag, list(e.attrib.items()), (e.text or "").strip(), [canon(c) for c in e])

    return canon(ET.fromstring(data))


# ------------------------------------------------------------------------------- fixtures


def test_fixtures_are_local_copies() -> None:
    assert (FIXTURES / "README.md").is_file()
    for name in NAMES:
        assert fixture(name).is_file()
        assert sorted((FIXTURES / name).glob(f"{name}_weights_R*.txt"))


@pytest.mark.parametrize("name", NAMES)
def test_every_fixture_reads_with_its_counts(name: str) -> None:
    t = read_fixture(name)
    players, games, byes, rounds = COUNTS[name]
    # the counts also agree with a plain count of the elements in the file
    raw = ET.parse(fixture(name)).getroot()
    assert len(raw.findall("Players/Player")) == players
    assert len(raw.findall("Games/Game")) == games
    assert len(raw.findall("ByePlayers/ByePlayer")) == byes
    assert (len(t.players), len(t.games), len(t.byes)) == (players, games, byes)
    assert t.number_of_rounds == rounds
    assert {g.round_number for g in t.games} == set(range(1, rounds + 1))
    assert all(g.result in GAME_RESULTS for g in t.games)


@pytest.mark.parametrize("name", NAMES)
def test_player_keys_resolve_and_each_player_plays_once_a_round(name: str) -> None:
    t = read_fixture(name)
    keys = [player_key(p) for p in t.players]
    assert len(set(keys)) == len(keys)
    for g in t.games:
        assert g.white_key in keys and g.black_key in keys
        assert t.player(g.white_key) is not None
    for b in t.byes:
        assert b.player_key in keys
    per_round = Counter(
        (r, k)
        for r, ks in [(g.round_number, (g.white_key, g.black_key)) for g in t.games]
        + [(b.round_number, (b.player_key,)) for b in t.byes]
        for k in ks
    )
    assert max(per_round.values()) == 1


def test_player_game_and_bye_fields() -> None:
    t = read_fixture("notsimplemm")
    first = t.players[0]
    assert first == OGPlayer(
        name="Bonjean",
        first_name="Robin",
        rank="3D",
        rating=2352,
        club="00St",
        country="FR",
        egf_pin="",
        ffg_licence="1600310",
        participating="10111111111111111111",
        registering_status="FIN",
        smms_correction=0,
        extra={
            "agaExpirationDate": "",
            "agaId": "",
            "ffgLicenceStatus": "L",
            "grade": "3D",
            "ratingOrigin": "FFG : 302",
        },
    )
    assert first.key == "BONJEANROBIN"
    assert t.players[3].first_name == "Clé" and t.players[3].key == "ROBINCLÉ"
    assert t.games[0] == OGGame(
        round_number=1,
        table_number=1,
        white_key="LEVEQUECAMILLE",
        black_key="NOGUCHIMOTOKI",
        handicap=0,
        result="RESULT_BLACKWINS",
        known_color=True,
    )
    assert t.games[4].handicap == 5 and t.games[4].white_key == "RENDUQUENTIN"
    assert t.byes == (
        OGBye("ROBINCLÉ", 1),
        OGBye("GOLOUBKOVALEXANDRA", 3),
        OGBye("DURANDROMAIN", 5),
    )
    assert t.attributes["gothaVersion"] == "348"
    assert read_fixture("simplemm").attributes["fullVersionNumber"] == "3.51.02"


@pytest.mark.parametrize("name", NAMES)
def test_parameter_sets_are_all_there(name: str) -> None:
    t = read_fixture(name)
    assert list(t.parameters) == list(PARAMETER_SETS)
    raw = ET.parse(fixture(name)).getroot().find("TournamentParameterSet")
    assert raw is not None
    for element in raw:
        assert t.parameters[element.tag] == dict(element.attrib)
    assert len(t.parameters["PairingParameterSet"]) == 25
    assert len(t.parameters["GeneralParameterSet"]) == 26
    assert len(t.placement_criteria) == 6
    assert [e.tag for e in t.extra] == ["TeamTournamentParameterSet"]


def test_mcmahon_and_swiss_parameters() -> None:
    mm = read_fixture("simplemm")
    general, pairing = mm.parameters["GeneralParameterSet"], mm.parameters["PairingParameterSet"]
    assert (general["genMMBar"], general["genMMFloor"], general["genMMZero"]) == (
        "4D",
        "20K",
        "30K",
    )
    assert general["komi"] == "7.5" and general["name"] == "SimpleMM"
    assert pairing["paiBaAvoidDuplGame"] == "500000000000000"
    assert pairing["paiMaSeedSystem1"] == "SPLITANDSLIP"
    assert pairing["paiMaSeedSystem2"] == "SPLITANDFOLD"
    assert pairing["paiSeRankThreshold"] == "1D"
    assert pairing["paiStandardNX1Factor"] == "0.5"
    assert mm.parameters["HandicapParameterSet"] == {
        "hdBasedOnMMS": "true",
        "hdCeiling": "9",
        "hdCorrection": "1",
        "hdNoHdRankThreshold": "1D",
    }
    assert mm.placement_criteria == ("MMS", "SOSM", "SOSOSM", "NULL", "NULL", "NULL")
    other = read_fixture("notsimplemm").parameters["GeneralParameterSet"]
    assert (other["genMMBar"], other["genMMFloor"]) == ("1D", "20K")
    swiss = read_fixture("simpleswiss")
    assert swiss.placement_criteria == ("NBW", "SOSW", "SOSOSW", "NULL", "NULL", "NULL")
    assert swiss.parameters["HandicapParameterSet"]["hdCeiling"] == "0"
    assert swiss.parameters["PairingParameterSet"]["paiSeDefSecCrit"] == "20000000000000"
    assert swiss.parameters["GeneralParameterSet"]["director"] == "François Mizessyn"


def test_team_parameters_are_kept_verbatim() -> None:
    (team,) = read_fixture("simplemm").extra
    assert team.children[0] == OGElement("TeamGeneralParameterSet", (("teamSize", "4"),))
    criteria = team.children[1].children[0]
    assert criteria.tag == "PlacementCriteria"
    assert [dict(c.attributes)["name"] for c in criteria.children][:2] == ["TEAMP", "BDW"]


# ------------------------------------------------------------------------------- writing


@pytest.mark.parametrize("name", NAMES)
def test_round_trip(name: str) -> None:
    original = fixture(name).read_bytes()
    t = read_opengotha(original)
    written = write_opengotha(t)
    assert read_opengotha(written) == t
    # loses nothing OpenGotha keeps: same elements, attributes (in order) and children order
    assert tree(written) == tree(original)
    # and in fact writes exactly what OpenGotha wrote
    assert written == original
    assert written.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n')


def test_changes_are_written() -> None:
    t = read_fixture("notsimplemm")
    game = records.replace(t.games[0], result="RESULT_WHITEWINS_BYDEF", handicap=2)
    player = records.replace(t.players[0], rating=2400, participating="1" * 20)
    changed = records.replace(
        t, games=(game, *t.games[1:]), players=(player, *t.players[1:]), byes=()
    )
    back = read_opengotha(write_opengotha(changed))
    assert back == changed != t
    assert back.games[0].result == "RESULT_WHITEWINS_BYDEF" and back.games[0].handicap == 2
    assert back.players[0].rating == 2400
    assert b"<ByePlayers" not in write_opengotha(changed)


def test_a_tournament_built_by_hand_round_trips_with_awkward_characters() -> None:
    odd = 'O\'Brien & <Sons> "Jr"\tß\nЖ'
    players = (
        OGPlayer(name=odd, first_name="Ann", rank="3K", rating=1750, club="a&b"),
        OGPlayer(name="Kim", first_name="Bo", rank="1D", rating=2100),
    )
    t = OGTournament(
        attributes={"runningMode": "SAL", "fullVersionNumber": "3.51.02"},
        players=players,
        games=(OGGame(1, 1, "KIMBO", player_key(players[0]), result="RESULT_EQUAL"),),
        parameters={"GeneralParameterSet": {"numberOfRounds": "2", "name": odd}},
    )
    data = write_opengotha(t)
    assert read_opengotha(data) == t
    assert '<Tournament fullVersionNumber="3.51.02" runningMode="SAL">' in data.decode()
    assert b"&amp; &lt;Sons&gt; &quot;Jr&quot;&#9;\xc3\x9f&#10;" in data
    # placement criteria without a PlacementParameterSet: the set is added for them
    ranked = records.replace(t, placement_criteria=("MMS", "SOSM"))
    data = write_opengotha(ranked)
    assert b'<PlacementCriterion name="SOSM" number="2"/>' in data
    back = read_opengotha(data)
    assert back.placement_criteria == ("MMS", "SOSM")
    assert back == records.replace(ranked, parameters={**t.parameters, "PlacementParameterSet": {}})
    with pytest.raises(ValueError, match="cannot be written"):
        write_opengotha(records.replace(t, attributes={"x": "bell\x07"}))


# ------------------------------------------------------------------------ bad and hostile


def problems_of(data: bytes | Path, name: str = "cup.xml") -> InputError:
    with pytest.raises(InputError) as caught:
        if isinstance(data, Path):
            read_opengotha(data)
        else:
            read_opengotha(data, name=name)
    error = caught.value
    assert error.problems
    assert all(p.sheet == name for p in error.problems)
    return error


def one_problem(data: bytes | Path, *needles: str) -> str:
    error = problems_of(data)
    assert len(error.problems) == 1, str(error)
    message = error.problems[0].message
    for needle in needles:
        assert needle in message, message
    return str(error)


def test_not_xml_empty_and_binary(tmp_path: Path) -> None:
    one_problem(b"", "empty")
    one_problem(b"   \n", "empty")
    one_problem(b"Name;First name;Rank\nLee;Ann;3k\n", "not well-formed XML", "line 1")
    one_problem(b"PK\x03\x04\x00\x00binary", "not well-formed XML")
    one_problem(b"<Tournament><Players></Tournament>", "not well-formed XML")
    path = tmp_path / "cup.xml"
    path.write_bytes(b"")
    one_problem(path, "empty")
    with pytest.raises(FileProblem):
        read_opengotha(tmp_path / "missing.xml")


def test_wrong_root_element() -> None:
    text = one_problem(b'<?xml version="1.0"?><Roster><Player name="A"/></Roster>', "<Tournament>")
    assert "<Roster>" in text


def test_missing_required_attributes_reported_together() -> None:
    data = fixture("simplemm").read_bytes()
    data = data.replace(b' firstName="Baptiste"', b"", 1)  # Player 2
    data = data.replace(b'whitePlayer="NOGUCHIMOTOKI"/>', b"/>", 1)  # Game 1
    error = problems_of(data)
    where = {(p.cell, p.message) for p in error.problems}
    assert ("Player 2", "missing required attribute 'firstName'") in where
    # without a first name, OpenGotha would not read the player (PlayerException) nor his
    # games; a game without whitePlayer it leaves out (told in the notes), as gosheet does
    assert ("Game 1", "missing required attribute 'whitePlayer'") not in where
    assert all(p.cell.startswith(("Player 2", "Game ")) for p in error.problems)


def test_what_a_file_lacks_is_read_as_opengotha_reads_it() -> None:
    data = fixture("simplemm").read_bytes()
    data = data.replace(b' rating="2106"', b"", 1)  # Player 2
    data = data.replace(b' rank="7D"', b"", 1)  # Player 3
    data = data.replace(b' roundNumber="1" tableNumber="1"', b"", 1)  # Game 1
    data = data.replace(b' numberOfRounds="5"', b"")
    og = read_opengotha(data)
    assert (og.players[1].rating, og.players[2].rank) == (-900, "30K")
    assert (og.games[0].round_number, og.games[0].table_number) == (1, 1)
    assert og.number_of_rounds == 5
    notes = " ".join(og.notes)
    assert "Player 2: no rating, read as -900" in notes
    assert "Player 3: no rank, read as 30K" in notes
    assert "Game 1: no roundNumber, read as 1" in notes
    assert "no numberOfRounds, read as 5" in notes


def test_unknown_player_in_a_game_and_a_bye() -> None:
    """OpenGotha leaves out a game or a bye whose player it does not find
    (``importGamesFromXMLFile``, ``importByePlayersFromXMLFile``): so does gosheet, and says so."""
    data = fixture("notsimplemm").read_bytes()
    data = data.replace(b'whitePlayer="RENDUQUENTIN"/>', b'whitePlayer="NOBODYATALL"/>', 1)
    data = data.replace(b'player="DURANDROMAIN"', b'player="GHOST"')
    og = read_opengotha(data)
    assert len(og.games) == len(read_fixture("notsimplemm").games) - 1
    assert [b.player_key for b in og.byes] == ["ROBINCLÉ", "GOLOUBKOVALEXANDRA"]
    notes = " ".join(og.notes)
    assert "Game 2 (round 5, table 1): whitePlayer 'NOBODYATALL' names no player" in notes
    assert "Bye 3 (round 5): player 'GHOST' names no player" in notes


def test_games_beyond_the_rounds_raise_the_rounds() -> None:
    data = fixture("simplemm").read_bytes().replace(b'numberOfRounds="5"', b'numberOfRounds="4"')
    og = read_opengotha(data)
    assert og.number_of_rounds == 5  # as OpenGotha's updateNumberOfRoundsIfNecesary
    assert "numberOfRounds 4 raised to 5" in " ".join(og.notes)
    data = data.replace(b'roundNumber="5"', b'roundNumber="21"')
    error = problems_of(data)
    assert len(error.problems) == 8  # the 8 games of round 21, at once
    assert all(p.cell.startswith("Game ") and p.value == "21" for p in error.problems)
    assert "beyond OpenGotha's 20 rounds" in error.problems[0].message


def test_duplicate_key_bad_values_and_double_booking() -> None:
    data = fixture("notsimplemm").read_bytes()
    data = data.replace(b'firstName="Morgane"', b'firstName="Robin"')
    data = data.replace(b'name="Marechal"', b'name="Bonjean"')  # Player 2 = Player 1's key
    data = data.replace(b'rank="7D"', b'rank="7X"')
    data = data.replace(
        b'result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1"',
        b'result="B+" roundNumber="1" tableNumber="1"',
    )
    data = data.replace(
        b'player="ROBINCL\xc3\x89" roundNumber="1"', b'player="BACARDATZROBIN" roundNumber="1"'
    )
    error = problems_of(data)
    found = {(p.cell, p.value) for p in error.problems}
    assert ("Player 2", "BONJEANROBIN") in found
    assert ("Player 5", "7X") not in found  # OpenGotha reads it (as 7K: Player.convertKDPToInt)
    assert ("Game 1", "B+") not in found  # no result to OpenGotha, read so
    assert ("Bye 1", "BACARDATZROBIN") in found  # also plays Game 3 of round 1
    assert "same player key" in str(error) and "already in Game 3" in str(error)


XXE = (
    b'<?xml version="1.0"?>\n<!DOCTYPE Tournament [\n'
    b'  <!ENTITY xxe SYSTEM "%s">\n]>\n<Tournament saveDT="&xxe;"><Players>'
    b'<Player name="&xxe;" firstName="A" rank="1D" rating="2100"/></Players>'
    b'<TournamentParameterSet><GeneralParameterSet numberOfRounds="1"/>'
    b"</TournamentParameterSet></Tournament>"
)


def test_external_entity_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-4711\n")
    for target in (b"file:///etc/passwd", secret.as_uri().encode()):
        text = one_problem(XXE % target, "<!DOCTYPE", "refused")
        assert "root:" not in text and "TOP-SECRET" not in text
    # the same through a file on disk, and through an external DTD or a parameter entity
    path = tmp_path / "cup.xml"
    path.write_bytes(XXE % secret.as_uri().encode())
    assert "TOP-SECRET" not in one_problem(path, "<!DOCTYPE")
    dtd = tmp_path / "evil.dtd"
    dtd.write_text(f'<!ENTITY xxe SYSTEM "{secret.as_uri()}">')
    external = b'<?xml version="1.0"?><!DOCTYPE Tournament SYSTEM "%s"><Tournament a="&xxe;"/>'
    assert "TOP-SECRET" not in one_problem(external % dtd.as_uri().encode(), "<!DOCTYPE")
    parameter = (
        b'<?xml version="1.0"?><!DOCTYPE Tournament [<!ENTITY %% p SYSTEM "%s"> %%p;]>'
        b'<Tournament a="&xxe;"/>'
    )
    assert "TOP-SECRET" not in one_problem(parameter % dtd.as_uri().encode(), "<!DOCTYPE")


def test_billion_laughs_is_refused_without_expansion() -> None:
    entities = [b'<!ENTITY lol0 "lol">']
    entities += [
        b'<!ENTITY lol%d "%s">' % (i, b"".join(b"&lol%d;" % (i - 1) for _ in range(10)))
        for i in range(1, 10)
    ]
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE Tournament [' + b"".join(entities) + b"]>"
        b'<Tournament saveDT="&lol9;"><Players/></Tournament>'
    )
    start = time.perf_counter()
    text = one_problem(bomb, "<!DOCTYPE", "without reading or expanding")
    assert time.perf_counter() - start < 1.0
    assert "lollol" not in text and len(text) < 1000


def test_player_keys_of_the_export_follow_opengotha() -> None:
    assert player_key(OGPlayer(name="Clé", first_name="Robin", rank="1K", rating=2000)) == (
        "CLÉROBIN"
    )
