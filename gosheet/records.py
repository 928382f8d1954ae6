"""``@record``: an immutable record, as ``@dataclass(frozen=True)`` makes one, five times
cheaper to create and without loading ``dataclasses``.

A record has what gosheet uses of a frozen dataclass: its fields in the order of their
annotations (a base record's first), defaults (``= value``, ``field(default=...)``,
``field(default_factory=...)``, ``field(init=False)``), ``__post_init__``, equality and hash
on the fields' tuple, the same repr, and a ``FrozenRecordError`` (an ``AttributeError``, as
the library's ``FrozenInstanceError``) on assignment; :func:`fields`, :func:`replace` and
:func:`asdict` do what the library's functions of those names do. ``@record(frozen=False)``
makes a record whose fields may be assigned, as ``@dataclass`` does (equal by its fields,
so not hashable).

Why not the standard library's: Python 3.10 and 3.11 compile six methods for each frozen
dataclass (an ``exec`` each, about 0.4 ms a class; a ``gosheet pair`` creates some 90
records before it reads the workbook), and ``dataclasses`` loads ``inspect`` (with ``dis``,
``tokenize`` and ``ast``: ~5 ms of every start). Here ``__init__`` alone is compiled (the
code the library writes); equality, hash, repr, ``__setattr__`` and ``__delattr__`` are
closures over the field names, which give the same values (the same tuples compared and
hashed, the same text) with nothing compiled. ``tests/test_records.py`` holds each shape
gosheet writes equal to the library's.

What the library offers beyond (``InitVar``, ``kw_only``, ordering, slots) is refused with a
``TypeError``.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:  # the type checker reads a record as a frozen dataclass
    from typing_extensions import dataclass_transform
else:  # at run time, nothing to do

    def dataclass_transform(**_: object) -> Callable[[Any], Any]:
        return lambda decorated: decorated


T = TypeVar("T")
_FIELDS = "__record_fields__"


class _Missing:
    """No default (the library's ``MISSING``)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class _FactoryDefault:
    """The default of an ``__init__`` argument whose field has a factory (as the library
    marks it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _FactoryDefault()


class FrozenRecordError(AttributeError):
    """A field of an immutable record assigned or deleted."""


class Field:
    """One field of a record: its name and annotation (as written), its default or the
    factory of its default, and whether ``__init__`` takes it, repr shows it, equality
    compares it and the hash counts it (None: as equality)."""

    __slots__ = (
        "compare", "default", "default_factory", "hash", "init", "metadata", "name", "repr", "type"
    )  # fmt: skip

    def __init__(
        self,
        default: Any,
        default_factory: Any,
        init: bool,
        repr: bool,
        hash: bool | None,
        compare: bool,
        metadata: Mapping[Any, Any],
    ) -> None:
        self.name = ""
        self.type: Any = None
        self.default, self.default_factory = default, default_factory
        self.init, self.repr, self.hash, self.compare = init, repr, hash, compare
        self.metadata = metadata

    def __repr__(self) -> str:
        return (
            f"Field(name={self.name!r}, type={self.type!r}, default={self.default!r}, "
            f"default_factory={self.default_factory!r}, init={self.init}, repr={self.repr}, "
            f"hash={self.hash}, compare={self.compare})"
        )


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | Any = MISSING,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    metadata: Mapping[Any, Any] | None = None,
) -> Any:
    """A field's default and options, as ``dataclasses.field`` (``metadata``: read only)."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    kept = MappingProxyType(dict(metadata or {}))
    return Field(default, default_factory, init, repr, hash, compare, kept)


@overload
@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, frozen: bool = True) -> Callable[[type[T]], type[T]]: ...


def record(cls: type[T] | None = None, /, *, frozen: bool = True) -> Any:
    """Make ``cls`` an immutable record (see the module); ``@record(frozen=False)``, a record
    whose fields may be assigned."""
    if cls is None:
        return lambda cls: _make(cls, frozen)
    return _make(cls, frozen)


def fields(value: Any) -> tuple[Field, ...]:
    """The fields of a record or of its class, in order (as ``dataclasses.fields``)."""
    try:
        found: dict[str, Field] = getattr(value, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    return tuple(found.values())


def is_record(value: Any) -> bool:
    """Whether ``value`` is a record or a record's class."""
    return hasattr(value, _FIELDS)


def replace(value: T, /, **changes: Any) -> T:
    """A new record like ``value`` with ``changes`` (as ``dataclasses.replace``: its
    ``__init__`` and ``__post_init__`` run again)."""
    for f in fields(value):
        if not f.init:
            if f.name in changes:
                raise ValueError(
                    f"field {f.name} is declared with init=False, it cannot be specified with "
                    "replace()"
                )
            continue
        if f.name not in changes:
            changes[f.name] = getattr(value, f.name)
    made: T = value.__class__(**changes)
    return made


def asdict(value: Any) -> dict[str, Any]:
    """A record as a dict of its fields, records inside it as dicts too, lists, tuples and
    dicts rebuilt, anything else deep-copied (as ``dataclasses.asdict``)."""
    if not is_record(value) or isinstance(value, type):
        raise TypeError("asdict() should be called on record instances")
    result: dict[str, Any] = _as_plain(value)
    return result


def _as_plain(value: Any) -> Any:
    if is_record(value) and not isinstance(value, type):
        return {f.name: _as_plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return type(value)(*[_as_plain(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_as_plain(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_as_plain(k), _as_plain(v)) for k, v in value.items())
    import copy  # (only here: a record's values are most often plain already)

    return copy.deepcopy(value)


def _make(cls: type[T], frozen: bool) -> type[T]:
    found = _collect(cls)
    setattr(cls, _FIELDS, found)
    every = tuple(found.values())
    names = tuple(found)
    own = cls.__dict__
    if "__match_args__" not in own:
        setattr(cls, "__match_args__", tuple(f.name for f in every if f.init))  # noqa: B010
    if "__init__" not in own:
        _add(cls, "__init__", _init(cls, every, frozen))
    if "__repr__" not in own:
        _add(cls, "__repr__", _repr(tuple(f.name for f in every if f.repr)))
    if "__eq__" not in own:
        _add(cls, "__eq__", _eq(_values(tuple(f.name for f in every if f.compare))))
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not frozen:  # as the library: equal when their fields are, so not hashable
        if not explicit_hash:
            cls.__hash__ = None  # type: ignore[assignment]
        return cls
    if not explicit_hash:
        hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
        _add(cls, "__hash__", _hash(_values(hashed)))
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    _add(cls, "__setattr__", _frozen_setattr(cls, names))
    _add(cls, "__delattr__", _frozen_delattr(cls, names))
    return cls


def _collect(cls: type) -> dict[str, Field]:
    """The fields of ``cls``: its base records' (the nearest last), then its own annotations'
    in order (``ClassVar`` ones are not fields); each default taken from the class body, a
    plain default left there as the class's attribute (as the library does)."""
    found: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        found.update(base.__dict__.get(_FIELDS, {}))
    own: dict[str, Any] = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (no inspect)
    for name, annotation in own.items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        if text.startswith(("InitVar", "dataclasses.InitVar")):
            raise TypeError(f"{cls.__name__}.{name}: a record takes no InitVar")
        given = cls.__dict__.get(name, MISSING)
        made = given if isinstance(given, Field) else field(default=given)
        made.name, made.type = name, annotation
        if made.default is not MISSING and made.default.__class__.__hash__ is None:
            raise ValueError(
                f"mutable default {type(made.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        if isinstance(given, Field):
            if made.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, made.default)
        found[name] = made
    return found


def _add(cls: type, name: str, function: Callable[..., Any]) -> None:
    function.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, function)


def _init(cls: type, every: tuple[Field, ...], frozen: bool) -> Callable[..., None]:
    """``__init__``: the code the library generates for a dataclass, compiled once."""
    scope: dict[str, Any] = {"__set": object.__setattr__, "__factory": _FACTORY}
    parameters: list[str] = []
    lines: list[str] = []
    defaulted = False
    for f in every:
        factory = f.default_factory is not MISSING
        if factory:
            scope[f"__make_{f.name}"] = f.default_factory
        elif f.default is not MISSING:
            scope[f"__default_{f.name}"] = f.default
        if f.init:
            if factory:
                parameters.append(f"{f.name}=__factory")
                value = f"__make_{f.name}() if {f.name} is __factory else {f.name}"
            elif f.default is not MISSING:
                parameters.append(f"{f.name}=__default_{f.name}")
                value = f.name
            elif defaulted:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            else:
                parameters.append(f.name)
                value = f.name
            defaulted = defaulted or factory or f.default is not MISSING
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
    init.__annotations__ = {f.name: f.type for f in every if f.init} | {"return": None}
    return init


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a record's ``names`` (the tuple the library compares and hashes)."""
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
            raise FrozenRecordError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _frozen_delattr(cls: type[Any], names: tuple[str, ...]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenRecordError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


__all__ = [
    "MISSING",
    "Field",
    "FrozenRecordError",
    "asdict",
    "field",
    "fields",
    "is_record",
    "record",
    "replace",
]
