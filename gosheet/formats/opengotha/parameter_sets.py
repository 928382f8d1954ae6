"""OpenGotha's parameter sets and gosheet's settings, both ways.

``GeneralParameterSet/@name``, ``@numberOfRounds`` and ``@komi`` are the ``Tournament``,
``Rounds`` and ``Komi`` settings; every OpenGotha parameter of
:data:`~gosheet.core.opengotha.parameters.OG_FIELDS` is the attribute it names; ``Categories``
is ``@numberOfCategories`` and ``Categories/Category``; ``Club groups`` the ``ClubsGroups``
element; ``Placement criteria`` the ``PlacementCriterion`` list (padded with ``NULL`` to
OpenGotha's six). The system follows the first placement criterion, as in OpenGotha: MMS is
McMahon, anything else Swiss (even STS, a McMahon score with a bonus: OpenGotha's
``tournamentType`` is then no McMahon, and its results files say so).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from gosheet.core.event import TimeControl, parse_dates
from gosheet.core.fields import parse_komi, parse_text, true_false
from gosheet.core.kinds import System
from gosheet.core.opengotha.bye import bye_rule_for
from gosheet.core.opengotha.parameters import OG_FIELDS
from gosheet.core.opengotha.values import (
    DUDD_MODES,
    KEPT_CRITERIA,
    MAX_PLACEMENT_CRITERIA,
    PLACEMENT_CRITERIA,
    SEED_SYSTEMS,
    ClubGroups,
    criterion_key,
    criterion_to_xml,
    parse_categories,
    parse_club_groups,
    parse_criteria,
    rank_to_xml,
    write_club_groups,
)
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import FIELD_BY_LABEL, OWN_FIELDS
from gosheet.core.systems import system_of
from gosheet.core.teams.fields import TEAM_FIELDS
from gosheet.formats.opengotha.elements import OGElement, OGTournament
from gosheet.formats.opengotha.layout import (
    CLUBS_GROUPS,
    DISPLAY,
    GENERAL,
    MODELLED,
    PAIRING,
    PLACEMENT,
    PUBLISH,
    READ_DEFAULTS,
    REQUIRED_SETS,
    ROOT,
    event_attributes,
    game_format,
    holds_game_format,
)
from gosheet.formats.opengotha.sheet import Kept

__all__ = [
    "Report",
    "club_groups_element",
    "file_settings",
    "kept_in_gosheet",
    "parameter_sets",
    "placement_criteria",
    "settings_of",
]

#: Tells a problem of a file: where, the value, the message.
Report = Callable[[str, object, str], None]

# ---------------------------------------------------------------------------- importing


def settings_of(
    og: OGTournament,
    report: Report,
    *,
    rounds: int | None = None,
    name: str | None = None,
    komi: float | None = None,
    notes: list[str] | None = None,
) -> Settings:
    """The settings of an OpenGotha file, under OpenGotha's rules; ``rounds``, ``name`` and
    ``komi`` replace the file's. Each value gosheet cannot hold is reported (``report(where,
    value, message)``) and the settings are then the defaults of the system.

    Read as OpenGotha reads them: a parameter a present set lacks takes the default of
    OpenGotha's reader (:data:`~gosheet.formats.opengotha.layout.READ_DEFAULTS`); criteria
    in any spelling (``SOSM-1``, ``None``); a placement criterion OpenGotha does not know is
    none, as it is to OpenGotha. What was so read is told in ``notes``."""
    reported = 0

    def problem(where: str, value: object, message: str) -> None:
        nonlocal reported
        reported += 1
        report(where, value, message)

    said = notes if notes is not None else []
    parameters = _as_opengotha_reads(_with_read_defaults(og.parameters, said), said)
    values: dict[str, Any] = {"og_blocks": True, "bye_rule": bye_rule_for(og.attributes)}
    values |= _modelled(parameters, problem)
    additional = parameters.get(PAIRING, {}).get("paiMaAdditionalPlacementCritSystem1", "")
    if additional.strip().upper() == "NONE":
        said.append(
            "paiMaAdditionalPlacementCritSystem1 'None' (another program's word) read as NULL, "
            "no additional criterion (OpenGotha itself would take Rating)"
        )
    general = parameters.get(GENERAL, {})
    values |= _general(general, problem)
    if holds_game_format(display := parameters.get(DISPLAY, {})):
        values["game_format"] = game_format(display)
    given = {"rounds": rounds, "name": name, "komi": komi}
    values |= {attr: value for attr, value in given.items() if value is not None}
    values["categories"] = _categories(og, general, problem)
    values["club_groups"] = _club_groups(og, problem)
    names = _criteria(og.placement_criteria, said)
    try:
        values["placement"] = parse_criteria(", ".join(names))
    except ValueError as error:
        unknown = [c for c in og.placement_criteria if criterion_key(c) not in (*names, "NULL")]
        told = f" ({', '.join(unknown)}: no criterion OpenGotha knows)" if unknown else ""
        problem(PLACEMENT, ", ".join(og.placement_criteria), f"PlacementCriteria: {error}{told}")
    system = "mcmahon" if names[:1] == ["MMS"] else "swiss"
    try:
        return Settings.preset(system, "go", rules="opengotha", **values)
    except ValueError as error:
        if not reported:  # else it only repeats a problem already listed
            problem("TournamentParameterSet", None, str(error))
        return Settings.preset(system, "go", rules="opengotha")


def _modelled(parameters: Mapping[str, Mapping[str, str]], problem: Report) -> dict[str, Any]:
    """The settings the parameter sets' modelled attributes hold (each one gosheet cannot
    hold reported)."""
    values: dict[str, Any] = {}
    for set_name, attributes in parameters.items():
        for attribute, text in attributes.items():
            f = MODELLED.get((set_name, attribute))
            if f is None:
                continue
            try:
                values[f.attr] = (f.from_xml or f.parse)(text)
            except (ValueError, TypeError) as error:
                problem(set_name, text, f"{attribute} ({f.label}): {error}")
    return values


def _general(general: dict[str, str], problem: Report) -> dict[str, Any]:
    """The settings of the general parameter set: name, rounds, komi, place, dates, clock."""
    values: dict[str, Any] = {}
    for label, attribute, parse in (
        ("Tournament", "name", parse_text),
        ("Rounds", "numberOfRounds", FIELD_BY_LABEL["rounds"].parse),
        ("Komi", "komi", parse_komi),
    ):
        if attribute in general:
            try:
                values[FIELD_BY_LABEL[label.casefold()].attr] = parse(general[attribute])
            except ValueError as error:
                problem(GENERAL, general[attribute], f"{attribute} ({label}): {error}")
    held = event_attributes(general)
    if "location" in general:
        values["location"] = parse_text(general["location"])
    if "beginDate" in held:
        values["dates"] = parse_dates((general["beginDate"], general["endDate"]))
    if "basicTime" in held:
        values["time"] = TimeControl.from_og(general)
    if "bInternet" in held:
        values["online"] = general["bInternet"] == "true"
    return values


def _with_read_defaults(
    parameters: Mapping[str, Mapping[str, str]], notes: list[str]
) -> dict[str, dict[str, str]]:
    """The parameter sets with what OpenGotha takes for the attributes a set lacks (a set
    missing altogether keeps gosheet's defaults of the system: OpenGotha cannot open that)."""
    completed = {name: dict(attributes) for name, attributes in parameters.items()}
    for set_name, defaults in READ_DEFAULTS.items():
        attributes = completed.get(set_name)
        if attributes is None:
            continue
        missing = [a for a in defaults if a not in attributes]
        if missing:
            shown = ", ".join(f"{a}={defaults[a]}" for a in missing[:3])
            more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            notes.append(
                f"{set_name} lacks {shown}{more}: taken as OpenGotha takes them when it opens "
                "the file"
            )
        completed[set_name] = {a: defaults[a] for a in missing} | attributes
    return completed


#: The words OpenGotha's reader knows for a choice, and what it takes for any other
#: (``importTournamentParameterSetFromXMLFile``: an unknown seed system is SPLITANDRANDOM,
#: even for ``paiMaSeedSystem2``, whose default when missing is SPLITANDFOLD).
_CHOICES: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {
    (PAIRING, "paiMaDUDDUpperMode"): (DUDD_MODES, "MID"),
    (PAIRING, "paiMaDUDDLowerMode"): (DUDD_MODES, "MID"),
    (PAIRING, "paiMaSeedSystem1"): (SEED_SYSTEMS, "SPLITANDRANDOM"),
    (PAIRING, "paiMaSeedSystem2"): (SEED_SYSTEMS, "SPLITANDRANDOM"),
}
#: An additional placement criterion OpenGotha does not know is its default.
_ADDITIONAL = {
    "paiMaAdditionalPlacementCritSystem1": "Rating",
    "paiMaAdditionalPlacementCritSystem2": "NULL",
}


def _as_opengotha_reads(
    parameters: dict[str, dict[str, str]], notes: list[str]
) -> dict[str, dict[str, str]]:
    """The values OpenGotha's reader takes otherwise than written, as it takes them: a
    boolean is true only when it says ``true`` (Java's ``Boolean.parseBoolean``), a DUDD
    mode or seed system it does not know is its default, and so is an additional
    placement criterion it does not know. Each is told in ``notes``."""
    for (set_name, attribute), f in MODELLED.items():
        text = parameters.get(set_name, {}).get(attribute)
        if text is None:
            continue
        read = text
        if f.to_xml is true_false:
            read = "true" if text.strip().casefold() == "true" else "false"
        elif (set_name, attribute) in _CHOICES:
            words, fallback = _CHOICES[set_name, attribute]
            read = text if text in words else fallback
        elif attribute in _ADDITIONAL:
            known = (*PLACEMENT_CRITERIA, "NULL", "RATING", "RANK")
            read = text if criterion_key(text) in known else _ADDITIONAL[attribute]
        if read != text:
            notes.append(f"{attribute} {text!r} read as {read}, as OpenGotha reads it")
            parameters[set_name][attribute] = read
    return parameters


def _criteria(criteria: Sequence[str], notes: list[str]) -> list[str]:
    """The placement criteria by gosheet's names; one OpenGotha does not know is none, as to
    OpenGotha (told in ``notes``); OpenGotha V4's Breizh criteria stay, kept as named (the
    import tells which criteria gosheet ranks by instead)."""
    names: list[str] = []
    for number, name in enumerate(criteria, 1):
        key = criterion_key(name)
        if key == "NULL":
            continue
        if key not in PLACEMENT_CRITERIA and key not in KEPT_CRITERIA:
            notes.append(
                f"PlacementCriterion {number}: {name!r} is no criterion OpenGotha knows; it "
                "reads it as NULL (none), and so does gosheet"
            )
            continue
        names.append(key)
    return names


def _categories(og: OGTournament, general: Mapping[str, str], problem: Report) -> tuple[int, ...]:
    """The category limits, from ``numberOfCategories`` and the ``Categories`` element (which
    the OpenGotha sheet then does not keep)."""
    text = general.get("numberOfCategories", "1")
    count = int(text) if re.fullmatch(r"[0-9]+", text.strip()) else -1
    if count < 1:
        problem(GENERAL, text, "numberOfCategories must be a whole number, 1 or more")
        return ()
    if count == 1:
        return ()
    element = next(
        (e for e in og.parameter_children.get(GENERAL, ()) if e.tag == "Categories"), None
    )
    limits: dict[int, str] = {}
    for child in element.children if element is not None else ():
        attributes = dict(child.attributes)
        number, limit = attributes.get("number", ""), attributes.get("lowerLimit", "")
        if child.tag == "Category" and re.fullmatch(r"[0-9]+", number):
            limits[int(number)] = limit
    if sorted(limits) != list(range(1, count)):
        problem(
            GENERAL,
            text,
            f"numberOfCategories is {count}, so Categories must hold Category 1 to {count - 1}",
        )
        return ()
    try:
        return parse_categories(", ".join(limits[n] for n in sorted(limits)))
    except ValueError as error:
        problem("Categories", ", ".join(limits.values()), f"Categories: {error}")
        return ()


def _club_groups(og: OGTournament, problem: Report) -> ClubGroups:
    """The ``ClubsGroups`` element (which the OpenGotha sheet then does not keep)."""
    groups: list[tuple[str, tuple[str, ...]]] = []
    for element in (e for e in og.extra if e.tag == CLUBS_GROUPS):
        for group in element.children:
            name = dict(group.attributes).get("name", "")
            clubs = tuple(
                dict(c.attributes).get("name", "") for c in group.children if c.tag == "Club"
            )
            groups.append((name, clubs))
    text = write_club_groups(tuple(groups))
    try:
        found = parse_club_groups(text)
    except ValueError as error:
        problem(CLUBS_GROUPS, text, f"ClubsGroups: {error}")
        return ()
    if found != tuple(groups):  # a name the Settings sheet cannot spell (';', ':' or ',')
        problem(CLUBS_GROUPS, text, "ClubsGroups: a group or club name holds ';', ':' or ','")
        return ()
    return found


# ---------------------------------------------------------------------------- exporting


#: The settings of gosheet's own rules an OpenGotha file holds as they are: the event and
#: its clock (``GeneralParameterSet`` location, dates, time system, ``bInternet``; the display
#: set's ``gameFormat``).
CARRIED = ("location", "dates", "time", "online", "game_format")
#: Settings of no consequence to OpenGotha, never named as kept in gosheet only.
_NOT_NAMED = frozenset({"system", "rules", "game", "random_seed", "language"})


def _counterparts(settings: Settings) -> dict[str, Any]:
    """OpenGotha's parameters that do what gosheet's own rules do: the points of a bye and
    of an absent round (McMahon scores, or Swiss wins), and even games (gosheet's McMahon
    and Swiss give no handicap: OpenGotha's handicap ceiling 0); FUS's bye is a win, its
    absent round nothing, its handicaps its own (OpenGotha keeps McMahon's)."""
    kind = settings.system
    if kind is System.FUS:
        return {"mms_bye": Fraction(1), "mms_absent": Fraction(0)}
    bye, absent = ("nbw_bye", "nbw_absent") if kind is System.SWISS else ("mms_bye", "mms_absent")
    even = {"hd_ceiling": 0, "hd_correction": 0}  # no handicap, none told in the EGF file
    return {bye: settings.bye_points, absent: settings.absent_points} | even


#: gosheet's own settings the file holds (:data:`CARRIED`, and what :func:`_counterparts`
#: maps); the others of the Settings sheet, but OpenGotha's own, are kept in gosheet only.
_MAPPED = frozenset({"name", "rounds", "komi", "bye_points", "absent_points", *CARRIED})
#: The settings of team tournaments: the file's team parameters hold them
#: (``TeamTournamentParameterSet``).
_TEAM_ATTRS = frozenset(f.attr for f in TEAM_FIELDS)


def file_settings(settings: Settings, players: int, rows: Mapping[str, int]) -> Settings:
    """The settings an OpenGotha file is written with: the workbook's under OpenGotha's rules.
    A gosheet-rules tournament gets OpenGotha's defaults for its system (FUS, a handicap
    system OpenGotha does not have: McMahon's) but for the settings OpenGotha has a place
    for: name, rounds, komi, the event and its clock (:data:`CARRIED`), what
    :func:`_counterparts` maps, and the OpenGotha settings its Settings sheet does list
    (``rows``: the attributes found there)."""
    rounds = settings.rounds_for(players)
    if system_of(settings).opengotha:
        return settings.replace(rounds=rounds)
    system = system_of(settings).opengotha_file
    listed = {f.attr: settings.value(f) for f in OG_FIELDS if f.attr in rows}
    carried = {attr: getattr(settings, attr) for attr in CARRIED}
    return Settings.preset(
        system,
        "go",
        rules="opengotha",
        name=settings.name,
        rounds=rounds,
        komi=settings.komi,
        **carried,
        **(_counterparts(settings) | listed),
    )


def kept_in_gosheet(settings: Settings, rows: Mapping[str, int]) -> list[str]:
    """The settings of the Settings sheet (``rows``) that an OpenGotha file has no place for,
    each with its value (``Tiebreaks SOS, SODOS``): gosheet's own rules' (McMahon groups,
    tiebreaks, a forfeit's points, FUS's levels and handicaps …), the event's country and the
    site's address; none under OpenGotha's rules but those two, when given. The random seed
    and the language are not named (nothing of OpenGotha's tournament)."""
    opengotha = system_of(settings).opengotha
    named: list[str] = []
    for f in OWN_FIELDS:
        if f.attr not in rows or f.attr in _NOT_NAMED or f.attr in _TEAM_ATTRS:
            continue
        if f.attr in ("country", "site_address"):  # named when given, whatever the rules
            if value := getattr(settings, f.attr):
                named.append(f"{f.label} {value}")
        elif not opengotha and f.attr not in _MAPPED:
            text = f.write(settings.value(f))
            named.append(f"{f.label} {'' if text is None else text}".strip())
    return named


def _komi_text(komi: float) -> str:
    """``7.5``, ``6``, ``0.5``, ``-5.5``."""
    return f"{komi:g}"


def parameter_sets(
    settings: Settings, kept: Kept
) -> tuple[dict[str, dict[str, str]], dict[str, tuple[OGElement, ...]]]:
    """The parameter sets of the file, in OpenGotha's order: the settings' values over what
    the ``OpenGotha`` sheet keeps; and the elements inside them (``Categories`` …)."""
    sets = list(REQUIRED_SETS)
    sets += [s for s in (DISPLAY, PUBLISH) if s in kept.parameters]
    sets += [s for s in kept.parameters if s not in sets]
    parameters = {s: dict(kept.parameters.get(s, {})) for s in sets}
    for (set_name, attribute), f in MODELLED.items():
        parameters[set_name][attribute] = f.to_xml(settings.value(f))
    general = parameters[GENERAL]
    general["name"] = settings.name
    general["numberOfRounds"] = str(settings.rounds)
    general["komi"] = _komi_text(settings.komi)
    general["numberOfCategories"] = str(len(settings.opengotha.categories) + 1)
    general["location"] = settings.location
    if settings.dates:
        general["beginDate"] = settings.dates[0].isoformat()
        general["endDate"] = settings.dates[-1].isoformat()
    general |= settings.time.og_attributes()
    children = {key: list(elements) for key, elements in kept.children.items() if key != ROOT}
    if settings.opengotha.categories:
        categories = OGElement(
            "Categories",
            children=tuple(
                OGElement("Category", (("lowerLimit", rank_to_xml(limit)), ("number", str(n))))
                for n, limit in enumerate(settings.opengotha.categories, 1)
            ),
        )
        others = [e for e in children.get(GENERAL, []) if e.tag != "Categories"]
        children[GENERAL] = [categories, *others]
    return parameters, {key: tuple(elements) for key, elements in children.items() if elements}


def club_groups_element(settings: Settings) -> tuple[OGElement, ...]:
    """OpenGotha's ``ClubsGroups`` (the last element of its files), from the setting."""
    if not settings.opengotha.club_groups:
        return ()
    groups = tuple(
        OGElement(
            "ClubsGroup",
            (("name", name),),
            tuple(OGElement("Club", (("name", club),)) for club in clubs),
        )
        for name, clubs in settings.opengotha.club_groups
    )
    return (OGElement(CLUBS_GROUPS, children=groups),)


def placement_criteria(settings: Settings) -> tuple[str, ...]:
    """The placement criteria as OpenGotha names them in its files (``SOSM-1``, ``Rating``),
    padded with ``NULL`` to OpenGotha's six."""
    criteria = tuple(criterion_to_xml(c) for c in settings.opengotha.placement)
    return criteria + ("NULL",) * (MAX_PLACEMENT_CRITERIA - len(criteria))
