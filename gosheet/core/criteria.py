"""The pairing criteria as a tournament director knows them: each criterion's name in the
pairing systems (:class:`~gosheet.core.matching.Criterion`) with the label ``explain`` shows
(OpenGotha's criteria by the names of its pairing parameters, not of its weight dumps), and
which criteria are about the bye (they decide nothing in a round without one).

Labels and rules are texts of the ``workbook`` catalog: translated where they are shown
(:func:`gosheet.i18n.words.text`)."""

from __future__ import annotations

from gosheet.core.matching import Criterion
from gosheet.i18n.words import N_w

LABELS = {
    # seed McMahon (gosheet's rules)
    "games": N_w("games"),
    "bye to a new player": N_w("bye to a new player"),
    "bye to the lowest": N_w("bye to the lowest"),
    "same MMS": N_w("same MMS"),
    "MMS gap": N_w("MMS gap"),
    "table order": N_w("table order"),
    # Swiss
    "no repeat": N_w("no repeat"),
    "one bye each": N_w("one bye each"),
    "first-move rules": N_w("first-move rules"),
    "score gap": N_w("score gap"),
    "floaters": N_w("floaters"),
    "first-move balance": N_w("first-move balance"),
    "halves": N_w("halves"),
    # the pairing of teams (core/teams/pairing.py; also no repeat, bye to the lowest, score
    # gap, halves)
    "board points gap": N_w("board points gap"),
    # FUS, round robin
    "level difference": N_w("level difference"),
    "Berger table": N_w("Berger table"),
    # the organiser's hand (any system)
    "keep apart": N_w("keep apart"),
    "other club": N_w("other club"),
    "other country": N_w("other country"),
    # OpenGotha's rules
    "baseDuplicateGameCost": N_w("avoid duplicates"),
    "baseRandomCost": N_w("random"),
    "baseBWBalanceCost": N_w("colour balance"),
    "mainCategoryCost": N_w("categories"),
    "mainScoreDiffCost": N_w("score difference"),
    "mainDUDDCost": N_w("draw-up/draw-down"),
    "mainSeedCost": N_w("seeding"),
    "secHandiCost": N_w("handicap"),
    "secGeoCost": N_w("geography"),
}

ABOUT_THE_BYE = frozenset({"games", "bye to a new player", "bye to the lowest", "one bye each"})
"""The criteria that only choose who is left without a game: every pair of a round without a
bye has their best value."""


def label(criterion: Criterion) -> str:
    """The criterion's label (English; the ``workbook`` catalog translates it)."""
    return LABELS.get(criterion.name, criterion.name)


def about_the_bye(criterion: Criterion) -> bool:
    return criterion.name in ABOUT_THE_BYE
