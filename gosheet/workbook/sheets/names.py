"""Players by name: how names are compared, how two players of the same name are told apart
(by club or EGD PIN) in the round sheets and the Standings, and how a name typed in a round
sheet is found back among the players.

>>> from gosheet.core.model import Player
>>> kims = (Player(1, "Kim", "Min", club="Seoul"), Player(2, "Kim", "Min", club="Busan"))
>>> labels(kims + (Player(3, "Lee", "Ha"),))
{1: 'Kim Min (Seoul)', 2: 'Kim Min (Busan)', 3: 'Lee Ha'}
>>> index = NameIndex(kims)
>>> index.find("kim min (busan)"), index.find("Kim Min"), index.find("Park")
(2, [1, 2], None)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from gosheet.core.model import Player
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current, ngettext
from gosheet.i18n.door import on_command_line
from gosheet.workbook.sheets.headers import normalise_header


@functools.lru_cache(maxsize=1 << 16)
def name_key(name: str) -> str:
    """How names are compared: case, spacing and accents do not matter (kept for the names
    seen: a big tournament's names come back in every round sheet)."""
    return normalise_header(name)


def _club(p: Player) -> str:
    return f" ({p.club})" if p.club else ""


def _pin(p: Player) -> str:
    return f" [{p.egd_pin}]" if p.egd_pin else ""


def _both(p: Player) -> str:
    return _club(p) + _pin(p)


TAGS: tuple[Callable[[Player], str], ...] = (_club, _pin, _both)
"""The ways of telling players of one name apart, in the order tried: club, EGD PIN, both."""


def same_player(a: Player, b: Player) -> bool:
    """True when nothing tells ``a`` and ``b`` apart: the same name, and neither two EGD PINs
    nor two clubs that differ (a PIN or a club left empty tells nothing: the same player
    registered twice, once without his club, stays one player).

    >>> kim = Player(1, "Kim", "Min", club="Seoul", egd_pin="111")
    >>> same_player(kim, Player(2, "KIM", "min", club="Seoul", egd_pin="222"))
    False
    >>> same_player(kim, Player(2, "Kim", "Min", club="Busan"))
    False
    >>> same_player(kim, Player(2, "Kim", "Min")), same_player(kim, Player(2, "Kim", "Ha"))
    (True, False)
    """
    if name_key(a.name) != name_key(b.name):
        return False
    pins = bool(a.egd_pin and b.egd_pin) and a.egd_pin != b.egd_pin
    clubs = bool(a.club and b.club) and name_key(a.club) != name_key(b.club)
    return not (pins or clubs)


def tags(players: Iterable[Player]) -> dict[int, str]:
    """What follows the name of each player whose name is not his alone (`` (Seoul)`` or
    `` [12345678]``); players with a name of their own are not in it. (The answer for the
    last tuple of players is kept: a command asks it of the same roster several times — its
    reading, the round sheet, the Standings.)"""
    if type(players) is tuple and players is _last[0]:
        return dict(_last[1])
    found = _tags(players)
    if type(players) is tuple:
        _last[:] = [players, dict(found)]
    return found


_last: list[Any] = [None, {}]  # the last tuple of players (held: its identity is safe)


def _tags(players: Iterable[Player]) -> dict[int, str]:
    groups: dict[str, list[Player]] = {}
    for p in players:
        groups.setdefault(name_key(p.name), []).append(p)
    found: dict[int, str] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        for tag in TAGS:  # a tag that leaves one of them without is not used but last
            keys = {name_key(p.name + tag(p)) for p in group}
            every = tag is _both or all(tag(p) for p in group)
            if every and len(keys) == len(group):
                found |= {p.number: tag(p) for p in group}
                break
    return found


def labels(players: Sequence[Player]) -> dict[int, str]:
    """Each player's name as the round sheets write it: the name, with the club or the EGD
    PIN when another player has the same name."""
    extra = tags(players)
    return {p.number: p.name + extra.get(p.number, "") for p in players}


class NameIndex:
    """The players found by a name typed in a round sheet: the name, or the name with the club
    and / or the EGD PIN (``Kim Min (Seoul)``, ``Kim Min [12345678]``)."""

    def __init__(self, players: Sequence[Player]) -> None:
        self.labels = labels(players)
        self.by_key: dict[str, list[int]] = {}
        for p in players:
            forms = {p.name, self.labels[p.number], *(p.name + tag(p) for tag in TAGS)}
            for key in {name_key(form) for form in forms}:
                self.by_key.setdefault(key, []).append(p.number)

    def find(self, typed: str) -> int | list[int] | None:
        """The player of ``typed``; the players it may be when the name is not one player's
        alone; None when it is no player's."""
        numbers = self.by_key.get(name_key(typed))
        if not numbers:
            return None
        return numbers[0] if len(numbers) == 1 else list(numbers)

    def resolve(self, typed: str, beside: Callable[[], Collection[int]] = tuple) -> int | str:
        """The player of ``typed``, or why it names none: no player's (with the closest
        name and ``gosheet rename``), or several players' (with the names that tell them
        apart). ``beside``: the players named beside it (in its round sheet), asked only for
        a name that is no player's (see :meth:`unknown`)."""
        found = self.find(typed)
        if isinstance(found, int):
            return found
        if found is None:
            return self.unknown(typed, beside())
        which = _(" or ").join(f"'{self.labels[n]}'" for n in found)
        return ngettext(
            "{count} players of the Players sheet have this name: write {which}",
            "{count} players of the Players sheet have this name: write {which}",
            len(found),
        ).format(count=len(found), which=which)

    def unknown(self, typed: str, beside: Collection[int] = ()) -> str:
        """Why ``typed`` is no player's, and the way out. ``beside``: players named beside it
        in its round sheet — none of them is the player it names (a player plays once a
        round), so none is proposed as his new name (renaming would merge two players'
        games): with no other name near, his row was deleted."""
        taken = {self.labels[n] for n in beside if n in self.labels}
        near = [n for n in self.closest(typed, max(1, len(self.labels))) if n not in taken]
        if not near:
            return _(
                "not a player of the Players sheet: was his row deleted there? Put it back — a "
                "player who withdraws keeps his row, with the rounds he does not play in "
                "'{not_playing}'"
            ).format(not_playing=words.local("Not playing", current(), words.PLAYERS))
        if not on_command_line():  # ``gosheet rename`` is the command line's alone
            return _(
                "not a player of the Players sheet; the closest: '{near}' — if the player was "
                "renamed, replace '{typed}' by '{near}' in every round sheet (Find and Replace)"
            ).format(near=near[0], typed=typed)
        return _(
            "not a player of the Players sheet; the closest: '{near}' — if the player was "
            'renamed, `gosheet rename BOOK.xlsx "{typed}" "{near}"` renames him in every '
            "round sheet"
        ).format(near=near[0], typed=typed)

    def closest(self, typed: str, count: int = 3) -> list[str]:
        """The players' names nearest to ``typed`` (a misspelling, a player renamed)."""
        by_key = {name_key(label): label for label in self.labels.values()}
        import difflib  # (a name not found: rare)

        near = difflib.get_close_matches(name_key(typed), list(by_key), n=count, cutoff=0.6)
        return [by_key[key] for key in near]
