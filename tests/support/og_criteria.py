"""Tournaments for OpenGotha's Strasbourg and cup scores, written as OpenGotha files, and
OpenGotha's own standings of them: the ``.h9`` its ``og-export`` driver writes lists the
players in its placement order with each criterion's value."""

from __future__ import annotations

import os
import random
import subprocess
from fractions import Fraction
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pytest

from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import read_opengotha

RESULTS = ("RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL", "RESULT_WHITEWINS_BYDEF")
RANKS = ("4D", "2D", "1D", "1D", "1K", "3K", "5K", "8K", "12K", "15K", "20K")
NAMES = ("Abe", "Baker", "Cole", "Dunn", "Egan", "Ford", "Gray", "Hale", "Ito", "Jones", "Kerr")


def tournament_xml(
    seed: int,
    criteria: tuple[str, ...],
    *,
    rounds: int = 5,
    players: int = 11,
    half: bool = False,
) -> str:
    """An OpenGotha file of ``players`` players over ``rounds`` rounds, paired at random from
    ``seed`` (a bye when the number is odd, one absence in round 2), every game with a
    result, handicaps under a 1D bar; Abe (4D) wins every game and Baker (2D) every game
    of the rounds before the last two, so that both earn Strasbourg bonuses."""
    rng = random.Random(seed)
    keys = [f"{NAMES[k].upper()}P{k}" for k in range(players)]
    ranks = {k: RANKS[k % len(RANKS)] for k in range(players)}
    absent = {rng.randrange(4, players): 2}
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>']
    lines.append('<Tournament dataVersion="201" fullVersionNumber="3.51.02">')
    lines.append("<Players>")
    for k in range(players):
        participating = "".join("0" if absent.get(k) == r + 1 else "1" for r in range(20))
        lines.append(
            f'<Player agaExpirationDate="" agaId="" club="C{k % 3}" country="FR" egfPin="" '
            f'ffgLicence="" ffgLicenceStatus="" firstName="P{k}" grade="" name="{NAMES[k]}" '
            f'participating="{participating}" rank="{ranks[k]}" rating="{2400 - 100 * k}" '
            f'ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>'
        )
    lines.append("</Players>\n<Games>")
    byes: list[tuple[int, int]] = []
    for r in range(1, rounds + 1):
        present = [k for k in range(players) if absent.get(k) != r]
        rng.shuffle(present)
        if len(present) % 2:
            byes.append((present.pop(), r))
        pairs = [present[i : i + 2] for i in range(0, len(present), 2)]
        for pair in pairs:  # Abe and Baker never meet before the last round
            if sorted(pair) == [0, 1] and len(pairs) > 1:
                other = pairs[0] if pairs[0] != pair else pairs[1]
                pair[1], other[0] = other[0], pair[1]
        for table, (white, black) in enumerate(pairs, 1):
            result = rng.choice(RESULTS)
            for winner, wins in ((0, "RESULT_WHITEWINS"), (1, "RESULT_WHITEWINS")):
                if winner in (white, black) and (winner == 0 or r <= rounds - 2):
                    white, black = (winner, black if white == winner else white)
                    result = wins
            handicap = 0 if {white, black} & {0, 1} else rng.choice((0, 0, 2))
            lines.append(
                f'<Game blackPlayer="{keys[black]}" handicap="{handicap}" knownColor="true" '
                f'result="{result}" roundNumber="{r}" tableNumber="{table}" '
                f'whitePlayer="{keys[white]}"/>'
            )
    lines.append("</Games>\n<ByePlayers>")
    lines += [f'<ByePlayer player="{keys[k]}" roundNumber="{r}"/>' for k, r in byes]
    lines.append("</ByePlayers>\n<TournamentParameterSet>")
    lines.append(
        '<GeneralParameterSet basicTime="60" beginDate="2024-01-01" canByoYomiTime="300" '
        'complementaryTimeSystem="STDBYOYOMI" director="" endDate="2024-01-01" fischerTime="10" '
        f'genCountNotPlayedGamesAsHalfPoint="{"true" if half else "false"}" genMMBar="1D" '
        'genMMFloor="20K" genMMS2ValueAbsent="1" genMMS2ValueBye="2" genMMZero="30K" '
        'genNBW2ValueAbsent="0" genNBW2ValueBye="2" genRoundDownNBWMMS="true" komi="7.5" '
        'location="" name="Criteria" nbMovesCanTime="15" numberOfCategories="1" '
        f'numberOfRounds="{rounds}" shortName="criteria" size="19" stdByoYomiTime="30"/>'
    )
    lines.append(
        '<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1" '
        'hdNoHdRankThreshold="1D"/>'
    )
    named = (*criteria, *("NULL",) * (6 - len(criteria)))
    lines.append("<PlacementParameterSet><PlacementCriteria>")
    lines += [
        f"<PlacementCriterion name={quoteattr(c)} number={quoteattr(str(n))}/>"
        for n, c in enumerate(named, 1)
    ]
    lines.append("</PlacementCriteria></PlacementParameterSet>")
    lines.append('<PairingParameterSet paiMaAdditionalPlacementCritSystem1="Rating"/>')
    lines.append("</TournamentParameterSet>\n</Tournament>")
    return "\n".join(lines) + "\n"


def opengotha_jar() -> Path:
    """The OpenGotha jar and its drivers from the environment, or the test is skipped."""
    jar = os.environ.get("GOSHEET_OPENGOTHA_JAR")
    drivers = os.environ.get("GOSHEET_OPENGOTHA_DRIVERS") or (jar and str(Path(jar).parent))
    if not jar or not drivers or not (Path(drivers) / "og-export").exists():
        pytest.skip("GOSHEET_OPENGOTHA_JAR (and its og-export driver) not set: no OpenGotha")
    return Path(jar)


def opengotha_standings(
    jar: Path, xml: Path, criteria: int, rounds: int, build: Path
) -> list[tuple[int, str, tuple[Fraction, ...]]]:
    """OpenGotha's standings of the file ``xml``: (place, name, criteria's values) of each
    player, in its order, read from the ``.h9`` its ``og-export`` driver writes (four
    criteria columns, padded with 0; ½ written as ``?`` in its Latin-1)."""
    drivers = Path(os.environ.get("GOSHEET_OPENGOTHA_DRIVERS") or jar.parent)
    out = xml.parent / "export"
    subprocess.run(
        [str(drivers / "og-export"), str(jar), str(xml), str(out)],
        check=True,
        capture_output=True,
        env={**os.environ, "OG_ORACLE_BUILD": str(build)},
        timeout=300,
    )
    text = (out / xml.with_suffix(".h9").name).read_bytes().decode("latin-1")
    rows = []
    for line in text.splitlines():
        if line.startswith(";") or not line.strip():
            continue
        tokens = line.split()
        values = tokens[-(rounds + 4) : -rounds][:criteria]  # four columns, 0 beyond
        rows.append((int(tokens[0]), tokens[1], tuple(map(_value, values))))
    return rows


def _value(text: str) -> Fraction:
    """A value as OpenGotha prints it: ``12``, ``12?`` (12½), ``-3?``."""
    half = text.endswith(("½", "?"))
    whole = Fraction(int(text.rstrip("½?") or 0))
    return whole + (Fraction(-1, 2) if text.startswith("-") else Fraction(1, 2)) * half


def opengotha_pairing(
    jar: Path, xml: Path, round_number: int, build: Path
) -> tuple[set[frozenset[str]], dict[frozenset[str], int]]:
    """OpenGotha's pairing of round ``round_number`` of ``xml`` from the state before it,
    with the cost changes gosheet follows (its ``classes-352`` before the jar), and its
    weight of every pair (``totalCost``): the pairs and the weights by the players' names
    (``Abe P0``)."""
    drivers = Path(os.environ.get("GOSHEET_OPENGOTHA_DRIVERS") or jar.parent)
    if not (drivers / "classes-352").is_dir():
        pytest.skip("no classes-352 beside the OpenGotha drivers: no 3.52 costs")
    out = xml.with_name(f"{xml.stem}_R{round_number}.xml")
    weights_file = xml.with_name(f"{xml.stem}_w{round_number}.txt")
    subprocess.run(
        [str(drivers / "og-pair"), str(jar), str(xml), str(round_number), str(out)],
        check=True,
        capture_output=True,
        env={
            **os.environ,
            "OG_ORACLE_BUILD": str(build),
            "OG_EXTRA_CP": str(drivers / "classes-352"),
            "OG_WEIGHTS_FILE": str(weights_file),
        },
        timeout=300,
    )
    weights: dict[frozenset[str], int] = {}
    first = second = ""
    for line in weights_file.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key == "Player1Name":
            first = value
        elif key == "Player2Name":
            second = value
        elif key == "totalCost":
            weights[frozenset((first, second))] = int(value)
    paired = from_opengotha(read_opengotha(out)).tournament
    pairs = {
        frozenset(paired.player(n).name for n in (g.white, g.black))
        for g in paired.rounds[round_number - 1].games
    }
    return pairs, weights
