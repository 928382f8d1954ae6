"""Tournaments like the trove's (issue 36: 291 OpenGotha files users uploaded), generated
from a seed and paired round by round by OpenGotha itself, then judged against gosheet.

:func:`generate` writes an OpenGotha file: Swiss or McMahon, placement criteria drawn from
every one gosheet has (DC and SDC among them), handicaps or none, club and country avoidance
with clubs and countries written in varied case (``Zur``, ``zur``, ``ZUR``; ``CH``, ``ch``),
absences, an odd or even field (byes), 10–300 players.

:func:`play` lets OpenGotha (with the 3.52 cost changes gosheet follows) pair each round from
the file of the rounds before, draw its results and dump its weights.

:func:`judge` re-pairs each round with gosheet from the same state and weighs gosheet's pairs
by OpenGotha's own dump: a pair of OpenGotha's that gosheet does not make is **forced** when
every perfect matching without it weighs less than OpenGotha's (so it is in every optimum).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import networkx as nx

from gosheet import records
from gosheet.core.model import Tournament
from gosheet.core.opengotha import engine
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.writing import write_opengotha
from gosheet.formats.opengotha.xml import OGPlayer, OGTournament, player_key, read_opengotha

from .opengotha_jar import OpenGotha, Weights, read_weights
from .paths import FIXTURES, SYNTH

MM_CRITERIA = ("SOSM", "SOSMM1", "SOSMM2", "SODOSM", "SOSOSM", "CUSSM", "DC", "SDC", "EXT")
SWISS_CRITERIA = ("SOSW", "SOSWM1", "SOSWM2", "SODOSW", "SOSOSW", "CUSSW", "DC", "SDC", "EXR")
TAIL_CRITERIA = ("RATING", "RANK", "NULL")
SEEDING = ("SPLITANDRANDOM", "SPLITANDFOLD", "SPLITANDSLIP")
SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "to", "vi", "za", "bé", "gü", "sha", "dor", "fen")
CLUBS = ("Zur", "Bern", "Gen", "Lyon", "Pari", "Koln", "Wien", "Brno", "Riga", "Oslo", "Kiev")
COUNTRIES = ("CH", "FR", "DE", "AT", "CZ", "LV", "NO", "UA")


def _rank(k: int) -> str:
    """OpenGotha's rank text of rank ``k`` (30k = −30, 1d = 0)."""
    return f"{-k}K" if k < 0 else f"{k + 1}D"


def _case(rng: random.Random, word: str) -> str:
    """The word as written, one time in five in another case (OpenGotha's users do)."""
    return rng.choice((word.lower(), word.upper())) if rng.random() < 0.2 else word


DIRECT = ("DC", "SDC")


def generate(seed: int, n: int, rounds: int, *, swiss: bool, direct: bool = True) -> OGTournament:
    """A tournament of ``n`` players, no round paired yet, its settings drawn from ``seed``;
    without ``direct``, no DC or SDC among its criteria (OpenGotha's own pairing with them
    depends on its clock: docs/opengotha.md, "Judged by OpenGotha itself")."""
    rng = random.Random(seed)
    base = read_opengotha(
        FIXTURES / "notsosimpleswiss" / "notsosimpleswiss.xml"
        if swiss
        else SYNTH / "mm120-4r-absences" / "mm120-4r-absences.xml"
    )
    clubs = CLUBS[: max(2, min(len(CLUBS), n // 6))]
    home = {club: rng.choice(COUNTRIES) for club in clubs}
    names: set[str] = set()
    players = []
    while len(players) < n:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
        first = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 2))).capitalize()
        if player_key(OGPlayer(name, first, "1K", 0)) in names:
            continue
        names.add(player_key(OGPlayer(name, first, "1K", 0)))
        k = rng.randint(-30, 6)
        club = rng.choice(clubs)
        away = {r for r in range(1, rounds + 1) if rng.random() < 0.06}
        participating = "".join("0" if r in away else "1" for r in range(1, 21))
        players.append(
            OGPlayer(
                name,
                first,
                _rank(k),
                2050 + 100 * k + rng.randint(-49, 49),
                _case(rng, club),
                _case(rng, home[club] if rng.random() < 0.9 else rng.choice(COUNTRIES)),
                participating=participating,
            )
        )
    parameters = {key: dict(value) for key, value in base.parameters.items()}
    general = parameters["GeneralParameterSet"]
    general |= {"numberOfRounds": str(rounds), "name": f"Trove-like {seed}"}
    if not swiss:
        general |= {
            "genMMBar": rng.choice(("1D", "3D", "4D")),
            "genMMFloor": rng.choice(("20K", "15K")),
        }
    handicap = parameters["HandicapParameterSet"]
    if rng.random() < 0.5:
        handicap |= {"hdCeiling": "0", "hdCorrection": "0", "hdNoHdRankThreshold": "30K"}
    else:
        handicap |= {
            "hdCeiling": rng.choice(("5", "9")),
            "hdCorrection": str(rng.randint(0, 2)),
            "hdBasedOnMMS": rng.choice(("true", "false")),
            "hdNoHdRankThreshold": rng.choice(("1D", "5K")),
        }
    pairing = parameters["PairingParameterSet"]
    pairing |= {
        "paiMaSeedSystem1": rng.choice(SEEDING),
        "paiMaSeedSystem2": rng.choice(SEEDING),
        "paiMaLastRoundForSeedSystem1": str(rng.randint(1, 2)),
        "paiSeAvoidSameGeo": rng.choice(("0", "100000000000")),
        "paiSePreferMMSDiffRatherThanSameClub": str(rng.randint(0, 3)),
        "paiSePreferMMSDiffRatherThanSameCountry": str(rng.randint(0, 2)),
        "paiSeMinimizeHandicap": rng.choice(("0", "0", "100000000")),
    }
    pool = tuple(c for c in (SWISS_CRITERIA if swiss else MM_CRITERIA) if direct or c not in DIRECT)
    criteria = ("NBW" if swiss else "MMS", *rng.sample(pool, 2), rng.choice(TAIL_CRITERIA))
    return records.replace(
        base,
        attributes={"dataVersion": "201", "fullVersionNumber": "3.51.02", "runningMode": "SAL"},
        players=tuple(players),
        games=(),
        byes=(),
        parameters=parameters,
        placement_criteria=(*criteria, *("NULL",) * (6 - len(criteria))),
    )


def play(og: OpenGotha, t: OGTournament, folder: Path, seed: int) -> tuple[Path, list[Weights]]:
    """Every round of ``t`` paired by OpenGotha, with drawn results: the last file, and each
    round's weight dump."""
    source = folder / "R0.xml"
    source.write_bytes(write_opengotha(t))
    rounds = int(t.parameters["GeneralParameterSet"]["numberOfRounds"])
    dumps = []
    for r in range(1, rounds + 1):
        out, weights = folder / f"R{r}.xml", folder / f"weights_R{r}.txt"
        og.pair(source, r, out, seed * 100 + r, weights)
        dumps.append(read_weights(weights))
        source = out
    return source, dumps


@dataclass(frozen=True)
class Verdict:
    """One round judged: OpenGotha's pairs and gosheet's, weighed by OpenGotha's dump."""

    round_number: int
    theirs: frozenset[frozenset[str]]
    ours: frozenset[frozenset[str]]
    their_bye: tuple[str, ...]
    our_bye: tuple[str, ...]
    their_total: int
    our_total: int
    missed_forced: tuple[frozenset[str], ...]
    weights: Weights

    @property
    def same(self) -> int:
        return len(self.theirs & self.ours)

    def explain(self) -> str:
        """OpenGotha's weights of each forced pair gosheet missed, and of gosheet's pairs of
        those players instead."""
        lines = [f"round {self.round_number}: total {self.our_total} against {self.their_total}"]
        for pair in self.missed_forced:
            lines.append(f"  forced {sorted(pair)}: {self.weights.get(pair)}")
            for ours in self.ours - self.theirs:
                if ours & pair:
                    lines.append(f"    gosheet {sorted(ours)}: {self.weights.get(ours)}")
        return "\n".join(lines)


def full_name(t: Tournament, number: int) -> str:
    p = t.player(number)
    return f"{p.surname} {p.first_name}"


def judge(final: Path, r: int, weights: Weights, bye_rule: str | None = None) -> Verdict:
    """Round ``r`` of ``final`` (written by OpenGotha) re-paired by gosheet from the state
    before it (under ``bye_rule`` if given, else the file's), weighed by OpenGotha's dump of
    that round."""
    og = read_opengotha(final)
    t = from_opengotha(og, until_round=r - 1).tournament
    if bye_rule is not None:
        t = records.replace(t, settings=t.settings.replace(bye_rule=bye_rule))
    by_key = {player_key(p): f"{p.name} {p.first_name}" for p in og.players}
    theirs = frozenset(
        frozenset((by_key[g.white_key], by_key[g.black_key]))
        for g in og.games
        if g.round_number == r
    )
    pairing = engine.pair(t)
    ours = frozenset(
        frozenset((full_name(t, g.white), full_name(t, g.black))) for g in pairing.games
    )
    missing = 10**30  # a pair OpenGotha did not weigh cannot be an optimum's

    def total(pairs: frozenset[frozenset[str]]) -> int:
        return sum(weights[p]["totalCost"] if p in weights else -missing for p in pairs)

    their_total, our_total = total(theirs), total(ours)
    missed = ()
    if our_total != their_total:
        missed = tuple(p for p in theirs - ours if _forced(weights, p, their_total))
    return Verdict(
        r,
        theirs,
        ours,
        tuple(sorted(by_key[b.player_key] for b in og.byes if b.round_number == r)),
        tuple(sorted(full_name(t, b) for b in pairing.byes)),
        their_total,
        our_total,
        missed,
        weights,
    )


def _forced(weights: Weights, pair: frozenset[str], optimum: int) -> bool:
    """Whether every perfect matching without ``pair`` weighs less than ``optimum``."""
    graph = nx.Graph()
    for p, costs in weights.items():
        if p != pair:
            a, b = sorted(p)
            graph.add_edge(a, b, weight=costs["totalCost"])
    players = {name for p in weights for name in p}
    best = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(best) < len(players):
        return True  # no perfect matching without it
    return sum(graph[a][b]["weight"] for a, b in best) < optimum
