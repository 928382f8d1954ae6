"""The published pages on a phone: a seed McMahon and a Swiss tournament of 47 players with
long names, clubs and countries, three rounds played and the fourth paired, published by the
command line and opened in Debian's headless Chromium (Playwright, never a browser download)
at 360 and 390 CSS pixels. No page but the crosstable scrolls sideways, the Result column and
the scores that decide the places are on the screen, every player has a page and every link
leads to a page of the folder, the index's search field finds a player (and the index lists
them all without its script). What the pages say is checked on small tournaments made here.

Chromium or Playwright missing skips the browser's tests, unless ``GOSHEET_REQUIRE_BROWSER=1``
or ``GOSHEET_REQUIRE_SOFFICE=1`` (CI), which makes them fail instead."""

from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.formats.addresses import CROSSTABLE_PAGE, player_page, round_page
from gosheet.formats.site import pages
from gosheet.formats.site.view import site_of
from gosheet.frontends.cli import main
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook

CHROMIUM = "/usr/bin/chromium"
PHONES = (360, 390)
DESKTOP = 1280
REQUIRED = "1" in (
    os.environ.get("GOSHEET_REQUIRE_BROWSER"),
    os.environ.get("GOSHEET_REQUIRE_SOFFICE"),
)
SURNAMES = (
    "Vandenberghe-Oosterhuis", "Kowalczyk", "Papadopoulou", "Schwarzenberger", "Dubois",
    "Ivanova-Kuznetsova", "García Fernández", "Nakamura", "O'Sullivan", "Müller-Lüdenscheidt",
    "Łukasiewicz", "Nagy", "Rossi", "Andersson", "Van der Westhuizen", "Petrović",
)  # fmt: skip
FIRST_NAMES = (
    "Maximiliaan-Alexander", "Anna", "Jean-Baptiste", "Eszter", "Konstantinos", "Ximena",
    "Hiroshi", "Seán", "Żaneta", "Luc", "Giulia", "Björn", "Aleksandr", "Marie-Claire",
)  # fmt: skip
CLUBS = (
    ("Sankt-Peterburg Go Club", "RU"), ("Kraków", "PL"), ("Hamburg", "DE"), ("Dublin", "IE"),
    ("Lyon", "FR"), ("Budapest", "HU"), ("Barcelona", "ES"), ("Amsterdam Go Kring", "NL"),
)  # fmt: skip
CRITERIA = {  # the short standings' scores: what decides the place (and McMahon's MMS)
    "mcmahon": ["Wins", "MMS", "SOS", "SODOS"],
    "swiss": ["Points", "Buchholz", "Buchholz cut 1", "Sonneborn-Berger", "Wins"],
}


def roster(count: int) -> str:
    """``count`` players, every name long and told apart by a letter, ranks 4d down."""
    lines = ["Surname,First name,Grade,Rating,Club,Country"]
    for i in range(count):
        tail = "" if i < len(SURNAMES) else f"-{'ABCD'[i // len(SURNAMES)]}"
        rating = 2400 - 30 * i
        grade = f"{(rating - 2050) // 100 + 1}d" if rating >= 2050 else f"{(2150 - rating) // 100}k"
        club, country = CLUBS[i % len(CLUBS)]
        first = FIRST_NAMES[(3 * i) % len(FIRST_NAMES)]
        lines.append(
            f"{SURNAMES[i % len(SURNAMES)]}{tail},{first},{grade},{rating},{club},{country}"
        )
    return "\n".join(lines) + "\n"


def gosheet(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


@dataclass(frozen=True)
class Made:
    system: str
    site: Path
    tournament: Tournament

    @property
    def names(self) -> list[str]:
        return list(labels(self.tournament.players).values())


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Made]:
    out = {}
    for system in CRITERIA:
        folder = tmp_path_factory.mktemp(system)
        (folder / "roster.csv").write_text(roster(47), encoding="utf-8")
        book = folder / "cup.xlsx"
        gosheet("import", folder / "roster.csv", "-o", book, "--system", system)
        for number in range(1, 5):
            gosheet("pair", book)
            if number < 4:  # the fourth round paired, waiting for its results
                gosheet("simulate", book)
        gosheet("publish", book, "-o", folder / "site")
        out[system] = Made(system, folder / "site", XlsxBook.open(book).read().tournament)
    return out


def unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
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


def screen(browser: Any, width: int, *, script: bool = True) -> Any:
    """A new page (tab) of a screen ``width`` CSS pixels wide (a phone's: 844 high)."""
    context = browser.new_context(
        viewport={"width": width, "height": 844}, java_script_enabled=script
    )
    return context.new_page()


def on_screen(page: Any, selector: str) -> list[tuple[float, float]]:
    """The left and right edges of every element ``selector`` shows, and the screen's width
    as the last pair's right edge (0, width)."""
    return page.eval_on_selector_all(  # type: ignore[no-any-return]
        selector,
        """els => els.filter(e => e.offsetParent !== null)
              .map(e => { const b = e.getBoundingClientRect(); return [b.left, b.right]; })
              .concat([[0, window.innerWidth]])""",
    )


# ------------------------------------------------------------------------ without a browser


def test_a_page_for_every_player_and_every_link_leads_to_one(made: dict[str, Made]) -> None:
    for m in made.values():
        files = {p.name for p in m.site.iterdir()}
        assert {player_page(name) for name in m.names} <= files
        assert len(files) == 3 + len(m.tournament.rounds) + len(m.names)
        for page in m.site.iterdir():
            text = page.read_text(encoding="utf-8")
            for target in re.findall(r'href="([^"#]*)(?:#[^"]*)?"', text):
                assert target and (m.site / html.unescape(target)).is_file(), (page.name, target)
        # the names in the lists lead to the players' pages
        for name in ("standings.html", CROSSTABLE_PAGE, round_page(3), round_page(4)):
            text = (m.site / name).read_text(encoding="utf-8")
            linked = set(re.findall(r'href="(player-[^"]+)"', text))
            assert linked == {player_page(n) for n in m.names}, (m.system, name)


def test_a_players_page_says_his_games_and_his_next_one(made: dict[str, Made]) -> None:
    m = made["mcmahon"]
    names = labels(m.tournament.players)
    fourth = m.tournament.rounds[3]
    game = fourth.games[0]
    text = html.unescape((m.site / player_page(names[game.black])).read_text(encoding="utf-8"))
    assert f"<h1>{names[game.black]}</h1>" in text
    next_game = text[text.index('<section class="next">') : text.index("</section>")]
    assert "Round 4" in next_game and f"Table {game.table}" in next_game
    assert "Black" in next_game and f"handicap {game.handicap}" in next_game
    assert f'href="{player_page(names[game.white])}">{names[game.white]}</a>' in next_game
    games = text[text.index('<table class="games">') :]
    assert games.count("<tr>") == 1 + 4 and "Not played yet" in games
    (bye,) = fourth.byes
    text = html.unescape((m.site / player_page(names[bye])).read_text(encoding="utf-8"))
    assert "<p>Bye</p>" in text[text.index('<section class="next">') :]


# ------------------------------------------------------------------------ in the browser


@pytest.mark.parametrize("width", PHONES)
def test_no_page_but_the_crosstable_scrolls_sideways(
    made: dict[str, Made], browser: Any, width: int
) -> None:
    page = screen(browser, width)
    wider = []
    for m in made.values():
        for file in sorted(m.site.glob("*.html")):
            if file.name == CROSSTABLE_PAGE:
                continue
            page.goto(file.as_uri())
            wide, shown = page.evaluate(
                "[document.scrollingElement.scrollWidth, window.innerWidth]"
            )
            if wide > shown:
                wider.append(f"{m.system}/{file.name}: {wide} px")
    page.context.close()
    assert not wider, f"wider than {width} px: {wider}"


@pytest.mark.parametrize("width", PHONES)
def test_the_result_and_the_deciding_scores_are_on_the_screen(
    made: dict[str, Made], browser: Any, width: int
) -> None:
    page = screen(browser, width)
    for m in made.values():
        for rnd in m.tournament.rounds:
            page.goto((m.site / round_page(rnd.number)).as_uri())
            *edges, (_, right) = on_screen(page, "table.pairings .result")
            assert len(edges) == 1 + len(rnd.games) + len(rnd.byes)
            assert all(a >= 0 and b <= right for a, b in edges), (m.system, rnd.number)
            shown = page.eval_on_selector_all(
                "table.pairings tbody td.result", "t => t.map(e => e.innerText)"
            )
            assert shown[: len(rnd.games)] == [
                g.result.value if g.result else "" for g in rnd.games
            ]
        page.goto((m.site / "standings.html").as_uri())
        assert not page.is_visible("table")  # the whole table is for wide screens
        rows = page.locator("ol.short li")
        assert rows.count() == len(m.names)
        for i in range(rows.count()):
            labels_shown = rows.nth(i).locator(".label").all_inner_texts()
            assert labels_shown == CRITERIA[m.system]
        *edges, (_, right) = on_screen(page, "ol.short .score, ol.short .who")
        assert len(edges) == len(m.names) * (1 + len(CRITERIA[m.system]))
        assert all(a >= 0 and b <= right for a, b in edges), m.system
    page.context.close()


def test_the_whole_standings_on_a_wide_screen(made: dict[str, Made], browser: Any) -> None:
    page = screen(browser, DESKTOP)
    for m in made.values():
        page.goto((m.site / "standings.html").as_uri())
        assert not page.is_visible("ol.short")
        headers = page.locator("table").first.locator("th").all_inner_texts()
        assert all(h in headers for h in CRITERIA[m.system])
        page.goto((m.site / round_page(4)).as_uri())
        headers = page.locator("table.pairings th").all_inner_texts()
        assert headers.count("Club") == 2 and headers.count("Country") == 2
        assert not page.is_visible("table.pairings .where")  # below the name on phones only
    page.context.close()


def test_the_index_finds_a_player(made: dict[str, Made], browser: Any) -> None:
    m = made["mcmahon"]
    page = screen(browser, 390)
    page.goto((m.site / "index.html").as_uri())
    players = page.locator("#everyone li")
    assert players.count() == len(m.names)
    page.fill("#find", "ludensch")  # typed without the accent
    wanted = sorted(n for n in m.names if "Lüdensch" in n)
    assert len(wanted) >= 2
    shown = page.locator("#everyone li:not([hidden])").all_inner_texts()
    assert sorted(shown) == wanted
    page.fill("#find", "lüdenscheidt-b")
    (only,) = page.locator("#everyone li:not([hidden])").all_inner_texts()
    page.press("#find", "Enter")
    page.wait_for_url(f"**/{player_page(only)}")
    assert page.inner_text("h1") == only
    page.goto((m.site / "index.html").as_uri())
    page.fill("#find", "nobody of that name")
    assert page.is_visible("#nobody") and not page.locator("#everyone li:not([hidden])").count()
    page.context.close()
    page = screen(browser, 390, script=False)  # without its script: every player listed
    page.goto((m.site / "index.html").as_uri())
    assert not page.is_visible("#find")
    assert len(page.locator("#everyone li a").all_inner_texts()) == len(m.names)
    page.context.close()


def test_screenshots_of_each_kind_of_page(
    made: dict[str, Made], browser: Any, tmp_path: Path
) -> None:
    """Each kind of page drawn at 390 px and on a wide screen (kept in ``GOSHEET_SHOTS`` when
    it names a folder, to look at)."""
    keep = Path(os.environ["GOSHEET_SHOTS"]) if os.environ.get("GOSHEET_SHOTS") else tmp_path
    keep.mkdir(parents=True, exist_ok=True)
    m = made["mcmahon"]
    kinds = {
        "index": "index.html",
        "round": round_page(3),
        "standings": "standings.html",
        "crosstable": CROSSTABLE_PAGE,
        "player": player_page(labels(m.tournament.players)[m.tournament.rounds[3].games[0].black]),
    }
    for width in (390, DESKTOP):
        page = screen(browser, width)
        for kind, name in kinds.items():
            page.goto((m.site / name).as_uri())
            shot = keep / f"{kind}-{width}.png"
            page.screenshot(path=str(shot), full_page=True)
            image = Image.open(shot).convert("L")
            assert image.size[0] == width
            assert Image.eval(image, lambda v: 255 if v < 128 else 0).getbbox() is not None
        page.context.close()


# ------------------------------------------------------------------------ small tournaments


def small(language: str = "en", *, clubs: bool = True) -> Tournament:
    """Four players, two rounds: Cole absent from round 2, Dunn's bye in round 1; round 2
    waiting for its result."""
    where = ("Oslo", "NO") if clubs else ("", "")
    players = (
        Player(1, "Abel", "Ann", rank=-1, club=where[0], country=where[1]),
        Player(2, "Berg", "Bo", rank=-3),
        Player(3, "Cole", "Cy", rank=-5, not_playing=frozenset({2})),
        Player(4, "Dunn", "Di", rank=-7),
    )
    rounds = (
        Round(
            1,
            (
                Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),
                Game(2, 3, 4, 2, 0.5, Result.BLACK_WINS_BY_FORFEIT),
            ),
        ),
        Round(2, (Game(1, 4, 1, 3, 0.5),), byes=(2,)),
    )
    settings = Settings(name="Cup", system="swiss", rounds=3, language=language)
    return Tournament(settings, players, rounds)


def test_a_bye_and_an_absence_said_as_such() -> None:
    site = site_of(small())
    page = {p.player.name: p for p in site.players}
    cole = page["Cole Cy"]
    assert [g.outcome for g in cole.games] == ["Lost (not played)", "Not playing"]
    assert cole.next is not None and cole.next.opponent is None
    berg = page["Berg Bo"]
    assert [g.outcome for g in berg.games] == ["Lost", "Bye"]
    abel = page["Abel Ann"]
    assert abel.next is not None and abel.next.opponent is not None
    assert (abel.next.table, abel.next.colour, abel.next.handicap) == ("1", "Black", "3")
    assert abel.next.opponent.name == "Dunn Di"
    made = pages(site)
    assert "<p>Not playing</p>" in made[cole.player.page]
    assert "<p>Bye</p>" in made[berg.player.page]


def test_club_and_country_columns_only_when_the_roster_has_them() -> None:
    with_clubs = pages(site_of(small()))[round_page(2)]
    without = pages(site_of(small(clubs=False)))[round_page(2)]
    assert '<th class="wide" scope="col">Club</th>' in with_clubs
    assert '<th class="wide" scope="col">Country</th>' in with_clubs
    assert '<span class="narrow where">Oslo, NO</span>' in with_clubs
    assert "Club" not in without and "Country" not in without


COUNTS = {  # 1 player, 1 round; 2 and 2; 5 and 2 (Russian's three forms)
    "en": ("1 player, 1 round paired.", "2 players, 2 rounds paired.",
           "5 players, 2 rounds paired."),
    "ru": ("1 участник, жеребьёвка: 1 тур.", "2 участника, жеребьёвка: 2 тура.",
           "5 участников, жеребьёвка: 2 тура."),
    "fr": ("1 joueur, 1 ronde appariée.", "2 joueurs, 2 rondes appariées.",
           "5 joueurs, 2 rondes appariées."),
    "ca": ("1 jugador, 1 ronda aparellada.", "2 jugadors, 2 rondes aparellades.",
           "5 jugadors, 2 rondes aparellades."),
}  # fmt: skip


@pytest.mark.parametrize(("language", "said"), COUNTS.items())
def test_the_index_counts_in_plural_forms(language: str, said: tuple[str, ...]) -> None:
    t = small(language)
    one = Tournament(t.settings, t.players[:1], (Round(1, byes=(1,)),))
    five = Tournament(t.settings, (*t.players, Player(5, "Eng", "Ed")), t.rounds)
    two = Tournament(
        t.settings, t.players[:2], (Round(1, (Game(1, 1, 2),)), Round(2, (Game(1, 2, 1),)))
    )
    for tournament, sentence in zip((one, two, five), said, strict=True):
        assert f"<p>{sentence}</p>" in pages(site_of(tournament))["index.html"], sentence
