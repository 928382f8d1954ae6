"""Small OpenGotha tournaments written as OpenGotha writes its files, each made to hold one case
of the results files (forfeits, letters outside ISO-8859-15, a start date after the end date,
a round saved before its results, planned rounds not played, clubs with spaces), and
OpenGotha's own ``.h9``/``.tou``/AGA of them through the ``og-export`` driver
(``GOSHEET_OPENGOTHA_JAR``, ``GOSHEET_OPENGOTHA_DRIVERS``)."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

JAR = "GOSHEET_OPENGOTHA_JAR"
DRIVERS = "GOSHEET_OPENGOTHA_DRIVERS"


@dataclass(frozen=True)
class Entrant:
    """A player of the file: ``participating`` one character a round (``0`` absent)."""

    name: str
    first: str
    rank: str = "10K"
    club: str = "Pari"
    country: str = "FR"
    participating: str = "1" * 20
    ffg: str = ""

    @property
    def key(self) -> str:
        """OpenGotha's key (``Player.computeKeyString``): name and first name without
        spaces, in capitals."""
        return (self.name + self.first).replace(" ", "").upper()


@dataclass(frozen=True)
class Board:
    """A game: round (from 1), the players by their index in the roster, OpenGotha's result
    (``RESULT_WHITEWINS``, ``…_BYDEF`` …)."""

    round: int
    white: int
    black: int
    result: str = "RESULT_WHITEWINS"
    handicap: int = 0


@dataclass(frozen=True)
class OgFile:
    players: tuple[Entrant, ...]
    games: tuple[Board, ...]
    byes: tuple[tuple[int, int], ...] = ()  # (round, player index)
    rounds: int = 3
    begin: str = "2024-05-18"
    end: str = "2024-05-19"
    mcmahon: bool = True
    criteria: tuple[str, ...] = ("MMS", "SOSM", "SOSOSM")
    game_format: str = "full"
    general: dict[str, str] = field(default_factory=dict)

    def xml(self) -> str:
        """The file, as OpenGotha 3.51 writes it."""
        lines = [
            '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
            '<Tournament dataVersion="201" externalIPAddress="" fullVersionNumber="3.51.02"'
            ' runningMode="SAL" saveDT="20240519180000">',
            "    <Players>",
        ]
        for p in self.players:
            attributes = {
                "agaExpirationDate": "",
                "agaId": "",
                "club": p.club,
                "country": p.country,
                "egfPin": "",
                "ffgLicence": p.ffg,
                "ffgLicenceStatus": "",
                "firstName": p.first,
                "grade": p.rank,
                "name": p.name,
                "participating": p.participating,
                "rank": p.rank,
                "rating": str(_rating(p.rank)),
                "ratingOrigin": "",
                "registeringStatus": "FIN",
                "smmsCorrection": "0",
            }
            lines.append(f"        <Player {_attributes(attributes)}/>")
        lines += ["    </Players>", "    <Games>"]
        tables: dict[int, int] = {}
        for g in self.games:
            tables[g.round] = tables.get(g.round, 0) + 1
            attributes = {
                "blackPlayer": self.players[g.black].key,
                "handicap": str(g.handicap),
                "knownColor": "true",
                "result": g.result,
                "roundNumber": str(g.round),
                "tableNumber": str(tables[g.round]),
                "whitePlayer": self.players[g.white].key,
            }
            lines.append(f"        <Game {_attributes(attributes)}/>")
        lines += ["    </Games>", "    <ByePlayers>"]
        for r, n in self.byes:
            key = self.players[n].key
            lines.append(f'        <ByePlayer player={quoteattr(key)} roundNumber="{r}"/>')
        lines += ["    </ByePlayers>", "    <TournamentParameterSet>"]
        general = {
            "bInternet": "false",
            "basicTime": "60",
            "beginDate": self.begin,
            "canByoYomiTime": "300",
            "complementaryTimeSystem": "STDBYOYOMI",
            "director": "",
            "endDate": self.end,
            "fischerTime": "10",
            "genCountNotPlayedGamesAsHalfPoint": "false",
            "genMMBar": "9D",
            "genMMFloor": "30K",
            "genMMS2ValueAbsent": "1",
            "genMMS2ValueBye": "2",
            "genMMZero": "30K",
            "genNBW2ValueAbsent": "0",
            "genNBW2ValueBye": "2",
            "genRoundDownNBWMMS": "true",
            "komi": "7.5",
            "location": "Paris",
            "name": "Cases",
            "nbMovesCanTime": "15",
            "numberOfCategories": "1",
            "numberOfRounds": str(self.rounds),
            "shortName": "cases",
            "size": "19",
            "stdByoYomiTime": "30",
        } | self.general
        lines.append(f"        <GeneralParameterSet {_attributes(general)}/>")
        lines.append(
            '        <HandicapParameterSet hdBasedOnMMS="true" hdCeiling="0" hdCorrection="0"'
            ' hdNoHdRankThreshold="30K"/>'
        )
        named = (*self.criteria, *("NULL",) * (6 - len(self.criteria)))
        lines.append("        <PlacementParameterSet>\n            <PlacementCriteria>")
        for n, name in enumerate(named, 1):
            lines.append(f'                <PlacementCriterion name="{name}" number="{n}"/>')
        lines.append("            </PlacementCriteria>\n        </PlacementParameterSet>")
        system = "SPLITANDSLIP" if self.mcmahon else "SPLITANDFOLD"
        lines.append(
            '        <PairingParameterSet paiBaAvoidDuplGame="500000000000000"'
            ' paiBaBalanceWB="1000000" paiBaDeterministic="true" paiBaRandom="0"'
            ' paiMaAdditionalPlacementCritSystem1="Rating"'
            ' paiMaAdditionalPlacementCritSystem2="NULL" paiMaAvoidMixingCategories="0"'
            ' paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID"'
            ' paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="1"'
            ' paiMaMaximizeSeeding="5000000" paiMaMinimizeScoreDifference="100000000000"'
            f' paiMaSeedSystem1="{system}" paiMaSeedSystem2="SPLITANDFOLD"'
            ' paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true"'
            ' paiSeDefSecCrit="100000000000" paiSeMinimizeHandicap="0"'
            ' paiSeNbWinsThresholdActive="false" paiSePreferMMSDiffRatherThanSameClub="3"'
            ' paiSePreferMMSDiffRatherThanSameCountry="1" paiSeRankThreshold="1D"'
            ' paiStandardNX1Factor="0.5"/>'
        )
        lines.append(
            '        <DPParameterSet displayClCol="true" displayCoCol="true"'
            ' displayIndGamesInMatches="true" displayNPPlayers="false" displayNumCol="true"'
            f' displayPlCol="true" gameFormat="{self.game_format}" playerSortType="name"'
            ' showByePlayer="true" showNotFinallyRegisteredPlayers="true"'
            ' showNotPairedPlayers="true" showNotParticipatingPlayers="false"'
            ' showPlayerClub="true" showPlayerCountry="false" showPlayerGrade="true"/>'
        )
        lines += ["    </TournamentParameterSet>", "</Tournament>", ""]
        return "\n".join(lines)


def _attributes(values: dict[str, str]) -> str:
    return " ".join(f"{k}={quoteattr(v)}" for k, v in values.items())


def _rating(rank: str) -> int:
    """The rating OpenGotha gives a rank (1D 2100, 1K 2000, 10K 1100)."""
    number, kind = int(rank[:-1]), rank[-1].upper()
    return 2050 + 100 * number - 50 if kind == "D" else 2100 - 100 * number


def opengotha_missing() -> str | None:
    """Why OpenGotha cannot run here (None: it can)."""
    jar = os.environ.get(JAR)
    if not jar or not Path(jar).is_file():
        return f"{JAR} is not set to OpenGotha's jar"
    drivers = os.environ.get(DRIVERS)
    if not drivers or not (Path(drivers) / "og-export").is_file():
        return f"{DRIVERS} is not set to the folder of OpenGotha's drivers (og-export)"
    return None


def opengotha_exports(xml: Path, out: Path, build: Path) -> dict[str, bytes]:
    """OpenGotha's own results files of ``xml`` (``og-export``, its driver compiled into
    ``build``): by suffix, ``.h9``, ``.nobydef.h9``, ``.tou``, ``.aga.txt``."""
    jar, drivers = os.environ[JAR], Path(os.environ[DRIVERS])
    env = dict(os.environ, OG_ORACLE_BUILD=str(build))
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [str(drivers / "og-export"), jar, str(xml), str(out)],
        check=True,
        capture_output=True,
        env=env,
        timeout=300,
    )
    base = xml.name.removesuffix(".xml")
    return {
        suffix: (out / f"{base}{suffix}").read_bytes()
        for suffix in (".h9", ".nobydef.h9", ".tou", ".aga.txt")
    }


#: OpenGotha's results, by the points they give (White's, Black's).
RESULTS = (
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_EQUAL",
    "RESULT_BOTHLOSE",
    "RESULT_WHITEWINS_BYDEF",
    "RESULT_BLACKWINS_BYDEF",
)
#: Names that tie and sort as Java sorts them (capitals before small letters, accents last).
SURNAMES = ("Abe", "Cho", "abe", "Émile", "Abe", "Cho", "Dal", "Zu", "Ábel", "Fu", "Cho", "Eko")
FIRST_NAMES = ("Ken", "Li", "Jo", "Ra", "Al", "Bo", "Ma", "Xi", "Ed", "Ty", "Ul", "Vi")
CRITERIA = (
    ("MMS", "SOSM", "SOSOSM"),
    ("MMS", "SOSM", "SODOSM"),
    ("MMS", "CUSSM", "SOSM-1"),
    ("NBW", "SOSW", "SOSOSW"),
    ("NBW", "SOSW-1", "SODOSW"),
)


def saved_mid_round(seed: int) -> OgFile:
    """A tournament of 5 to 12 players saved during its last round: 1 to 4 rounds, each
    with absent players, a bye when the players present are odd, sometimes two players left
    unpaired, any result — forfeits too — and half the last round's games without a result;
    McMahon or Swiss, with criteria that tie (players of one rank, names that sort as Java
    sorts them)."""
    import random

    rng = random.Random(seed)
    count, rounds = rng.randint(5, 12), rng.randint(1, 4)
    players = tuple(
        Entrant(
            SURNAMES[i],
            FIRST_NAMES[i],
            rng.choice(("3K", "5K", "5K", "8K")),
            participating="".join("0" if rng.random() < 0.12 else "1" for _ in range(20)),
        )
        for i in range(count)
    )
    games: list[Board] = []
    byes: list[tuple[int, int]] = []
    for r in range(1, rounds + 1):
        present = [i for i, p in enumerate(players) if p.participating[r - 1] == "1"]
        rng.shuffle(present)
        if len(present) % 2:
            byes.append((r, present.pop()))
        if len(present) > 2 and rng.random() < 0.3:
            present = present[:-2]
        for k in range(0, len(present), 2):
            result = rng.choice(RESULTS)
            if r == rounds and rng.random() < 0.5:
                result = "RESULT_UNKNOWN"
            games.append(Board(r, present[k], present[k + 1], result))
    criteria = rng.choice(CRITERIA)
    return OgFile(
        players,
        tuple(games),
        tuple(byes),
        rounds=rounds,
        mcmahon=criteria[0] == "MMS",
        criteria=criteria,
    )
