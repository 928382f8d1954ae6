"""The event's settings a results file needs: the clock as an organiser types it (``Time
system``), its EGF adjusted time and class, its OpenGotha attributes both ways, the ``Dates``,
the ``Country`` and the ``Site address`` — each refused with words the organiser can act on."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gosheet.core.event import (
    EVENT_FIELDS,
    TimeControl,
    og_time_attributes,
    parse_country,
    parse_dates,
    parse_site_address,
    write_dates,
)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("", TimeControl()),
        (None, TimeControl()),
        ("90 min sudden death", TimeControl("sudden death", 90, 0)),
        ("45", TimeControl("sudden death", 45, 0)),
        ("60 30", TimeControl("byo-yomi", 60, 30)),
        ("Japanese 40 min, 5 x 30 s", None),  # periods are not counted: refused, not guessed
        ("40 min + Japanese 20 s", TimeControl("byo-yomi", 40, 20)),
        ("60 min + canadian 300 s / 15 stones", TimeControl("canadian", 60, 300, 15)),
        ("30' increment 10s", TimeControl("fischer", 30, 10)),
        ("40 min + fischer 20 s", TimeControl("fischer", 40, 20)),
    ],
)
def test_a_clock_reads_as_typed(typed: object, read: TimeControl | None) -> None:
    if read is None:
        with pytest.raises(ValueError, match="expected a clock such as"):
            TimeControl.parse(typed)
    else:
        assert TimeControl.parse(typed) == read
        assert TimeControl.parse(str(read)) == read  # what the sheet shows reads back


def test_a_clock_already_read_is_kept() -> None:
    clock = TimeControl("fischer", 30, 10)
    assert TimeControl.parse(clock) is clock


@pytest.mark.parametrize(
    "typed", [True, "byo-yomi", "canadian 60 300", "fischer 30", "sudden death 60 30"]
)
def test_a_clock_missing_its_numbers_is_refused(typed: object) -> None:
    with pytest.raises(ValueError, match="'60 min \\+ byo-yomi 30 s'"):
        TimeControl.parse(typed)


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("hourglass", 60, 30), "expected one of: sudden death, byo-yomi, canadian, fischer"),
        (("byo-yomi", 10_001, 30), "a time out of range"),
        (("byo-yomi", 60, -1), "a time out of range"),
        (("canadian", 60, 300, 0), "canadian byo-yomi needs its stones"),
        (("byo-yomi", 60, 30, 15), "stones are for canadian byo-yomi only"),
        (("sudden death", 60, 30), "sudden death has no time after the main time"),
    ],
)
def test_an_impossible_clock_is_refused(args: tuple[object, ...], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        TimeControl(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("clock", "adjusted", "egf_class"),
    [
        (TimeControl("byo-yomi", 60, 30), 3600 + 45 * 30, "A"),
        (TimeControl("byo-yomi", 45, 30), 2700 + 45 * 30, "B"),
        (TimeControl("byo-yomi", 25, 10), 1500 + 45 * 10, "C"),
        (TimeControl("byo-yomi", 20, 30), 1200 + 45 * 30, "X"),
        (TimeControl("canadian", 60, 300, 15), 3600 + 60 * 300 // 15, "A"),
        (TimeControl("canadian", 40, 300, 25), 2400 + 60 * 300 // 25, "B"),
        (TimeControl("fischer", 45, 15), 2700 + 120 * 15, "A"),
        (TimeControl("fischer", 45, 10), 2700 + 120 * 10, "B"),
        (TimeControl("fischer", 20, 5), 1200 + 120 * 5, "C"),
        (TimeControl("fischer", 15, 30), 900 + 120 * 30, "X"),
        (TimeControl("sudden death", 90, 0), 5400, "A"),
        (TimeControl("sudden death", 30, 0), 1800, "C"),
        (TimeControl("sudden death", 20, 0), 1200, "X"),
    ],
)
def test_the_egf_adjusted_time_and_class(clock: TimeControl, adjusted: int, egf_class: str) -> None:
    assert clock.adjusted_seconds == adjusted
    assert clock.egf_class == egf_class


@pytest.mark.parametrize(
    ("clock", "attributes"),
    [
        (
            TimeControl("byo-yomi", 60, 30),
            {"basicTime": "60", "complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": "30"},
        ),
        (
            TimeControl("canadian", 50, 300, 15),
            {
                "basicTime": "50",
                "complementaryTimeSystem": "CANBYOYOMI",
                "canByoYomiTime": "300",
                "nbMovesCanTime": "15",
            },
        ),
        (
            TimeControl("fischer", 40, 20),
            {"basicTime": "40", "complementaryTimeSystem": "FISCHER", "fischerTime": "20"},
        ),
        (
            TimeControl("sudden death", 90, 0),
            {"basicTime": "90", "complementaryTimeSystem": "SUDDENDEATH"},
        ),
    ],
)
def test_the_clock_in_opengotha_s_attributes_and_back(
    clock: TimeControl, attributes: dict[str, str]
) -> None:
    """Each time system writes only its own attributes, and reads back from them; the
    attributes the setting holds are those same ones."""
    assert clock.og_attributes() == attributes
    assert TimeControl.from_og(attributes) == clock
    assert og_time_attributes(attributes) == frozenset(attributes)


def test_opengotha_s_defaults_fill_the_attributes_a_file_leaves_out() -> None:
    assert TimeControl.from_og({}) == TimeControl("byo-yomi", 60, 30)
    assert TimeControl.from_og({"complementaryTimeSystem": "CANBYOYOMI"}) == TimeControl(
        "canadian", 60, 300, 15
    )
    assert TimeControl.from_og({"complementaryTimeSystem": "FISCHER"}) == TimeControl(
        "fischer", 60, 10
    )
    assert og_time_attributes({}) == {"basicTime", "complementaryTimeSystem"}


def test_a_time_system_opengotha_does_not_know_is_refused() -> None:
    with pytest.raises(ValueError, match="complementaryTimeSystem: not a time system"):
        TimeControl.from_og({"complementaryTimeSystem": "HOURGLASS"})


@pytest.mark.parametrize(
    ("typed", "days"),
    [
        (None, ()),
        ("  ", ()),
        ("2024-05-18", (dt.date(2024, 5, 18),)),
        ("18/05/2024 - 20/05/2024", (dt.date(2024, 5, 18), dt.date(2024, 5, 20))),
        ("18.05.2024; 19.05.2024", (dt.date(2024, 5, 18), dt.date(2024, 5, 19))),
        ("2024/05/18 .. 2024/05/18", (dt.date(2024, 5, 18),)),  # the same day twice: one day
        (dt.datetime(2024, 5, 18, 9, 30), (dt.date(2024, 5, 18),)),  # a cell with a time
        (dt.date(2024, 5, 18), (dt.date(2024, 5, 18),)),
        ((dt.date(2024, 5, 18), "2024-05-19"), (dt.date(2024, 5, 18), dt.date(2024, 5, 19))),
    ],
)
def test_dates_read_as_typed(typed: object, days: tuple[dt.date, ...]) -> None:
    assert parse_dates(typed) == days
    assert parse_dates(write_dates(days)) == days


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        (True, "expected a date such as 2024-05-18"),
        ("18 May", "expected a date such as 2024-05-18, or two"),
        ("2024-05-18, 2024-05-19, 2024-05-20", "expected one or two dates"),
        ("2024-05-20 to 2024-05-18", "the last day comes before the first"),
    ],
)
def test_dates_that_cannot_be_are_refused(typed: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_dates(typed)


def strptime_date(text: str) -> dt.date | None:
    """What ``datetime.strptime`` read (gosheet's reading before it went without it)."""
    for form in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%Y/%m/%d"):
        try:
            return dt.datetime.strptime(text.strip(), form).date()
        except ValueError:
            continue
    return None


def read_date(text: str) -> dt.date | None:
    try:
        days = parse_dates(text)
    except ValueError:
        return None
    return days[0] if len(days) == 1 else None


FORMS = ("{y:04}-{m:02}-{d:02}", "{d}/{m}/{y}", "{d:02}.{m}.{y:04}", "{y}/{m}/{d:2}", "{y}-{m}-{d}")


@given(st.dates(), st.sampled_from(FORMS))
def test_a_date_reads_as_strptime_read_it(day: dt.date, form: str) -> None:
    text = form.format(y=day.year, m=day.month, d=day.day)
    assert read_date(text) == strptime_date(text)


@given(st.text(alphabet="0123456789-/. ", max_size=12))
def test_any_text_reads_as_strptime_read_it(text: str) -> None:
    """Digits and separators in any order: a date where strptime found one, else refused
    (days that do not exist, such as 30/02/2024, too)."""
    if not text.strip() or re.search(r"\.\.|\s-\s", text):
        return  # two dates, as the organiser separates them: each read alone
    assert read_date(text) == strptime_date(text)


def test_no_dates_write_an_empty_cell() -> None:
    assert write_dates(()) is None


def test_a_country_is_two_letters() -> None:
    assert parse_country(" fr ") == "FR"
    assert parse_country(None) == ""
    with pytest.raises(ValueError, match="two-letter country code"):
        parse_country("France")


@pytest.mark.parametrize(
    "typed",
    [
        "club.example.org",  # no scheme
        "ftp://club.example.org/",
        "https:///cup",  # no host
        "https://club.example.org/?round=1",
        "https://club.example.org/#standings",
        "https://club.example.org/cup 2026",
        "http://[::1",  # a broken address
    ],
)
def test_a_site_address_must_lead_somewhere_a_phone_can_open(typed: str) -> None:
    with pytest.raises(ValueError, match="expected a site's address, https://"):
        parse_site_address(typed)


def test_no_site_address_is_none() -> None:
    assert parse_site_address(None) == parse_site_address("  ") == ""
    assert parse_site_address("http://go.example/") == "http://go.example/"


def test_an_event_setting_left_empty_writes_an_empty_cell() -> None:
    location = next(f for f in EVENT_FIELDS if f.label == "Location")
    assert location.write("") is None
    assert location.write("Strasbourg") == "Strasbourg"
