"""``@record`` against the standard library's ``@dataclass(frozen=True)``: every class shape
gosheet writes, made both ways, behaves the same (construction, defaults, equality, hash,
repr, frozen assignment, ``fields``/``replace``/``asdict``, pickling), and a record compiles
one method where the standard library compiles six."""

from __future__ import annotations

import dataclasses
import inspect
import pathlib
import pickle
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import FrozenInstanceError, dataclass
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gosheet import records
from gosheet.records import FrozenRecordError, record


class Kit:
    """A class decorator and the ``field`` that goes with it."""

    def __init__(self, decorate: Callable[[type], type], field: Callable[..., Any]) -> None:
        self.decorate, self.field = decorate, field

    def __call__(self, cls: type) -> type:
        return self.decorate(cls)


Decorate = Kit
STDLIB = Kit(dataclass(frozen=True), dataclasses.field)
RECORD = Kit(record, records.field)


def plain(decorate: Decorate) -> type:
    @decorate
    class Game:
        """A game."""

        table: int
        white: int
        black: int
        handicap: int = 0
        komi: float = 6.5
        notes: tuple[str, ...] = decorate.field(default_factory=tuple)
        seen: ClassVar[int] = 0

    return Game


def single(decorate: Decorate) -> type:
    @decorate
    class Name:
        text: str

    return Name


def empty(decorate: Decorate) -> type:
    @decorate
    class Nothing:
        """No field."""

    return Nothing


def derived(decorate: Decorate) -> type:
    @decorate
    class Base:
        number: int
        name: str = "?"

    @decorate
    class Player(Base):
        """A base's fields first, then its own."""

        rank: int = 0
        clubs: frozenset[str] = decorate.field(default_factory=frozenset)

    return Player


def checked(decorate: Decorate) -> type:
    @decorate
    class Bounded:
        low: int
        high: int
        width: int = decorate.field(init=False, default=0)
        span: tuple[int, ...] = decorate.field(init=False, default_factory=tuple)

        def __post_init__(self) -> None:
            if self.high < self.low:
                raise ValueError("high below low")
            object.__setattr__(self, "width", self.high - self.low)

    return Bounded


def own_methods(decorate: Decorate) -> type:
    @decorate
    class Folded:
        """Its own equality (and so no hash of the library's), its own repr."""

        text: str
        weight: int = decorate.field(default=1, compare=False, repr=False)

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Folded) and self.text.lower() == other.text.lower()

        def __repr__(self) -> str:
            return f"<{self.text}>"

    return Folded


def explicit_hash(decorate: Decorate) -> type:
    @decorate
    class Keyed:
        key: int
        label: str = ""

        def __hash__(self) -> int:
            return self.key

    return Keyed


SHAPES = (plain, single, empty, derived, checked, own_methods, explicit_hash)
ARGUMENTS: dict[Callable[[Decorate], type], tuple[tuple[Any, ...], ...]] = {
    plain: ((1, 3, 4), (2, 5, 6, 2, 0.5, ("x",)), (1, 3, 4, 0, 6.5)),
    single: (("Ko",), ("ko",), ("",)),
    empty: ((),),
    derived: ((7,), (7, "Lee", 3), (7, "Lee", 3, frozenset({"Paris"}))),
    checked: ((1, 4), (0, 0), (-3, 9)),
    own_methods: (("Ko",), ("KO", 3), ("Sai", 1)),
    explicit_hash: ((4,), (4, "four"), (5, "five")),
}


def made(shape: Callable[[Decorate], type], arguments: tuple[Any, ...]) -> tuple[Any, Any]:
    """The same value, of the standard library's class and of the record's."""
    return shape(STDLIB)(*arguments), shape(RECORD)(*arguments)


def described(fields: Any, missing: Any) -> list[tuple[Any, ...]]:
    """Each field's name, annotation, default (None: none), factory's presence and options."""
    return [
        (
            f.name,
            f.type,
            None if f.default is missing else f.default,
            f.default_factory is not missing,
            f.init,
            f.repr,
            f.hash,
            f.compare,
        )
        for f in fields
    ]


def same_behaviour(ours: Any, theirs: Any) -> None:
    assert repr(ours) == repr(theirs)
    assert records.asdict(ours) == dataclasses.asdict(theirs)
    assert described(records.fields(ours), records.MISSING) == described(
        dataclasses.fields(theirs), dataclasses.MISSING
    )
    assert records.is_record(ours) and records.is_record(type(ours))
    assert type(ours).__match_args__ == type(theirs).__match_args__
    hashable = type(theirs).__hash__ is not None
    assert (type(ours).__hash__ is not None) == hashable
    if hashable:
        assert hash(ours) == hash(theirs)
    assert ours == records.replace(ours)
    assert (ours == records.replace(ours)) == (theirs == dataclasses.replace(theirs))


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.__name__)
def test_every_shape_behaves_as_the_standard_library(shape: Callable[[Decorate], type]) -> None:
    for arguments in ARGUMENTS[shape]:
        theirs, ours = made(shape, arguments)
        same_behaviour(ours, theirs)
        for name in [f.name for f in records.fields(ours)] + ["other"]:
            messages = []
            for value, error in ((theirs, FrozenInstanceError), (ours, FrozenRecordError)):
                with pytest.raises(error) as caught:
                    setattr(value, name, 1)
                messages.append(str(caught.value))
                with pytest.raises(error) as caught:
                    delattr(value, name)
                messages.append(str(caught.value))
            assert messages[:2] == messages[2:]
        assert str(inspect.signature(type(ours))) == str(inspect.signature(type(theirs)))
    values = [made(shape, arguments) for arguments in ARGUMENTS[shape]]
    for a_theirs, a_ours in values:
        for b_theirs, b_ours in values:
            assert (a_ours == b_ours) == (a_theirs == b_theirs)
            assert (a_ours != b_ours) == (a_theirs != b_theirs)
    assert made(shape, ARGUMENTS[shape][0])[1] != object()


@given(
    table=st.integers(),
    white=st.integers(),
    black=st.integers(),
    komi=st.floats(allow_nan=True),
    notes=st.lists(st.text(max_size=3), max_size=3).map(tuple),
)
def test_values_compare_hash_and_show_as_the_standard_library(
    table: int, white: int, black: int, komi: float, notes: tuple[str, ...]
) -> None:
    arguments = (table, white, black, 0, komi, notes)
    theirs, ours = made(plain, arguments)
    same_behaviour(ours, theirs)
    other_theirs, other_ours = made(plain, (table, white, black + 1))
    assert (ours == other_ours) == (theirs == other_theirs)


def test_defaults_factories_and_post_init() -> None:
    game = plain(RECORD)(1, 2, 3)
    assert (game.handicap, game.komi, game.notes) == (0, 6.5, ())
    bounded = checked(RECORD)(2, 7)
    assert (bounded.width, bounded.span) == (5, ())
    with pytest.raises(ValueError, match="high below low"):
        checked(RECORD)(7, 2)
    with pytest.raises(TypeError):
        plain(RECORD)(1, 2)  # black is missing


MUTABLE_STDLIB = Kit(dataclass, dataclasses.field)
MUTABLE = Kit(record(frozen=False), records.field)


@pytest.mark.parametrize("shape", (plain, derived, checked, own_methods), ids=lambda s: s.__name__)
def test_a_mutable_record_behaves_as_the_standard_library(
    shape: Callable[[Decorate], type],
) -> None:
    for arguments in ARGUMENTS[shape]:
        theirs, ours = shape(MUTABLE_STDLIB)(*arguments), shape(MUTABLE)(*arguments)
        assert repr(ours) == repr(theirs)
        assert records.asdict(ours) == dataclasses.asdict(theirs)
        assert type(ours).__hash__ is None and type(theirs).__hash__ is None
        assert str(inspect.signature(type(ours))) == str(inspect.signature(type(theirs)))
        first = records.fields(ours)[0].name
        valid: dict[Callable[[Decorate], type], Any] = {own_methods: "Go", checked: -100}
        value = valid.get(shape, 99)
        setattr(ours, first, value)
        setattr(theirs, first, value)
        assert repr(ours) == repr(theirs)
        assert repr(records.replace(ours)) == repr(dataclasses.replace(theirs))
    bounded = checked(MUTABLE)(1, 5)
    assert bounded.width == 4


@record
class Pickled:
    """At module level, so that pickle finds it."""

    number: int
    names: tuple[str, ...] = ("a",)


def test_a_record_pickles_and_copies() -> None:
    value = Pickled(3, ("x", "y"))
    assert pickle.loads(pickle.dumps(value)) == value
    assert records.replace(value, number=4) == Pickled(4, ("x", "y"))


def test_a_plain_subclass_may_set_its_own_attributes() -> None:
    class Annotated(Pickled):
        pass

    value = Annotated(1)
    value.note = "set"  # type: ignore[attr-defined]  # not a field: the library allows it
    assert value.note == "set"  # type: ignore[attr-defined]
    with pytest.raises(FrozenRecordError):
        value.number = 2  # type: ignore[misc]


def test_what_a_record_does_not_take_is_refused() -> None:
    with pytest.raises(TypeError, match="InitVar"):

        @record
        class WithInitVar:
            seed: dataclasses.InitVar[int]

    with pytest.raises(TypeError, match="kw_only"):

        @record
        class KeywordOnly:
            number: int = records.field(kw_only=True)

    with pytest.raises(TypeError, match="follows default"):

        @record
        class Misordered:
            number: int = 0
            name: str  # type: ignore[misc]

    with pytest.raises(ValueError, match="mutable default"):

        @record
        class Mutable:
            names: list[str] = []  # noqa: RUF012  # the library's own check refuses it


@contextmanager
def counted_execs() -> Iterator[list[str]]:
    """The code objects ``exec`` runs inside the block, by name (an audit hook; hooks stay
    for the process, so it counts only while ``counting`` holds one list)."""
    seen: list[str] = []
    COUNTING.append(seen)
    try:
        yield seen
    finally:
        COUNTING.remove(seen)


COUNTING: list[list[str]] = []


def _count(event: str, arguments: tuple[Any, ...]) -> None:
    if event == "exec" and COUNTING:
        COUNTING[-1].append(getattr(arguments[0], "co_name", "?"))


sys.addaudithook(_count)


def test_a_record_compiles_one_method_where_the_library_compiles_six() -> None:
    with counted_execs() as ours:
        plain(RECORD)
    with counted_execs() as theirs:
        plain(STDLIB)
    with counted_execs() as mutable:
        plain(MUTABLE)
    assert len(ours) == 1
    assert len(mutable) == 1
    assert len(theirs) >= 5  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__


def test_gosheet_writes_its_records_with_record_and_never_loads_dataclasses() -> None:
    """The standard library's dataclass costs three to five times a record's creation, and
    ``dataclasses`` loads ``inspect`` (~5 ms of every start): gosheet imports it nowhere."""
    root = pathlib.Path(__file__).resolve().parents[1] / "gosheet"
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.match(r"\s*(import dataclasses|from dataclasses import)", line)
    ]
    assert found == []
