"""OpenGotha's team answers, read: the text ``og-teams`` writes (``standings``, ``pair``,
``check``; fixtures/opengotha-teams/README.md tells the format), and ``og-teams`` itself run on
a file (:class:`~support.opengotha_jar.OpenGotha` from the environment)."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from support.og_teams import OGGameLine, game_line
from support.opengotha_jar import OpenGotha
from support.paths import TESTS

FIXTURES = TESTS / "fixtures" / "opengotha-teams"


@dataclass(frozen=True)
class Answer:
    """One ``og-teams`` text: the games of each round (by round), the team lines of the
    standings printed last (tab-separated fields, record type dropped)."""

    games: dict[int, list[OGGameLine]]
    matches: dict[int, list[tuple[str, ...]]]
    standings: list[tuple[str, ...]]


def read_answer(text: str) -> Answer:
    games: dict[int, list[OGGameLine]] = {}
    matches: dict[int, list[tuple[str, ...]]] = {}
    tables: list[list[tuple[str, ...]]] = []
    r = 0
    for line in text.splitlines():
        if line.startswith("# round "):
            r = int(line.split()[2].rstrip(":"))
        elif line.startswith("# team standings"):
            tables.append([])
        fields = line.split("\t")
        if fields[0] == "game":
            games.setdefault(r, []).append(game_line(fields))
        elif fields[0] == "match":
            matches.setdefault(r, []).append(tuple(fields[1:]))
        elif fields[0] == "team":
            tables[-1].append(tuple(fields[1:]))
    return Answer(games, matches, tables[-1] if tables else [])


def fixture_answer(name: str) -> Answer:
    """An answer OpenGotha gave on one of the fixtures (``ull.standings.R3``)."""
    return read_answer((FIXTURES / f"{name}.txt").read_text("utf-8"))


def og_teams(og: OpenGotha, *args: object) -> str:
    """Run ``og-teams`` on OpenGotha's jar; its standard output."""
    command = [str(og.folder / "og-teams"), str(og.jar), *map(str, args)]
    done = subprocess.run(command, env=og.env(), capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def og_standings(og: OpenGotha, xml: Path, round_number: int) -> Answer:
    """OpenGotha's team standings of a file after a round (and the games it read)."""
    out = xml.parent / f"{xml.stem}.standings.R{round_number}"
    og_teams(og, "standings", xml, round_number, out)
    return read_answer(Path(f"{out}.txt").read_text("utf-8"))


def check_rows(text: str) -> tuple[list[list[str]], list[str]]:
    """An ``og-teams check``: its rows (round … total, numbers) and each board that differs."""
    rows = [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]
    differ = [line for line in text.splitlines() if line.startswith("#   R")]
    return rows[1:], differ
