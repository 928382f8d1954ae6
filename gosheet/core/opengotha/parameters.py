"""OpenGotha's parameters: one frozen object, validated on construction, that the engine reads
(``Settings.opengotha``); its defaults are OpenGotha's ``initForMM``, and
:meth:`OpenGothaParameters.swiss` is its ``initForSwiss``.

Each parameter is declared once, in the class below: its type, its default, and as a
:class:`~gosheet.core.fields.Field` its label in the Settings sheet, how a cell is read and
written, its explanation and its place in an OpenGotha file. :data:`OG_FIELDS`, the table the
Settings sheet, the workbook reader and the OpenGotha files use, is made from them.

The labels are the names an OpenGotha user knows from its *Tournament settings* dialog; the
explanation ends with the XML attribute, so that a file and a workbook can be read side by side.
These settings show when ``Pairing rules`` is ``opengotha`` (an imported OpenGotha file, or
``gosheet new --rules opengotha``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gosheet import records
from gosheet.core.fields import (
    OPENGOTHA_RULES,
    Field,
    check_values,
    format_points,
    half_points_from_xml,
    half_points_to_xml,
    join,
    parse_choice,
    parse_fraction_01,
    parse_int,
    parse_points,
    parse_weight,
    parse_yes_no,
    same,
    true_false,
    yes_no,
)
from gosheet.core.kinds import System
from gosheet.core.opengotha.values import (
    DUDD_MODES,
    KEPT_CRITERIA,
    SEED_SYSTEMS,
    ClubGroups,
    parse_additional_criterion,
    parse_categories,
    parse_club_groups,
    parse_criteria,
    parse_og_rank,
    rank_to_xml,
    write_categories,
    write_club_groups,
)
from gosheet.core.ranks import format_rank
from gosheet.i18n.words import N_w
from gosheet.records import record

__all__ = ["BYE_RULES", "OG_FIELDS", "OpenGothaParameters"]

#: Who gets the bye (:mod:`gosheet.core.opengotha.bye`): OpenGotha 3.51's released rule, or the
#: rule of the Swiss fixtures (and Pairgoth's): fewest wins, then lowest rank.
BYE_RULES = ("OpenGotha 3.51", "fewest wins")

MCMAHON_SWISS = frozenset({System.MCMAHON, System.SWISS})
GENERAL, HANDICAP, PAIRING = "GeneralParameterSet", "HandicapParameterSet", "PairingParameterSet"
_FIELD = "gosheet.field"  # where a parameter keeps its Field, in its dataclass field's metadata
XmlPlace = tuple[str, str]  # (parameter set, attribute)


def _parameter(
    default: Any,
    label: str,
    parse: Callable[[Any], Any],
    write: Callable[[Any], Any],
    text: str,
    *,
    xml: XmlPlace | None = None,
    to_xml: Callable[[Any], str] = str,
    from_xml: Callable[[str], Any] | None = None,
) -> Any:
    """A parameter: its default, and its Field (whose ``attr`` is the parameter's name)."""
    f = Field(
        label,
        "",
        parse,
        write,
        text,
        MCMAHON_SWISS,
        rules=OPENGOTHA_RULES,
        xml=xml,
        to_xml=to_xml,
        from_xml=from_xml,
    )
    return records.field(default=default, metadata={_FIELD: f})


def _weight(default: int, label: str, xml: XmlPlace, text: str) -> Any:
    return _parameter(default, label, parse_weight, same, text, xml=xml)


def _yes_no(default: bool, label: str, xml: XmlPlace, text: str) -> Any:
    return _parameter(default, label, parse_yes_no, yes_no, text, xml=xml, to_xml=true_false)


def _rank(default: int, label: str, xml: XmlPlace, text: str) -> Any:
    return _parameter(default, label, parse_og_rank, format_rank, text, xml=xml, to_xml=rank_to_xml)


def _points(default: Fraction, label: str, xml: XmlPlace, text: str) -> Any:
    return _parameter(
        default,
        label,
        parse_points,
        format_points,
        text,
        xml=xml,
        to_xml=half_points_to_xml,
        from_xml=half_points_from_xml,
    )


def _choice(default: str, label: str, xml: XmlPlace, choices: tuple[str, ...], text: str) -> Any:
    return _parameter(default, label, parse_choice(*choices), same, text, xml=xml)


def _int(default: int, label: str, xml: XmlPlace, parse: Callable[[object], int], text: str) -> Any:
    return _parameter(default, label, parse, same, text, xml=xml)


@record
class OpenGothaParameters:
    """OpenGotha's parameters of a tournament, validated on construction; the defaults are
    OpenGotha's for McMahon (``initForMM``).

    >>> OpenGothaParameters().mm_bar, OpenGothaParameters.swiss().mm_bar
    (3, 8)
    >>> OpenGothaParameters(hd_ceiling=12)
    Traceback (most recent call last):
    ValueError: Handicap ceiling: 12: expected a whole number from 0 to 9
    """

    # Each default below is a dataclasses.field holding the parameter's Field (RUF009 cannot
    # tell that a helper returns one).
    mm_bar: int = _rank(
        3,
        "McMahon bar",
        (GENERAL, "genMMBar"),
        "Players at or above this rank all start with the bar's McMahon score (genMMBar).",
    )
    mm_floor: int = _rank(
        -20,
        "McMahon floor",
        (GENERAL, "genMMFloor"),
        "Players at or below this rank all start with the floor's McMahon score (genMMFloor).",
    )
    mm_zero: int = _rank(
        -30,
        "McMahon zero",
        (GENERAL, "genMMZero"),
        "The rank whose starting McMahon score is 0; OpenGotha fixes it at 30k (genMMZero).",
    )
    mms_bye: Fraction = _points(
        Fraction(1),
        "MMS for a bye",
        (GENERAL, "genMMS2ValueBye"),
        "McMahon points for a bye: 0, ½ or 1 (genMMS2ValueBye, doubled in the file).",
    )
    mms_absent: Fraction = _points(
        Fraction(1, 2),
        "MMS for an absent round",
        (GENERAL, "genMMS2ValueAbsent"),
        "McMahon points for a round not played: 0, ½ or 1 (genMMS2ValueAbsent).",
    )
    nbw_bye: Fraction = _points(
        Fraction(1),
        "Wins for a bye",
        (GENERAL, "genNBW2ValueBye"),
        "Wins (NBW) for a bye: 0, ½ or 1 (genNBW2ValueBye).",
    )
    nbw_absent: Fraction = _points(
        Fraction(0),
        "Wins for an absent round",
        (GENERAL, "genNBW2ValueAbsent"),
        "Wins (NBW) for a round not played: 0, ½ or 1 (genNBW2ValueAbsent).",
    )
    round_down: bool = _yes_no(
        True,
        "Round down bye and absent points",
        (GENERAL, "genRoundDownNBWMMS"),
        "yes: the points from byes and absent rounds, added up, are rounded down to a whole number"
        " (genRoundDownNBWMMS).",
    )
    unplayed_half: bool = _yes_no(
        False,
        "Unplayed games count half in SOS",
        (GENERAL, "genCountNotPlayedGamesAsHalfPoint"),
        "yes: in SOS and the like, an opponent's unplayed or by-default games count ½ point, not "
        "their real result (genCountNotPlayedGamesAsHalfPoint).",
    )
    categories: tuple[int, ...] = _parameter(
        (),
        "Categories",
        parse_categories,
        write_categories,
        "Empty: one category. Else the lowest rank of each category but the last, strongest first,"
        " e.g. '5k, 15k' makes 3 categories (numberOfCategories, Categories).",
    )
    club_groups: ClubGroups = _parameter(
        (),
        "Club groups",
        parse_club_groups,
        write_club_groups,
        "Clubs that geography counts as nearly one club (a pair of them weighs half a pair of "
        "different clubs): 'name: club, club; name: club …', e.g. 'Toulouse: 31To, 31Co' "
        "(ClubsGroups).",
    )
    hd_based_on_mms: bool = _yes_no(
        True,
        "Handicap based on MMS",
        (HANDICAP, "hdBasedOnMMS"),
        "yes: a game's handicap comes from the McMahon scores; no: from the ranks (hdBasedOnMMS).",
    )
    hd_no_hd_rank_threshold: int = _rank(
        0,
        "No handicap above",
        (HANDICAP, "hdNoHdRankThreshold"),
        "Strengths above this rank count as this rank when the handicap is computed, so two "
        "players at or above it play even (hdNoHdRankThreshold).",
    )
    hd_correction: int = _int(
        1,
        "Handicap correction",
        (HANDICAP, "hdCorrection"),
        parse_int(-1, 3),
        "Stones taken off the difference: 1 = a one-rank difference plays even with komi "
        "(hdCorrection, -1 to 3).",
    )
    hd_ceiling: int = _int(
        9,
        "Handicap ceiling",
        (HANDICAP, "hdCeiling"),
        parse_int(0, 9),
        "The largest handicap; 0 = every game even (hdCeiling).",
    )
    placement: tuple[str, ...] = _parameter(
        ("MMS", "SOSM", "SOSOSM"),
        "Placement criteria",
        parse_criteria,
        join,
        "Standings order, up to 6, by OpenGotha's names: NBW (wins), MMS (McMahon score), "
        "SOSW/SOSM (sum of opponents' wins / McMahon scores), SOSWM1, SOSWM2, SOSMM1, SOSMM2 "
        "(without the 1 or 2 lowest), SODOSW/SODOSM (of beaten opponents), SOSOSW/SOSOSM (sum of "
        "opponents' SOS), CUSSW/CUSSM (cumulated score), EXT/EXR (exploits tried / successful), "
        "SDC/DC (direct confrontation), CAT (category), RANK, RATING, STS/SOSTS (Strasbourg "
        "score: MMS plus a bonus to the top group's winners of the last rounds, and its SOS), "
        "CPS (cup score: doubled each round, then the round's points). The first NBW, MMS or "
        "CPS is the pairing's main score. OpenGotha V4's BZS, SOSB, SOSOSB are kept as named, "
        "not computed (PlacementCriteria).",
    )
    pai_avoid_duplicates: int = _weight(
        500_000_000_000_000,
        "Avoid duplicate games",
        (PAIRING, "paiBaAvoidDuplGame"),
        "Weight for two players who have not met yet (paiBaAvoidDuplGame).",
    )
    pai_random: int = _weight(
        0,
        "Random",
        (PAIRING, "paiBaRandom"),
        "Largest random weight added to a pair; 0 = no randomness (paiBaRandom).",
    )
    pai_deterministic: bool = _yes_no(
        True,
        "Deterministic random",
        (PAIRING, "paiBaDeterministic"),
        "yes: the 'random' weights come from the players' names, so a pairing can be made again "
        "identically (paiBaDeterministic).",
    )
    pai_balance_wb: int = _weight(
        1_000_000,
        "Balance White and Black",
        (PAIRING, "paiBaBalanceWB"),
        "Weight for an even game between players whose colours so far balance each other "
        "(paiBaBalanceWB).",
    )
    pai_avoid_mixing_categories: int = _weight(
        0,
        "Avoid mixing categories",
        (PAIRING, "paiMaAvoidMixingCategories"),
        "Weight for two players of the same category (paiMaAvoidMixingCategories).",
    )
    pai_minimize_score_difference: int = _weight(
        100_000_000_000,
        "Minimize score difference",
        (PAIRING, "paiMaMinimizeScoreDifference"),
        "Weight for two players of the same score group, less with the distance "
        "(paiMaMinimizeScoreDifference).",
    )
    pai_dudd_weight: int = _weight(
        100_000_000,
        "DUDD weight",
        (PAIRING, "paiMaDUDDWeight"),
        "Weight of draw-ups and draw-downs between score groups (paiMaDUDDWeight).",
    )
    pai_compensate_dudd: bool = _yes_no(
        True,
        "Compensate DUDD",
        (PAIRING, "paiMaCompensateDUDD"),
        "yes: a player drawn up before is preferably drawn down, and the reverse "
        "(paiMaCompensateDUDD).",
    )
    pai_dudd_upper_mode: str = _choice(
        "MID",
        "DUDD upper mode",
        (PAIRING, "paiMaDUDDUpperMode"),
        DUDD_MODES,
        "Who of the upper group is drawn down: TOP, MID or BOT of the group (paiMaDUDDUpperMode).",
    )
    pai_dudd_lower_mode: str = _choice(
        "MID",
        "DUDD lower mode",
        (PAIRING, "paiMaDUDDLowerMode"),
        DUDD_MODES,
        "Who of the lower group is drawn up: TOP, MID or BOT of the group (paiMaDUDDLowerMode).",
    )
    pai_maximize_seeding: int = _weight(
        5_000_000,
        "Maximize seeding",
        (PAIRING, "paiMaMaximizeSeeding"),
        "Weight of the seeding inside a score group (paiMaMaximizeSeeding).",
    )
    pai_last_round_seed_system1: int = _int(
        2,
        "Last round for seed system 1",
        (PAIRING, "paiMaLastRoundForSeedSystem1"),
        parse_int(0, 20),
        "Rounds 1 to this one are seeded with seed system 1, later ones with seed system 2 "
        "(paiMaLastRoundForSeedSystem1).",
    )
    pai_seed_system1: str = _choice(
        "SPLITANDRANDOM",
        "Seed system 1",
        (PAIRING, "paiMaSeedSystem1"),
        SEED_SYSTEMS,
        "SPLITANDSLIP (top half against bottom half, 1st-(n/2+1)th …), SPLITANDFOLD (1st against "
        "last …) or SPLITANDRANDOM (halves, at random) (paiMaSeedSystem1).",
    )
    pai_seed_system2: str = _choice(
        "SPLITANDFOLD",
        "Seed system 2",
        (PAIRING, "paiMaSeedSystem2"),
        SEED_SYSTEMS,
        "The seed system after 'Last round for seed system 1' (paiMaSeedSystem2).",
    )
    pai_additional_crit1: str = _parameter(
        "Rating",
        "Additional placement criterion 1",
        parse_additional_criterion,
        same,
        "With seed system 1, ties of the placement criteria inside a group are ordered by this "
        "(Rating, Rank or NULL) (paiMaAdditionalPlacementCritSystem1).",
        xml=(PAIRING, "paiMaAdditionalPlacementCritSystem1"),
    )
    pai_additional_crit2: str = _parameter(
        "NULL",
        "Additional placement criterion 2",
        parse_additional_criterion,
        same,
        "The same, with seed system 2 (paiMaAdditionalPlacementCritSystem2).",
        xml=(PAIRING, "paiMaAdditionalPlacementCritSystem2"),
    )
    pai_minimize_handicap: int = _weight(
        0,
        "Minimize handicap",
        (PAIRING, "paiSeMinimizeHandicap"),
        "Secondary: weight for a small handicap (paiSeMinimizeHandicap).",
    )
    pai_avoid_same_geo: int = _weight(
        100_000_000_000,
        "Avoid same geography",
        (PAIRING, "paiSeAvoidSameGeo"),
        "Secondary: weight for two players of different clubs and countries (paiSeAvoidSameGeo).",
    )
    pai_prefer_mms_diff_country: int = _int(
        1,
        "Prefer MMS difference to same country",
        (PAIRING, "paiSePreferMMSDiffRatherThanSameCountry"),
        parse_int(0, 99),
        "Secondary: how many McMahon points of difference are better than a game between two "
        "players of one country (paiSePreferMMSDiffRatherThanSameCountry).",
    )
    pai_prefer_mms_diff_club: int = _int(
        3,
        "Prefer MMS difference to same club",
        (PAIRING, "paiSePreferMMSDiffRatherThanSameClub"),
        parse_int(0, 99),
        "Secondary: how many McMahon points of difference are better than a game between two "
        "players of one club (paiSePreferMMSDiffRatherThanSameClub).",
    )
    pai_rank_threshold: int = _rank(
        0,
        "Secondary criteria rank threshold",
        (PAIRING, "paiSeRankThreshold"),
        "Secondary criteria do not apply to a player whose McMahon score is at least this rank's "
        "(paiSeRankThreshold).",
    )
    pai_nbw_threshold_active: bool = _yes_no(
        False,
        "Secondary criteria wins threshold",
        (PAIRING, "paiSeNbWinsThresholdActive"),
        "yes: secondary criteria do not apply to a player with at least half the rounds won "
        "(paiSeNbWinsThresholdActive).",
    )
    pai_bar_threshold_active: bool = _yes_no(
        True,
        "Secondary criteria bar threshold",
        (PAIRING, "paiSeBarThresholdActive"),
        "yes: secondary criteria do not apply to a player who started at the McMahon bar "
        "(paiSeBarThresholdActive).",
    )
    pai_def_sec_crit: int = _weight(
        100_000_000_000,
        "Default secondary criteria weight",
        (PAIRING, "paiSeDefSecCrit"),
        "The weight OpenGotha's dialog proposes for the secondary criteria (paiSeDefSecCrit).",
    )
    pai_nx1_factor: float = _parameter(
        0.5,
        "Concavity factor",
        parse_fraction_01,
        same,
        "k in the weight f(x) = W·(1 − x)·(1 + k·x) of a distance x: with k > 0, two differences "
        "of 1 are preferred to one of 2 (paiStandardNX1Factor).",
        xml=(PAIRING, "paiStandardNX1Factor"),
    )
    og_blocks: bool = _parameter(
        False,
        "Pair in blocks above 600 players",
        parse_yes_no,
        yes_no,
        "yes: like OpenGotha, a round of more than 600 players is paired in blocks of 200 to 300 "
        "from the top score down (needed to get OpenGotha's pairings of such a field); no: the "
        "whole field in one matching (the better pairing). gosheet's own setting.",
    )

    bye_rule: str = _parameter(
        BYE_RULES[0],
        "Bye rule",
        parse_choice(*BYE_RULES),
        same,
        N_w(
            "Who gets the bye. OpenGotha 3.51: the least rank + 2 × McMahon score + 1000 per bye "
            "already had (OpenGotha's chooseAByePlayer), in Swiss too; fewest wins: in Swiss, the "
            "fewest wins, then the lowest rank (rank + 40 × wins + 1000 per bye had; Pairgoth's "
            "rule). McMahon is the same under both. Among equals, the last in OpenGotha's list. "
            "An import takes fewest wins only from a file of OpenGotha 3.52 or later. gosheet's "
            "own setting."
        ),
    )

    def __post_init__(self) -> None:
        check_values(self, OG_FIELDS)

    def replace(self, **changes: Any) -> OpenGothaParameters:
        return records.replace(self, **changes)

    def ranked_by(self, system: System | str) -> tuple[str, ...]:
        """The placement criteria gosheet computes: those named, but OpenGotha V4's Breizh
        criteria (:data:`~gosheet.core.opengotha.values.KEPT_CRITERIA`); the defaults of
        ``system`` when none is left.

        >>> OpenGothaParameters(placement=("BZS", "SOSB", "SOSOSB")).ranked_by("swiss")
        ('NBW', 'SOSW', 'SOSOSW')
        >>> OpenGothaParameters(placement=("MMS", "BZS")).ranked_by("mcmahon")
        ('MMS',)
        """
        computed = tuple(c for c in self.placement if c not in KEPT_CRITERIA)
        return computed or OpenGothaParameters.for_system(system).placement

    @classmethod
    def swiss(cls) -> OpenGothaParameters:
        """OpenGotha's parameters for a Swiss tournament (``initForSwiss``)."""
        return cls(
            mm_bar=8,
            mm_floor=-30,
            hd_based_on_mms=False,
            hd_no_hd_rank_threshold=-30,
            hd_correction=0,
            hd_ceiling=0,
            placement=("NBW", "SOSW", "SOSOSW"),
            pai_seed_system1="SPLITANDSLIP",
            pai_seed_system2="SPLITANDSLIP",
            pai_additional_crit2="Rating",
            pai_avoid_same_geo=0,
            pai_prefer_mms_diff_country=0,
            pai_prefer_mms_diff_club=0,
            pai_rank_threshold=-30,
            pai_nbw_threshold_active=True,
            pai_def_sec_crit=20_000_000_000_000,
        )

    @classmethod
    def for_system(cls, system: System | str) -> OpenGothaParameters:
        """OpenGotha's defaults for a Swiss tournament, else for McMahon (the system as a
        member or by its name)."""
        return cls.swiss() if System(system) is System.SWISS else cls()


#: Each parameter as a setting, in the order of the Settings sheet.
OG_FIELDS: tuple[Field, ...] = tuple(
    records.replace(f.metadata[_FIELD], attr=f.name) for f in records.fields(OpenGothaParameters)
)
