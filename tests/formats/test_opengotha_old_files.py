"""OpenGotha files of older versions and of other writers (Pairgoth): read as OpenGotha reads
them (``ExternalDocument.importTournamentFromXMLFile``), exported in OpenGotha 3.5x's layout
that reads back as the same tournament; every fixture survives import → export → import."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from support.opengotha import OLD_HEAD, OLD_ROOT, export, imported_book, tournament_file
from support.paths import FIXTURES, SYNTH

from gosheet.core.errors import InputError
from gosheet.core.model import Tournament
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import OGTournament, read_opengotha, write_opengotha

ALL_FILES = sorted([*FIXTURES.glob("*/*.xml"), *SYNTH.glob("*/*.xml")])


def same_tournament(a: Tournament, b: Tournament) -> None:
    """Players, games (results, colours, handicaps), byes and settings alike."""
    assert a.players == b.players
    assert [(r.number, r.games, r.byes) for r in a.rounds] == [
        (r.number, r.games, r.byes) for r in b.rounds
    ]
    assert a.settings == b.settings


def round_trip(og: OGTournament, tmp_path: Path) -> tuple[bytes, OGTournament]:
    """``og`` imported into a saved workbook and exported: the file's bytes, read back."""
    data = write_opengotha(export(imported_book(og, tmp_path / "cup.xlsx")))
    return data, read_opengotha(data)


# ------------------------------------------------------------------------- older files


def test_an_older_opengotha_file_with_its_doctype_in_latin1(tmp_path: Path) -> None:
    data = tournament_file(
        head=OLD_HEAD,
        root=OLD_ROOT,
        criteria=("MMS", "SOSM-1", "SOSM-2", "SOSOSM"),
        encoding="latin-1",
    )
    assert "Clé".encode("latin-1") in data and b"<!DOCTYPE" in data
    og = read_opengotha(data, name="old.xml")
    assert [p.first_name for p in og.players] == ["Clé", "Jürgen", "Ann", "Bo"]
    assert any("ISO-8859-1" in n and "tournament.dtd" in n for n in og.notes)
    imported = from_opengotha(og, source="old.xml")
    t = imported.tournament
    assert [p.name for p in t.players] == ["Robin Clé", "Müller Jürgen", "Lee Ann", "Kim Bo"]
    assert t.settings.system == "mcmahon"
    assert t.settings.opengotha.placement == ("MMS", "SOSMM1", "SOSMM2", "SOSOSM")
    assert t.settings.opengotha.mm_bar == 2  # 3D
    assert [len(r.games) for r in t.rounds] == [1, 2] and t.rounds[0].byes == (4,)
    assert imported.notes == og.notes
    # exported in 3.5x's layout: UTF-8, no document type, OpenGotha's own names
    out, back = round_trip(og, tmp_path)
    assert out.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<Tournament')
    assert b"<!DOCTYPE" not in out and "Clé".encode() in out
    assert back.placement_criteria == ("MMS", "SOSM-1", "SOSM-2", "SOSOSM", "NULL", "NULL")
    assert back.notes == ()
    same_tournament(from_opengotha(back).tournament, t)


@pytest.mark.parametrize(
    ("declared", "codec"),
    [("ISO-8859-15", "iso8859-15"), ("windows-1252", "cp1252"), ("UTF-8", "utf-8")],
)
def test_the_encodings_older_files_declare(declared: str, codec: str) -> None:
    head = f'<?xml version="1.0" encoding="{declared}"?>\n'
    og = read_opengotha(tournament_file(head=head, encoding=codec))
    assert og.players[1].name == "Müller"
    assert bool(og.notes) == (declared != "UTF-8")


def test_a_byte_order_mark_and_spaces_before_the_declaration() -> None:
    plain = read_opengotha(tournament_file())
    data = b"\xef\xbb\xbf  \n" + tournament_file()
    assert read_opengotha(data) == plain
    assert read_opengotha(b"\n\n" + tournament_file()) == plain


def test_a_public_doctype_naming_the_dtd_is_accepted_unread() -> None:
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Tournament PUBLIC '
        '"-//OpenGotha//Tournament//EN" "http://opengotha.info/tournament.dtd">\n'
    )
    og = read_opengotha(tournament_file(head=head))
    assert len(og.players) == 4 and "not read" in og.notes[0]


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE Tournament SYSTEM "file:///etc/passwd">',
        '<!DOCTYPE Tournament SYSTEM "tournament.dtd" [<!ENTITY e "x">]>',
        '<!DOCTYPE Tournament [<!ENTITY e SYSTEM "tournament.dtd">]>',
        '<!DOCTYPE Other SYSTEM "tournament.dtd">',
        '<!DOCTYPE Tournament SYSTEM "tournament.txt">',
    ],
)
def test_any_other_doctype_is_still_refused(doctype: str) -> None:
    head = f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}\n'
    with pytest.raises(InputError) as caught:
        read_opengotha(tournament_file(head=head))
    assert len(caught.value.problems) == 1
    assert "<!DOCTYPE" in caught.value.problems[0].message


def test_an_entity_reference_after_an_accepted_doctype_is_refused() -> None:
    data = tournament_file(head=OLD_HEAD, encoding="latin-1").replace(b'"Vieux', b'"&e; Vieux')
    with pytest.raises(InputError) as caught:
        read_opengotha(data)
    message = caught.value.problems[0].message
    assert "<!DOCTYPE" in message and "without reading or expanding" in message


# ------------------------------------------------------------------ other writers' words


def test_a_pairgoth_file_with_none_and_its_criterion_names(tmp_path: Path) -> None:
    data = tournament_file(
        root='dataVersion="201" fullVersionNumber="3.52.03" runningMode="SAL" saveDT="1"',
        criteria=("MMS", "SOSMM1", "SOSOSM"),
        crit1="None",
        crit2="None",
    )
    og = read_opengotha(data)
    imported = from_opengotha(og)
    o = imported.tournament.settings.opengotha
    assert (o.pai_additional_crit1, o.pai_additional_crit2) == ("NULL", "NULL")
    assert o.placement == ("MMS", "SOSMM1", "SOSOSM")
    assert any("OpenGotha itself would take Rating" in n for n in imported.notes)
    out, back = round_trip(og, tmp_path)
    assert b'paiMaAdditionalPlacementCritSystem2="NULL"' in out and b'"None"' not in out
    assert back.placement_criteria[:3] == ("MMS", "SOSM-1", "SOSOSM")
    same_tournament(from_opengotha(back).tournament, imported.tournament)


def test_old_swiss_names_and_a_criterion_opengotha_does_not_know(tmp_path: Path) -> None:
    og = read_opengotha(tournament_file(criteria=("NBW", "SOSW-1", "SOSW-2", "FOO", "Rating")))
    imported = from_opengotha(og)
    t = imported.tournament
    assert t.settings.system == "swiss"
    assert t.settings.opengotha.placement == ("NBW", "SOSWM1", "SOSWM2", "RATING")
    assert any("'FOO'" in n and "NULL" in n for n in imported.notes)
    _, back = round_trip(og, tmp_path)
    assert back.placement_criteria[:4] == ("NBW", "SOSW-1", "SOSW-2", "Rating")
    same_tournament(from_opengotha(back).tournament, t)


def test_missing_parameters_are_opengothas_reading_defaults(tmp_path: Path) -> None:
    general = 'komi="6.5" name="Sparse" numberOfRounds="3"'
    pairing = 'paiMaSeedSystem1="SPLITANDFOLD"'
    og = read_opengotha(tournament_file(general=general, pairing=pairing))
    imported = from_opengotha(og)
    o = imported.tournament.settings.opengotha
    assert (o.mms_bye, o.mms_absent, o.nbw_bye) == (Fraction(0), Fraction(0), Fraction(0))
    assert o.mm_bar == 3 and o.mm_floor == -20  # 4D, 20K
    assert o.pai_balance_wb == 1000 and o.pai_avoid_mixing_categories == 20_000_000_000_000
    assert o.pai_rank_threshold == 3 and o.pai_nbw_threshold_active
    assert o.pai_seed_system1 == "SPLITANDFOLD" and o.pai_seed_system2 == "SPLITANDFOLD"
    assert any(n.startswith("PairingParameterSet lacks") for n in imported.notes)
    out, back = round_trip(og, tmp_path)
    assert b'genMMS2ValueBye="0"' in out and b'paiBaBalanceWB="1000"' in out
    same_tournament(from_opengotha(back).tournament, imported.tournament)


# ------------------------------------------------------------------------- every fixture


@pytest.mark.parametrize("path", ALL_FILES, ids=[p.stem for p in ALL_FILES])
def test_every_fixture_imports_exports_and_imports_the_same(path: Path, tmp_path: Path) -> None:
    og = read_opengotha(path)
    first = from_opengotha(og).tournament
    _, back = round_trip(og, tmp_path)
    again = from_opengotha(back).tournament
    same_tournament(again, first)
    assert [(g.round_number, g.table_number, g.known_color) for g in back.games] == [
        (g.round_number, g.table_number, g.known_color) for g in og.games
    ]
