"""The few Java behaviours the ``content`` tool's output depends on.

A provider queried with no projection returns every column of its projection map in that
map's iteration order: a ``java.util.HashMap`` (most providers) iterates by bucket, an
``android.util.ArrayMap`` by key hash code. Doubles come back through ``Cursor.getFloat`` and are
printed with ``Float.toString``. These functions reproduce those orders and that formatting, so
the virtual device prints rows the way Android 14 does.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable

_DEFAULT_CAPACITY = 16
_LOAD_FACTOR = 0.75


def string_hash(s: str) -> int:
    """``String.hashCode()``: s[0]*31^(n-1) + … over UTF-16 code units, as a signed 32-bit int."""
    h = 0
    for unit in struct.unpack(f"<{len(s.encode('utf-16-le')) // 2}H", s.encode("utf-16-le")):
        h = (31 * h + unit) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def _spread(h: int) -> int:
    """``HashMap.hash``: the key's hash code with its high half folded into the low half."""
    u = h & 0xFFFFFFFF
    return u ^ (u >> 16)


def _table_size_for(n: int) -> int:
    size = 1
    while size < n:
        size <<= 1
    return max(size, 1)


class JavaHashMap:
    """The key order of a ``java.util.HashMap<String, …>`` built by a sequence of puts.

    Buckets are walked in index order and each bucket in insertion order; a resize splits a
    bucket keeping that order (JDK 8+). Bins never get long enough here to become trees.
    """

    def __init__(self, keys: Iterable[str] = (), *, capacity: int | None = None) -> None:
        self._capacity = capacity or 0  # 0: the table is created on the first put
        self._buckets: list[list[str]] = []
        self._keys: set[str] = set()
        for key in keys:
            self.put(key)

    @classmethod
    def copy_of(cls, other: JavaHashMap) -> JavaHashMap:
        """``new HashMap<>(other)``: sized for ``other`` and filled in its iteration order."""
        keys = other.keys()
        capacity = _table_size_for(int(len(keys) / _LOAD_FACTOR + 1)) if keys else 0
        return cls(keys, capacity=capacity)

    def put(self, key: str) -> JavaHashMap:
        if key in self._keys:
            return self
        if not self._buckets:
            self._capacity = self._capacity or _DEFAULT_CAPACITY
            self._buckets = [[] for _ in range(self._capacity)]
        self._buckets[_spread(string_hash(key)) & (self._capacity - 1)].append(key)
        self._keys.add(key)
        if len(self._keys) > self._capacity * _LOAD_FACTOR:
            self._resize()
        return self

    def put_all(self, keys: Iterable[str]) -> JavaHashMap:
        for key in keys:
            self.put(key)
        return self

    def _resize(self) -> None:
        old = self._buckets
        self._capacity *= 2
        self._buckets = [[] for _ in range(self._capacity)]
        for bucket in old:
            for key in bucket:
                self._buckets[_spread(string_hash(key)) & (self._capacity - 1)].append(key)

    def keys(self) -> list[str]:
        return [k for bucket in self._buckets for k in bucket]

    def __contains__(self, key: object) -> bool:
        return key in self._keys


def arraymap_order(keys: Iterable[str]) -> list[str]:
    """``android.util.ArrayMap`` iteration order: ascending hash code (ties keep insertion)."""
    unique = list(dict.fromkeys(keys))
    return sorted(unique, key=string_hash)


def float_to_string(value: float) -> str:
    """``String.valueOf(cursor.getFloat(i))``: the value as a 32-bit float, printed by Java
    (plain notation for 1e-3 <= |x| < 1e7, else ``1.0E7``; always a digit after the point)."""
    if math.isnan(value):
        return "NaN"
    f = struct.unpack("<f", struct.pack("<f", value))[0] if math.isfinite(value) else value
    if math.isinf(f):
        return "Infinity" if f > 0 else "-Infinity"
    if f == 0:
        return "-0.0" if math.copysign(1.0, f) < 0 else "0.0"
    sign = "-" if f < 0 else ""
    digits, point = _shortest_digits(abs(f))
    if 1e-3 <= abs(f) < 1e7:
        if point <= 0:
            return f"{sign}0.{'0' * -point}{digits}"
        if point >= len(digits):
            return f"{sign}{digits}{'0' * (point - len(digits))}.0"
        return f"{sign}{digits[:point]}.{digits[point:]}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{point - 1}"


def _shortest_digits(f: float) -> tuple[str, int]:
    """Significant digits of the shortest decimal that reads back as the same 32-bit float,
    and the position of the decimal point relative to them (``0.05`` -> ("5", -1))."""
    for precision in range(1, 10):
        text = f"{f:.{precision - 1}e}"
        if struct.unpack("<f", struct.pack("<f", float(text)))[0] == f:
            break
    mantissa, _, exp = text.partition("e")
    digits = mantissa.replace(".", "").rstrip("0") or "0"
    return digits, int(exp) + 1
