"""Team rounds paired by gosheet (:func:`pair_teams`), judged by OpenGotha 3.51.02 itself:
the team fixtures' players and teams, every round paired by gosheet with results drawn, the
games put back in the OpenGotha file; then ``og-teams check`` re-pairs each round with
OpenGotha's Pair button for gosheet's matches (every board's pair, colour, handicap and table
must be the same) and ``og-teams standings`` ranks the teams after every round (equal to
:func:`team_standings`). Skipped where OpenGotha is not here (``GOSHEET_OPENGOTHA_JAR``)."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from support.og_teams import key_of, load, og_standings_file, team_file
from support.opengotha_jar import drivers, run

from gosheet import records
from gosheet.core.model import Result, Round, Tournament
from gosheet.core.teams.boards import NEW_RULE
from gosheet.core.teams.pairing import pair_teams
from gosheet.core.teams.standings import criterion_text, team_standings
from gosheet.formats.opengotha.convert import OG_RESULTS
from gosheet.formats.opengotha.elements import OGGame
from gosheet.formats.opengotha.writing import write_opengotha
from gosheet.formats.opengotha.xml import read_opengotha

RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.WHITE_WINS, Result.BLACK_WINS, Result.JIGO)


def played(name: str, rounds: int, seed: int) -> Tournament:
    """The fixture's players and teams, ``rounds`` rounds paired by gosheet, results drawn."""
    t = load(name, until_round=0)
    t = records.replace(t, settings=t.settings.replace(team_colour_rule=NEW_RULE))
    lot = random.Random(seed)
    for _ in range(rounds):
        pairing = pair_teams(t)
        games = tuple(records.replace(g, result=lot.choice(RESULTS)) for g in pairing.games)
        t = t.with_round(Round(pairing.round_number, games))
    return t


def written(name: str, t: Tournament, path: Path) -> Path:
    """The fixture's OpenGotha file with ``t``'s games instead of its own."""
    og = read_opengotha(team_file(name))
    games = tuple(
        OGGame(
            rnd.number,
            g.table,
            key_of(t, g.white),
            key_of(t, g.black),
            g.handicap,
            OG_RESULTS[g.result],
        )
        for rnd in t.rounds
        for g in rnd.games
    )
    path.write_bytes(write_opengotha(records.replace(og, games=games)))
    return path


@pytest.mark.slow  # a JVM a round: about 15 s each
@pytest.mark.parametrize(
    ("name", "rounds"), [("synth-mm8x4", 5), ("synth-swiss8x4", 5), ("ull", 6)]
)
def test_gosheets_team_rounds_are_opengothas(name: str, rounds: int, tmp_path: Path) -> None:
    """8×4 McMahon with handicaps, 8×4 Swiss, and ull's 7 teams (a bye each round, line-ups
    by round), paired by gosheet from the first round on."""
    og = drivers()
    t = played(name, rounds, 37)
    source = written(name, t, tmp_path / f"{name}.xml")
    command = [str(og.folder / "og-teams"), str(og.jar), "check", str(source)]
    done = subprocess.run(command, env=og.env(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    total = next(line for line in done.stdout.splitlines() if line.startswith("total"))
    cells = total.split("\t")
    boards = int(cells[3])
    assert boards == sum(len(r.games) for r in t.rounds)
    assert cells[2] == "0"  # no click refused (no rematch, no incomplete team)
    assert cells[4:8] == [str(boards)] * 4, done.stdout
    stones = sum(g.handicap > 0 for rnd in t.rounds for g in rnd.games)
    assert (stones > 0) == (name == "synth-mm8x4")
    for r in range(1, rounds + 1):
        base = tmp_path / f"{name}.standings.R{r}"
        run(
            [str(og.folder / "og-teams"), str(og.jar), "standings", str(source), str(r), str(base)],
            og.env(),
        )
        criteria, rows = og_standings_file(Path(f"{base}.txt"), r)
        mine = team_standings(t, r)
        assert [
            (
                "" if row.place is None else str(row.place),
                row.team.name,
                tuple(criterion_text(c, v) for c, v in zip(criteria, row.values, strict=True)),
                row.rounds,
            )
            for row in mine.rows
        ] == [(o.place, o.name, o.values, o.rounds) for o in rows]
