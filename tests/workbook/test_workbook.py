"""The workbook: round trip, template, late players, edited results."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from openpyxl import load_workbook

from gosheet.app import actions
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings
from gosheet.workbook.saving.atomic import backup_path
from gosheet.workbook.sheets import PLAYERS, ROUND_HEADERS, SETTINGS, STANDINGS
from gosheet.workbook.sheets.standings import standings_sheet
from gosheet.workbook.sheets.writer import round_sheet
from gosheet.workbook.template import build_template, new_book, template_path
from gosheet.workbook.xlsx.book import XlsxBook


def sample_tournament() -> Tournament:
    settings = Settings(
        name="Round trip Cup",
        rounds=4,
        komi=7.5,
        mcmahon_groups=McMahonGroups.parse("1d, 5k"),
        tiebreaks=("SODOS", "SOS"),
        bye_points=Fraction(1, 2),
        absent_points=Fraction(0),
        forfeit_loss_points=Fraction(0),
        random_seed=12345,
    )
    players = (
        Player(1, "Ivanova", "Maria", 3, 2380, "Moscow", "RU", 1),
        Player(2, "García", "Lucía", -2, None, "Barcelona", "ES", 2, frozenset({3})),
        Player(3, "O'Brien", "Sean", -12, 890, "", "IE", 3),
        Player(4, "Kovač", "", -14, 720, "Ljubljana", "SI", None, frozenset({2, 4})),
        Player(5, "Müller", "Jonas", 9, None, "Hamburg", "DE", 1),
    )
    rounds = (
        Round(
            1, (Game(1, 1, 5, 0, 7.5, Result.WHITE_WINS), Game(2, 3, 2, 2, 0.5, Result.JIGO)), (4,)
        ),
        Round(
            2,
            (
                Game(1, 5, 2, 0, 7.5, Result.BLACK_WINS_BY_FORFEIT),
                Game(2, 1, 3, 0, 7.5, Result.BOTH_LOSE),
            ),
            (),
        ),
        Round(
            3,
            (
                Game(1, 4, 1, 0, 7.5, Result.WHITE_WINS_BY_FORFEIT),
                Game(2, 3, 5, 0, 7.5, Result.BOTH_LOSE_BY_FORFEIT),
            ),
            (),
        ),
        Round(4, (Game(1, 2, 1, 0, 7.5, None), Game(2, 3, 5, 0, 7.5, Result.BLACK_WINS)), ()),
    )
    return Tournament(settings, players, rounds)


def write(tournament: Tournament, path: Path) -> None:
    book = new_book(tournament.settings, tournament.players)
    for rnd in tournament.rounds:
        book.render(round_sheet(tournament, Pairing(rnd.number, rnd.games, rnd.byes)))
    book.render(standings_sheet(tournament))
    book.save(path, backup=False)


def test_write_then_read_gives_the_same_tournament(tmp_path: Path) -> None:
    tournament = sample_tournament()
    write(tournament, tmp_path / "t.xlsx")
    assert XlsxBook.open(tmp_path / "t.xlsx").read().tournament == tournament


def test_round_sheet_layout(tmp_path: Path) -> None:
    write(sample_tournament(), tmp_path / "t.xlsx")
    workbook = load_workbook(tmp_path / "t.xlsx")
    assert workbook.sheetnames == [
        SETTINGS,
        PLAYERS,
        "Round 1",
        "Round 2",
        "Round 3",
        "Round 4",
        STANDINGS,
    ]
    sheet = workbook["Round 1"]
    header = [c.value for c in sheet[1]]
    assert header == [*ROUND_HEADERS, "White club", "White country", "Black club", "Black country"]
    for needed in ("Table", "White", "Black", "Handicap", "Komi", "Result"):
        assert needed in header
    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=2)]
    assert rows[-1][:2] == ["Bye", "Kovač"]
    assert sheet.freeze_panes == "A2"
    assert sheet.print_title_rows == "$1:$1"
    assert sheet.sheet_properties.pageSetUpPr.fitToPage
    assert sheet.page_setup.fitToWidth == 1
    validations = sheet.data_validations.dataValidation
    assert len(validations) == 1 and '"1-0,0-1,½-½' in validations[0].formula1
    assert str(validations[0].sqref) == "H2:H3"
    assert sheet.cell(row=2, column=8).number_format == "@"


def test_committed_template_matches_its_builder() -> None:
    committed = load_workbook(template_path())
    built = build_template()
    assert committed.sheetnames == built.sheetnames == [SETTINGS, PLAYERS]
    for name in built.sheetnames:
        want = [list(r) for r in built[name].iter_rows(values_only=True)]
        have = [list(r) for r in committed[name].iter_rows(values_only=True)]
        assert have == want, (
            f"templates/tournament.xlsx is stale: rebuild with "
            f"'python -m gosheet.workbook.template' ({name} differs)"
        )


def test_new_workbook_reads_back_as_an_empty_tournament(tmp_path: Path) -> None:
    settings = Settings(rounds=6, random_seed=99)
    new_book(settings).save(tmp_path / "new.xlsx", backup=False)
    tournament = XlsxBook.open(tmp_path / "new.xlsx").read().tournament
    assert tournament == Tournament(settings)


def test_custom_template_sheets_are_kept(tmp_path: Path) -> None:
    template = build_template()
    template.create_sheet("Sponsors")["A1"] = "Thanks to the club"
    template.save(tmp_path / "mine.xlsx")
    new_book(Settings(), template=tmp_path / "mine.xlsx").save(tmp_path / "t.xlsx", backup=False)
    assert load_workbook(tmp_path / "t.xlsx")["Sponsors"]["A1"].value == "Thanks to the club"


def _play(path: Path, rounds: int) -> None:
    for _ in range(rounds):
        book = XlsxBook.open(path)
        actions.pair(book)
        actions.simulate(book)
        book.save()


def _players(n: int) -> tuple[Player, ...]:
    return tuple(
        Player(i, f"Player{i:02d}", "A", -((i * 2) % 30) - 1, None) for i in range(1, n + 1)
    )


def test_late_player_and_absence_between_rounds(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    new_book(Settings(rounds=3, random_seed=5), _players(8)).save(path, backup=False)
    _play(path, 1)
    workbook = load_workbook(path)
    players = workbook[PLAYERS]
    players.append(["Latecomer", "Lea", "5k", None, None, None, None, None])
    players["H3"] = "2"  # Player02 skips round 2
    workbook.save(path)
    _play(path, 1)
    state = XlsxBook.open(path).read()
    t = state.tournament
    late = next(p for p in t.players if p.surname == "Latecomer")
    assert late.group is not None  # given a group at its first pairing
    second = t.rounds[1]
    in_round = {g.white for g in second.games} | {g.black for g in second.games} | set(second.byes)
    assert late.number in in_round and 2 not in in_round
    first = t.rounds[0]
    assert late.number not in {g.white for g in first.games} | {g.black for g in first.games}


def test_editing_an_earlier_result_moves_the_standings_not_the_pairings(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    new_book(Settings(rounds=3, random_seed=5), _players(6)).save(path, backup=False)
    _play(path, 2)
    before = XlsxBook.open(path).read().tournament
    workbook = load_workbook(path)
    sheet = workbook["Round 1"]
    old = sheet["H2"].value
    sheet["H2"] = "0-1" if old == "1-0" else "1-0"
    workbook.save(path)
    book = XlsxBook.open(path)
    actions.update_standings(book)
    book.save()
    after = XlsxBook.open(path).read().tournament
    assert [r.games[0].result for r in (before.rounds[0], after.rounds[0])] != [None, None]
    assert before.rounds[0].games[0].result != after.rounds[0].games[0].result
    strip = [tuple((g.table, g.white, g.black) for g in r.games) for r in before.rounds]
    assert strip == [tuple((g.table, g.white, g.black) for g in r.games) for r in after.rounds]
    game = after.rounds[0].games[0]
    winner = game.white if game.result is Result.WHITE_WINS else game.black
    standings = {
        row[3]: row for row in load_workbook(path)[STANDINGS].iter_rows(min_row=2, values_only=True)
    }
    name = after.player(winner).surname
    assert standings[name][8].endswith(f"/{game.colour_of(winner)}")
    assert "+" in standings[name][8]


def test_save_keeps_a_backup_of_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    new_book(Settings(rounds=2), _players(4)).save(path, backup=False)
    previous = path.read_bytes()
    book = XlsxBook.open(path)
    actions.pair(book)
    book.save()
    assert backup_path(path).read_bytes() == previous
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.backup.xlsx", "t.history", "t.xlsx"]
    assert [v.read_bytes() for v in (tmp_path / "t.history").iterdir()] == [previous]
