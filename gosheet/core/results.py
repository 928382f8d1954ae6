"""Result codes: the canonical ones and the spellings organisers type.

>>> parse_result("W+").value, parse_result("b").value, parse_result("1:0").value
('1-0', '0-1', '1-0')
>>> parse_result("=").value, parse_result("0-1 !").value
('½-½', '0-1!')

OpenGotha's rarer results have codes too: ``1-1`` both win, ``½-½!`` a jigo not played,
``1-1!`` both win without playing. They are accepted everywhere but not offered in the
Result dropdown (:data:`CANONICAL`, the seven common codes); :data:`ALL_CODES` lists all.

>>> parse_result("1-1").value, parse_result("=!").value, parse_result("1:1!").value
('1-1', '½-½!', '1-1!')

Spellings of Russian, French and Catalan organisers are read too, and rewritten as the codes:

>>> [parse_result(t).value for t in ("1/2", "ничья", "победа белых", "Ч+", "victoire noir")]
['½-½', '½-½', '1-0', '0-1', '0-1']

A French organiser writes ``B+`` for *blanc* (White) and ``N+`` for *noir* (Black): in a
workbook whose language is French, ``B`` is White; in every other, ``B`` is Black, as in English.

>>> parse_result("B+", "fr").value, parse_result("N+", "fr").value, parse_result("B+").value
('1-0', '0-1', '0-1')
>>> [parse_result(typed, "fr").value for typed in ("B+!", "N+ff", "b+r")]
['1-0!', '0-1!', '1-0']
"""

from __future__ import annotations

import re
from datetime import date, time, timedelta

from gosheet.core.model import Result
from gosheet.i18n.catalog import _

#: The codes a Result cell offers (its dropdown), in this order.
CANONICAL = tuple(
    r.value
    for r in Result
    if r not in (Result.BOTH_WIN, Result.JIGO_BY_FORFEIT, Result.BOTH_WIN_BY_FORFEIT)
)
#: Every canonical code, OpenGotha's rarer ones included.
ALL_CODES = tuple(r.value for r in Result)


def not_a_result() -> str:
    """The message for a cell that is not a result, in the current language of messages."""
    return _("not a result code (use {codes}; or W+, B+, =)").format(codes=", ".join(CANONICAL))


_SPELLINGS: dict[str, Result] = {}


def _add(result: Result, *spellings: str) -> None:
    for spelling in spellings:
        _SPELLINGS[spelling] = result


_add(Result.WHITE_WINS, "1-0", "w", "w+", "white", "whitewins")
_add(Result.BLACK_WINS, "0-1", "b", "b+", "black", "blackwins")
_add(Result.JIGO, "½-½", "1/2-1/2", "0.5-0.5", "=", "jigo", "draw", "d", "½")
_add(Result.BOTH_LOSE, "0-0", "bothlose")
_add(Result.WHITE_WINS_BY_FORFEIT, "1-0!", "w+f", "w+ff", "w+forfeit", "w!", "1-0ff")
_add(Result.BLACK_WINS_BY_FORFEIT, "0-1!", "b+f", "b+ff", "b+forfeit", "b!", "0-1ff")
_add(Result.BOTH_LOSE_BY_FORFEIT, "0-0!", "0-0ff")
_add(Result.BOTH_WIN, "1-1", "bothwin")
_add(Result.JIGO_BY_FORFEIT, "½-½!", "1/2-1/2!", "0.5-0.5!", "=!", "jigo!", "½-½ff", "=ff")
_add(Result.BOTH_WIN_BY_FORFEIT, "1-1!", "1-1ff")
# What organisers type in Russian, French and Catalan (spaces are taken out first). Beware:
# Cyrillic "б+" is White (белые), Latin "B+" Black (but White in a French workbook:
# _IN_LANGUAGE); "N+" is Black (noir) in every language.
_add(Result.WHITE_WINS, "б+", "белые", "победабелых", "выигралибелые", "белыевыиграли")
_add(Result.WHITE_WINS, "blanc", "blancs", "blancgagne", "victoireblanc", "victoiredublanc")
_add(Result.WHITE_WINS, "victoiredeblanc", "victoiredesblancs", "blanques", "guanyenblanques")
_add(Result.WHITE_WINS, "victòriablanques", "victoriablanques", "victòriadeblanques")
_add(Result.BLACK_WINS, "ч+", "черные", "чёрные", "победачерных", "победачёрных")
_add(Result.BLACK_WINS, "выиграличерные", "выиграличёрные", "черныевыиграли", "чёрныевыиграли")
_add(Result.BLACK_WINS, "n+", "noir", "noirs", "noirgagne", "victoirenoir", "victoiredunoir")
_add(Result.BLACK_WINS, "victoiredenoir", "victoiredesnoirs", "negres", "guanyennegres")
_add(Result.BLACK_WINS, "victòrianegres", "victorianegres", "victòriadenegres")
_add(Result.JIGO, "1/2", "0.5", "ничья", "вничью", "nul", "matchnul", "partienulle", "égalité")
_add(Result.JIGO, "egalite", "taules", "empat")
_add(Result.BOTH_LOSE, "обапроиграли", "doubledéfaite", "doubledefaite", "perdenelsdos")
_add(Result.BOTH_WIN, "обавыиграли", "doublevictoire", "guanyenelsdos")
_add(Result.BLACK_WINS, "n")
_add(Result.BLACK_WINS_BY_FORFEIT, "n+f", "n+ff", "n+forfeit", "n!", "n+!")
_add(Result.WHITE_WINS_BY_FORFEIT, "w+!")
_add(Result.BLACK_WINS_BY_FORFEIT, "b+!")

#: Each language's own reading of a spelling that another language reads otherwise: in French,
#: ``B`` is *blanc* (White) — the Black of English and of every other language — and ``N``
#: *noir* (Black).
_IN_LANGUAGE: dict[str, dict[str, Result]] = {
    "fr": {
        **dict.fromkeys(("b", "b+"), Result.WHITE_WINS),
        **dict.fromkeys(("b!", "b+!", "b+f", "b+ff", "b+forfeit"), Result.WHITE_WINS_BY_FORFEIT),
    },
}


class ResultError(ValueError):
    """A result cell that is not a known result code."""


def _normalise(text: str) -> str:
    text = text.strip().casefold()
    text = re.sub(r"[\u2010-\u2015\u2212:]", "-", text)  # dashes, minus, colon
    text = text.replace(",", ".")
    text = re.sub(r"\s+", "", text)
    text = re.sub(r"^(w|b|n)\+(r|res|resign|t|time|\d+(\.\d+)?)$", r"\1+", text)
    return text


TIMES: dict[tuple[int, int] | None, Result] = {
    (1, 0): Result.WHITE_WINS,
    (0, 1): Result.BLACK_WINS,
    (0, 0): Result.BOTH_LOSE,
    (1, 1): Result.BOTH_WIN,
}
"""A time a spreadsheet made of a result typed with a colon (``1:0`` is the time 01:00:00 in
LibreOffice and Excel, unless the cell is formatted as text), read as that result."""


def _hours_minutes(value: time | timedelta) -> tuple[int, int] | None:
    """A time of day or a duration (an .ods ``PT01H00M00S``) in whole minutes, as hours and
    minutes; None when seconds are left."""
    if isinstance(value, timedelta):
        whole, left = divmod(value, timedelta(minutes=1))
        return divmod(whole, 60) if not left and whole >= 0 else None
    return None if value.second or value.microsecond else (value.hour, value.minute)


def _typed_by_a_spreadsheet(value: object) -> Result:
    """A result cell holding a time, a date or a number: what a spreadsheet made of a result
    typed by hand (``1:0``, ``1/2``) or computed by a formula (``=1-0``). A time of 01:00, 00:01,
    00:00 or 01:01 is read as the result typed; anything else raises :class:`ResultError`
    saying what happened and what to type."""
    if isinstance(value, time | timedelta):
        minutes = _hours_minutes(value)
        if minutes in TIMES:
            return TIMES[minutes]
        raise ResultError(
            _(
                "a time, not a result: the spreadsheet took what was typed for a time; type "
                "the result as 1-0 or 0-1 (or format the column as text, then type it again)"
            )
        )
    if isinstance(value, date):
        raise ResultError(
            _(
                "a date, not a result: the spreadsheet took what was typed (1/2?) for a date; "
                "type ½-½ or = for a jigo, 1-0 or 0-1 for a win (or format the column as text, "
                "then type it again)"
            )
        )
    raise ResultError(
        _(
            "a number, not a result (a formula such as =1-0 gives the number 1): type the "
            'result as text, {codes} (or make the formula give text: ="1-0")'
        ).format(codes=", ".join(CANONICAL[:3]))
    )


def parse_result(value: object, language: str = "en") -> Result | None:
    """Read a result cell of a workbook in ``language`` (its ``Language`` setting: ``B+`` is
    White in French, Black in any other); ``None`` for an empty cell; raise
    :class:`ResultError`. Every front end, a workbook's reader and a command comparing the
    results of two workbooks read results with this, in the workbook's language.

    A time a spreadsheet made of ``1:0`` is that result; a date or a number is refused,
    saying what to type (:func:`_typed_by_a_spreadsheet`):

    >>> parse_result(time(1, 0)).value, parse_result(timedelta(minutes=1)).value
    ('1-0', '0-1')
    """
    if value is None:
        return None
    if isinstance(value, float | int | date | time | timedelta) and not isinstance(value, bool):
        return _typed_by_a_spreadsheet(value)
    text = _normalise(str(value))
    if text == "":
        return None
    result = _IN_LANGUAGE.get(language, {}).get(text) or _SPELLINGS.get(text)
    if result is None:
        raise ResultError(not_a_result())
    return result
