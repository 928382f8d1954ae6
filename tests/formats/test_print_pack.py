"""``gosheet print``: the pack of the demo (seed McMahon), a FUS and an Oware tournament,
read back with ``pdftotext`` and looked at as pictures (``pdftoppm``): every player in the
list by table, the list by name and the standings; names as typed (Latin, Cyrillic,
Greek); no Go word in Oware; no ink outside the page's margins."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image
from support.cli import cli
from support.printing import KINDS, TIMEOUT, Made, made_once, needs_poppler, squeezed

pytestmark = needs_poppler


@pytest.fixture(scope="module")
def made() -> dict[str, Made]:
    return made_once()


def section(pages: list[str], title: str) -> str:
    """The pages whose text holds ``title``, as one text."""
    found = [page for page in pages if title in page]
    assert found, f"no page titled {title!r}"
    return squeezed("".join(found))


@pytest.mark.parametrize("kind", KINDS)
def test_every_player_in_every_list(made: dict[str, Made], kind: str) -> None:
    pages = made[kind].pages()
    for title in ("pairings by table", "where do I play?", "Standings", "Crosstable"):
        text = section(pages, title)
        for name in made[kind].names:
            assert squeezed(name) in text, (kind, title, name)


@pytest.mark.parametrize("kind", KINDS)
def test_every_page_has_the_tournament_the_round_and_its_number(
    made: dict[str, Made], kind: str
) -> None:
    pages = made[kind].pages()
    for number, page in enumerate(pages, start=1):
        assert f"page {number} of {len(pages)}" in page
        assert "— round " in page


def test_names_print_as_typed(made: dict[str, Made]) -> None:
    text = "".join(made["oware"].pages())
    for word in ("Соколова Елена", "Παπαδόπουλος Γιώργος", "Łukasiewicz Żaneta", "O'Brien Seán"):
        assert word in text


def test_the_demo_standings_per_group_and_the_komi_once(made: dict[str, Made]) -> None:
    pages = made["demo"].pages()
    standings = section(pages, "Standings")
    assert "Group1" in standings and "Group2" in standings
    pairings = next(p for p in pages if "pairings by table" in p)
    assert "komi 6.5 in every game" in pairings
    assert "Komi" not in pairings.replace("komi 6.5", "")  # no column repeating it


def test_fus_shows_levels_handicaps_and_steps(made: dict[str, Made]) -> None:
    pages = made["fus"].pages()
    pairings = next(p for p in pages if "pairings by table" in p)
    assert "Level" in pairings and "Handicap" in pairings
    assert "Level" in section(pages, "Standings")


def test_oware_has_first_and_second_player_and_no_go_word(made: dict[str, Made]) -> None:
    text = "\n".join(made["oware"].pages())
    assert "First player" in text and "Second player" in text
    for word in ("White", "Black", "komi", "Komi", "Handicap", "handicap", "Jigo"):
        assert word not in text, word


def test_slips_one_a_game_four_a_page(made: dict[str, Made]) -> None:
    pages = made["demo"].pages()
    slips = [p for p in pages if "signed" in p]
    tables = sum(p.count("Table ") for p in slips)
    assert tables == 11 and len(slips) == 3  # the demo's round 5: 11 games
    assert all("White wins" in p and "Black wins" in p for p in slips)


@pytest.mark.parametrize("kind", KINDS)
def test_the_pages_look_right(made: dict[str, Made], kind: str, tmp_path: Path) -> None:
    """Every page rendered: ink on it, none within 5 mm of the paper's edge (nothing
    cut), the pairing list's type large enough to read on the wall."""
    subprocess.run(
        ["pdftoppm", "-r", "30", "-png", str(made[kind].pdf), str(tmp_path / "p")],
        check=True,
        timeout=TIMEOUT,
    )
    pictures = sorted(tmp_path.glob("p-*.png"))
    assert len(pictures) == len(made[kind].pages())
    for picture in pictures:
        image = Image.open(picture).convert("L")
        box = Image.eval(image, lambda v: 255 if v < 200 else 0).getbbox()
        assert box is not None, f"{picture.name} is blank"
        edge = round(5 / 25.4 * 30)
        assert box[0] >= edge and box[1] >= edge, picture.name
        assert box[2] <= image.width - edge and box[3] <= image.height - edge, picture.name


def test_what_and_round(
    made: dict[str, Made], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r2.pdf"
    code, said, _ = cli(
        capsys, "print", made["demo"].book, "-o", out, "--round", "2", "--what", "names"
    )
    assert code == 0 and "round 2" in said
    from support.printing import pdf_pages

    pages = pdf_pages(out)
    assert all("where do I play?" in p for p in pages) and "Round 2" in pages[0]
    code, _, err = cli(capsys, "print", made["demo"].book, "--round", "9")
    assert code == 3 and "no round 9" in err
    code, _, err = cli(capsys, "print", made["demo"].book, "--what", "wallpaper")
    assert code == 2 and "wallpaper" in err


def test_beside_the_workbook_by_default(
    made: dict[str, Made], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "cup.xlsx"
    book.write_bytes(made["oware"].book.read_bytes())
    code, said, _ = cli(capsys, "print", book)
    assert code == 0 and (tmp_path / "cup.pack.pdf").read_bytes().startswith(b"%PDF")
    assert "cup.pack.pdf" in said
