"""The games a tournament can be of, found by name: Go, with ranks, handicaps, komi and
White and Black; or another board game (Oware …) with a first and a second player.

>>> game_of("oware").sides
('First player', 'Second player')
>>> game_of("go").go
True
"""

from __future__ import annotations

from gosheet.i18n.catalog import N_
from gosheet.records import record


@record
class Game:
    """What the sheets of a tournament of this game say and show."""

    name: str  # the Settings sheet's value ("go", "oware", "other")
    tournament: str  # the name of a new tournament
    go: bool  # ranks, handicap and komi
    sides: tuple[str, str]  # the two players of a game, in the round sheets' headers
    short: tuple[str, str]  # after a name in the terminal: "(W)" / "(B)"
    marks: tuple[str, str]  # in the crosstable, after the result: "/w" / "/b"


GO = Game("go", "Go tournament", True, ("White", "Black"), (N_("(W)"), N_("(B)")), ("w", "b"))
_OTHER = (("First player", "Second player"), (N_("(1st)"), N_("(2nd)")), ("1", "2"))
OWARE = Game("oware", "Oware tournament", False, *_OTHER)
OTHER = Game("other", "Tournament", False, *_OTHER)
GAMES_BY_NAME = {g.name: g for g in (GO, OWARE, OTHER)}
GAMES = tuple(GAMES_BY_NAME)


def game_of(name: str) -> Game:
    """The game of this name (``Settings.game``); a name of no game is a ValueError, as
    every other setting's bad value."""
    try:
        return GAMES_BY_NAME[name]
    except KeyError:
        known = ", ".join(GAMES)
        raise ValueError(f"Game: {name!r} is not a game gosheet knows ({known})") from None
