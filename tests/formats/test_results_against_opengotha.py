"""The results files against OpenGotha itself: small OpenGotha files, each holding one case
(forfeits, letters outside ISO-8859-15, a start date after the end date, clubs with spaces,
planned rounds not played, files saved during a round), exported by OpenGotha 3.51.02
(``og-export``) and by gosheet after importing them; the files are compared line by line.
OpenGotha's reader judges the way back too: gosheet's OpenGotha export of each imported
workbook gives, through OpenGotha, the very results files of the file imported.
Where gosheet writes otherwise on purpose (docs/ratings.md, "Where gosheet differs"), the
test names the difference and checks that it is the only one:

- LETTERS: a letter ISO-8859-15 lacks, ``?`` in OpenGotha's file, the nearest Latin letters in
  gosheet's;
- HALVES: a half point, ``12?`` in OpenGotha's file (its ``½`` in ISO-8859-15), ``12.5``;
- SHORT_FORFEITS: in the short game format, a forfeit ``12+`` in OpenGotha's file (and kept
  with "drop by-default results"), ``12+!`` (dropped on request);
- PLANNED_ROUNDS: rounds planned but not played, ``0-`` columns in OpenGotha's file, not
  written;
- CLUB_SPACES: a space before or after a club, kept by OpenGotha, dropped by the workbook.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from support.og_results import (
    Board,
    Entrant,
    OgFile,
    opengotha_exports,
    opengotha_missing,
    saved_mid_round,
)

from gosheet.app.exchange import export_results
from gosheet.formats.results import results_file
from gosheet.frontends.cli import main
from gosheet.workbook.xlsx.book import XlsxBook

MISSING = opengotha_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

OG = "OpenGotha 3.51.02"
#: gosheet's file of each of OpenGotha's exports: (format, drop forfeits)
KINDS = {".h9": ("egf", False), ".nobydef.h9": ("egf", True), ".tou": ("ffg", False)}
KINDS[".aga.txt"] = ("aga", False)
#: Where a line of the .h9 has its criteria: after place, name, rank, country and club.
H9_FIXED = 47

Files = dict[str, list[str]]


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, OgFile], tuple[Files, Files]]:
    """``both(name, file)``: OpenGotha's files and gosheet's, as lines, by OpenGotha's
    suffix. On the way, OpenGotha's own reader judges gosheet's OpenGotha export of the
    imported workbook: its results files of it are those of the file imported (but for the
    spaces around a club, which the workbook does not keep)."""
    folder = tmp_path_factory.mktemp("og-results")
    build = tmp_path_factory.mktemp("og-build")

    def run(name: str, og_file: OgFile) -> tuple[Files, Files]:
        xml = folder / f"{name}.xml"
        xml.write_text(og_file.xml(), encoding="utf-8")
        theirs = as_lines(opengotha_exports(xml, folder / name, build))
        book = imported(xml)
        grids = XlsxBook.open(book).grids()
        ours = {}
        for suffix, (kind, drop) in KINDS.items():
            made = results_file(grids, kind, program=OG, drop_forfeits=drop)
            assert made.encoding == "ISO-8859-15"
            ours[suffix] = made.data.decode("iso-8859-15").splitlines()
        again = folder / f"{name}-again.xml"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["export", str(book), "-o", str(again)]) == 0
        if not any(p.club != p.club.strip() for p in og_file.players):
            assert as_lines(opengotha_exports(again, folder / f"{name}-again", build)) == theirs
        return theirs, ours

    return run


def as_lines(files: dict[str, bytes]) -> Files:
    return {suffix: data.decode("iso-8859-15").splitlines() for suffix, data in files.items()}


def imported(xml: Path) -> Path:
    book = xml.with_suffix(".xlsx")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["import", str(xml), "-o", str(book), "--force"]) == 0
    return book


def players(*names: tuple[str, str], **common: str) -> tuple[Entrant, ...]:
    return tuple(Entrant(surname, first, **common) for surname, first in names)


# Forfeits and letters ------------------------------------------------------------------------

ROSTER = players(
    ("Łukasiewicz", "Jan"),  # Ł: Polish
    ("Yılmaz", "İsmail"),  # ı İ: Turkish
    ("Straße", "Jörg"),  # ß ö: in ISO-8859-15, as OpenGotha writes them
    ("Иванов", "Пётр"),  # Cyrillic
    ("Abe", "Ken"),
    ("Abe", "Jo"),
    rank="3K",
)
FORFEITS = (
    Board(1, 0, 1, "RESULT_WHITEWINS_BYDEF"),
    Board(1, 2, 3),
    Board(1, 4, 5, "RESULT_BLACKWINS"),
    Board(2, 1, 2),
    Board(2, 3, 4, "RESULT_BLACKWINS_BYDEF"),
    Board(2, 5, 0, "RESULT_BOTHLOSE_BYDEF"),
)
#: LETTERS: OpenGotha's ``?`` and gosheet's letters, in the .h9 and .tou (``Name First``) and
#: in the AGA file (``Name, First``).
LETTERS = {
    "?ukasiewicz": "Lukasiewicz",
    "Y?lmaz ?smail": "Yilmaz Ismail",
    "Y?lmaz, ?smail": "Yilmaz, Ismail",
    "?????? ????": "Ivanov Petr",
    "??????, ????": "Ivanov, Petr",
}


def respelt(lines: list[str]) -> list[str]:
    """OpenGotha's lines with gosheet's letters for its ``?`` (LETTERS)."""
    out = []
    for line in lines:
        for theirs, ours in LETTERS.items():
            line = line.replace(theirs, ours)
        out.append(line)
    return out


def test_forfeits_and_letters_are_opengothas(
    both: Callable[..., tuple[Files, Files]], tmp_path: Path
) -> None:
    """Forfeits (``!``, and ``0=`` when dropped) as OpenGotha writes them in the full game
    format; every file the same line for line but LETTERS, which the export names."""
    og_file = OgFile(ROSTER, FORFEITS, rounds=2)
    theirs, ours = both("forfeits-letters", og_file)
    xml = tmp_path / "letters.xml"
    xml.write_text(og_file.xml(), encoding="utf-8")
    said = export_results(imported(xml), None, "ffg").message()
    assert "3 names have letters ISO-8859-15 (the file's encoding) lacks" in said
    assert "Иванов Пётр → Ivanov Petr" in said and "Straße" not in said
    assert any("?ukasiewicz" in line for line in theirs[".h9"])  # the case is there
    assert any("Straße Jörg" in line for line in theirs[".h9"])  # ISO-8859-15 holds ß, ö
    assert sum(line.count("!") for line in theirs[".h9"]) == 6  # 3 forfeits, 2 players each
    for suffix in KINDS:
        assert ours[suffix] == respelt(theirs[suffix]), suffix


SHORT_FORFEIT = re.compile(r"( *)(\d+[-+=])!")


def test_forfeits_in_the_short_format(both: Callable[..., tuple[Files, Files]]) -> None:
    """SHORT_FORFEITS: in the short game format OpenGotha writes a forfeit as a game played
    (``4+``: its ``!`` goes with the ``/``), and its "drop by-default results" then drops
    nothing; gosheet keeps the ``!`` (``4+!``) and drops them on request."""
    og_file = OgFile(ROSTER, FORFEITS, rounds=2, game_format="short")
    theirs, ours = both("forfeits-short", og_file)
    assert theirs[".nobydef.h9"] == theirs[".h9"]  # OpenGotha drops no forfeit here
    marked = sum(len(SHORT_FORFEIT.findall(line)) for line in ours[".h9"])
    assert marked == 6
    unmarked = [SHORT_FORFEIT.sub(lambda m: f" {m[1]}{m[2]}", line) for line in ours[".h9"]]
    assert unmarked == respelt(theirs[".h9"])
    dropped = [SHORT_FORFEIT.sub(lambda m: f"{'0=':>{len(m[0])}}", line) for line in ours[".h9"]]
    assert ours[".nobydef.h9"] == dropped
    for suffix in (".tou", ".aga.txt"):  # the same as in the full format
        assert ours[suffix] == respelt(theirs[suffix])


# Dates and clubs -----------------------------------------------------------------------------

CLUBS = players(
    ("Abe", "Ken"),
    ("Abe", "Jo"),
    ("Cho", "Li"),
    ("Dal", "Ma"),
    ("Eko", "Ra"),
    ("Fu", "Xi"),
    rank="5K",
)
CLUB_NAMES = ("Paris Go", "Go Club Lille", "Lyon", "", "Toulouse", "Bordeaux")
ROUNDS_OF_SIX = (
    Board(1, 0, 1),
    Board(1, 2, 3),
    Board(1, 4, 5),
    Board(2, 1, 2),
    Board(2, 3, 4),
    Board(2, 5, 0),
)


def with_clubs(names: tuple[str, ...]) -> tuple[Entrant, ...]:
    return tuple(
        Entrant(p.name, p.first, p.rank, club) for p, club in zip(CLUBS, names, strict=True)
    )


def test_a_start_after_the_end_and_clubs(
    both: Callable[..., tuple[Files, Files]], tmp_path: Path
) -> None:
    """A file whose first day comes after its last: both dates written as OpenGotha writes
    them (not today's), and the export says so. Clubs: their first four characters, as
    OpenGotha keeps them (``Go Club Lille`` → ``Go C``). Every file the same."""
    og_file = OgFile(
        with_clubs(CLUB_NAMES), ROUNDS_OF_SIX, rounds=2, begin="2024-05-19", end="2024-05-18"
    )
    theirs, ours = both("dates", og_file)
    assert "; DT[2024-05-19,2024-05-18]" in theirs[".h9"] and ";date=19/05/2024" in theirs[".tou"]
    assert any(" Go C " in line for line in theirs[".h9"])
    for suffix in KINDS:
        assert ours[suffix] == theirs[suffix], suffix
    xml = tmp_path / "dates.xml"
    xml.write_text(og_file.xml(), encoding="utf-8")
    said = export_results(imported(xml), None, "egf").message()
    assert "2024-05-19, 2024-05-18: the last day comes before the first" in said


def test_spaces_around_a_club(both: Callable[..., tuple[Files, Files]]) -> None:
    """CLUB_SPACES: OpenGotha keeps the spaces around a club, the workbook does not; the
    .h9 trims the club anyway, the .tou does not (OpenGotha's `` Bx `` is gosheet's ``  Bx``),
    and a club led by spaces is cut after them by gosheet (``Lyon``, not OpenGotha's ``Ly``)."""
    names = ("Bx ", "  Lyon", "Pari", "Pari", "Pari", "Pari")
    theirs, ours = both("club-spaces", OgFile(with_clubs(names), ROUNDS_OF_SIX, rounds=2))
    # each file's club field: where it is, OpenGotha's and gosheet's
    fields = {
        ".h9": (slice(43, 47), {"Abe Ken": "  Bx", "Abe Jo": "  Ly"}, {"Abe Jo": "Lyon"}),
        ".tou": (slice(42, 46), {"Abe Ken": " Bx ", "Abe Jo": "  Ly"}, {"Abe Ken": "  Bx"}),
    }
    fields[".nobydef.h9"] = fields[".h9"]
    fields[".tou"][2]["Abe Jo"] = "Lyon"
    for suffix, (at, og, gs) in fields.items():
        expected = []
        for line in theirs[suffix]:
            name = " ".join(line[4:].split()[:2])
            if name in og:
                assert line[at] == og[name]  # the case is there
                line = line[: at.start] + gs.get(name, og[name]) + line[at.stop :]
            expected.append(line)
        assert ours[suffix] == expected, suffix
    assert ours[".aga.txt"] == theirs[".aga.txt"]


# Rounds planned and not played, a file saved during a round --------------------------------------


def test_planned_rounds_not_played(both: Callable[..., tuple[Files, Files]]) -> None:
    """PLANNED_ROUNDS: a tournament of 4 rounds saved after its second. OpenGotha writes the
    two rounds not played as ``0-`` for everyone (and ranks as after them); gosheet writes
    the rounds played (the export says "2 of 4 rounds played"). The rest is the same."""
    og_file = OgFile(with_clubs(("Pari",) * 6), ROUNDS_OF_SIX, rounds=4, criteria=("MMS",))
    theirs, ours = both("planned", og_file)
    for suffix, column in (
        (".h9", "    0-   "),
        (".nobydef.h9", "    0-   "),
        (".tou", "   0-   "),
    ):
        header = [line for line in ours[suffix] if line.startswith(";")]
        body = ours[suffix][len(header) :]
        assert theirs[suffix] == header + [line + column * 2 for line in body], suffix
    end = ["", "", "END"]
    assert ours[".aga.txt"][-3:] == end
    assert theirs[".aga.txt"] == [*ours[".aga.txt"][:-3], "", "GAMES 3", "", "GAMES 4", *end]


HALF = re.compile(r"^(\d+)\?$")


def criteria_read(token: str) -> str | Fraction:
    """HALVES: a criterion of OpenGotha's .h9 (``12?`` for 12½ or 12¼, ``12``) or of gosheet's
    (``12.5``, ``12.25``), as what both agree on: the whole part of a fraction, else the
    number."""
    half = HALF.match(token)
    if half:
        return f"{half[1]}+"
    if re.fullmatch(r"\d+\.\d+", token):
        return f"{token.split('.')[0]}+"
    return Fraction(token) if token.isdigit() else token


def h9_read(line: str) -> tuple[str, list[str | Fraction]]:
    if line.startswith(";"):
        return line, []
    return line[:H9_FIXED], [criteria_read(t) for t in line[H9_FIXED:].split()]


@pytest.mark.parametrize("seed", range(8))
def test_a_file_saved_during_a_round(both: Callable[..., tuple[Files, Files]], seed: int) -> None:
    """Generated tournaments saved during their last round (results missing, byes,
    absences, players left unpaired, forfeits, McMahon or Swiss): the same players in the
    same order — ties by name and first name as Java compares them (``Abe`` < ``abe`` <
    ``Ábel``) — the same places, criteria and games; only HALVES differ."""
    og_file = saved_mid_round(seed)
    theirs, ours = both(f"mid-round-{seed}", og_file)
    for suffix in (".h9", ".nobydef.h9"):
        assert [h9_read(x) for x in ours[suffix]] == [h9_read(x) for x in theirs[suffix]]
    for suffix in (".tou", ".aga.txt"):
        assert ours[suffix] == theirs[suffix], suffix
