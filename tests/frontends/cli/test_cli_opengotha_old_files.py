"""``gosheet import`` of files older OpenGotha versions and Pairgoth wrote, and ``gosheet
export`` of them in OpenGotha 3.5x's layout; a hostile document type still changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import cli, cli_ok, snapshot
from support.opengotha import OLD_HEAD, OLD_ROOT, tournament_file

from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import read_opengotha


def test_import_and_export_an_older_opengotha_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    old, book, out = tmp_path / "old.xml", tmp_path / "old.xlsx", tmp_path / "new.xml"
    old.write_bytes(
        tournament_file(
            head=OLD_HEAD, root=OLD_ROOT, criteria=("MMS", "SOSM-1", "SOSM-2"), encoding="latin-1"
        )
    )
    text = cli_ok(capsys, "import", old, "-o", book)
    assert "4 players" in text and "2 rounds played (3 games, 1 bye)" in text
    assert "ISO-8859-1" in text and "tournament.dtd" in text and "3.5x" in text
    assert "no problems" in cli_ok(capsys, "check", book)
    cli_ok(capsys, "export", book, "-o", out)
    data = out.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>')
    assert b"<!DOCTYPE" not in data and 'firstName="Clé"'.encode() in data
    assert b'name="SOSM-1"' in data and b'name="SOSM-2"' in data
    before = from_opengotha(read_opengotha(old)).tournament
    after = from_opengotha(read_opengotha(out)).tournament
    assert after.players == before.players and after.rounds == before.rounds
    assert after.settings == before.settings


def test_import_a_pairgoth_file_with_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source, book, out = tmp_path / "pg.xml", tmp_path / "pg.xlsx", tmp_path / "out.xml"
    root = 'dataVersion="201" fullVersionNumber="3.52.03" runningMode="SAL" saveDT="1"'
    source.write_bytes(tournament_file(root=root, crit2="None"))
    text = cli_ok(capsys, "import", source, "-o", book)
    assert "Read as OpenGotha reads it" not in text  # None for NULL in criterion 2 is no news
    cli_ok(capsys, "export", book, "-o", out)
    assert b'paiMaAdditionalPlacementCritSystem2="NULL"' in out.read_bytes()


def test_a_hostile_doctype_still_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    head = (
        '<?xml version="1.0"?>\n<!DOCTYPE Tournament SYSTEM "tournament.dtd" [<!ENTITY e "x">]>\n'
    )
    (tmp_path / "evil.xml").write_bytes(tournament_file(head=head))
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, "import", tmp_path / "evil.xml", "-o", tmp_path / "b.xlsx")
    assert code == 1 and "<!DOCTYPE" in err and "without reading or expanding" in err
    assert snapshot(tmp_path) == before
