"""Rating lists, read from the files the rating bodies publish (as OpenGotha's
``RatingList`` and Pairgoth's ratings handlers read them):

- **EGD** ``allworld_lp.html`` (ISO-8859-15, fixed columns counted from 0, end excluded):
  PIN 1–9 (digits only, else the line is skipped), ``Name Firstname`` 11–48 split at the first
  space, country 49–52, club 53–57, grade 60–63, GoR 71–75; the list's date from the line
  starting with ``(`` (``(dd Mon yyyy``); the rank from the GoR, as the EGD gives it.
- **FFG** ``ech_ffg_V3.txt`` (header ``#Echelle au dd/mm/yyyy``): name 0–38, rating 38–43,
  licence status 44, licence 46–53 (``-------``: none), club 54–58, country 59–61; GoR = the
  FFG rating + 2050.
- **AGA** ``TDListA.txt``, tab-separated: ``Last, First``, AGA ID, member type, rating
  (``3.5`` a 3 dan, ``-5.5`` a 5 kyu), expiry, chapter, state, sigma, join date.
"""

from __future__ import annotations

import datetime as dt
import re

from gosheet.core.ranks import RankError, format_rank, nominal_rating, parse_rank, rank_of_rating
from gosheet.records import record

KINDS = ("egd", "ffg", "aga")
MONTHS = {
    m: k
    for k, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1
    )
}


@record
class Rated:
    """A player of a rating list. ``ident`` is his number there: EGD PIN, FFG licence or
    AGA ID ("" when none)."""

    surname: str
    first_name: str
    rank: int | None
    rating: int | None
    club: str = ""
    country: str = ""
    ident: str = ""

    @property
    def name(self) -> str:
        return f"{self.surname} {self.first_name}".strip()

    @property
    def rank_text(self) -> str:
        return "" if self.rank is None else format_rank(self.rank)


@record
class RatingList:
    kind: str
    date: dt.date | None
    players: tuple[Rated, ...]


def _cut(line: str, start: int, end: int) -> str:
    return line[start:end].strip()


def _split_name(text: str) -> tuple[str, str]:
    surname, _, first = text.strip().partition(" ")
    return surname, first.strip()


def _egd_date(line: str) -> dt.date | None:
    m = re.match(r"\((\d{1,2})\s+([A-Za-z]{3})\w*\s+(\d{4})", line)
    if m and m[2].lower() in MONTHS:
        try:
            return dt.date(int(m[3]), MONTHS[m[2].lower()], int(m[1]))
        except ValueError:
            return None
    return None


def read_egd(text: str) -> RatingList:
    date: dt.date | None = None
    players = []
    for line in text.splitlines():
        if line.startswith("(") and date is None:
            date = _egd_date(line)
            continue
        pin = line[1:9].strip()
        if not pin.isdigit() or len(line) < 71:
            continue
        surname, first = _split_name(line[11:48])
        gor_text = _cut(line, 71, 75)
        gor = int(gor_text) if re.fullmatch(r"-?\d+", gor_text) else None
        rank = rank_of_rating(gor) if gor is not None else _rank(_cut(line, 60, 63))
        players.append(
            Rated(surname, first, rank, gor, _cut(line, 53, 57), _cut(line, 49, 52), pin)
        )
    return RatingList("egd", date, tuple(players))


def _rank(text: str) -> int | None:
    try:
        return parse_rank(text)
    except RankError:
        return None


def read_ffg(text: str) -> RatingList:
    date: dt.date | None = None
    players = []
    for line in text.splitlines():
        if line.startswith("#"):
            m = re.search(r"(\d{1,2})/(\d{1,2})/(\d{4})", line)
            if m and date is None:
                date = dt.date(int(m[3]), int(m[2]), int(m[1]))
            continue
        rating_text = _cut(line, 38, 43)
        if not re.fullmatch(r"-?\d+", rating_text):
            continue
        surname, first = _split_name(line[0:38])
        gor = int(rating_text) + 2050
        licence = _cut(line, 46, 53)
        players.append(
            Rated(
                surname,
                first,
                rank_of_rating(gor),
                gor,
                _cut(line, 54, 58),
                _cut(line, 59, 61),
                "" if set(licence) <= {"-"} else licence,
            )
        )
    return RatingList("ffg", date, tuple(players))


def aga_rank(rating: float) -> int:
    """The rank of an AGA rating: 1.0 to 1.99 is 1 dan, -1.0 to -1.99 is 1 kyu."""
    return max(-30, min(8, int(rating) - 1)) if rating >= 1 else max(-30, int(rating))


def read_aga(text: str) -> RatingList:
    players = []
    for line in text.splitlines():
        cells = line.split("\t")
        if len(cells) < 4 or not cells[1].strip().isdigit():
            continue
        surname, _, first = cells[0].partition(",")
        try:
            value = float(cells[3])
        except ValueError:
            value = None
        rank = aga_rank(value) if value else None
        rating = nominal_rating(rank) if rank is not None else None
        chapter = cells[5].strip() if len(cells) > 5 else ""
        players.append(
            Rated(surname.strip(), first.strip(), rank, rating, chapter, "US", cells[1].strip())
        )
    return RatingList("aga", None, tuple(players))


READERS = {"egd": read_egd, "ffg": read_ffg, "aga": read_aga}
ENCODINGS = {"egd": "iso-8859-15", "ffg": "iso-8859-15", "aga": "utf-8"}


def kind_of(data: bytes) -> str | None:
    """Which list a file is, from its contents (None: none of the three)."""
    head = data[:20_000].decode("latin-1")
    if "#Echelle" in head:
        return "ffg"
    if re.search(r"^[^\t\n]+,[^\t\n]*\t\d+\t", head, re.MULTILINE):
        return "aga"
    if re.search(r"^ {0,8}\d{1,8} ", head, re.MULTILINE) and ("EGD" in head or "<" in head):
        return "egd"
    return None


def read_list(data: bytes, kind: str) -> RatingList:
    """The list of ``kind`` from a file's bytes (AGA: UTF-8, else Latin)."""
    try:
        text = data.decode(ENCODINGS[kind])
    except UnicodeDecodeError:
        text = data.decode("iso-8859-15")
    return READERS[kind](text)
