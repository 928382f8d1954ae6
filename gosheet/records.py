"""``@record``: an immutable record, as ``@dataclass(frozen=True)`` makes one, five times
cheaper to create.

A record has the same fields, defaults (``field(default=...)``,
``field(default_factory=...)``), ``__post_init__``, equality, hash, repr and frozen
assignment as the standard library's frozen dataclass, and ``dataclasses.fields``,
``replace``, ``asdict`` and ``is_dataclass`` work on it: the standard library collects its
fields. What differs is the cost: Python 3.10 and 3.11 compile six methods for each frozen
dataclass (an ``exec`` each, about 0.4 ms a class), and a ``gosheet pair`` creates some 75
records before it reads the workbook. Here the standard library generates no method;
``__init__`` alone is compiled (the code the standard library writes for a frozen class), and
equality, hash, repr, ``__setattr__`` and ``__delattr__`` are closures over the field names,
which give the same values (the same tuples compared and hashed, the same text) with nothing
compiled.

What the standard library offers beyond this (``InitVar``, ``kw_only``, ordering, slots) is
refused with a ``TypeError``: such a class keeps ``@dataclass``. ``@record(frozen=False)``
makes a record whose fields may be assigned, as ``@dataclass`` does (equal by its fields, so
not hashable).
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:  # the type checker reads a record as a frozen dataclass
    from typing_extensions import dataclass_transform
else:  # at run time, nothing to do

    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        return lambda decorated: decorated


T = TypeVar("T")
_MISSING: Any = dataclasses.MISSING


class _FactoryDefault:
    """The default of an ``__init__`` argument whose field has a factory (as the standard
    library marks it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _FactoryDefault()


@overload
@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, frozen: bool = True) -> Callable[[type[T]], type[T]]: ...


def record(cls: type[T] | None = None, /, *, frozen: bool = True) -> Any:
    """Make ``cls`` an immutable record (see the module); ``@record(frozen=False)``, a record
    whose fields may be assigned, as ``@dataclass`` makes one (no hash)."""
    if cls is None:
        return lambda cls: _make(cls, frozen)
    return _make(cls, frozen)


def _make(cls: type[T], frozen: bool) -> type[T]:
    # the fields, collected by the standard library (no method generated)
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    _refuse_what_records_lack(cls, fields)
    names = tuple(f.name for f in fields)
    own = cls.__dict__
    if "__init__" not in own:
        _add(cls, "__init__", _init(cls, fields, frozen))
    if "__repr__" not in own:
        _add(cls, "__repr__", _repr(tuple(f.name for f in fields if f.repr)))
    compared = tuple(f.name for f in fields if f.compare)
    if "__eq__" not in own:
        _add(cls, "__eq__", _eq(_values(compared)))
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not frozen:  # as the library: equal when their fields are, so not hashable
        if not explicit_hash:
            cls.__hash__ = None  # type: ignore[assignment]
        return cls
    if not explicit_hash:
        hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        _add(cls, "__hash__", _hash(_values(hashed)))
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    _add(cls, "__setattr__", _frozen_setattr(cls, names))
    _add(cls, "__delattr__", _frozen_delattr(cls, names))
    return cls


def _refuse_what_records_lack(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> None:
    every = cls.__dict__["__dataclass_fields__"]
    for name, f in every.items():
        if f not in fields and "ClassVar" not in str(f.type):
            raise TypeError(f"{cls.__name__}.{name}: a record takes no InitVar (use @dataclass)")
    for f in fields:
        if f.kw_only is True:
            raise TypeError(f"{cls.__name__}.{f.name}: a record takes no kw_only field")


def _add(cls: type, name: str, function: Callable[..., Any]) -> None:
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, function)


def _init(
    cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool
) -> Callable[..., None]:
    """``__init__``: the code the standard library generates for a dataclass, compiled once."""
    scope: dict[str, Any] = {"__set": object.__setattr__, "__factory": _FACTORY}
    parameters: list[str] = []
    lines: list[str] = []
    defaulted = False
    for f in fields:
        factory = f.default_factory is not _MISSING
        if factory:
            scope[f"__make_{f.name}"] = f.default_factory
        elif f.default is not _MISSING:
            scope[f"__default_{f.name}"] = f.default
        if f.init:
            if factory:
                parameters.append(f"{f.name}=__factory")
                value = f"__make_{f.name}() if {f.name} is __factory else {f.name}"
            elif f.default is not _MISSING:
                parameters.append(f"{f.name}=__default_{f.name}")
                value = f.name
            elif defaulted:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            else:
                parameters.append(f.name)
                value = f.name
            defaulted = defaulted or factory or f.default is not _MISSING
        elif factory:
            value = f"__make_{f.name}()"
        else:  # not an argument: its default stays the class's attribute (as the library does)
            continue
        set_field = f"__set(self, {f.name!r}, " if frozen else f"self.{f.name} = ("
        lines.append(f"    {set_field}{value})")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(lines or ["    pass"])
    exec(source, scope)  # the code generated from the class's own field names
    init: Callable[..., None] = scope["__init__"]
    init.__annotations__ = {f.name: f.type for f in fields if f.init} | {"return": None}
    return init


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a record's ``names`` (the tuple the standard library compares and
    hashes)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        (name,) = names
        return lambda self: (getattr(self, name),)
    return lambda self: ()


def _repr(shown: tuple[str, ...]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inside})"

    return __repr__


def _eq(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], Any]:
    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _frozen_setattr(cls: type[Any], names: tuple[str, ...]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls: type[Any], names: tuple[str, ...]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


__all__ = ["record"]
