"""``gosheet import FILE.xml`` and ``gosheet export BOOK.xlsx -o OUT.xml``: OpenGotha files
through the command line, with real files; bad and hostile files change nothing."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli, snapshot
from support.opengotha import PARAMETER_SETS
from support.paths import PAIRGOTH, fixture

from gosheet import records
from gosheet.formats.opengotha.xml import read_opengotha

NAMES = PAIRGOTH
FILE_PROBLEM, INPUT_PROBLEM, USAGE, STATE = 5, 1, 2, 3


def undated(data: bytes) -> bytes:
    """An OpenGotha file without the time of its save (an export's is its own)."""
    return re.sub(rb'saveDT="[0-9]*"', b'saveDT=""', data)


# ---------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("name", NAMES)
def test_import_then_export_is_byte_for_byte(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    book, out = tmp_path / "cup.xlsx", tmp_path / "out.xml"
    code, text, err = cli(capsys, "import", fixture(name), "-o", book)
    assert code == 0, err
    og = read_opengotha(fixture(name))
    assert f"{len(og.players)} players" in text and f"{len(og.games)} games" in text
    code, text, err = cli(capsys, "check", book)
    assert code == 0 and "no problems" in text, err
    code, text, err = cli(capsys, "export", book, "-o", out)
    assert code == 0, err
    assert "OpenGotha opens it" in text
    assert undated(out.read_bytes()) == undated(fixture(name).read_bytes())
    back = read_opengotha(out)
    assert back == records.replace(og, attributes=back.attributes)


def test_import_detects_an_opengotha_file_by_its_content(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("tournament.txt", "tournament"):
        source = tmp_path / name
        shutil.copy(fixture("simplemm"), source)
        book = tmp_path / f"{name}.xlsx"
        code, text, err = cli(capsys, "import", source, "-o", book)
        assert code == 0, err
        assert "16 players, OpenGotha's McMahon" in text
        assert "OpenGotha" in load_workbook(book).sheetnames


def test_until_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for k, games in ((0, 0), (3, 11)):
        book = tmp_path / f"k{k}.xlsx"
        code, text, err = cli(
            capsys, "import", fixture("notsimplemm"), "-o", book, "--until-round", k
        )
        assert code == 0, err
        assert f"{k} rounds played ({games} games" in text
        assert f"Round {k + 1} is next: 'gosheet pair' makes it." in text
        names = load_workbook(book).sheetnames
        assert [n for n in names if n.startswith("Round")] == [
            f"Round {r}" for r in range(1, k + 1)
        ]
        code, text, _ = cli(capsys, "check", book)
        assert f"{k} of 5 rounds paired" in text
        out = tmp_path / f"k{k}.xml"
        assert cli(capsys, "export", book, "-o", out)[0] == 0
        back = read_opengotha(out)
        assert len(back.games) == games and all(g.round_number <= k for g in back.games)
        assert back.players == read_opengotha(fixture("notsimplemm")).players


def test_import_options_replace_the_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    code, _, err = cli(
        capsys,
        "import",
        fixture("simpleswiss"),
        "-o",
        book,
        "--rounds",
        "9",
        "--name",
        "Winter cup",
        "--komi",
        "6.5",
        "--seed",
        "7",
    )
    assert code == 0, err
    values = {row[0]: row[1] for row in load_workbook(book)["Settings"].iter_rows(values_only=True)}
    assert (values["Rounds"], values["Tournament"], values["Komi"]) == (9, "Winter cup", 6.5)


@pytest.mark.parametrize(
    "options",
    [
        ["--until-round", "6"],
        ["--until-round", "-1"],
        ["--rounds", "21"],
        ["--system", "swiss"],
        ["--groups", "4"],
        ["--game", "oware"],
        ["--encoding", "cp1252"],
        ["--komi", "6.3"],
    ],
)
def test_usage_errors_write_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: list[str]
) -> None:
    code, _, err = cli(
        capsys, "import", fixture("notsimplemm"), "-o", tmp_path / "b.xlsx", *options
    )
    assert code == USAGE, err
    assert list(tmp_path.iterdir()) == []


def test_until_round_is_for_opengotha_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("Name,First name,Rank\nLee,Ann,3k\nKim,Bo,1d\n", encoding="utf-8")
    code, _, err = cli(capsys, "import", roster, "-o", tmp_path / "b.xlsx", "--until-round", "1")
    assert code == USAGE and "OpenGotha" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.csv"]


# ------------------------------------------------------------------------ bad files


def billion_laughs() -> bytes:
    entities = [b'<!ENTITY lol0 "lol">']
    entities += [
        b'<!ENTITY lol%d "%s">' % (i, b"".join(b"&lol%d;" % (i - 1) for _ in range(10)))
        for i in range(1, 10)
    ]
    return (
        b'<?xml version="1.0"?><!DOCTYPE Tournament [' + b"".join(entities) + b"]>"
        b'<Tournament saveDT="&lol9;"><Players/></Tournament>'
    )


def bad_files(secret: Path) -> dict[str, tuple[bytes, list[str]]]:
    """name: (the file, what the error must say)."""
    simplemm = fixture("simplemm").read_bytes()
    return {
        "wrong-root": (b'<?xml version="1.0"?><Roster><Player name="A"/></Roster>', ["<Roster>"]),
        "missing-attribute": (
            simplemm.replace(b' firstName="Baptiste"', b"", 1),
            ["Player 2", "missing required attribute 'firstName'"],
        ),
        "external-entity": (
            b'<?xml version="1.0"?>\n<!DOCTYPE Tournament [<!ENTITY x SYSTEM "'
            + secret.as_uri().encode()
            + b'">]><Tournament saveDT="&x;"><Players/></Tournament>',
            ["<!DOCTYPE", "refused"],
        ),
        "billion-laughs": (billion_laughs(), ["<!DOCTYPE", "without reading or expanding"]),
        "not-xml": (b"Name;First name\nLee;Ann\n", ["not well-formed XML", "line 1"]),
        "empty": (b"", ["empty"]),
        "bad-parameter": (
            simplemm.replace(b'genMMBar="4D"', b'genMMBar="4X"'),
            ["GeneralParameterSet", "'4X'", "McMahon bar"],
        ),
    }


@pytest.mark.parametrize(
    "case",
    [
        "wrong-root",
        "missing-attribute",
        "external-entity",
        "billion-laughs",
        "not-xml",
        "empty",
        "bad-parameter",
    ],
)
def test_a_bad_file_writes_no_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-4711\n")
    data, needles = bad_files(secret)[case]
    source = tmp_path / "cup.xml"
    source.write_bytes(data)
    book = tmp_path / "cup.xlsx"
    start = time.perf_counter()
    code, out, err = cli(capsys, "import", source, "-o", book)
    assert time.perf_counter() - start < 5
    assert code == INPUT_PROBLEM, err
    assert not book.exists() and out == ""
    assert "cup.xml" in err
    for needle in needles:
        assert needle in err, err
    assert "TOP-SECRET" not in err and "lollol" not in err
    # an existing workbook, even with --force, is left exactly as it was
    shutil.copy(fixture("simplemm"), tmp_path / "good.xml")
    assert cli(capsys, "import", tmp_path / "good.xml", "-o", book)[0] == 0
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, "import", source, "-o", book, "--force")
    assert code == INPUT_PROBLEM, err
    assert snapshot(tmp_path) == before


def test_an_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cli(capsys, "import", tmp_path / "missing.xml", "-o", tmp_path / "b.xlsx")
    assert code == FILE_PROBLEM and "missing.xml" in err
    assert list(tmp_path.iterdir()) == []


def test_import_refuses_to_overwrite_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    book.write_bytes(b"mine")
    code, _, err = cli(capsys, "import", fixture("simplemm"), "-o", book)
    assert code == FILE_PROBLEM and "--force" in err
    assert book.read_bytes() == b"mine"
    assert cli(capsys, "import", fixture("simplemm"), "-o", book, "--force")[0] == 0
    assert "OpenGotha" in load_workbook(book).sheetnames


# ------------------------------------------------------------------------------ export


def test_export_of_a_tournament_made_by_gosheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, out = tmp_path / "demo.xlsx", tmp_path / "demo.xml"
    assert cli(capsys, "demo", book, "--rounds", "3")[0] == 0
    code, text, err = cli(capsys, "export", book, "-o", out)
    assert code == 0, err
    og = read_opengotha(out)
    assert len(og.players) == 23 and {g.round_number for g in og.games} == {1, 2, 3}
    assert og.placement_criteria[:3] == ("MMS", "SOSM", "SOSOSM")
    assert list(og.parameters) == list(PARAMETER_SETS)
    assert og.parameters["GeneralParameterSet"]["name"] == "gosheet demo"
    assert [e.tag for e in og.extra] == ["TeamTournamentParameterSet"]
    # the demo's clubs are city names
    assert "4 characters; written as: Moscow → Mosc, Warszawa → Wars," in text
    assert "Kazan → Kaza," in text and text.count("Moscow") == 1
    # imported back, it is the same tournament
    again = tmp_path / "again.xlsx"
    assert cli(capsys, "import", out, "-o", again)[0] == 0
    assert cli(capsys, "export", again, "-o", tmp_path / "again.xml")[0] == 0
    back = read_opengotha(tmp_path / "again.xml")
    assert back == records.replace(og, attributes=back.attributes)


def test_export_refuses_to_overwrite_and_writes_nothing_on_a_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, out = tmp_path / "cup.xlsx", tmp_path / "out.xml"
    assert cli(capsys, "import", fixture("notsimplemm"), "-o", book)[0] == 0
    out.write_bytes(b"mine")
    code, _, err = cli(capsys, "export", book, "-o", out)
    assert code == FILE_PROBLEM and "--force" in err and out.read_bytes() == b"mine"
    assert cli(capsys, "export", book, "-o", out, "--force")[0] == 0
    assert undated(out.read_bytes()) == undated(fixture("notsimplemm").read_bytes())

    workbook = load_workbook(book)
    workbook["Players"]["C2"] = "3x"
    workbook["OpenGotha"].append(["Nonsense", None, "a", "b"])
    workbook.save(book)
    before = snapshot(tmp_path)
    code, out_text, err = cli(capsys, "export", book, "-o", tmp_path / "new.xml")
    assert code == INPUT_PROBLEM and out_text == ""
    assert "Players!C2: '3x'" in err and "OpenGotha!A" in err and "unknown section" in err
    assert snapshot(tmp_path) == before  # no new.xml, no temporary file, nothing changed

    code, _, err = cli(capsys, "export", tmp_path / "none.xlsx", "-o", tmp_path / "x.xml")
    assert code == FILE_PROBLEM and "no such file" in err


def test_export_of_another_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "oware.xlsx"
    assert cli(capsys, "new", book, "--game", "oware", "--rounds", "3")[0] == 0
    code, _, err = cli(capsys, "export", book, "-o", tmp_path / "o.xml")
    assert code == STATE and "OpenGotha files are for go" in err
    assert not (tmp_path / "o.xml").exists()


def test_help_mentions_both(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--help")
    assert code == 0 and "export" in out and "OpenGotha" in out
    code, out, _ = cli(capsys, "import", "--help")
    assert code == 0 and "--until-round" in out
