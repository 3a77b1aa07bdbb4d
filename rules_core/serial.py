"""Plain-data codec for the referee's dataclasses: JSON in, JSON out, exactly.

Dataclasses become dicts; tuples become lists; subclasses of a `Tagged` base carry a "kind" key
so that a list of mixed frames or effects comes back as the right classes.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


class Tagged:
    """Base for polymorphic dataclasses: each subclass sets `kind` and is found by it."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_registry" not in cls.__dict__ and cls.__dict__.get("kind"):
            base_registry = next(b.__dict__["_registry"] for b in cls.__mro__ if "_registry" in b.__dict__)
            known = base_registry.get(cls.kind)
            # dataclass(slots=True) builds the class twice; the second build replaces the first.
            if known is not None and known.__qualname__ != cls.__qualname__:
                raise TypeError(f"two classes share the kind {cls.kind!r}")
            base_registry[cls.kind] = cls


PLAIN = frozenset({str, int, float, bool, type(None)})
"""Types that are their own data: most values in a state, so they are tested first."""


class Unchanging:
    """Base for records nothing changes once made (profiles, the board): a rule that alters one
    makes a new one. Their plain data is worked out once per object and shared: callers of
    to_data must not change what it returns."""

    __slots__ = ()


_unchanging: dict[int, tuple[Any, Any]] = {}
UNCHANGING_CACHE_LIMIT = 5_000


def to_data(value: Any) -> Any:
    cls = type(value)
    if cls in PLAIN:
        return value
    encode = _encoders.get(cls)
    if encode is None:
        encode = _encoders[cls] = _encoder(cls)
    return encode(value)


_encoders: dict[type, Callable[[Any], Any]] = {}
"""How each class of value becomes data, decided once per class (the same tests, in the same order,
as for every value before): states are written out at every step, on the server and in the tests."""


def _encoder(cls: type) -> Callable[[Any], Any]:
    if issubclass(cls, Unchanging):
        return _unchanging_data
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(cls)
    if issubclass(cls, (list, tuple)):
        return lambda value: [item if type(item) in PLAIN else to_data(item) for item in value]
    if issubclass(cls, dict):
        return lambda value: {
            key: item if type(item) in PLAIN else to_data(item) for key, item in value.items()
        }
    return _itself


def _itself(value: Any) -> Any:
    return value


def _unchanging_data(value: Any) -> Any:
    hit = _unchanging.get(id(value))
    if hit is not None and hit[0] is value:
        return hit[1]
    if len(_unchanging) > UNCHANGING_CACHE_LIMIT:
        _unchanging.clear()
    cls: Any = type(value)
    data = _dataclass_encoder(cls)(value)
    _unchanging[id(value)] = (value, data)  # the object is held, so its id is not reused
    return data


@cache
def _dataclass_encoder(cls: Any) -> Callable[[Any], dict[str, Any]]:
    """A dataclass's data, by a function written for its class: each field read once, most of them
    plain and written as they are (a frame's "kind" first)."""
    names = _field_names(cls)
    entries = [f"{name!r}: (v{i} if type(v{i}) in PLAIN else to_data(v{i}))" for i, name in enumerate(names)]
    if issubclass(cls, Tagged):
        entries.insert(0, f"'kind': {cls.kind!r}")
    reads = "".join(f"    v{i} = value.{name}\n" for i, name in enumerate(names))
    encode: Callable[[Any], dict[str, Any]] = _compiled(
        "encode", f"def encode(value):\n{reads}    return {{{', '.join(entries)}}}\n", cls
    )
    return encode


def _compiled(name: str, source: str, cls: Any) -> Any:
    """A function written out for one class (as dataclasses writes its __init__): attribute reads
    and dict displays instead of a loop of getattr calls, on the hot path of every step."""
    namespace: dict[str, Any] = {
        "PLAIN": PLAIN, "to_data": to_data, "copy_data": copy_data, "new": object.__new__, "cls": cls,
        "setattr": object.__setattr__,
    }  # fmt: skip
    exec(compile(source, f"<{name} {cls.__qualname__}>", "exec"), namespace)
    return namespace[name]


def copy_data(value: Any) -> Any:
    """A copy of plain data to change (a stack of frames, a state's lists): dataclasses, lists and
    dicts copied all the way down, what is plain or Unchanging shared. What deepcopy gives for data
    that round-trips through JSON (which cannot share one object between two places), made without
    its memo and reduce protocol."""
    cls = type(value)
    if cls in PLAIN:
        return value
    copier = _copiers.get(cls)
    if copier is None:
        copier = _copiers[cls] = _copier(cls)
    return copier(value)


_copiers: dict[type, Callable[[Any], Any]] = {}


def _copier(cls: type) -> Callable[[Any], Any]:
    if issubclass(cls, Unchanging):
        return _itself
    if dataclasses.is_dataclass(cls):
        return _dataclass_copier(cls, deep=True)
    if issubclass(cls, list):
        return lambda value: [item if type(item) in PLAIN else copy_data(item) for item in value]
    if issubclass(cls, tuple):
        return lambda value: tuple(item if type(item) in PLAIN else copy_data(item) for item in value)
    if issubclass(cls, dict):
        return lambda value: {
            key: item if type(item) in PLAIN else copy_data(item) for key, item in value.items()
        }
    if issubclass(cls, (set, frozenset)):
        return lambda value: cls(value)
    return _itself  # an enum member, a function: shared, as deepcopy does


def shallow_copy(value: T) -> T:
    """A new object of the same dataclass holding the same values (copy.copy, for a dataclass,
    without the reduce protocol): the caller copies what it will change."""
    cls: Any = type(value)
    copy: T = _dataclass_copier(cls, deep=False)(value)
    return copy


@cache
def _dataclass_copier(cls: Any, deep: bool) -> Callable[[Any], Any]:
    """Every field, transient ones too (a copy is no round trip), copied (`deep`) or shared."""
    names = [f.name for f in dataclasses.fields(cls)]
    if deep:
        each = [
            f"    v = value.{n}\n    setattr(twin, {n!r}, v if type(v) in PLAIN else copy_data(v))\n"
            for n in names
        ]
    else:
        each = [f"    setattr(twin, {n!r}, value.{n})\n" for n in names]
    source = f"def copy(value):\n    twin = new(cls)\n{''.join(each)}    return twin\n"
    copier: Callable[[Any], Any] = _compiled("copy", source, cls)
    return copier


def from_data(tp: Any, data: Any) -> Any:
    return _decoder(tp)(data)


Decoder = Callable[[Any], Any]


@cache
def _decoder(tp: Any) -> Decoder:
    """How data becomes a value of type `tp`, worked out once per type: states are read back at
    every step of a replay, on the server and in the tests."""
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        options = [a for a in get_args(tp) if a is not type(None)]
        return _optional(options[0])
    if origin is list:
        (item,) = get_args(tp)
        return _list_of(item)
    if origin is tuple:
        return _tuple_of(get_args(tp))
    if origin is dict:
        _, item = get_args(tp)
        return _dict_of(item)
    if origin is typing.Literal:
        return _one_of(get_args(tp))
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or issubclass(tp, Tagged)):
        if issubclass(tp, Tagged):
            return _tagged(tp)
        return _dataclass(tp)
    if tp is float:
        return float
    return _itself


def _optional(tp: Any) -> Decoder:
    inner = _decoder(tp)
    return lambda data: None if data is None else inner(data)


def _list_of(item: Any) -> Decoder:
    each = _decoder(item)
    return lambda data: [each(x) for x in data]


def _tuple_of(items: tuple[Any, ...]) -> Decoder:
    decoders = [_decoder(a) for a in items]
    return lambda data: tuple(decode(x) for decode, x in zip(decoders, data, strict=True))


def _dict_of(item: Any) -> Decoder:
    each = _decoder(item)
    return lambda data: {str(k): each(v) for k, v in data.items()}


def _one_of(allowed: tuple[Any, ...]) -> Decoder:
    def decode(data: Any) -> Any:
        if data not in allowed:
            raise ValueError(f"{data!r} is not one of {allowed}")
        return data

    return decode


def _tagged(base: type) -> Decoder:
    registry = next(b.__dict__["_registry"] for b in base.__mro__ if "_registry" in b.__dict__)

    def decode(data: Any) -> Any:
        return _dataclass(registry[data["kind"]])(data)

    return decode


@cache
def _dataclass(cls: Any) -> Decoder:
    def decode(data: Any) -> Any:
        return cls(**{name: field(data[name]) for name, field in _field_decoders(cls) if name in data})

    return decode


@cache
def _field_decoders(cls: Any) -> tuple[tuple[str, Decoder], ...]:
    """Worked out on a class's first use, not when its decoder is made: a frame may hold frames of its
    own class."""
    hints = _hints(cls)
    return tuple((f.name, _decoder(hints[f.name])) for f in _fields(cls))


@cache
def _field_names(cls: Any) -> tuple[str, ...]:
    return tuple(f.name for f in _fields(cls))


@cache
def _fields(cls: Any) -> tuple[dataclasses.Field[Any], ...]:
    """The fields that make up the data; a field marked transient (a cache) is left out."""
    return tuple(f for f in dataclasses.fields(cls) if not f.metadata.get("transient"))


@cache
def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def load(cls: type[T], data: Any) -> T:
    result: T = from_data(cls, data)
    return result
