"""Many bootstrap resamples at once, in pure Python.

Every sufficient statistic of the coefficients (a confusion cell, a marginal, Fleiss' S, a
coincidence) is a sum over run patterns of a small non-negative integer times the pattern's count,
so it is linear in the counts. The counts of one pattern in B resamples are therefore packed into
one Python int of B fixed-width fields (resample i in bits i·w … i·w + w − 1): adding two packed
ints adds the fields one by one, and multiplying by a small int scales every field, both as single
big-integer operations done in C, as long as no field overflows (`Packing` is sized for the
largest value a statistic can take). Unpacked, a statistic is a list of B ints, and the non-linear
rest (products of marginals, ratios) runs element-wise over those lists with map and zip.

A batch of one resample is a plain int (packing is the identity), so the point estimates run
through the very same code as the bootstrap."""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import add, mul

Column = list[int]  # one statistic's value in each resample of a batch


@dataclass(frozen=True)
class Packing:
    """How B values of a statistic are packed into one int."""

    size: int  # resamples in the batch
    width: int = 8  # bytes per field

    @classmethod
    def for_values(cls, size: int, largest: int) -> Packing:
        """A packing of `size` fields wide enough for values up to `largest`."""
        if size < 1:
            raise ValueError(f"a batch of {size} resamples, expected 1 or more")
        width = 4 if largest < 1 << 32 else max(8, (largest.bit_length() + 7) // 8)
        return cls(size, width)

    def columns(self, rows: Sequence[Sequence[int]]) -> list[int]:
        """One packed int per column of `rows` (rows are resamples, columns patterns)."""
        if len(rows) != self.size:
            raise ValueError(f"found {len(rows)} resamples, expected {self.size}")
        if self.size == 1:
            return list(rows[0])
        width, order = self.width, sys.byteorder
        if width in _TYPECODE_OF:
            code = _TYPECODE_OF[width]
            return [
                int.from_bytes(array(code, column).tobytes(), order) for column in zip(*rows, strict=True)
            ]
        return [
            int.from_bytes(b"".join(v.to_bytes(width, order) for v in column), order)
            for column in zip(*rows, strict=True)
        ]

    def unpack(self, packed: int) -> Column:
        if self.size == 1:
            return [packed]
        raw = packed.to_bytes(self.size * self.width, sys.byteorder)
        if self.width in _TYPECODE_OF:
            values = array(_TYPECODE_OF[self.width])
            values.frombytes(raw)
            return values.tolist()
        width, order = self.width, sys.byteorder
        return [int.from_bytes(raw[i : i + width], order) for i in range(0, len(raw), width)]


# Field widths that array handles in C (native byte order, as to_bytes and from_bytes use here).
_TYPECODE_OF = {array(code).itemsize: code for code in ("Q", "I")}


def weighted(pairs: Iterable[tuple[int, int]]) -> int:
    """Σ coefficient · packed value over (coefficient, packed value) pairs."""
    total = 0
    for coefficient, value in pairs:
        if coefficient == 1:
            total += value
        elif coefficient:
            total += coefficient * value
    return total


def dot(left: Sequence[Column], right: Sequence[Column], size: int) -> Column:
    """Σ_j left[j][i] · right[j][i] for every resample i of a batch of `size`."""
    if not left:
        return [0] * size
    total = list(map(mul, left[0], right[0]))
    for x, y in zip(left[1:], right[1:], strict=True):
        total = list(map(add, total, map(mul, x, y)))
    return total


SINGLE = Packing(1)  # one resample: packed values are the plain values
