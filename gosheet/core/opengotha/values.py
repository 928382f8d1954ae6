"""How OpenGotha's parameter values are read from a cell and written back: ranks in its
spelling, placement criteria, category limits, club groups, and the choices of its lists.

Every parser takes what a cell holds and returns the value, or raises :class:`ValueError`
with a message an organiser understands.
"""

from __future__ import annotations

from gosheet.core.ranks import format_rank, parse_rank

DUDD_MODES = ("TOP", "MID", "BOT")
SEED_SYSTEMS = ("SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP")
#: OpenGotha's placement criteria, by its names (``NULL``: none).
PLACEMENT_CRITERIA = (
    "NBW",
    "MMS",
    "STS",
    "CPS",
    "SOSW",
    "SOSWM1",
    "SOSWM2",
    "SODOSW",
    "SOSOSW",
    "CUSSW",
    "SOSM",
    "SOSMM1",
    "SOSMM2",
    "SODOSM",
    "SOSOSM",
    "CUSSM",
    "SOSTS",
    "EXT",
    "EXR",
    "SDC",
    "DC",
    "CAT",
    "RANK",
    "RATING",
)
MAX_PLACEMENT_CRITERIA = 6
#: OpenGotha V4's "Breizh" criteria, whose source is not public: gosheet keeps them as the
#: file names them (its export writes them back) and ranks by the others, or by the system's
#: defaults when no other is named (:meth:`OpenGothaParameters.ranked_by`).
KEPT_CRITERIA = ("BZS", "SOSB", "SOSOSB")
#: What orders the players of a group when the placement criteria tie.
ADDITIONAL_CRITERIA = ("NULL", "Rating", "Rank")
#: The names OpenGotha writes in its files and reads back (``PlacementParameterSet``'s long
#: names, compared exactly: any other name is NULL to it), where they are not gosheet's.
FILE_NAMES = {
    "SOSWM1": "SOSW-1",
    "SOSWM2": "SOSW-2",
    "SOSMM1": "SOSM-1",
    "SOSMM2": "SOSM-2",
    "RANK": "Rank",
    "RATING": "Rating",
}
#: Other writers' words for "no criterion" (Pairgoth writes ``None``).
NO_CRITERION = ("NULL", "NONE")


def criterion_key(name: str) -> str:
    """A criterion's name in any of its spellings (OpenGotha's ``SOSM-1``, Pairgoth's
    ``SOSMM1``, any case) as a key: gosheet's name upper-cased, ``NULL`` for none.

    >>> criterion_key("SOSM-1"), criterion_key("Rating"), criterion_key(" none ")
    ('SOSMM1', 'RATING', 'NULL')
    """
    key = name.strip().upper()
    if key in NO_CRITERION:
        return "NULL"
    by_file_name = {v.upper(): k for k, v in FILE_NAMES.items()}
    return by_file_name.get(key, key)


def criterion_to_xml(name: str) -> str:
    """A placement criterion as OpenGotha writes it in a file (``SOSMM1`` → ``SOSM-1``)."""
    return FILE_NAMES.get(name, name)


def parse_additional_criterion(value: object) -> str:
    """An additional placement criterion: ``NULL`` (also ``None``), ``Rating`` or ``Rank``.

    >>> parse_additional_criterion("None"), parse_additional_criterion("RATING")
    ('NULL', 'Rating')
    """
    key = criterion_key(str(value if value is not None else ""))
    for choice in ADDITIONAL_CRITERIA:
        if key == choice.upper():
            return choice
    raise ValueError(f"expected one of: {', '.join(ADDITIONAL_CRITERIA)}")


def parse_og_rank(value: object) -> int:
    """A rank in OpenGotha's or gosheet's spelling (``4D``, ``20k``)."""
    return parse_rank(str(value).strip() if value is not None else "")


def rank_to_xml(rank: int) -> str:
    return format_rank(rank).upper()


def parse_criteria(value: object) -> tuple[str, ...]:
    """Placement criteria in order, by OpenGotha's names (``MMS, SOSM, SOSOSM``; also as its
    files spell them: ``SOSM-1``, ``Rating`` …).

    >>> parse_criteria("mms; sosm, sososm, NULL")
    ('MMS', 'SOSM', 'SOSOSM')
    >>> parse_criteria("MMS, SOSM-1, None, Rating")
    ('MMS', 'SOSMM1', 'RATING')
    >>> parse_criteria("BZS, SOSB, SOSOSB")  # OpenGotha V4's, kept as named
    ('BZS', 'SOSB', 'SOSOSB')
    """
    by_key = {c.casefold(): c for c in (*PLACEMENT_CRITERIA, *KEPT_CRITERIA)}
    given = [p.strip() for p in str(value or "").replace(";", ",").split(",") if p.strip()]
    given = [criterion_key(p) for p in given]
    given = [p for p in given if p != "NULL"]
    unknown = [p for p in given if p.casefold() not in by_key]
    if unknown:
        raise ValueError(
            f"unknown placement criterion {', '.join(unknown)}; known: "
            + ", ".join(PLACEMENT_CRITERIA)
        )
    names = tuple(by_key[p.casefold()] for p in given)
    if not names:
        raise ValueError("give at least one placement criterion, such as MMS or NBW")
    if len(set(names)) != len(names):
        raise ValueError("a placement criterion is named twice")
    if len(names) > MAX_PLACEMENT_CRITERIA:
        raise ValueError(f"at most {MAX_PLACEMENT_CRITERIA} placement criteria")
    return names


def parse_categories(value: object) -> tuple[int, ...]:
    """The lowest rank of each category but the last, strongest first (``"5k, 15k"``);
    empty: one category."""
    text = str(value if value is not None else "").strip()
    if not text or text.casefold() in ("none", "-"):
        return ()
    try:
        limits = tuple(parse_og_rank(p) for p in text.replace(";", ",").split(",") if p.strip())
    except ValueError:
        raise ValueError("expected ranks such as '5k, 15k', strongest first") from None
    if list(limits) != sorted(set(limits), reverse=True):
        raise ValueError("category limits must go from strongest to weakest, each once")
    return limits


ClubGroups = tuple[tuple[str, tuple[str, ...]], ...]


def parse_club_groups(value: object) -> ClubGroups:
    """Groups of clubs that geography treats as nearly one club: ``name: club, club; name:
    club …`` (OpenGotha's ``ClubsGroups``); empty: none.

    >>> parse_club_groups("Toulouse: 31To, 31Co; Paris: 75Pa")
    (('Toulouse', ('31To', '31Co')), ('Paris', ('75Pa',)))
    """
    text = str(value if value is not None else "").strip()
    if not text:
        return ()
    groups: list[tuple[str, tuple[str, ...]]] = []
    for part in (p.strip() for p in text.split(";") if p.strip()):
        name, colon, clubs_text = part.partition(":")
        clubs = tuple(c.strip() for c in clubs_text.split(",") if c.strip())
        if not colon or not name.strip() or not clubs:
            raise ValueError(
                f"{part!r}: expected a group's name, a colon and its clubs, e.g. "
                "'Toulouse: 31To, 31Co; Paris: 75Pa'"
            )
        groups.append((name.strip(), clubs))
    names = [name for name, _ in groups]
    if len(set(names)) != len(names):
        raise ValueError("a club group is named twice")
    return tuple(groups)


def write_club_groups(groups: ClubGroups) -> str:
    return "; ".join(f"{name}: {', '.join(clubs)}" for name, clubs in groups)


def write_categories(limits: tuple[int, ...]) -> str:
    return ", ".join(format_rank(r) for r in limits)
