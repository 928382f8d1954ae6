"""The quick paths of reading a workbook answer exactly as the plain functions they stand for:
the texts, results, komi and ranks kept per cell text, the words kept per text, the cells of
calamine turned row by row, a name found again in a later round sheet, the garbage
collector, which reading pauses, on again afterwards, and ASCII names and headers normalised
without the Unicode path."""

from __future__ import annotations

import datetime
import gc
import math
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet import accelerators
from gosheet.collector import paused
from gosheet.core.errors import InputError
from gosheet.core.fields import parse_komi
from gosheet.core.results import ResultError, parse_result
from gosheet.i18n import catalog, words
from gosheet.workbook.port import Grids
from gosheet.workbook.sheets.cell_cache import komi_of, result_of, text_of
from gosheet.workbook.sheets.headers import normalise_header
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import cell_text
from gosheet.workbook.xlsx.grids import _value, _values


class Text(str):
    """A text cell of another kind (its ``str()`` is not itself)."""

    def __str__(self) -> str:
        return "other"


ODD: list[Any] = [
    None,
    "",
    "   ",
    "\t",
    "\u00a0Kim\u2003 Min\u00a0",
    "Kim\n\tMin",
    " 1 - 0 ",
    "w+r",
    "1:0",
    "½-½",
    "x",
    "7,5",
    " 6.5 ",
    "-0.0",
    "1e9",
    "nan",
    3,
    3.0,
    2.5,
    -0.0,
    0.0,
    True,
    False,
    float("nan"),
    float("inf"),
    10**30,
    datetime.datetime(2024, 1, 2),
    datetime.date(2024, 1, 2),
    datetime.time(3, 4),
    Text(" Kim "),
    " Kim  Min " * 40,  # long: not kept, read each time
    " 1-0" + " " * 300,
]

#: gosheet uses python-calamine from 0.9 on (``accelerators.MINIMUM``)
NEEDS_CALAMINE = pytest.mark.skipif(
    not accelerators.available("python_calamine"),
    reason="python-calamine 0.9 or later (pip install -U python-calamine)",
)


def answer(function: Any, value: Any) -> tuple[str, Any]:
    """What ``function`` gives for ``value``: its value (with its type and the sign of a
    zero), or its error's type and message."""
    try:
        got = function(value)
    except Exception as error:  # (compared, whatever it is)
        return ("error", (type(error).__name__, str(error)))
    sign = math.copysign(1, got) if isinstance(got, float) else None
    return ("value", (type(got), repr(got), sign))


@pytest.mark.parametrize("value", ODD, ids=repr)
def test_kept_answers_are_the_plain_functions_answers(value: Any) -> None:
    for _ in range(2):  # the second time from what was kept
        assert answer(text_of, value) == answer(cell_text, value)
        assert answer(result_of, value) == answer(parse_result, value)
        assert answer(komi_of, value) == answer(parse_komi, value)


def test_a_zero_komi_keeps_its_sign_whatever_was_read_before() -> None:
    assert math.copysign(1, komi_of(0.0)) == 1
    assert math.copysign(1, komi_of(-0.0)) == -1
    assert math.copysign(1, komi_of(0.0)) == 1


def test_an_error_is_told_in_the_language_of_the_moment() -> None:
    messages = []
    try:
        for language in ("en", "ru", "en"):
            catalog.use(language)
            with pytest.raises(ResultError) as caught:
                result_of("2-0")
            messages.append(str(caught.value))
    finally:
        catalog.use("en")
    assert messages[0] == messages[2] != messages[1]


WORDS: list[Any] = [
    *(word for table in words.ALL_TABLES.values() for word in table),
    *(
        word
        for table in words.ALL_TABLES.values()
        for spelled in table.values()
        for word in spelled
    ),
    *(word for spelled in words.READ_ALSO.values() for word in spelled),
    "  ТУР 4 ",
    "Тур4",
    "Round 03",
    "R12",
    "Parametres",
    "Nom",
    "Чёрные",
    "No.",
    "Shoe size",
    "",
    "  ",
    None,
    3,
    Text("Round 3"),
    "  Round 3" + " " * 300,
]


@pytest.mark.parametrize("language", catalog.LANGUAGES)
def test_kept_words_are_the_words(language: str) -> None:
    for among in (None, words.SHEETS, words.PLAYERS, words.CELLS, ["rounds", "cells"]):
        kinds = words._kinds(among)
        for allowed in (None, ["en", language], [language], []):
            for text in WORDS:
                plain = (
                    None
                    if not isinstance(text, str) or not text.strip()
                    else words._canonical(text, kinds, language, _set(allowed))
                )
                for _ in range(2):
                    only = None if allowed is None else iter(allowed)  # any iterable
                    kept = words.canonical(text, among, language, only)
                    assert kept == plain, (text, among, language, allowed)
    for text in WORDS:
        assert words.normalise(text) == words._normalise(text)


def _set(languages: list[str] | None) -> frozenset[str] | None:
    return None if languages is None else frozenset(languages)


def test_calamine_cells_are_turned_as_each_one_alone() -> None:
    row = [
        "",
        "a",
        " ",
        1.0,
        -0.0,
        1.5,
        2,
        True,
        float("nan"),
        float("inf"),
        datetime.date(2024, 1, 2),
        datetime.datetime(2024, 1, 2, 3, 4),
        datetime.time(3, 4),
        datetime.timedelta(days=1),
        Text(""),
    ]
    turned = _values(row)
    one_by_one = [_value(v) for v in row]
    assert [type(v) for v in turned] == [type(v) for v in one_by_one]
    assert repr(turned) == repr(one_by_one)


def _book(rounds: list[list[list[Any]]]) -> Grids:
    players = [["Name", "First name", "Rank"]]
    players += [[surname, "X", "3k"] for surname in ("Kim", "Lee", "Park", "Choi")]
    sheets = {
        "Settings": [["Setting", "Value"], ["System", "swiss"], ["Rounds", 5]],
        "Players": players,
    }
    header = ["Table", "White", "Black", "Result"]
    for number, games in enumerate(rounds, start=1):
        sheets[f"Round {number}"] = [header, *games]
    return sheets


def test_a_name_found_in_an_earlier_round_is_still_checked_in_each_round() -> None:
    round_1 = [[1, "Kim X", "Lee X", "1-0"], [2, "Park X", "Choi X", "0-1"]]
    round_2 = [
        [1, "Kim X", "Park X", "1-0"],
        [2, " kim  x ", "Choi X", "0-1"],  # another spelling of Kim, found before as "Kim X"
        [3, "Lee X", "Kim X", "1-0"],  # Kim a third time
    ]
    with pytest.raises(InputError) as caught:
        read_book(_book([round_1, round_2]))
    found = [(p.sheet, p.cell, p.value, p.message) for p in caught.value.problems]
    assert found == [
        ("Round 2", "B3", "kim x", "the same player twice in this round (also at B2)"),
        ("Round 2", "C4", "Kim X", "the same player twice in this round (also at B2)"),
    ]


def test_rounds_read_with_names_found_before_as_without() -> None:
    round_1 = [[1, "Kim X", "Lee X", "1-0"], [2, "Park X", "Choi X", "0-1"]]
    round_2 = [[1, "Lee X", "Park X", " 1 - 0 "], [2, "Choi X", "Kim X", None]]
    state = read_book(_book([round_1, round_2]))
    again = read_book(_book([round_2]))
    assert state.tournament.rounds[1].games == again.tournament.rounds[0].games
    assert state.result_fixes == [("Round 2", "D2", "1-0")]


def test_a_short_row_of_players_reads_as_empty_cells_and_namesakes_are_found() -> None:
    sheets = _book([])
    sheets["Settings"][1] = ["System", "mcmahon"]  # a rank or a rating for each player
    sheets["Players"] = [
        ["Name", "First name", "Rank", "Club", "Rating"],
        ["Kim", "X", "3k", "Seoul"],  # short: no rating
        ["Kim", "X", "2k", "Busan", 1900],  # another Kim, of another club
        ["KIM", " x", "1k"],  # no club: the first Kim again
        ["Lee"],  # no rank nor rating
    ]
    with pytest.raises(InputError) as caught:
        read_book(sheets)
    found = [(p.cell, p.value, p.message.split(";")[0]) for p in caught.value.problems]
    assert found == [
        ("A4", "KIM x", "the same player twice (also on row 2)"),
        ("C5", None, "no rank (nor rating)"),
    ]


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_leaves_the_garbage_collector_as_it_found_it(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        with pytest.raises(InputError):
            read_book({"Players": [["Name"]]})  # an error inside: the collector is restored
        assert gc.isenabled() is enabled
        with paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()


@settings(max_examples=examples(500), deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_ascii_headers_and_names_normalise_as_any_text(text: str) -> None:
    """The ASCII path of normalise_header and words.normalise (words.fold) gives what the
    general (Unicode) path gives."""
    raw = unicodedata.normalize("NFKD", text)
    raw = "".join(ch for ch in raw if not unicodedata.combining(ch)).casefold()
    for keep, normalised in (("/", normalise_header(text)), ("{}", words.normalise(text))):
        plain = re.sub(rf"[^\w{re.escape(keep)}]+", " ", raw).replace("_", " ")
        assert normalised == re.sub(r"\s+", " ", plain).strip()


@NEEDS_CALAMINE
def test_sheets_parsed_on_two_threads_read_as_one_by_one(
    demo_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large workbook's sheets are parsed on two threads: the same cells, the same order
    of sheets, as parsed one after the other (here with the threshold lowered)."""
    from gosheet.workbook.xlsx import grids

    path = demo_book
    monkeypatch.setattr(grids, "PARALLEL_READ_FROM", 10**12)
    one_by_one = grids.calamine_grids(path)
    monkeypatch.setattr(grids, "PARALLEL_READ_FROM", 0)
    threaded = grids.calamine_grids(path)
    assert one_by_one is not None and len(one_by_one) > 3
    assert threaded == one_by_one and list(threaded) == list(one_by_one)


@NEEDS_CALAMINE
def test_one_thread_where_threads_cannot_start(
    demo_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no thread can start (WebAssembly Python: Thread.start raises RuntimeError), a
    large workbook's sheets are parsed one after the other: the same cells, no error."""
    import threading

    from gosheet.workbook.xlsx import grids

    monkeypatch.setattr(grids, "PARALLEL_READ_FROM", 10**12)
    one_by_one = grids.calamine_grids(demo_book)

    def refused(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(grids, "PARALLEL_READ_FROM", 0)
    monkeypatch.setattr(threading.Thread, "start", refused)
    grids.threads_start.cache_clear()
    try:
        assert not grids.threads_start()
        assert grids.calamine_grids(demo_book) == one_by_one
    finally:
        grids.threads_start.cache_clear()
