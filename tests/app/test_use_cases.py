"""The use cases as a front end calls them, without the command line (issue 23, item 5): a new
tournament, a roster made a tournament, the demo, OpenGotha's file out and back in, the rating
bodies' results files, the print pack and the published pages — each on real files, given as
paths or as bytes, with the words it returns and the errors it raises; and the actions on a
workbook file or its bytes (:mod:`gosheet.app.workbooks`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.books import ROSTER_CSV
from support.paths import TOULOUSE, fixture

from gosheet.app import workbooks
from gosheet.app.demo import demo, study
from gosheet.app.exchange import (
    export_opengotha,
    export_results,
    import_opengotha,
    import_tournament,
    results_format,
)
from gosheet.app.files import OptionError
from gosheet.app.messages import pairing_lines, saved_note
from gosheet.app.printing import parts_of, print_file
from gosheet.app.publishing import publish
from gosheet.app.tournaments import Choices, import_roster, new_tournament
from gosheet.core.errors import FileProblem, InputError
from gosheet.core.systems import SWISS, system_of
from gosheet.formats.addresses import player_page
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook


def read_back(folder: Path, data: bytes, name: str = "back.xlsx") -> XlsxBook:
    """A workbook handed back as bytes, opened as the command line opens a file."""
    path = folder / name
    path.write_bytes(data)
    return XlsxBook.open(path)


def test_a_new_empty_tournament_to_a_file_and_as_bytes(tmp_path: Path) -> None:
    choices = Choices(system=SWISS.name, rounds=6, name="Club cup", seed=3, language="en")
    made = new_tournament(choices, tmp_path / "cup.xlsx")
    assert made.path == (tmp_path / "cup.xlsx").resolve() and made.data is None
    assert made.message().startswith(f"Wrote {made.path}: an empty swiss tournament of 6 rounds")
    settings = XlsxBook.open(made.path).read().tournament.settings
    assert system_of(settings) is SWISS and settings.rounds == 6 and settings.name == "Club cup"

    held = new_tournament(choices, None, name="club.xlsx")
    assert held.path == Path("club.xlsx") and held.data is not None
    assert held.message().startswith("Wrote club.xlsx: an empty swiss tournament")
    assert read_back(tmp_path, held.data).read().tournament.settings.rounds == 6


def test_a_new_tournament_refuses_what_does_not_fit(tmp_path: Path) -> None:
    target = tmp_path / "cup.xlsx"
    with pytest.raises(OptionError) as bad:
        new_tournament(Choices(groups="lots"), target)
    assert bad.value.exit_code == 2 and not target.exists()
    with pytest.raises(FileProblem, match=r"not \.txt"):
        new_tournament(Choices(), tmp_path / "cup.txt")
    new_tournament(Choices(), target)
    with pytest.raises(FileProblem, match="exists already"):
        new_tournament(Choices(), target)
    assert new_tournament(Choices(), target, replace=True).path == target.resolve()


def test_a_roster_starts_a_new_tournament(tmp_path: Path) -> None:
    """From the roster's path, and from its bytes (the page in the browser has no path)."""
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    choices = Choices(rounds=4, seed=7, language="en")
    made = import_roster(roster, tmp_path / "cup.xlsx", choices)
    assert len(made.players) == 9 and made.settings.rounds == 4
    assert made.message() == f"Wrote {made.path}: 9 players."
    read = XlsxBook.open(made.path).read().tournament
    assert [p.name for p in read.players] == [p.name for p in made.players]

    held = import_roster(ROSTER_CSV.encode("utf-8"), None, choices, roster_name="club.csv")
    assert held.data is not None and held.players == made.players
    assert len(read_back(tmp_path, held.data).read().tournament.players) == 9


def test_a_roster_with_problems_names_each_one(tmp_path: Path) -> None:
    roster = b"Name,Rank\nA,3x\nB,99k\nC,1d\n"
    with pytest.raises(InputError) as bad:
        import_roster(roster, tmp_path / "cup.xlsx", roster_name="club.csv")
    assert len(bad.value.problems) == 2
    assert {p.sheet for p in bad.value.problems} == {"club.csv"}
    assert not (tmp_path / "cup.xlsx").exists()


def test_import_tells_a_roster_from_an_opengotha_file(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    with pytest.raises(OptionError, match="'--until-round' is for an OpenGotha"):
        import_tournament(roster, tmp_path / "cup.xlsx", until_round=1)
    with pytest.raises(OptionError, match="'--system' does not apply to an OpenGotha file"):
        import_tournament(fixture(TOULOUSE), tmp_path / "cup.xlsx", Choices(system="fus"))
    made = import_tournament(fixture(TOULOUSE), tmp_path / "cup.xlsx", until_round=2)
    assert system_of(made.settings).opengotha
    assert "OpenGotha's McMahon" in made.lines[0] or "OpenGotha's Swiss" in made.lines[0]
    assert made.lines[-1] == "Round 3 is next: 'gosheet pair' makes it."
    assert len(XlsxBook.open(made.path).read().tournament.rounds) == 2


def test_opengotha_out_and_back_in(tmp_path: Path, open_book: Path) -> None:
    """A workbook exported as OpenGotha's file, as bytes, comes back as the same tournament."""
    before = XlsxBook.open(open_book).read().tournament
    written = export_opengotha(open_book, tmp_path / "cup.xml")
    assert written.path == (tmp_path / "cup.xml").resolve()
    assert written.path.read_bytes() == written.data
    assert written.lines[0].startswith(f"Wrote {written.path}: 9 players, ")

    held = export_opengotha(open_book.read_bytes(), None, book_name="cup.xlsx", name="cup.xml")
    assert held.path == Path("cup.xml") and held.data.startswith(b"<?xml")
    back = import_opengotha(held.data, None, Choices(language="en"), source_name="cup.xml")
    assert back.data is not None and len(back.players) == len(before.players)
    again = read_back(tmp_path, back.data).read().tournament
    assert {p.name for p in again.players} == {p.name for p in before.players}
    assert [len(r.games) for r in again.rounds] == [len(r.games) for r in before.rounds]
    with pytest.raises(FileProblem, match="exists already"):
        export_opengotha(open_book, written.path)


@pytest.mark.parametrize(("name", "kind"), [("cup.h9", "egf"), ("cup.tou", "ffg")])
def test_the_results_files(tmp_path: Path, open_book: Path, name: str, kind: str) -> None:
    assert results_format(name) == kind
    made = export_results(open_book, tmp_path / name, kind)
    assert made.path.read_bytes() == made.data
    assert made.lines[0].startswith(f"Wrote {made.path}: ")
    assert "9 players, 2 rounds" in made.lines[0]
    held = export_results(open_book.read_bytes(), None, kind, name=name)
    assert held.path == Path(name) and b"Ivanova" in held.data


def test_the_aga_results_file_as_bytes(open_book: Path) -> None:
    assert results_format("cup.txt") is None and results_format("cup.txt", "aga") == "aga"
    made = export_results(open_book, None, "aga", name="cup.txt")
    assert "AGA results" in made.message() and b"Ivanova" in made.data


def test_the_print_pack_is_a_pdf(tmp_path: Path, open_book: Path) -> None:
    assert parts_of(" Pairings , slips") == ("pairings", "slips")
    with pytest.raises(OptionError, match="'--what': bogus; choose from"):
        parts_of("pairings,bogus")
    printed = print_file(open_book.read_bytes(), None, what=("pairings",))
    assert printed.pdf.startswith(b"%PDF-") and printed.path is None
    assert printed.round_number == 2 and printed.what == ("pairings",)
    target = tmp_path / "cup.pdf"
    written = print_file(open_book, target, round_number=1)
    assert target.read_bytes() == written.pdf and written.round_number == 1
    assert written.written().startswith(f"Wrote {target}: round 1, pairings")


def test_the_pages_as_bytes_and_in_a_folder(tmp_path: Path, open_book: Path) -> None:
    held = publish(open_book.read_bytes(), None)
    names = {"index.html", "round-1.html", "round-2.html", "standings.html", "crosstable.html"}
    names |= {player_page(name) for name in labels(held.tournament.players).values()}
    assert set(held.pages) == names and held.folder is None
    assert all(page.lstrip().startswith(b"<!doctype html>") for page in held.pages.values())
    assert held.message() == f"Made {len(names)} pages: open index.html."
    site = tmp_path / "site"
    written = publish(open_book, site)
    assert written.pages == held.pages
    assert {p.name for p in site.iterdir()} == names
    assert written.message() == f"Wrote {len(names)} pages in {site}: open {site / 'index.html'}."


def test_the_demo_as_bytes(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="'--rounds': expected a whole number from 1 to"):
        demo(None, rounds=0)
    played = demo(None, rounds=2, language="fr", name="demo.xlsx")
    assert played.data is not None and played.path == Path("demo.xlsx")
    # the actions speak the workbook's language from then on, as the command line does
    assert played.message().startswith("demo.xlsx écrit : 23 joueurs, 2 rondes")
    t = read_back(tmp_path, played.data).read().tournament
    assert len(t.rounds) == 2 and t.settings.language == "fr"
    assert all(g.result is not None for r in t.rounds for g in r.games)


def test_the_study_compares_fus_and_mcmahon() -> None:
    table = study(tournaments=2, players=8, rounds=2, seed=1)
    assert [line.split()[0] for line in table.splitlines()[2:4]] == ["fus", "mcmahon"]
    with pytest.raises(OptionError, match="a study needs"):
        study(tournaments=0)


def test_an_action_on_a_workbook_given_as_bytes(tmp_path: Path, open_book: Path) -> None:
    """Pair, simulate, explain on bytes: the new bytes back, no file beside, no backup."""
    data = open_book.read_bytes()
    assert len(workbooks.check(data).tournament.rounds) == 2
    paired = workbooks.pair(data)
    assert paired.path is None and paired.data is not None and paired.data != data
    assert paired.done.pairing is not None and paired.done.pairing.round_number == 3
    assert pairing_lines(paired.done)[0] == "Round 3: 4 games"
    played = workbooks.simulate(paired.data)
    assert played.data is not None and played.done.filled_results == 4
    explained = workbooks.explain(played.data)
    assert explained.done.explanation.round_number == 3
    assert explained.data is not None
    final = read_back(tmp_path, explained.data, "final.xlsx")
    assert "Explain" in final.grids()
    assert len(final.read().tournament.rounds) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx", "final.xlsx"]


def test_an_action_on_a_workbook_file_keeps_its_previous_version(open_book: Path) -> None:
    before = open_book.read_bytes()
    edited = workbooks.pair(open_book)
    assert edited.path == open_book.resolve() and edited.data is None
    assert saved_note(edited.path) == f"Saved {edited.path} (previous version: cup.backup.xlsx)."
    assert open_book.with_name("cup.backup.xlsx").read_bytes() == before
