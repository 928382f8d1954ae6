"""The print pack of a team tournament, read back with ``pdftotext`` and looked at as pictures
(``pdftoppm``): a match sheet per match of the round (its teams, each board's table, players,
handicap and komi, the match's score, the captains' lines), the team standings as OpenGotha
ranks the teams (OpenGotha's own output for the real ``lgo2020`` and ``ull`` files: every
place, criterion and half-match string) and the team crosstable, beside the individual parts;
in the tournament's language; none of it in an individual tournament."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image
from support.codes import read_codes, rendered
from support.og_teams import load, team_file
from support.printing import (
    TIMEOUT,
    laid_out,
    needs_poppler,
    pdf_pages,
    squeezed,
    words_by_page,
)
from support.team_tournament import team_tournament

from gosheet.core.kinds import TournamentType
from gosheet.core.model import Tournament
from gosheet.core.teams.matches import matches_in
from gosheet.formats.addresses import address, team_page
from gosheet.formats.pack import WHAT, pack_of, pack_pdf, parts_for
from gosheet.records import replace
from gosheet.workbook.sheets.names import labels

pytestmark = needs_poppler


def printed(tournament: Tournament, folder: Path, name: str, **options: object) -> Path:
    pdf = folder / f"{name}.pdf"
    pdf.write_bytes(pack_pdf(tournament, **options))  # type: ignore[arg-type]
    return pdf


def og_table(name: str, after: int) -> tuple[list[list[str]], list[list[str]]]:
    """OpenGotha's ``match`` lines of every round and its ``team`` lines after ``after``."""
    lines = team_file(name, f".standings.R{after}.txt").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    return [r for r in rows if r[0] == "match"], [r for r in rows if r[0] == "team"]


@pytest.fixture(scope="module")
def lgo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Tournament, list[str], Path]:
    tournament = load("lgo2020")
    pdf = printed(tournament, tmp_path_factory.mktemp("lgo"), "lgo2020")
    return tournament, pdf_pages(pdf), pdf


def pages_titled(pages: list[str], title: str) -> list[str]:
    found = [page for page in pages if title in page]
    assert found, f"no page titled {title!r}"
    return found


def test_a_match_sheet_for_every_match_of_the_round(
    lgo: tuple[Tournament, list[str], Path],
) -> None:
    tournament, pages, pdf = lgo
    names = labels(tournament.players)
    sheets = squeezed("".join(pages_titled(pages, "match at tables")))
    lines = [squeezed(line) for line in laid_out(pdf).splitlines()]
    matches = matches_in(tournament, 5)
    assert len(matches) == 7
    for match in matches:
        first, second = (f"{t.number}.{squeezed(t.name)}" for t in (match.first, match.second))
        tables = f"{match.boards[0].game.table}–{match.boards[-1].game.table}"
        assert f"Round5:matchattables{tables}{first}–{second}" in sheets
        assert f"Captainof{first},signedCaptainof{second},signed" in lines
        for board in match.boards:
            g = board.game
            # a board's line: the names, then its board and table, below them each
            # player's rank and team, then the handicap, the komi and the result
            at = lines.index(squeezed(names[g.white] + names[g.black]))
            assert lines[at + 1] == f"{board.number}{g.table}"
            white, black = (match.first, match.second)[:: 1 if board.first_is_white else -1]
            assert squeezed(white.name) in lines[at + 2] and squeezed(black.name) in lines[at + 2]
            assert lines[at + 3] == f"{g.handicap}{g.komi:g}{g.result.value if g.result else ''}"
    assert sheets.count("Matchresult") == 7
    assert sheets.count("Boardpoints") == sheets.count("Teampoints") == 7


def test_the_match_scores_are_opengothas(lgo: tuple[Tournament, list[str], Path]) -> None:
    """Round 5 is played: each sheet carries its board points and team points, as
    OpenGotha's own output gives them (its ``match`` lines of round 5)."""
    _, pages, _ = lgo
    sheets = squeezed("".join(pages_titled(pages, "match at tables")))
    og_matches, _ = og_table("lgo2020", 5)
    fifth = og_matches[-7:]  # the last round's, in table order
    for _, _, _, white_no, white, black_no, black, boards, points in fifth:
        a, b = boards.split("-")
        tp_a, tp_b = points.split("-")
        grid = f"Matchresult{white_no}.{squeezed(white)}{black_no}.{squeezed(black)}"
        assert f"{grid}Boardpoints{a}{b}Teampoints{tp_a}{tp_b}" in sheets


@pytest.mark.parametrize(("name", "after"), [("lgo2020", 5), ("ull", 6), ("ull", 3)])
def test_the_team_standings_are_opengothas(tmp_path: Path, name: str, after: int) -> None:
    """Every row of OpenGotha's team standings — place (blank on a tie), number, team, each
    criterion in the file's order, each round's half-match string — is a row of the pack's."""
    tournament = load(name, until_round=after)
    pdf = printed(tournament, tmp_path, name, what=("team-standings",))
    assert f"Team standings after round {after}" in pdf_pages(pdf)[0]
    lines = [squeezed(line) for line in laid_out(pdf).splitlines()]
    _, teams = og_table(name, after)
    assert len(teams) == len(tournament.teams)
    rows = [line for line in lines if line[:1].isdigit()][: len(teams)]
    assert rows == [squeezed("".join(row[1:])) for row in teams]  # in OpenGotha's order
    shorts = {"TEAMP": "TP", "BDW": "BDW", "MNR": "MNR", "SOST": "SOST"}
    header = "PlaceNo.Team" + "".join(
        shorts.get(c, f"B{c[3:-1]}U") for c in tournament.settings.team_placement
    )
    assert header + "".join(f"R{r}" for r in range(1, after + 1)) in lines


def test_the_team_crosstable(tmp_path: Path) -> None:
    """Teams by number × rounds: the opponent's number, the team points and board points
    the team made (OpenGotha's ``match`` lines), then the totals; ``ull``'s team without a
    match gets its bye, worth nothing as in OpenGotha."""
    tournament = load("ull")
    pdf = printed(tournament, tmp_path, "ull", what=("team-crosstable",))
    assert "Team crosstable" in pdf_pages(pdf)[0]
    text = squeezed(laid_out(pdf))
    og_matches, teams = og_table("ull", 6)
    cells: dict[str, list[str]] = {}
    for _, _, _, white_no, _, black_no, _, boards, points in og_matches:
        (a, b), (p, q) = boards.split("-"), points.split("-")
        cells.setdefault(white_no, []).append(f"{black_no}:{p}/{a}")
        cells.setdefault(black_no, []).append(f"{white_no}:{q}/{b}")
    for row in teams:
        number, team = row[2], row[3]
        assert all(cell in text for cell in cells[number]), team
        assert f"{number}{squeezed(team)}" in text
    assert text.count("Bye0") == 6  # one team a round
    assert "R1R2R3R4R5R6TeampointsBoardpoints" in text


def test_beside_the_individual_parts(lgo: tuple[Tournament, list[str], Path]) -> None:
    _, pages, _ = lgo
    order = [
        "pairings by table",
        "where do I play?",
        "match at tables",
        "Table 1",  # the slips
        "Team standings after round 5",
        "Standings",
        "Team crosstable",
        "Crosstable",
    ]
    firsts = [next(k for k, p in enumerate(pages) if title in p) for title in order]
    assert firsts == sorted(firsts)
    for number, page in enumerate(pages, start=1):
        assert f"page {number} of {len(pages)}" in page


def test_two_match_sheets_of_four_boards_a_page_each_whole(tmp_path: Path) -> None:
    tournament = team_tournament()
    pdf = printed(tournament, tmp_path, "cup", what=("matches",))
    pages = pdf_pages(pdf)
    assert len(pages) == 1 and pages[0].count("match at tables") == 2
    (words,) = words_by_page(pdf)
    right = 595.28 - 12 / 25.4 * 72 + 1  # A4's width less the margin
    assert max(x for _, _, x, _, _ in words) <= right


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ("Classement des équipes", "Signature du capitaine de", "Résultat du match")),
        ("ru", ("Командный зачёт", "Подпись капитана команды", "Результат матча")),
        ("ca", ("Classificació per equips", "Signatura del capità de", "Quadre creuat d'equips")),
    ],
)
def test_in_the_tournaments_language(tmp_path: Path, language: str, words: tuple[str]) -> None:
    pdf = printed(team_tournament(language), tmp_path, language)
    text = "".join(pdf_pages(pdf))
    for word in words:
        assert word in text, (language, word)
    for english in ("Match result", "Team standings", "Team crosstable", "Captain of", "Board"):
        assert english not in text, (language, english)


def test_no_team_part_in_an_individual_tournament(tmp_path: Path) -> None:
    team = team_tournament()
    alone = replace(
        team,
        settings=team.settings.replace(tournament_type=TournamentType.INDIVIDUAL),
        teams=(),
    )
    assert pack_of(alone).teams is None
    assert parts_for(alone) == ("pairings", "names", "slips", "standings", "crosstable")
    assert parts_for(team) == WHAT
    text = "".join(pdf_pages(printed(alone, tmp_path, "alone")))
    for word in ("match at tables", "Team standings", "Team crosstable", "Captain"):
        assert word not in text


def test_the_match_sheets_look_right(tmp_path: Path) -> None:
    """The match sheets' page rendered: ink on it, none within 5 mm of the paper's edge, and
    each sheet's boards drawn as a table (its box's dark lines)."""
    pdf = printed(team_tournament(), tmp_path, "cup", what=("matches", "team-standings"))
    subprocess.run(
        ["pdftoppm", "-r", "30", "-png", str(pdf), str(tmp_path / "p")],
        check=True,
        timeout=TIMEOUT,
    )
    pictures = sorted(tmp_path.glob("p-*.png"))
    assert len(pictures) == 2
    for picture in pictures:
        image = Image.open(picture).convert("L")
        box = Image.eval(image, lambda v: 255 if v < 200 else 0).getbbox()
        assert box is not None, f"{picture.name} is blank"
        edge = round(5 / 25.4 * 30)
        assert box[0] >= edge and box[1] >= edge, picture.name
        assert box[2] <= image.width - edge and box[3] <= image.height - edge, picture.name


def test_with_the_pages_address_each_match_sheet_leads_to_its_teams_pages(tmp_path: Path) -> None:
    """``--url``: beside each match sheet's score, the QR codes of its two teams' pages, read
    as a phone reads them (the page rendered, the codes decoded, at 100 and at 72 dots an
    inch); without it, none."""
    cup = team_tournament()
    base = "https://go.example.org/league/"
    pdf = printed(cup, tmp_path, "coded", what=("matches",), url=base)
    matches = matches_in(cup, len(cup.rounds))
    wanted = sorted(
        address(base, team_page(team.name)) for match in matches for team in match.teams
    )
    assert len(wanted) == 4
    for dpi in (100, 72):
        read = [code for picture in rendered(pdf, dpi) for code in read_codes(picture)]
        assert sorted(read) == wanted, dpi
    plain = printed(cup, tmp_path, "plain", what=("matches",))
    assert all(read_codes(picture) == [] for picture in rendered(plain, 72))
