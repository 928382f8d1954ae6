"""The event's own settings that results files need: where (``Location``, ``Country``), when
(``Dates``), the clock (``Time system``), whether it is played online (``Online``: the EGF
class) and how the EGF file writes its games (``EGF game format``), Go only; and where its
published pages will be (``Site address``: the QR codes on the paper lead there), any game.
Each is one row of the Settings sheet (:data:`EVENT_FIELDS`, appended to the settings' field
table).

A time system is one line an organiser reads and writes:

>>> str(TimeControl.parse("60 min + byo-yomi 30 s"))
'60 min + byo-yomi 30 s'
>>> str(TimeControl.parse("40' fischer 20s")), TimeControl.parse("5").system
('40 min + fischer 20 s', 'sudden death')
>>> TimeControl.parse("60 + canadian 300 s / 15 stones").adjusted_seconds
4800
>>> parse_dates("2024-05-18 to 2024-05-20")
(datetime.date(2024, 5, 18), datetime.date(2024, 5, 20))
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from gosheet.core.fields import Field, parse_choice, parse_text, parse_yes_no, same, yes_no
from gosheet.i18n.words import N_w

TIME_SYSTEMS = ("sudden death", "byo-yomi", "canadian", "fischer")
#: OpenGotha's game formats (``DPParameterSet gameFormat``): ``12+/w0`` or ``12+``.
GAME_FORMATS = ("full", "short")
#: OpenGotha's ``complementaryTimeSystem`` of each time system.
OG_TIME_SYSTEMS = {
    "sudden death": "SUDDENDEATH",
    "byo-yomi": "STDBYOYOMI",
    "canadian": "CANBYOYOMI",
    "fischer": "FISCHER",
}
_WORDS = (
    ("sudden death", r"sudden|sd\b|no\s*overtime|none"),
    ("byo-yomi", r"byo|japanese|std"),
    ("canadian", r"canad"),
    ("fischer", r"fischer|increment|inc\b|bonus"),
)


@dataclass(frozen=True)
class TimeControl:
    """The clock: ``main`` minutes, then ``system`` with ``seconds`` a period (byo-yomi),
    a block of ``stones`` moves in ``seconds`` (canadian) or ``seconds`` added a move
    (fischer); nothing after the main time in sudden death."""

    system: str = "byo-yomi"
    main: int = 60
    seconds: int = 30
    stones: int = 0

    def __post_init__(self) -> None:
        if self.system not in TIME_SYSTEMS:
            raise ValueError(f"expected one of: {', '.join(TIME_SYSTEMS)}")
        if not 0 <= self.main <= 10_000 or not 0 <= self.seconds <= 100_000:
            raise ValueError("a time out of range")
        if self.system == "canadian" and not 1 <= self.stones <= 1000:
            raise ValueError("canadian byo-yomi needs its stones, e.g. 300 s / 15 stones")
        if self.system != "canadian" and self.stones:
            raise ValueError("stones are for canadian byo-yomi only")
        if self.system == "sudden death" and self.seconds:
            raise ValueError("sudden death has no time after the main time")

    @classmethod
    def parse(cls, value: object) -> TimeControl:
        if isinstance(value, TimeControl):
            return value
        if isinstance(value, bool):
            raise ValueError(_EXPECTED)
        text = str(value if value is not None else "").strip().casefold()
        if not text:
            return cls()
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        if not numbers:
            raise ValueError(_EXPECTED)
        system = next((s for s, words in _WORDS if re.search(words, text)), None)
        if system is None:
            system = "sudden death" if len(numbers) == 1 else "byo-yomi"
        main, rest = numbers[0], numbers[1:]
        if system == "sudden death" and not rest:
            return cls(system, main, 0)
        if system == "canadian" and len(rest) == 2:
            return cls(system, main, rest[0], rest[1])
        if system in ("byo-yomi", "fischer") and len(rest) == 1:
            return cls(system, main, rest[0])
        raise ValueError(_EXPECTED)

    def __str__(self) -> str:
        if self.system == "sudden death":
            return f"{self.main} min sudden death"
        if self.system == "canadian":
            return f"{self.main} min + canadian {self.seconds} s / {self.stones} stones"
        return f"{self.main} min + {self.system} {self.seconds} s"

    @property
    def adjusted_seconds(self) -> int:
        """The EGF's adjusted time (OpenGotha's ``egfAdjustedTime``): main time plus 45 times
        the byo-yomi period, 60 times a canadian period divided by its stones, or 120 times
        the fischer increment."""
        base = self.main * 60
        if self.system == "byo-yomi":
            return base + 45 * self.seconds
        if self.system == "canadian":
            return base + 60 * self.seconds // self.stones
        if self.system == "fischer":
            return base + 120 * self.seconds
        return base

    @property
    def egf_class(self) -> str:
        """The EGF tournament class, A to C by the main and adjusted times, else X."""
        base, adjusted = self.main * 60, self.adjusted_seconds
        limits = (
            ((2700, 4500, "A"), (1800, 3000, "B"), (1200, 1800, "C"))
            if self.system == "fischer"
            else ((3600, 4500, "A"), (2400, 3000, "B"), (1500, 1800, "C"))
        )
        for least_base, least_adjusted, name in limits:
            if base >= least_base and adjusted >= least_adjusted:
                return name
        return "X"

    def og_attributes(self) -> dict[str, str]:
        """OpenGotha's attributes of this clock (the time system's own, not the others')."""
        out = {
            "basicTime": str(self.main),
            "complementaryTimeSystem": OG_TIME_SYSTEMS[self.system],
        }
        if self.system == "byo-yomi":
            out["stdByoYomiTime"] = str(self.seconds)
        elif self.system == "canadian":
            out |= {"canByoYomiTime": str(self.seconds), "nbMovesCanTime": str(self.stones)}
        elif self.system == "fischer":
            out["fischerTime"] = str(self.seconds)
        return out

    @classmethod
    def from_og(cls, attributes: dict[str, str]) -> TimeControl:
        """The clock of OpenGotha's ``GeneralParameterSet`` attributes (its defaults for
        those missing)."""
        by_og = {og: name for name, og in OG_TIME_SYSTEMS.items()}
        system = by_og.get(attributes.get("complementaryTimeSystem", "STDBYOYOMI"))
        if system is None:
            raise ValueError("complementaryTimeSystem: not a time system OpenGotha knows")

        def number(key: str, default: str) -> int:
            return int(attributes.get(key, default))

        main = number("basicTime", "60")
        if system == "byo-yomi":
            return cls(system, main, number("stdByoYomiTime", "30"))
        if system == "canadian":
            return cls(
                system, main, number("canByoYomiTime", "300"), number("nbMovesCanTime", "15")
            )
        if system == "fischer":
            return cls(system, main, number("fischerTime", "10"))
        return cls(system, main, 0)


def og_time_attributes(attributes: dict[str, str]) -> frozenset[str]:
    """The attributes of OpenGotha's general parameters that the ``Time system`` setting
    holds, for the time system they name."""
    system = attributes.get("complementaryTimeSystem", "")
    own = {
        "STDBYOYOMI": ("stdByoYomiTime",),
        "CANBYOYOMI": ("canByoYomiTime", "nbMovesCanTime"),
        "FISCHER": ("fischerTime",),
    }.get(system, ())
    return frozenset(("basicTime", "complementaryTimeSystem", *own))


_EXPECTED = (
    "expected a clock such as '60 min + byo-yomi 30 s', '60 min + canadian 300 s / 15 "
    "stones', '40 min + fischer 20 s' or '90 min sudden death'"
)
_DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%Y/%m/%d")


def _date(value: object) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip()
    if len(text) == 10 and text.isascii() and text[4] == text[7] == "-":  # (nearly every date)
        with contextlib.suppress(ValueError):  # 2024-05-18: as strptime reads it, without
            return dt.date.fromisoformat(text)  # loading it (_strptime, calendar, locale)
    for form in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, form).date()
        except ValueError:
            continue
    raise ValueError("expected a date such as 2024-05-18, or two: 2024-05-18, 2024-05-20")


def parse_dates(value: object) -> tuple[dt.date, ...]:
    """The first and last day (one date: a one-day event; nothing: not set yet)."""
    if value is None or isinstance(value, bool):
        if value is None:
            return ()
        raise ValueError("expected a date such as 2024-05-18")
    if isinstance(value, tuple):
        parts: list[object] = list(value)
    elif isinstance(value, dt.date):
        parts = [value]
    else:
        text = str(value).strip()
        if not text:
            return ()
        parts = [p for p in re.split(r"\s*(?:,|;|\bto\b|\.\.|–|—|\s-\s)\s*", text) if p]
    if len(parts) > 2:
        raise ValueError("expected one or two dates: the first and the last day")
    days = tuple(_date(p) for p in parts)
    if len(days) == 2 and days[1] < days[0]:
        raise ValueError("the last day comes before the first")
    if len(days) == 2 and days[0] == days[1]:
        days = days[:1]
    return days


def write_dates(days: tuple[dt.date, ...]) -> str | None:
    return ", ".join(d.isoformat() for d in days) or None


def empty_none(text: str) -> str | None:
    """An empty text as an empty cell."""
    return text or None


def parse_country(value: object) -> str:
    text = parse_text(value).upper()
    if text and not re.fullmatch(r"[A-Z]{2}", text):
        raise ValueError("expected a two-letter country code, such as FR or DE")
    return text


def parse_site_address(value: object) -> str:
    """A site's address: ``http://`` or ``https://``, a host, no query or fragment ("": none).

    >>> parse_site_address(" https://club.example.org/cup-2026/ ")
    'https://club.example.org/cup-2026/'
    """
    text = parse_text(value)
    if not text:
        return ""
    try:
        parts = urlsplit(text)
    except ValueError:
        parts = urlsplit("")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or any(c.isspace() for c in text)
    ):
        raise ValueError("expected a site's address, https://…")
    return text


EVENT_FIELDS: tuple[Field, ...] = (
    Field(
        "Location",
        "location",
        parse_text,
        empty_none,
        N_w("Where the event is played (a town): results files (EGF, FFG, AGA) name it."),
        go_only=True,
    ),
    Field(
        "Country",
        "country",
        parse_country,
        empty_none,
        N_w("The event's country, a two-letter code (FR, DE …): the EGF results file names it."),
        go_only=True,
    ),
    Field(
        "Dates",
        "dates",
        parse_dates,
        write_dates,
        N_w(
            "The first and last day, e.g. 2024-05-18, 2024-05-20 (one date: a one-day event). "
            "Results files give them; left empty, the day the file is written."
        ),
        go_only=True,
    ),
    Field(
        "Time system",
        "time",
        TimeControl.parse,
        str,
        N_w(
            "The clock: main time then byo-yomi, canadian or fischer, e.g. '60 min + byo-yomi "
            "30 s', '60 min + canadian 300 s / 15 stones', '40 min + fischer 20 s', '90 min "
            "sudden death'. The EGF class (A, B, C) and adjusted time come from it."
        ),
        go_only=True,
    ),
    Field(
        "Online",
        "online",
        parse_yes_no,
        yes_no,
        N_w(
            "yes: the games are played on the internet; the EGF results file gives the class "
            "D (or X), not A, B or C (OpenGotha's bInternet)."
        ),
        go_only=True,
    ),
    Field(
        "EGF game format",
        "game_format",
        parse_choice(*GAME_FORMATS),
        same,
        N_w(
            "How the EGF results file writes a game: full (12+/w0: opponent, result, colour, "
            "handicap) or short (12+: opponent and result), as OpenGotha's game format "
            "(gameFormat)."
        ),
        go_only=True,
    ),
    Field(
        "Site address",
        "site_address",
        parse_site_address,
        empty_none,
        N_w(
            "Where the published pages will be, e.g. https://club.example.org/cup-2026 (empty: "
            "nowhere yet): the printed pairing lists and result slips then carry QR codes to "
            "them, whichever button or command prints."
        ),
    ),
)
