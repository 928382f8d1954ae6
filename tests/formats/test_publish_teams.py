"""The published pages of a team tournament: each round's matches as blocks of boards (each
player linked to his page, with his team), the team standings (OpenGotha's, for the real
``lgo2020`` file) and the team crosstable, linked from every page; opened in Debian's
headless Chromium (Playwright, never a browser download) at 390 CSS pixels, no page wider
than the screen, the results and the deciding criteria on it, and at a desktop's 1280.

Chromium or Playwright missing skips the browser's tests, unless ``GOSHEET_REQUIRE_BROWSER=1``
or ``GOSHEET_REQUIRE_SOFFICE=1`` (CI), which makes them fail instead."""

from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.og_teams import load, team_file
from support.team_tournament import team_tournament

from gosheet.core.kinds import TournamentType
from gosheet.core.model import Game, Player, Result, Tournament
from gosheet.core.opengotha.scores import points2
from gosheet.core.teams.lineups import team_of_player
from gosheet.core.teams.matches import matches_in, team_bye
from gosheet.core.teams.standings import half_points, team_standings
from gosheet.formats.addresses import (
    INDEX_PAGE,
    TEAM_CROSSTABLE_PAGE,
    TEAM_STANDINGS_PAGE,
    player_page,
    round_page,
    team_page,
)
from gosheet.formats.pack.language import header, printing
from gosheet.formats.site import publish
from gosheet.records import replace
from gosheet.workbook.sheets.names import labels

CHROMIUM = "/usr/bin/chromium"
PHONE, DESKTOP = 390, 1280
REQUIRED = "1" in (
    os.environ.get("GOSHEET_REQUIRE_BROWSER"),
    os.environ.get("GOSHEET_REQUIRE_SOFFICE"),
)


def text_of(page: Path) -> str:
    """A page's text, tags and spaces out, entities read."""
    return re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]+>", "", page.read_text("utf-8"))))


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Tournament, Path]]:
    out = {}
    for name, tournament in (("lgo2020", load("lgo2020")), ("cup", team_tournament("ru"))):
        folder = tmp_path_factory.mktemp(name)
        publish(tournament, folder)
        out[name] = (tournament, folder)
    return out


# ------------------------------------------------------------------------ without a browser


def test_the_team_pages_and_every_link_leads_to_one(
    sites: dict[str, tuple[Tournament, Path]],
) -> None:
    for tournament, site in sites.values():
        files = {p.name for p in site.iterdir()}
        assert {TEAM_STANDINGS_PAGE, TEAM_CROSSTABLE_PAGE} <= files
        for page in site.iterdir():
            text = page.read_text(encoding="utf-8")
            assert f'href="{TEAM_STANDINGS_PAGE}"' in text, page.name  # in the navigation
            for target in re.findall(r'href="([^"#]*)(?:#[^"]*)?"', text):
                assert (site / html.unescape(target)).is_file(), (page.name, target)
        pages = len(tournament.rounds) + len(tournament.players) + len(tournament.teams)
        assert len(files) == 5 + pages


def test_a_rounds_matches_as_blocks_of_boards(sites: dict[str, tuple[Tournament, Path]]) -> None:
    for tournament, site in sites.values():
        names = labels(tournament.players)
        for rnd in tournament.rounds:
            page = (site / round_page(rnd.number)).read_text(encoding="utf-8")
            blocks = [b[: b.index("</section>")] for b in page.split('<section class="match">')[1:]]
            matches = matches_in(tournament, rnd.number)
            assert len(blocks) == len(matches)
            for block, match in zip(blocks, matches, strict=True):
                heading = html.unescape(block[: block.index("</h3>")])
                assert f"{match.first.number}. {match.first.name}" in heading
                assert f"{match.second.number}. {match.second.name}" in heading
                rows = block.split("<tr>")[2:]  # the header row's out
                assert len(rows) == len(match.boards)
                for row, board in zip(rows, match.boards, strict=True):
                    g = board.game
                    for player in (g.white, g.black):
                        assert f'href="{player_page(names[player])}"' in row
                    teams = re.findall(r'<span class="team">([^<]*)</span>', html.unescape(row))
                    assert set(teams) == {match.first.name, match.second.name}
                    result = re.findall(r'<td class="result">([^<]*)</td>', row)
                    assert result == [g.result.value if g.result else ""]


def test_every_team_name_leads_to_its_page(sites: dict[str, tuple[Tournament, Path]]) -> None:
    """The match blocks' headings, the team standings (whole and short), the team
    crosstable, the index and each player's page link to the team's page."""
    for tournament, site in sites.values():
        pages = {t.number: team_page(t.name) for t in tournament.teams}
        for rnd in tournament.rounds:
            text = (site / round_page(rnd.number)).read_text(encoding="utf-8")
            headings = re.findall(r"<h3>(.*?)</h3>", text, re.S)
            for heading, match in zip(headings, matches_in(tournament, rnd.number), strict=True):
                assert f'href="{pages[match.first.number]}"' in heading
                assert f'href="{pages[match.second.number]}"' in heading
            bye = team_bye(tournament, rnd.number)
            if bye is not None:
                shown = f"{bye.number}. {html.escape(bye.name)}"
                assert f'<a href="{pages[bye.number]}">{shown}' in text
        standings = (site / TEAM_STANDINGS_PAGE).read_text(encoding="utf-8")
        order = [row.team.number for row in team_standings(tournament).rows]
        assert team_links(standings) == [pages[n] for n in order] * 2  # whole, then short
        crosstable = (site / TEAM_CROSSTABLE_PAGE).read_text(encoding="utf-8")
        assert team_links(crosstable) == [pages[n] for n in sorted(pages)]
        index = (site / INDEX_PAGE).read_text(encoding="utf-8")
        assert team_links(index) == [pages[n] for n in sorted(pages)]
        names = labels(tournament.players)
        last = tournament.rounds[-1].number
        for player in tournament.players:
            text = (site / player_page(names[player.number])).read_text(encoding="utf-8")
            team = team_of_player(tournament, player.number, last)
            found = team_links(text)
            assert found == ([pages[team.number]] if team is not None else []), player.number


def team_links(text: str) -> list[str]:
    """The team pages a page's main part links to, in order (the navigation's out)."""
    return re.findall(r'href="(team-[^"]*)"', text[text.index("<main>") :])


def cells(row: str) -> list[str]:
    """A table row's cells, as text."""
    found = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in found]


def test_a_teams_page_holds_its_matches_and_its_players_boards(
    sites: dict[str, tuple[Tournament, Path]],
) -> None:
    """Each team's page, checked against the core round by round: the opponent, the tables,
    the board points and won / drawn / lost of each match (a round without one: the bye, or
    not playing); each player's board and its mark in each round he played for the team, and
    his board points, which add up to the team's; its line of the team standings."""
    signs = {2: "+", 1: "=", 0: "-"}
    for tournament, site in sites.values():
        _p = printing(tournament.settings.language or "en")  # the cup's is Russian
        words = {2: _p("Won"), 1: _p("Drawn"), 0: _p("Lost")}
        names = labels(tournament.players)
        size = tournament.settings.team_size
        standings = {row.team.number: row for row in team_standings(tournament).rows}
        for team in tournament.teams:
            text = (site / team_page(team.name)).read_text(encoding="utf-8")
            assert f"<h1>{team.number}. {html.escape(team.name)}</h1>" in text
            matches_part, members_part = text.split('<table class="members">')
            rows = [cells(r) for r in matches_part.split("<tbody>")[1].split("<tr>")[1:]]
            assert [int(r[0]) for r in rows] == [r.number for r in tournament.rounds]
            expected: dict[int, list[str]] = {}
            made: dict[int, int] = {}
            total = 0
            for row, rnd in zip(rows, tournament.rounds, strict=True):
                match = next(
                    (m for m in matches_in(tournament, rnd.number) if team in m.teams), None
                )
                if match is None:
                    bye = team_bye(tournament, rnd.number)
                    mine = bye is not None and bye.number == team.number
                    idle = _p("Bye") if mine else _p("Not playing")
                    assert row == [str(rnd.number), "", "", "", idle]
                    continue
                k = match.side_of(team)
                other = match.opponent_of(team)
                assert row[1] == f"{other.number}. {other.name}"
                first, last = match.boards[0].game.table, match.boards[-1].game.table
                assert row[2] == (str(first) if first == last else f"{first}–{last}")
                for board in match.boards:
                    player = board.first_player if k == 0 else board.second_player
                    got = points2(board.game, player) if board.game.result else None
                    mark = f"{board.number}{signs[got] if got is not None else ''}"
                    marks = expected.setdefault(player, [""] * len(tournament.rounds))
                    marks[rnd.number - 1] = mark
                    made[player] = made.get(player, 0) + (got or 0)
                if not match.complete:
                    assert row[3:] == ["", _p("Not played yet")]
                    continue
                mine, theirs = match.wx2()[k], match.wx2()[1 - k]
                total += mine
                assert row[3] == f"{half_points(mine)} – {half_points(theirs)}"
                assert row[4] == words[match.team_points(size)[k]]
            members = [cells(r) for r in members_part.split("<tbody>")[1].split("<tr>")[1:]]
            shown = {r[0]: r for r in members}
            for player, marks in expected.items():
                line = shown[names[player]]
                assert line[2:-1] == marks and line[-1] == half_points(made[player]), line
            assert sum(made.values()) == total
            lineup = team.lineup_in(tournament.rounds[-1].number).players
            assert [r[0] for r in members[: len(lineup)]] == [names[p] for p in lineup]
            line = re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", text)
            place = standings[team.number].place
            language = tournament.settings.language or "en"
            assert line[0] == (header("Place", language), str(place or ""))


def test_the_team_standings_are_opengothas(sites: dict[str, tuple[Tournament, Path]]) -> None:
    _, site = sites["lgo2020"]
    text = text_of(site / TEAM_STANDINGS_PAGE)
    lines = team_file("lgo2020", ".standings.R5.txt").read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines if line.startswith("team\t")]
    at = 0
    for row in rows:  # every row of OpenGotha's table, in its order
        found = text.find("".join(row[1:]).replace(" ", ""), at)
        assert found >= 0, row
        at = found
    assert "TeamstandingsafterRound5" in text.replace("round", "Round")


def test_the_pages_in_the_tournaments_language(
    sites: dict[str, tuple[Tournament, Path]],
) -> None:
    _, site = sites["cup"]
    text = (site / round_page(2)).read_text(encoding="utf-8")
    assert '<html lang="ru">' in text and "Матчи" in text and "Командный зачёт" in text
    assert "Безматчавэтомтуре:4.Санкт-Петербург" in text_of(site / round_page(2))
    crosstable = text_of(site / TEAM_CROSSTABLE_PAGE)
    assert "Таблицавстречкоманд" in crosstable and "2:0/0½" in crosstable


def test_no_team_page_in_an_individual_tournament(tmp_path: Path) -> None:
    team = team_tournament()
    alone = replace(
        team, settings=team.settings.replace(tournament_type=TournamentType.INDIVIDUAL), teams=()
    )
    publish(alone, tmp_path)
    assert not (tmp_path / TEAM_STANDINGS_PAGE).exists()
    text = (tmp_path / round_page(2)).read_text(encoding="utf-8")
    assert "Team standings" not in text and 'class="match"' not in text
    assert "Pairings by table" in text


# ------------------------------------------------------------------------ in the browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    def unavailable(reason: str) -> None:
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)

    if shutil.which(CHROMIUM) is None:
        unavailable("Chromium is not installed: apt-get install chromium")
    if importlib.util.find_spec("playwright") is None:
        unavailable("Playwright is not installed: pip install playwright")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield chromium
        chromium.close()
    finally:
        playwright.stop()


def screen(browser: Any, width: int) -> Any:
    return browser.new_context(viewport={"width": width, "height": 844}).new_page()


def edges(page: Any, selector: str) -> list[tuple[float, float]]:
    """The left and right edges of every element ``selector`` shows."""
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        selector,
        """els => els.filter(e => e.offsetParent !== null)
              .map(e => { const b = e.getBoundingClientRect(); return [b.left, b.right]; })""",
    )


def test_no_page_wider_than_a_phone(
    sites: dict[str, tuple[Tournament, Path]], browser: Any
) -> None:
    page = screen(browser, PHONE)
    wider = []
    for name, (_, site) in sites.items():
        for file in sorted(site.glob("*.html")):
            if file.name.startswith("player-"):
                continue
            page.goto(file.as_uri())
            wide = page.evaluate("document.scrollingElement.scrollWidth")
            if wide > PHONE:
                wider.append(f"{name}/{file.name}: {wide} px")
    page.context.close()
    assert not wider, wider


def test_on_a_phone_the_boards_results_and_criteria_are_on_the_screen(
    sites: dict[str, tuple[Tournament, Path]], browser: Any
) -> None:
    page = screen(browser, PHONE)
    for tournament, site in sites.values():
        for rnd in tournament.rounds:
            page.goto((site / round_page(rnd.number)).as_uri())
            shown = edges(page, "section.match td.result, section.match td.player")
            assert len(shown) == 2 * len(rnd.games)  # a board a row: the players, the result
            assert all(a >= 0 and b <= PHONE for a, b in shown), rnd.number
        page.goto((site / TEAM_STANDINGS_PAGE).as_uri())
        assert not page.is_visible("table")  # the whole table is for wide screens
        rows = page.locator("ol.short li")
        assert rows.count() == len(tournament.teams)
        criteria = [c for c in tournament.settings.team_placement if c != "NULL"]
        assert rows.nth(0).locator(".label").count() == len(criteria)
        shown = edges(page, "ol.short .score, ol.short .who")
        assert len(shown) == len(tournament.teams) * (1 + len(criteria))
        assert all(a >= 0 and b <= PHONE for a, b in shown)
    page.context.close()


def test_on_a_desktop_the_whole_tables(
    sites: dict[str, tuple[Tournament, Path]], browser: Any
) -> None:
    page = screen(browser, DESKTOP)
    tournament, site = sites["lgo2020"]
    page.goto((site / TEAM_STANDINGS_PAGE).as_uri())
    assert not page.is_visible("ol.short")
    headers = page.locator("table th").all_inner_texts()
    assert headers[:9] == ["Place", "No.", "Team", "TP", "BDW", "B3U", "B2U", "B1U", "MNR"]
    assert page.locator("table tbody tr").count() == len(tournament.teams)
    page.goto((site / round_page(5)).as_uri())
    first = page.locator("section.match table").first.locator("th").all_inner_texts()
    assert first == ["Board", "Table", "White", "Rank", "Black", "Rank", "Result"]
    page.context.close()


def test_a_game_of_no_match_is_listed_below_the_matches(tmp_path: Path) -> None:
    """Players of no team may play a game in a team round (OpenGotha lets them): the round's
    page lists it under the matches, with its players' pages."""
    cup = team_tournament(played=2, paired=2)
    guests = (Player(21, "Gast", "Erika", rank=1), Player(22, "Hôte", "Paul", rank=2))
    second = cup.rounds[1]
    extra = Game(9, 21, 22, 0, 6.5, Result.BLACK_WINS)
    cup = replace(
        cup,
        players=(*cup.players, *guests),
        rounds=(cup.rounds[0], replace(second, games=(*second.games, extra))),
    )
    publish(cup, tmp_path)
    page = (tmp_path / round_page(2)).read_text(encoding="utf-8")
    assert page.count('<section class="match">') == 2
    others = page[page.index("<h2>Other games</h2>") : page.index("Where do I play?")]
    assert others.count("<tr>") == 2  # the header and the game
    assert f'href="{player_page("Gast Erika")}"' in others and "0-1" in others
    assert "Other games" not in (tmp_path / round_page(1)).read_text(encoding="utf-8")
