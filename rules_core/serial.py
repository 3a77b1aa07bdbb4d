"""Plain-data codec for the referee's dataclasses: JSON in, JSON out, exactly.

Dataclasses become dicts; tuples become lists; subclasses of a `Tagged` base carry a "kind" key
so that a list of mixed frames or effects comes back as the right classes.
"""

from __future__ import annotations

import dataclasses
import types
import typing
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
    if type(value) in PLAIN:
        return value
    if isinstance(value, Unchanging):
        hit = _unchanging.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        if len(_unchanging) > UNCHANGING_CACHE_LIMIT:
            _unchanging.clear()
        data = _dataclass_data(value)
        _unchanging[id(value)] = (value, data)  # the object is held, so its id is not reused
        return data
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_data(value)
    if isinstance(value, (list, tuple)):
        return [to_data(item) for item in value]
    if isinstance(value, dict):
        return {key: to_data(item) for key, item in value.items()}
    return value


def _dataclass_data(value: Any) -> dict[str, Any]:
    cls: Any = type(value)
    data = {f.name: to_data(getattr(value, f.name)) for f in _fields(cls)}
    if isinstance(value, Tagged):
        data = {"kind": value.kind, **data}
    return data


def from_data(tp: Any, data: Any) -> Any:
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        options = [a for a in get_args(tp) if a is not type(None)]
        if data is None:
            return None
        return from_data(options[0], data)
    if origin is list:
        (item,) = get_args(tp)
        return [from_data(item, x) for x in data]
    if origin is tuple:
        return tuple(from_data(a, x) for a, x in zip(get_args(tp), data, strict=True))
    if origin is dict:
        _, item = get_args(tp)
        return {str(k): from_data(item, v) for k, v in data.items()}
    if origin is typing.Literal:
        if data not in get_args(tp):
            raise ValueError(f"{data!r} is not one of {get_args(tp)}")
        return data
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or issubclass(tp, Tagged)):
        cls: Any = tp
        if issubclass(tp, Tagged):
            registry = next(b.__dict__["_registry"] for b in tp.__mro__ if "_registry" in b.__dict__)
            cls = registry[data["kind"]]
        hints = _hints(cls)
        kwargs = {f.name: from_data(hints[f.name], data[f.name]) for f in _fields(cls) if f.name in data}
        return cls(**kwargs)
    if tp is float:
        return float(data)
    if tp is Any or tp is object:
        return data
    return data


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
