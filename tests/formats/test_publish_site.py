"""``gosheet publish``: the pages of the demo, a FUS and an Oware tournament, opened in a
real headless Chromium at a phone's width: every player is there, nothing is wider than the
screen, a screenshot is drawn; the pages need no script (the index's search field aside) and
escape what they show. The pages on phones at length: test_publish_phones.py.

Chromium (Debian's ``chromium``) missing skips the browser's tests, unless
``GOSHEET_REQUIRE_SOFFICE=1`` (CI, which installs it), which makes them fail instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from support.printing import (
    KINDS,
    PHONE,
    WITHOUT_CHROMIUM,
    Made,
    chromium,
    made_once,
    pages_on_a_phone,
)

from gosheet.core.model import Player, Result, Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.formats.addresses import player_page, round_page
from gosheet.formats.site import pages
from gosheet.formats.site.view import site_of
from gosheet.records import replace

# A page of the test's own that holds the pages in
# frames of a phone's width and writes, once all are loaded, each one's width and text.
browser = pytest.mark.skipif(
    WITHOUT_CHROMIUM, reason="Chromium is not installed: apt-get install chromium"
)


@pytest.fixture(scope="module")
def made() -> dict[str, Made]:
    return made_once()


def test_one_folder_a_page_a_player(made: dict[str, Made]) -> None:
    """The index, the rounds, the standings, the crosstable and a page per player, each
    named by :mod:`gosheet.formats.addresses`; nothing fetched; the only script is the
    index's search field, inside the page."""
    site = made["demo"].site
    assert sorted(p.name for p in site.iterdir()) == sorted(
        [
            "index.html",
            "standings.html",
            "crosstable.html",
            *(round_page(n) for n in range(1, 6)),
            *(player_page(name) for name in made["demo"].names),
        ]
    )
    for page in site.iterdir():
        text = page.read_text(encoding="utf-8")
        assert "<style>" in text
        assert ("<script" in text) == (page.name == "index.html"), page.name
        assert "<script src" not in text
        assert not re.search(r'(src|href)="(https?:)?//', text)  # nothing fetched


def test_names_are_escaped() -> None:
    player = Player(1, "<b>Bold</b> & Co", "Ann")
    site = pages(site_of(Tournament(Settings(name="Cup <i>"), (player,))))
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in site["index.html"]
    assert "<b>" not in site["index.html"] and "Cup &lt;i&gt;" in site["standings.html"]


@browser
def test_in_a_browser_on_a_phone(made: dict[str, Made], tmp_path: Path) -> None:
    """Every page of the three sites in frames of a phone's width: every player in the text
    the browser shows on the index, the last round, the standings and the crosstable, and
    no page wider than the screen."""
    seen = pages_on_a_phone({kind: made[kind].site for kind in KINDS}, tmp_path)
    for page, p in seen.items():
        assert 0 < p["wide"] <= p["screen"], f"{page}: {p['wide']} px on a {p['screen']} px screen"
    for kind in KINDS:
        last = max(int(p.stem.split("-")[1]) for p in made[kind].site.glob("round-*.html"))
        for name in ("index.html", f"round-{last}.html", "standings.html", "crosstable.html"):
            for player in made[kind].names:
                assert player in seen[f"{kind}/{name}"]["text"], (kind, name, player)


@browser
def test_a_screenshot_on_a_phone(made: dict[str, Made], tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    chromium(f"--screenshot={shot}", (made["oware"].site / "round-3.html").as_uri())
    image = Image.open(shot).convert("L")
    assert image.size == PHONE
    assert Image.eval(image, lambda v: 255 if v < 128 else 0).getbbox() is not None


def test_a_half_point_reads_as_on_the_sheet() -> None:
    """The short standings for a phone printed a score of ½ as "1/2" (the model's exact
    Fraction); now as the Standings sheet and the pack write it: ½, 1½."""
    players = (Player(1, "Ann", rank=0), Player(2, "Bob", rank=0))
    t = Tournament(Settings.preset("swiss", "oware", name="Cup"), players)
    played = pair_next_round(t).as_round()  # one game, drawn
    t = t.with_round(replace(played, games=(replace(played.games[0], result=Result.JIGO),)))
    site = site_of(t)
    points = [row.scores[0] for group in site.short for row in group.rows]
    assert site.scores[0] == "Points" and points == ["½", "½"]
    assert "<b>1/2</b>" not in pages(site)["standings.html"]
