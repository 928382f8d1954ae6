"""The building blocks of a setting: :class:`Field` (label, parser, writer, explanation,
where it shows, how it maps to OpenGotha's XML) and the parsers of cell values.

Every parser takes what a cell holds (text, number, bool) and returns the value, or raises
:class:`ValueError` with a message an organiser understands.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from gosheet.core.games import game_of
from gosheet.core.kinds import Rules, System, TournamentType
from gosheet.i18n.catalog import LANGUAGES
from gosheet.i18n.words import LANGUAGE_NAMES, normalise
from gosheet.records import record

SYSTEMS = tuple(s.value for s in System)  # their names, as the Settings sheet writes them
ALL = frozenset(System)
RULES = tuple(r.value for r in Rules)
ANY_RULES = frozenset(Rules)
GOSHEET_RULES = frozenset({Rules.GOSHEET})
ANY_TYPE = frozenset(TournamentType)
OPENGOTHA_RULES = frozenset({Rules.OPENGOTHA})


def parse_int(low: int, high: int) -> Callable[[object], int]:
    def parse(value: object) -> int:
        if isinstance(value, bool):
            raise ValueError(f"expected a whole number from {low} to {high}")
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
            value = int(value)
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"expected a whole number from {low} to {high}")
        return value

    return parse


def parse_points(value: object) -> Fraction:
    """Read 0, ½, 1 (as ``0.5``, ``1/2`` or ``½`` too); multiples of ½ up to 1."""
    text = str(value).strip().replace("½", "1/2").replace(",", ".")
    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError("expected 0, ½ or 1") from None
    if number not in (Fraction(0), Fraction(1, 2), Fraction(1)):
        raise ValueError("expected 0, ½ or 1")
    return number


def format_points(value: Fraction) -> float | int:
    return int(value) if value.denominator == 1 else float(value)


def parse_komi(value: object) -> float:
    """A komi: a multiple of ½ between -50 and 50 (``6.5``, ``"7,5"``, ``-5.5``).

    >>> parse_komi("7,5"), parse_komi(-5.5)
    (7.5, -5.5)
    """
    try:
        komi = float(str(value).strip().replace(",", "."))
    except ValueError:
        raise ValueError("expected a number such as 6.5") from None
    if not -50 <= komi <= 50 or komi * 2 != int(komi * 2):  # also refuses inf and nan
        raise ValueError("expected a multiple of 0.5 between -50 and 50, such as 6.5")
    return komi


def parse_text(value: object) -> str:
    return "" if value is None else str(value).strip()


@record
class Field:
    """One setting: its label in the Settings sheet, how to read and write it,
    and the systems whose Settings sheet shows it (others keep the default)."""

    label: str
    attr: str
    parse: Callable[[Any], Any]
    write: Callable[[Any], Any]
    explanation: str
    systems: frozenset[System] = ALL
    go_only: bool = False
    plain: str = ""  # the explanation in words of any board game, where it differs
    rules: frozenset[Rules] = ANY_RULES  # the pairing rules whose Settings sheet shows it
    xml: tuple[str, str] | None = None  # OpenGotha's (parameter set, attribute)
    to_xml: Callable[[Any], str] = str  # the attribute's text in an OpenGotha file
    from_xml: Callable[[str], Any] | None = None  # reads that text (default: ``parse``)
    types: frozenset[TournamentType] = ANY_TYPE  # the tournament types whose sheet shows it

    def explain(self, game: str) -> str:
        return self.plain if not game_of(game).go and self.plain else self.explanation


def check_values(owner: object, table: Iterable[Field]) -> None:
    """Raise :class:`ValueError` (``"Label: value: why"``) unless every field of ``table`` holds,
    in ``owner``, a value that its cell would give back: written, then read again."""
    for f in table:
        value = getattr(owner, f.attr)
        try:
            parsed = f.parse(f.write(value))
        except (ValueError, TypeError, AttributeError) as error:
            raise ValueError(f"{f.label}: {value!r}: {error}") from None
        if parsed != value:
            raise ValueError(f"{f.label}: {value!r} is not a valid value")


def parse_yes_no(value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in ("yes", "y", "true", "1", "on", "да", "д", "oui", "o", "sí", "si", "s", "vrai"):
        return True
    if text in ("no", "n", "false", "0", "off", "нет", "н", "non", "faux"):
        return False
    raise ValueError("expected yes or no")


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


def same(value: Any) -> Any:
    return value


def join(value: tuple[str, ...]) -> str:
    return ", ".join(value)


def parse_choice(*choices: str) -> Callable[[object], str]:
    """One of ``choices``, case and spaces ignored.

    >>> parse_choice("TOP", "MID", "BOT")(" mid ")
    'MID'
    """

    def parse(value: object) -> str:
        text = re.sub(r"\s+", "", str(value if value is not None else "")).upper()
        for choice in choices:
            if text == re.sub(r"\s+", "", choice).upper():
                return choice
        raise ValueError(f"expected one of: {', '.join(choices)}")

    return parse


def parse_weight(value: object) -> int:
    """A criterion weight: a whole number from 0 to 10^15 (``1e11`` and ``100000000000`` alike).

    >>> parse_weight("1e11"), parse_weight(5000000.0)
    (100000000000, 5000000)
    """
    if isinstance(value, bool):
        raise ValueError("expected a whole number from 0 to 10^15")
    if isinstance(value, str):
        text = value.strip().replace(" ", "").replace("_", "")
        try:
            value = int(text) if re.fullmatch(r"[0-9]+", text) else float(text)
        except ValueError:
            raise ValueError("expected a whole number from 0 to 10^15") from None
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("expected a whole number from 0 to 10^15")
        value = int(value)
    if not isinstance(value, int) or not 0 <= value <= 10**15:
        raise ValueError("expected a whole number from 0 to 10^15")
    return value


def parse_fraction_01(value: object) -> float:
    """A factor from 0 to 1 (``0.5``, ``"0,5"``)."""
    try:
        number = float(str(value).strip().replace(",", "."))
    except ValueError:
        raise ValueError("expected a number from 0 to 1, such as 0.5") from None
    if not 0 <= number <= 1:  # also refuses nan
        raise ValueError("expected a number from 0 to 1, such as 0.5")
    return number


def true_false(value: bool) -> str:
    """How OpenGotha writes a boolean attribute."""
    return "true" if value else "false"


def half_points_to_xml(value: Fraction) -> str:
    """OpenGotha keeps bye and absent points doubled: ½ point is ``"1"``."""
    return str(int(value * 2))


def half_points_from_xml(text: str) -> Fraction:
    return parse_points(Fraction(int(text), 2))


#: The systems as organisers name them (lower case, no spaces nor hyphens), but for their names.
SYSTEM_SPELLINGS: dict[str, System] = {
    "macmahon": System.MCMAHON,
    "макмагон": System.MCMAHON,
    "макмагона": System.MCMAHON,
    "фус": System.FUS,
    "швейцарская": System.SWISS,
    "швейцарка": System.SWISS,
    "suisse": System.SWISS,
    "suís": System.SWISS,
    "suis": System.SWISS,
    "круговая": System.ROUND_ROBIN,
    "круговой": System.ROUND_ROBIN,
    "toutesrondes": System.ROUND_ROBIN,
    "toutcontretous": System.ROUND_ROBIN,
    "lliga": System.ROUND_ROBIN,
    "totscontratots": System.ROUND_ROBIN,
}


def parse_language(value: object) -> str:
    """A language by its code or its name in any language (``ru``, ``Русский``, ``French``).

    >>> parse_language(" Français "), parse_language("russian"), parse_language("CA")
    ('fr', 'ru', 'ca')
    """
    text = normalise(value)
    for code in LANGUAGES:
        if text in _LANGUAGE_SPELLINGS[code]:
            return code
    raise ValueError(f"expected one of: {', '.join(LANGUAGES)}")


_LANGUAGE_SPELLINGS = {
    code: {normalise(w) for w in (code, LANGUAGE_NAMES[code], *others)}
    for code, others in (
        ("en", ("english", "anglais", "angles", "английский", "англ")),
        ("ru", ("russian", "russe", "rus", "рус", "русский язык", "russo")),
        ("fr", ("french", "francais", "французский", "франц", "frances")),
        ("ca", ("catalan", "catala", "каталанский", "catalunya")),
    )
}
