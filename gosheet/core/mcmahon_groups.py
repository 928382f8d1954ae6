"""The McMahon groups setting: how the roster is split into groups of strength (the seed's
"N groups"), as a number of groups or the lowest rank of each."""

from __future__ import annotations

import re

from gosheet.core.ranks import RankError, format_rank, parse_rank
from gosheet.records import record

MAX_GROUPS = 40


@record
class McMahonGroups:
    """How the roster is split into McMahon groups (the seed's "N groups").

    Either ``count`` groups of about equal size (players of one rank are never
    split), or explicit ``bounds``: the lowest rank of each group from the top,
    the last group taking everyone below.

    >>> McMahonGroups.parse("3")
    McMahonGroups(count=3, bounds=())
    >>> str(McMahonGroups.parse("1d, 5k"))
    '1d, 5k'
    """

    count: int = 3
    bounds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.bounds:
            if list(self.bounds) != sorted(set(self.bounds), reverse=True):
                raise ValueError("group ranks must go from strongest to weakest, each once")
            if len(self.bounds) + 1 > MAX_GROUPS:
                raise ValueError(f"at most {MAX_GROUPS} groups")
        elif not 1 <= self.count <= MAX_GROUPS:
            raise ValueError(f"the number of groups must be 1 to {MAX_GROUPS}")

    @property
    def by_rank(self) -> bool:
        return bool(self.bounds)

    @classmethod
    def parse(cls, value: object) -> McMahonGroups:
        if isinstance(value, bool):
            raise ValueError("expected a number of groups, or ranks like '1d, 5k'")
        if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
            return cls(count=int(value))
        text = str(value).strip()
        if re.fullmatch(r"\d+", text):
            return cls(count=int(text))
        parts = [p for p in re.split(r"[,;]\s*|\s+(?=\d)", text) if p.strip()]
        try:
            bounds = tuple(parse_rank(p.strip()) for p in parts)
        except RankError:
            raise ValueError(
                "expected a number of groups (e.g. 3) or the lowest rank of each "
                "group from the top (e.g. '1d, 5k, 12k')"
            ) from None
        return cls(count=len(bounds) + 1, bounds=bounds)

    def __str__(self) -> str:
        if self.bounds:
            return ", ".join(format_rank(b) for b in self.bounds)
        return str(self.count)

    def cell_value(self) -> int | str:
        """What the Settings sheet shows: the count as a number, or the ranks."""
        return str(self) if self.bounds else self.count
