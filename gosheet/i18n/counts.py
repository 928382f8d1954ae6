"""Counted things in the current language of messages: ``players(23)`` is "23 players",
"23 игрока", "23 joueurs". A message that counts two things (players and rounds) takes them as
placeholders filled from these, each in its own plural form, rather than writing "round(s)":

>>> from gosheet.i18n import catalog
>>> players(1), rounds(5)
('1 player', '5 rounds')
>>> with catalog.speaking("ru"):
...     players(1), players(3), players(5), rounds(21)
('1 игрок', '3 игрока', '5 игроков', '21 тур')

Each is the form a list of counts takes ("23 players, 5 rounds"); a sentence needing another
grammatical case has its own ``ngettext``."""

from __future__ import annotations

from gosheet.i18n.catalog import ngettext


def players(n: int) -> str:
    """``n`` players."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def rounds(n: int) -> str:
    """``n`` rounds."""
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


def games(n: int) -> str:
    """``n`` games."""
    return ngettext("{n} game", "{n} games", n).format(n=n)


def byes(n: int) -> str:
    """``n`` byes."""
    return ngettext("{n} bye", "{n} byes", n).format(n=n)


def cells(n: int) -> str:
    """``n`` cells."""
    return ngettext("{n} cell", "{n} cells", n).format(n=n)
