"""``gosheet print`` and ``gosheet publish`` in the tournament's language: a Russian seed
McMahon, a French FUS and a Catalan Oware tournament, made by the command line with
``--language``. Their packs read back with ``pdftotext``: the titles, headers, slips, the
standings' group titles and ``page N of M`` are the language's words, and no English one is
left. Their pages: ``<html lang="…">``, the navigation, headings and legend in the language,
and in a real headless Chromium at a phone's width. Every letter of every translation and
of the workbook's words is in the PDF's font (DejaVu Sans), so nothing prints as a box."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont
from support.printing import (
    ROSTER,
    WITHOUT_CHROMIUM,
    gosheet,
    needs_poppler,
    pages_on_a_phone,
    pdf_pages,
    squeezed,
)

from gosheet.core.errors import ConsistencyError
from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.formats.pack import pack_of
from gosheet.formats.pack.page import FONTS
from gosheet.formats.site import pages
from gosheet.formats.site.view import site_of
from gosheet.i18n import build, words
from gosheet.records import replace

browser = pytest.mark.skipif(
    WITHOUT_CHROMIUM, reason="Chromium is not installed: apt-get install chromium"
)

CATALAN_ROSTER = """Surname,First name,Rating,Club
Col·lell,Mercè,1650,Barcelona
França,Jordi,1500,Girona
Puigcercós,Núria,1720,Lleida
Vilà,Pau,1400,Tarragona
Garcia,Àngels,1550,Reus
Ferrer,Joan,1380,Vic
Sallés,Martí,1610,Manresa
"""


@dataclass(frozen=True)
class Language:
    """A tournament in one language, and what its pack and pages must say."""

    code: str
    options: tuple[str, ...]  # of ``gosheet import``
    roster: str
    pdf: tuple[str, ...]  # words every pack of it shows
    page: str  # "page 1 of 5", with {number} and {total}
    heading: str  # "Cup — round 3", with {name}
    english: tuple[str, ...]  # English words none of its pages may hold
    site: dict[str, tuple[str, ...]]  # page → words its text shows


LANGUAGES = {
    "ru": Language(
        "ru",
        ("--groups", "2"),
        ROSTER,
        (
            "Тур 3: пары по столам",
            "Во всех партиях фора 0 и коми 6,5",
            "Стол",
            "Белые",
            "Чёрные",
            "Ранг",
            "Результат",
            "Свободен",
            "Тур 3: где я играю?",
            "Участник",
            "Цвет",
            "Соперник",
            "Стол 1",
            "Победа белых",
            "Победа чёрных",
            "Подпись белых",
            "Подпись чёрных",
            "Фора 0, коми 6,5",
            "Турнирная таблица — Группа 1",
            "Турнирная таблица — Группа 2",
            "Очки ММ",
            "Бухгольц (SOS)",
            "Таблица встреч",
            "Т3",
            "своб.",
        ),
        "стр. {number} из {total}",
        "{name} — тур 3",
        (
            "Round",
            "round",
            "Table",
            "White",
            "Black",
            "Standings",
            "Crosstable",
            "Group",
            "page",
            "signed",
            "wins",
            "Opponent",
            "Colour",
            "Result",
            "Handicap",
            "komi",
            "Bye",
        ),
        {
            "index.html": ("Главная", "Участники", "Тур 3: пары", "Таблица встреч"),
            "round-3.html": ("Тур 3", "Пары по столам", "Где я играю?", "Свободен"),
            "standings.html": ("Турнирная таблица", "Группа 1", "Группа 2", "Очки ММ"),
            "crosstable.html": ("Таблица встреч", "своб. — свободен от игры"),
        },
    ),
    "fr": Language(
        "fr",
        ("--system", "fus"),
        ROSTER,
        (
            "Ronde 3 : appariements par table",
            "Blanc",
            "Noir",
            "Niveau FUS",
            "Résultat",
            "Exempt",
            "Ronde 3 : où est-ce que je joue ?",
            "Joueur",
            "Couleur",
            "Adversaire",
            "Table 1",
            "Blanc gagne",
            "Noir gagne",
            "Signature de Blanc",
            "Signature de Noir",
            "Classement",
            "Défaites",
            "Coefficient FUS",
            "Grille américaine",
        ),
        "page {number} sur {total}",
        "{name} — ronde 3",
        (
            "Round",
            "round",
            "White",
            "Black",
            "Standings",
            "Crosstable",
            "signed",
            "wins",
            "Opponent",
            "Colour",
            "Result",
            "Level",
            "Losses",
            "Bye",
        ),
        {
            "index.html": ("Accueil", "Joueurs", "Ronde 3 : appariements", "Classement"),
            "round-3.html": ("Ronde 3", "Appariements par table", "Où est-ce que je joue ?"),
            "standings.html": ("Classement", "Niveau FUS", "Défaites"),
            "crosstable.html": ("Grille américaine", "exempt : ne joue pas cette ronde"),
        },
    ),
    "ca": Language(
        "ca",
        ("--game", "oware"),
        CATALAN_ROSTER,
        (
            "Ronda 3: aparellaments per taula",
            "Taula",
            "Primer jugador",
            "Segon jugador",
            "Resultat",
            "Descans",
            "Ronda 3: on jugo?",
            "Jugador",
            "Juga",
            "Contrincant",
            "Taula 1",
            "Guanya el primer jugador",
            "Empat",
            "Guanya el segon jugador",
            "Signatura del primer jugador",
            "Signatura del segon jugador",
            "Classificació",
            "Victòries",
            "Quadre creuat",
            "descans",
            "Col·lell Mercè",  # as typed: l·l, ç, à
            "França Jordi",
            "Garcia Àngels",
        ),
        "pàgina {number} de {total}",
        "{name} — ronda 3",
        (
            "Round",
            "round",
            "Table",
            "First player",
            "Second player",
            "Standings",
            "Crosstable",
            "page",
            "signed",
            "wins",
            "Draw",
            "Opponent",
            "Plays",
            "Result",
            "Bye",
            # no go word in Oware, in any language
            "Blanques",
            "Negres",
            "Handicap",
            "Komi",
            "Jigo",
        ),
        {
            "index.html": ("Inici", "Jugadors", "Ronda 3: aparellaments", "Col·lell Mercè"),
            "round-3.html": ("Ronda 3", "Aparellaments per taula", "On jugo?", "Descans"),
            "standings.html": ("Classificació", "Punts", "França Jordi"),
            "crosstable.html": ("Quadre creuat", "descans: no juga aquesta ronda"),
        },
    ),
}


@dataclass(frozen=True)
class Made:
    book: Path
    pdf: Path
    site: Path
    name: str  # the tournament's, as the pages show it

    def pages(self) -> list[str]:
        return pdf_pages(self.pdf)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Made]:
    """The three tournaments, each 7 players and 3 rounds played, printed and published."""
    from gosheet.workbook.xlsx.book import XlsxBook

    out = {}
    for code, language in LANGUAGES.items():
        folder = tmp_path_factory.mktemp(code)
        roster, book = folder / "roster.csv", folder / "cup.xlsx"
        roster.write_text(language.roster, encoding="utf-8")
        options = ("--rounds", "3", "--seed", "3", "--language", code, *language.options)
        gosheet("import", roster, "-o", book, *options)
        for _ in range(3):
            gosheet("pair", book)
            gosheet("simulate", book)
        gosheet("print", book, "-o", folder / "cup.pdf")
        gosheet("publish", book, "-o", folder / "site")
        name = XlsxBook.open(book).read().tournament.settings.name
        out[code] = Made(book, folder / "cup.pdf", folder / "site", name)
    return out


@needs_poppler
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_pack_speaks_the_language(made: dict[str, Made], code: str) -> None:
    language = LANGUAGES[code]
    pages = made[code].pages()
    text = squeezed("".join(pages))
    missing = [word for word in language.pdf if squeezed(word) not in text]
    assert not missing, missing
    for number, page in enumerate(pages, start=1):
        said = squeezed(page)
        assert squeezed(language.page.format(number=number, total=len(pages))) in said
        assert squeezed(language.heading.format(name=made[code].name)) in said
    left = [word for word in language.english if re.search(rf"\b{word}\b", "\n".join(pages))]
    assert not left, f"English words in the {code} pack: {left}"


@needs_poppler
def test_the_russian_tournament_in_english(made: dict[str, Made], tmp_path: Path) -> None:
    """The language is the setting's only: the same tournament with ``Language: en`` prints
    the English words."""
    from gosheet.formats.pack import pack_pdf
    from gosheet.workbook.xlsx.book import XlsxBook

    tournament = XlsxBook.open(made["ru"].book).read().tournament
    assert tournament.settings.language == "ru"
    english = replace(tournament, settings=replace(tournament.settings, language="en"))
    (tmp_path / "en.pdf").write_bytes(pack_pdf(english))
    text = "".join(pdf_pages(tmp_path / "en.pdf"))
    for word in ("Round 3: pairings by table", "White wins", "Standings — Group 1", "page 1 of"):
        assert word in text
    for word in ("Тур", "Стол", "Белые", "Победа", "Турнирная таблица", "Группа", "стр."):
        assert word not in text.replace(tournament.settings.name, ""), word


def test_the_pages_speak_the_language(made: dict[str, Made]) -> None:
    for code, language in LANGUAGES.items():
        site = made[code].site
        for page in site.glob("*.html"):
            source = page.read_text(encoding="utf-8")
            assert f'<html lang="{code}">' in source, page
            text = re.sub(r"<(style|script)>.*</\1>", "", source, flags=re.S)  # not shown
            text = html.unescape(re.sub(r"<[^>]+>", " ", text))
            left = [w for w in language.english if re.search(rf"\b{w}\b", text)]
            assert not left, f"English words in {code}/{page.name}: {left}"
        for name, expected in language.site.items():
            text = html.unescape((site / name).read_text(encoding="utf-8"))
            missing = [word for word in expected if word not in text]
            assert not missing, (code, name, missing)


def test_a_message_of_the_pack_in_the_language() -> None:
    """No round to print: said in the tournament's language."""
    pack = pack_of(Tournament(Settings(name="Кубок", language="ru"), (Player(1, "Ким", "Ан"),)))
    with pytest.raises(ConsistencyError, match="ни в одном туре: печатать нечего"):
        pack.round(None)


def test_the_pages_escape_names_in_every_language() -> None:
    player = Player(1, "<b>Bold</b> & Co", "Ann")
    site = pages(site_of(Tournament(Settings(name="Cup <i>", language="fr"), (player,))))
    assert '<html lang="fr">' in site["index.html"]
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in site["index.html"]
    assert "<b>" not in site["index.html"] and "Cup &lt;i&gt;" in site["standings.html"]
    assert "<p>1 joueur, 0 ronde appariée.</p>" in site["index.html"]


def test_every_letter_is_in_the_font() -> None:
    """Every character of the printing domain's translations and of the workbook's words
    (headers, Bye, group titles) has a glyph in DejaVu Sans and its bold."""
    texts: set[str] = set()
    for code in build.TRANSLATED:
        texts |= {str(m.string) for m in build.read(code, "printing") if m.id}
    for table in words.ALL_TABLES.values():
        texts |= {word for spellings in table.values() for word in spellings}
    texts.add(CATALAN_ROSTER)
    letters = {c for text in texts for c in text if not c.isspace()}
    for face in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        glyphs = TTFont(face, str(FONTS / face)).face.charToGlyph
        missing = sorted(c for c in letters if ord(c) not in glyphs)
        assert not missing, (face, missing)
    assert {"·", "ç", "à", "ё", "é"} <= letters


@browser
def test_in_a_browser_on_a_phone(made: dict[str, Made], tmp_path: Path) -> None:
    """Every page of the three sites in frames of a phone's width: the browser's language
    of the page, its first heading, and no page wider than the screen (longer words too)."""
    seen = pages_on_a_phone({code: made[code].site for code in LANGUAGES}, tmp_path)
    headings = {
        "ru": {"round-3.html": "Тур 3", "standings.html": "Турнирная таблица"},
        "fr": {"round-3.html": "Ronde 3", "crosstable.html": "Grille américaine"},
        "ca": {"round-3.html": "Ronda 3", "standings.html": "Classificació"},
    }
    for page, p in seen.items():
        code, name = page.split("/")
        assert p["lang"] == code, page
        assert p["h1"], f"{page}: no heading"
        assert 0 < p["wide"] <= p["screen"], f"{page}: {p['wide']} px on a {p['screen']} px screen"
        if name in headings[code]:
            assert p["h1"] == headings[code][name], page
