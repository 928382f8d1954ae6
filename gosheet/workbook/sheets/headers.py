"""Tolerant column headers: case, spaces, accents and common synonyms.

>>> canonical_header("Surname"), canonical_header(" GRADE "), canonical_header("Prénom")
('Name', 'Rank', 'First name')
>>> canonical_header("Shoe size") is None
True
"""

from __future__ import annotations

from gosheet.i18n.words import fold

SYNONYMS: dict[str, tuple[str, ...]] = {
    "Name": (
        "name",
        "surname",
        "last name",
        "lastname",
        "family name",
        "familyname",
        "player",
        "player name",
        "nom",
        "apellido",
        "cognom",
        "фамилия",
        "игрок",
    ),
    "First name": (
        "first name",
        "firstname",
        "given name",
        "forename",
        "prenom",
        "nombre",
        "имя",
        "vorname",
    ),
    "Rank": (
        "rank",
        "grade",
        "strength",
        "level",
        "kyu/dan",
        "kyu dan",
        "dan/kyu",
        "ранг",
        "разряд",
        "сила",
        "rang",
    ),
    "Rating": ("rating", "elo", "gor", "egd rating", "egf rating", "рейтинг"),
    "Club": ("club", "team", "city", "клуб", "город", "verein"),
    "Country": ("country", "nation", "nationality", "cc", "country code", "страна", "pais", "land"),
    "Group": ("group", "mcmahon group", "mm group", "группа"),
    "Fixed table": ("fixed table", "fixed board", "fixed table number", "постоянный стол"),
    "Tier": ("tier", "strength tier", "pot", "seed group", "nivell"),
    "Confirmed": (
        "confirmed",
        "confirmation",
        "confirmed registration",
        "checked in",
        "check in",
        "check-in",
        "checkin",
        "arrived",
        "present",
        "confirme",
        "confirmat",
        "подтвержден",
        "подтверждение",
        "пришел",
    ),
    "Not playing": (
        "not playing",
        "not playing rounds",
        "absent",
        "absent rounds",
        "skip",
        "skips",
        "skip rounds",
        "не играет",
    ),
}


#: The Players columns of OpenGotha's data (shown with ``Pairing rules: opengotha``). They are
#: matched apart from :data:`SYNONYMS`, so that a roster's EGD PIN column, which gosheet's own
#: rules do not use, is still kept after the standard columns as the organiser's own.
OPENGOTHA_SYNONYMS: dict[str, tuple[str, ...]] = {
    "EGD PIN": ("egd pin", "egf pin", "egfpin", "egd", "pin", "egd id", "egf id"),
    "MMS correction": (
        "mms correction",
        "smms correction",
        "smmscorrection",
        "mcmahon correction",
        "start mms correction",
    ),
    "Registration": (
        "registration",
        "registration status",
        "registering status",
        "registeringstatus",
        "fin/pre",
    ),
}


#: The Players columns of pair go and rengo (``Tournament type``): each player's unit (a pair,
#: a rengo team) and his sex (``Mixed pairs``). Matched apart from :data:`SYNONYMS` and only
#: in such a tournament: elsewhere a ``Team`` column is a player's club, as it has always been.
UNIT_SYNONYMS: dict[str, tuple[str, ...]] = {
    "Pair": ("pair", "pair name", "couple", "пара", "parella", "paire", "binome"),
    "Team": ("team", "team name", "rengo team", "команда", "equipe", "equip"),
    "Sex": ("sex", "gender", "m/f", "f/m", "пол", "sexe", "genre", "genere"),
}


def normalise_header(text: object) -> str:
    """Lower case, no accents, letters, digits, ``/`` and single spaces only."""
    return fold(str(text or ""), "/")


def _lookup(synonyms: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Each normalised name of ``synonyms`` (the canonical ones too) → its canonical name."""
    return {
        normalise_header(alias): canonical
        for canonical, aliases in synonyms.items()
        for alias in (canonical, *aliases)
    }


_LOOKUP = _lookup(SYNONYMS)
_LOOKUP.update({key.replace(" ", ""): value for key, value in list(_LOOKUP.items())})
_OG_LOOKUP = _lookup(OPENGOTHA_SYNONYMS)
_OG_LOOKUP.update({key.replace(" ", ""): value for key, value in list(_OG_LOOKUP.items())})


def _meaning(text: object, lookup: dict[str, str]) -> str | None:
    key = normalise_header(text)
    return lookup.get(key) or lookup.get(key.replace(" ", ""))


def _first_columns(headers: list[object], lookup: dict[str, str]) -> dict[str, int]:
    """Canonical name (by ``lookup``) → index of the first of ``headers`` that means it."""
    found: dict[str, int] = {}
    for index, header in enumerate(headers):
        canonical = _meaning(header, lookup)
        if canonical is not None and canonical not in found:
            found[canonical] = index
    return found


def canonical_header(text: object) -> str | None:
    """The canonical column this header means, or None for an unknown one."""
    return _meaning(text, _LOOKUP)


def match_headers(headers: list[object]) -> dict[str, int]:
    """Canonical name → index of the first column that means it."""
    return _first_columns(headers, _LOOKUP)


def match_opengotha_headers(headers: list[object]) -> dict[str, int]:
    """The OpenGotha columns (:data:`OPENGOTHA_SYNONYMS`): canonical name → index of the
    first column that means it.

    >>> match_opengotha_headers(["Name", "EGF PIN", "SMMS correction", "Registering status"])
    {'EGD PIN': 1, 'MMS correction': 2, 'Registration': 3}
    """
    return _first_columns(headers, _OG_LOOKUP)


_UNIT_LOOKUP = _lookup(UNIT_SYNONYMS)


def match_unit_headers(headers: list[object]) -> dict[str, int]:
    """The pair go and rengo columns (:data:`UNIT_SYNONYMS`): canonical name → index of the
    first column that means it.

    >>> match_unit_headers(["Name", "Team", "Rank", "Sex"])
    {'Team': 1, 'Sex': 3}
    """
    return _first_columns(headers, _UNIT_LOOKUP)
