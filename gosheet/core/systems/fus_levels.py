"""FUS levels (``docs/systems.md`` §2; the founding text: §B): start levels, accelerated
steps, the FUS coefficient and the standings.

- 1 level = 1 tournament point = ½ stone = 50 rating points (a setting).
- Start level S = rating / 50, rounded (half up); with a rank only, the rank's
  nominal EGF rating.
- A win in round T of R, with W wins and L losses counting round T, moves the
  level by ``min(max(1, W − L), R − T + 1)``: +1 in round 1 or after losses,
  one more with each win while wins exceed losses, never more than the
  remaining rounds + 1 (seed: 5 wins of 5 give 1 + 2 + 3 + 2 + 1 = 9). R is the
  number of rounds in force when the round was paired (kept on its sheet): a
  change of ``Rounds`` mid-tournament never rewrites the steps already played.
- A loss, a jigo, an absent round: 0. A bye or a win by forfeit: the settings'
  levels (1), not accelerated; they count as wins. A forfeit loss counts as a loss.
"""

from __future__ import annotations

from collections.abc import Mapping

from gosheet.core.model import Outcome, Player, Tournament
from gosheet.core.scorecard import RoundEntry, round_entry
from gosheet.core.settings import Settings
from gosheet.i18n.collation import Collated
from gosheet.records import record


@record
class FusRecord:
    """One player's FUS tournament: ``levels_before[k]`` is the level before
    round k + 1; ``steps[k]`` what round k + 1 added."""

    player: int
    start_level: int
    steps: tuple[int, ...]
    levels_before: tuple[int, ...]
    level: int
    wins: int
    losses: int
    entries: tuple[RoundEntry, ...]

    @property
    def gained(self) -> int:
        """Tournament points: the levels gained since the start."""
        return self.level - self.start_level


def start_level(player: Player, settings: Settings) -> int:
    """round(rating / rating points per level), halves rounded up.

    >>> start_level(Player(1, "A", rating=2250), Settings())
    45
    >>> start_level(Player(1, "B", rank=0), Settings())  # 1d: nominal 2100
    42
    """
    rating = player.known_rating
    per_level = settings.rating_per_level
    return (2 * rating + per_level) // (2 * per_level)


def win_step(wins: int, losses: int, rounds: int, round_number: int) -> int:
    """The step of a win in round ``round_number`` of ``rounds``; ``wins`` and
    ``losses`` count that round.

    >>> [win_step(w, 0, 5, w) for w in range(1, 6)]
    [1, 2, 3, 2, 1]
    """
    return max(1, min(max(1, wins - losses), rounds - round_number + 1))


def fus_records(tournament: Tournament, rounds: int | None = None) -> dict[int, FusRecord]:
    """Every player's levels after the first ``rounds`` rounds (default: all).

    The cap of a win's step is the one in force when the game was played: each
    round's own ``rounds_in_force`` (the current setting for a round without one)."""
    settings = tournament.settings
    current = settings.rounds_for(len(tournament.players))
    played = tournament.rounds[: len(tournament.rounds) if rounds is None else rounds]
    result: dict[int, FusRecord] = {}
    for player in tournament.players:
        level = start_level(player, settings)
        first, wins, losses = level, 0, 0
        steps: list[int] = []
        before: list[int] = []
        entries: list[RoundEntry] = []
        for rnd in played:
            before.append(level)
            outcome = rnd.outcome_for(player.number)
            step = 0
            if outcome is Outcome.WIN:
                wins += 1
                total = rnd.rounds_in_force or current
                step = win_step(wins, losses, total, rnd.number)
            elif outcome in (Outcome.BYE, Outcome.FORFEIT_WIN):
                wins += 1
                step = settings.bye_levels
            elif outcome in (Outcome.LOSS, Outcome.FORFEIT_LOSS):
                losses += 1
            level += step
            steps.append(step)
            entries.append(round_entry(rnd, player.number))
        result[player.number] = FusRecord(
            player.number, first, tuple(steps), tuple(before), level, wins, losses, tuple(entries)
        )
    return result


def fus_coefficient(record: FusRecord, everyone: Mapping[int, FusRecord]) -> int:
    """The seed's per-game formula, in which an unplayed round neither helps nor hurts.

    The seed: the game of A and B in round T adds (Lv(A,T) − Lv(B,T)) − (Lv(A) − Lv(B))
    («вклад партии А и Б (в туре Т) в коэффициент для А равен
    (Ур(А,Т)-Ур(Б,Т))-(Ур(А)-Ур(Б))»); a round A did not play on the board (a bye, a
    forfeit, an absence) adds 0. The term Lv(A) is the same for every player the
    coefficient separates (they have one final level) only when counted once a
    round, not once a game: so each round adds Lv(A) (the same for all of them),
    which makes a game add Lv(B) + (Lv(A,T) − Lv(B,T)) and an unplayed round Lv(A):
    Buchholz on final levels plus the level differences at the time of each game,
    exactly Buchholz when every game was even and nobody missed a round (seed:
    «проще всего сначала вычислить коэффициент Бухгольца, а затем учесть ненулевые
    (Ур(А,Т)-Ур(Б,Т))»). Dropping Lv(A) once a game instead would cost a player
    with a bye about one opponent's level."""
    total = 0
    for index, entry in enumerate(record.entries):
        if not entry.outcome.played or entry.opponent is None:
            total += record.level  # the seed's term is 0: neither helps nor hurts
            continue
        opponent = everyone[entry.opponent]
        total += opponent.level + record.levels_before[index] - opponent.levels_before[index]
    return total


@record
class FusRow:
    number: int
    place: int
    player: Player
    record: FusRecord
    coefficient: int


def fus_standings(tournament: Tournament) -> tuple[FusRow, ...]:
    """By final level, then FUS coefficient, then wins; a tie shares the place."""
    records = fus_records(tournament)
    players = {p.number: p for p in tournament.players}
    keyed = []
    for number, fus_record in records.items():
        coefficient = fus_coefficient(fus_record, records)
        key = (fus_record.level, coefficient, fus_record.wins)
        keyed.append((key, players[number], fus_record, coefficient))
    language = tournament.settings.language
    keyed.sort(
        key=lambda x: (
            tuple(-v for v in x[0]),
            -x[1].known_rating,
            Collated(x[1].name, language),  # by name as the tournament's language reads it
            x[1].identity,  # then what else tells them apart, never the rows
        )
    )
    rows: list[FusRow] = []
    for index, (key, player, fus_record, coefficient) in enumerate(keyed):
        place = rows[-1].place if rows and keyed[index - 1][0] == key else index + 1
        rows.append(FusRow(index + 1, place, player, fus_record, coefficient))
    return tuple(rows)


def players_order(player: Player) -> tuple[int, str, tuple[str, ...]]:
    """The pairing's order among equals: the stronger first, then by name, then what else
    tells the player apart (:attr:`Player.identity`), never his row. (The standings break
    their ties by name in the tournament's language instead: :func:`fus_standings`.)"""
    return (-player.known_rating, player.name.casefold(), player.identity)
