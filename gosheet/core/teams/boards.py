"""The boards of one match, exactly as OpenGotha's "Teams pairing" makes them
(``Tournament.pairTeams``): board b meets board b; each board's handicap is the individual
settings' (OpenGotha's ``gameBetween``: the stronger player White); on the even boards the
colours alternate W, B, W … from the leading team, the team whose board-1 player has the
lower colour balance, a tie going to ``Pairing.detRandom``; the match takes the first free
tables, board 1 first.

The colour rule of the tie changed in OpenGotha 3.51.01 (``Team colours``): files saved by
3.51 or before were paired by the older one.

>>> from gosheet.core.model import Player
>>> a, b = Player(1, "Lee", "Ann"), Player(2, "Kim", "Bo")
>>> detrandom(a, b, NEW_RULE), detrandom(b, a, NEW_RULE), detrandom(a, b, OLD_RULE)
(0, 1, 0)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from gosheet.core.kinds import Rules
from gosheet.core.model import Game, Player, Tournament
from gosheet.core.opengotha.costs import det_random, handicap
from gosheet.core.opengotha.info import pairing_info, utf16_units
from gosheet.core.opengotha.scores import score_players
from gosheet.core.teams.fields import TEAM_COLOUR_RULES
from gosheet.core.teams.lineups import seated
from gosheet.core.teams.model import Team

NEW_RULE, OLD_RULE = TEAM_COLOUR_RULES  # "OpenGotha 3.51.02", "OpenGotha 3.51"


def detrandom(p: Player, q: Player, rule: str) -> int:
    """OpenGotha's ``Pairing.detRandom(1, p, q)``, 0 or 1, from the players' names (name then
    first name, as typed) as Java strings. ``OpenGotha 3.51`` and before: the parity of
    Σ code(s[i])·(i + 1) over s = p's name + q's; 3.51.01 and after: the same over the two
    names in Java's order, taken from 1 when they were swapped (it no longer depends on
    which team is first)."""
    first, second = p.surname + p.first_name, q.surname + q.first_name
    if rule == NEW_RULE:
        return det_random(1, first, second)
    units = utf16_units(first + second)
    return sum(u * (k + 1) for k, u in enumerate(units)) * 1234567 % 2


def colour_balance(tournament: Tournament, player: int, round_number: int) -> int:
    """White minus Black over the player's even games before the round (OpenGotha's)."""
    balance = 0
    for rnd in tournament.rounds:
        if rnd.number >= round_number:
            continue
        game = rnd.game_of(player)
        if game is not None and game.handicap == 0:
            balance += 1 if game.white == player else -1
    return balance


def handicaps(tournament: Tournament, round_number: int, pairs: list[tuple[int, int]]) -> list[int]:
    """The handicap of each pair (x, y) of player numbers in the round, signed: > 0 when x is
    the stronger. Under OpenGotha's rules, OpenGotha's individual handicap (its
    ``gameBetween``, :func:`gosheet.core.opengotha.costs.handicap`: pseudo-ranks from the
    McMahon score or the rank, the no-handicap threshold, the correction, the ceiling);
    under gosheet's, none (its McMahon and Swiss are even, as their OpenGotha files say)."""
    settings = tournament.settings
    if settings.rules is not Rules.OPENGOTHA or not pairs:
        return [0] * len(pairs)
    numbers = sorted({n for pair in pairs for n in pair})
    players = [tournament.player(n) for n in numbers]
    scored = score_players(tournament, rounds=round_number - 1)
    zero: Mapping[int, int] = defaultdict(int)
    info = pairing_info(settings, round_number, players, scored, lambda _c, _r: zero)
    xp = info.xp
    at = {n: k for k, n in enumerate(numbers)}
    i = xp.array([at[x] for x, _ in pairs], dtype=xp.int64)
    j = xp.array([at[y] for _, y in pairs], dtype=xp.int64)
    return [int(h) for h in handicap(settings, info, i, j).tolist()]


def first_free(taken: set[int]) -> int:
    table = 1
    while table in taken:
        table += 1
    return table


def pair_match(
    tournament: Tournament,
    round_number: int,
    first: Team,
    second: Team,
    tables_taken: frozenset[int] = frozenset(),
) -> tuple[Game, ...]:
    """The games of the match of ``first`` and ``second`` in round ``round_number`` (the
    tournament holding the rounds before it), board 1 first: board b against board b,
    colours, handicaps and tables exactly OpenGotha's. OpenGotha's team A is the lower team
    number, whichever is given first; ``tables_taken``: the tables already used in the round.
    Raises :class:`~gosheet.core.teams.lineups.TeamsIncomplete` for a team that cannot sit
    at every board."""
    a, b = sorted((first, second), key=lambda t: t.number)
    xs, ys = seated(tournament, a, round_number), seated(tournament, b, round_number)
    a1, b1 = tournament.player(xs[0]), tournament.player(ys[0])
    bal_a = colour_balance(tournament, a1.number, round_number)
    bal_b = colour_balance(tournament, b1.number, round_number)
    rule = tournament.settings.team_colour_rule
    a_leads = bal_a < bal_b if bal_a != bal_b else detrandom(a1, b1, rule) == 0
    hds = handicaps(tournament, round_number, list(zip(xs, ys, strict=True)))
    komi = tournament.settings.komi
    taken = set(tables_taken)
    games: list[Game] = []
    for board, (x, y, hd) in enumerate(zip(xs, ys, hds, strict=True), start=1):
        x_white = hd > 0 if hd != 0 else a_leads == (board % 2 == 1)
        white, black = (x, y) if x_white else (y, x)
        table = first_free(taken)
        taken.add(table)
        games.append(Game(table, white, black, abs(hd), komi if hd == 0 else 0.5))
    return tuple(games)
