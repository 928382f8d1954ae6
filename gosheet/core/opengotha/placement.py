"""OpenGotha's placement criteria (the standings tiebreaks), computed as OpenGotha 3.5x does.

The director chooses up to six criteria (``Settings.opengotha.placement``, e.g. ``MMS, SOSM,
SOSOSM``): players are ranked by the first, ties broken by the second, and so on, then by name
and first name. :class:`Placement` computes every criterion of every player after every round once;
:meth:`Placement.value` gives a value in OpenGotha's integer units (scores doubled, SODOS
times four, see :data:`COEF`), :meth:`Placement.order` sorts the players and
:meth:`Placement.standings` gives places and values as a standings table shows them.

The criteria (OpenGotha's ``fillBaseScoringInfo``, ``fillDirScoringInfo``): NBW wins (jigo ½,
bye/absent points); MMS McMahon score; CUSS sum of the scores after each round; SOS sum of the
opponents' scores (no game: 0 in W, own starting MMS in M; in M, ± the handicap given or
received), SOS-1/-2 without the 1 or 2 lowest; SODOS opponents' scores × own result; SOSOS
opponents' SOS; EXT/EXR opponents' wins weighted by the handicap beyond the rank difference
(all games / games won); SDC/DC direct confrontation among tied players; CAT, RANK, RATING.
The suffix W counts wins, M McMahon scores. STS (Strasbourg score) and CPS (cup score) are
:mod:`~gosheet.core.opengotha.scores`'; SOSTS sums the opponents' STS as SOSM sums their MMS
(but with ``Unplayed games count half in SOS``, OpenGotha counts each opponent's STS as 0: it
never fills the "virtual" STS it reads then). OpenGotha V4's BZS, SOSB and SOSOSB are not
computed: :meth:`~gosheet.core.opengotha.parameters.OpenGothaParameters.ranked_by`.

Rounds count from 0: ``r = 0`` is after round 1, ``r = -1`` before the first round (what the
pairing of round 1 reads). Kim (2: 3d) beat Lee (1: 5k) in round 1, Ito (3) had the bye:

>>> from gosheet.core.model import Game, Player, Result, Round, Tournament
>>> from gosheet.core.settings import Settings
>>> t = Tournament(
...     Settings(rules="opengotha", rounds=1),
...     (Player(1, "Lee", rank=-5), Player(2, "Kim", rank=2), Player(3, "Ito", rank=-25)),
...     (Round(1, (Game(1, 2, 1, result=Result.WHITE_WINS),), byes=(3,)),),
... )
>>> table = Placement(t)
>>> table.value(2, "MMS", 0), table.value(2, "SOSM", 0), table.value(2, "MMS", -1)
(66, 50, 64)
>>> [(s.place, s.number, [str(v) for v in s.values]) for s in table.standings(0)]
[(1, 2, ['33', '25', '33']), (2, 1, ['25', '33', '25']), (3, 3, ['11', '10', '10'])]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from gosheet.core.model import Result, Tournament
from gosheet.core.opengotha.scores import Participation, ScoredPlayer, points2, score_players
from gosheet.records import record

#: OpenGotha's multiplier of each criterion (``PlacementParameterSet``): the compared integer
#: is the shown value times this. CAT's -1 means "shown as 1 - value" (the category, 1 first).
COEF: dict[str, int] = {
    **dict.fromkeys(("NULL", "RANK", "RATING", "SDC", "DC"), 1),
    "CAT": -1,
    **dict.fromkeys(("NBW", "MMS", "CUSSW", "CUSSM", "EXT", "EXR", "SOSOSW", "SOSOSM"), 2),
    **dict.fromkeys(("STS", "CPS", "SOSTS"), 2),
    **dict.fromkeys(("SOSW", "SOSWM1", "SOSWM2", "SOSM", "SOSMM1", "SOSMM2"), 2),
    **dict.fromkeys(("SODOSW", "SODOSM"), 4),
}
_FIXED = ("NULL", "CAT", "RANK", "RATING")
_DIRECT = ("SDC", "DC")
_DECISIVE = (Result.WHITE_WINS, Result.BLACK_WINS)  # the results direct confrontation counts

#: The criteria computed round by round, in groups computed together
#: (:meth:`Placement._round_column`).
_SCORES = ("NBW", "MMS", "CUSSW", "CUSSM", "STS", "CPS")
_SOS_WINS = ("SOSW", "SOSWM1", "SOSWM2", "SODOSW")
_SOS_MCMAHON = ("SOSM", "SOSMM1", "SOSMM2", "SODOSM")


def criterion_name(name: str) -> str:
    """OpenGotha's short name of a criterion from any of its spellings.

    >>> criterion_name("SOSW-1"), criterion_name("Rating")
    ('SOSWM1', 'RATING')
    """
    key = name.strip().upper().replace("-", "M")
    if key not in COEF:
        raise ValueError(f"unknown placement criterion {name!r}; known: {', '.join(COEF)}")
    return key


def shown(name: str, value: int) -> Fraction:
    """A criterion's value as a standings table shows it (``NBW`` 5 → 5/2, ``CAT`` 0 → 1)."""
    return Fraction(1 - value) if name == "CAT" else Fraction(value, COEF[name])


@record
class Standing:
    """One line of the standings: ``place`` is shared by players tied on every criterion
    (``ex_aequo``: same place as the line above, which OpenGotha prints blank); ``values``
    are the criteria's values as shown, in the order of the criteria."""

    number: int
    place: int
    ex_aequo: bool
    values: tuple[Fraction, ...]


def _virtual(sp: ScoredPlayer, start: int) -> list[int]:
    """OpenGotha's "virtual" doubled score (option genCountNotPlayedGamesAsHalfPoint): the
    points of the games really played, and ½ for every other round (bye, absence, forfeit,
    game without result); no bye or absence points."""
    total, out = start, []
    for game in sp.games:
        if game is not None and game.result is not None and not game.result.by_forfeit:
            total += points2(game, sp.number)
        else:
            total += 1
        out.append(total)
    return out


class Placement:
    """Every placement criterion of every player after every round of ``t``.

    ``scored``: the players' scores if already computed (``score_players(t, rounds)``), else
    computed here for ``rounds`` rounds (default: the rounds set, or paired if more).
    ``criteria``: the placement criteria DC and SDC depend on (default
    ``Settings.opengotha.placement``).
    Each round's values are computed when first asked (O(players × rounds)), then looked up.
    """

    def __init__(
        self,
        t: Tournament,
        scored: dict[int, ScoredPlayer] | None = None,
        *,
        rounds: int | None = None,
        criteria: Iterable[str] | None = None,
    ) -> None:
        settings = t.settings
        self.tournament = t
        if scored is None:
            count = max(len(t.rounds), settings.rounds or 0) if rounds is None else rounds
            scored = score_players(t, count)
        self.scored = scored
        self.rounds = len(next(iter(scored.values())).nbw2) if scored else 0
        named = settings.opengotha.ranked_by(settings.system) if criteria is None else criteria
        self.criteria = self._names(named)
        self._fixed = self._fixed_values()
        half = settings.opengotha.unplayed_half
        # What SOS sees of an opponent's score: the real one, or the "virtual" one.
        self._seen = (
            {n: _virtual(sp, 0) if half else sp.nbw2 for n, sp in scored.items()},
            {n: _virtual(sp, 2 * sp.smms) if half else sp.mms2 for n, sp in scored.items()},
            {n: [0] * len(sp.sts2) if half else sp.sts2 for n, sp in scored.items()},
        )
        self._by_round: dict[int, dict[str, dict[int, int]]] = {}
        self._games_by_round: dict[int, dict[int, list[tuple[int, int, int] | None]]] = {}
        self._direct_cache: dict[tuple[int, tuple[str, ...]], dict[int, tuple[int, int]]] = {}

    @staticmethod
    def _names(criteria: Iterable[str]) -> tuple[str, ...]:
        return tuple(c for c in map(criterion_name, criteria) if c != "NULL")

    def _fixed_values(self) -> dict[str, dict[int, int]]:
        """CAT (minus the category: 0 strongest, by the lower rank limits), RANK, RATING."""
        limits = self.tournament.settings.opengotha.categories
        out: dict[str, dict[int, int]] = {name: {} for name in _FIXED}
        for n, sp in self.scored.items():
            rank = sp.player.known_rank
            out["NULL"][n] = 0
            out["CAT"][n] = -next((c for c, low in enumerate(limits) if rank >= low), len(limits))
            out["RANK"][n] = rank
            out["RATING"][n] = sp.player.known_rating
        return out

    def _round_column(self, r: int, name: str) -> dict[int, int]:
        """Every player's value of one criterion computed round by round (OpenGotha's
        ``fillBaseScoringInfoIfNecessary``, steps 3 to 6) after round index ``r``: its group
        of criteria computed when first asked (a pairing asks for one round, the standings
        for another, and each for a few criteria: O(players × r) each instead of every
        round's and criterion's), in plain Python (the same with or without numpy)."""
        values = self._by_round.setdefault(r, {})
        column = values.get(name)
        if column is None:
            _GROUPS[name](self, r, values)
            column = values[name]
        return column

    def _games(self, r: int) -> dict[int, list[tuple[int, int, int] | None]]:
        """Each player's games of rounds 0 … ``r``: (opponent, own doubled points, handicap:
        + when he gave it (White), − when he received it); None: no game."""
        cached = self._games_by_round.get(r)
        if cached is not None:
            return cached
        games: dict[int, list[tuple[int, int, int] | None]] = {}
        for n, sp in self.scored.items():
            row: list[tuple[int, int, int] | None] = []
            for rr in range(r + 1):
                game = sp.games[rr]
                if game is None or sp.participation[rr] is not Participation.PAIRED:
                    row.append(None)
                    continue
                given = game.handicap if game.white == n else -game.handicap
                row.append((game.opponent_of(n), points2(game, n), given))
            games[n] = row
        self._games_by_round[r] = games
        return games

    def _scores(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """NBW, MMS, CUSS (the sums of the scores after each round), STS, CPS."""
        played = r + 1
        columns: dict[str, dict[int, int]] = {name: {} for name in _SCORES}
        nbw, mms, cussw, cussm = (columns[k] for k in ("NBW", "MMS", "CUSSW", "CUSSM"))
        sts, cps = columns["STS"], columns["CPS"]
        for n, sp in self.scored.items():
            nbw[n] = sp.nbw2[r]
            mms[n] = sp.mms2[r]
            cussw[n] = sum(sp.nbw2[:played])
            cussm[n] = sum(sp.mms2[:played])
            sts[n] = sp.sts2[r]
            cps[n] = sp.cps2[r]
        values.update(columns)

    def _sos_wins(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """SOSW, SOSW-1, SOSW-2 (the opponents' wins as SOS sees them, 0 when no game;
        without the lowest, substitutes included) and SODOSW (opponent's score × own
        result)."""
        seen_w = self._seen[0]
        columns: dict[str, dict[int, int]] = {name: {} for name in _SOS_WINS}
        sos, minus1, minus2, sodos = (columns[k] for k in _SOS_WINS)
        for n, row in self._games(r).items():
            osw: list[int] = []
            sodos_w = 0
            for entry in row:
                if entry is None:
                    osw.append(0)
                    continue
                w = seen_w[entry[0]][r]
                osw.append(w)
                sodos_w += w * entry[1]
            low = sorted(osw)
            sos[n] = sum(osw)
            minus1[n] = sum(low[1:])
            minus2[n] = sum(low[2:])
            sodos[n] = sodos_w
        values.update(columns)

    def _sos_mcmahon(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """SOSM, SOSM-1, SOSM-2 (the opponents' McMahon scores ± the handicap, own SMMS when
        no game; OpenGotha stores SOSM-1 and SOSM-2 only from the third round on: 0 before)
        and SODOSM."""
        seen_m = self._seen[1]
        scored = self.scored
        columns: dict[str, dict[int, int]] = {name: {} for name in _SOS_MCMAHON}
        sos, minus1, minus2, sodos = (columns[k] for k in _SOS_MCMAHON)
        for n, row in self._games(r).items():
            smms2 = 2 * scored[n].smms
            osm: list[int] = []
            sodos_m = 0
            for entry in row:
                if entry is None:
                    osm.append(smms2)
                    continue
                opponent, wx2, given = entry
                m = seen_m[opponent][r] + 2 * given
                osm.append(m)
                sodos_m += m * wx2
            sos[n] = sum(osm)
            if r >= 2:
                low = sorted(osm)
                minus1[n] = sum(low[1:])
                minus2[n] = sum(low[2:])
            else:
                minus1[n] = minus2[n] = 0
            sodos[n] = sodos_m
        values.update(columns)

    def _exploits(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """EXT/EXR (exploits tried / successful): handicap given beyond the natural one (rank
        difference) weighs the opponent's wins 0 (<0), 1, 2, 3 (≥2)."""
        scored = self.scored
        ext_of: dict[int, int] = {}
        exr_of: dict[int, int] = {}
        for n, row in self._games(r).items():
            rank = scored[n].player.known_rank
            ext = exr = 0
            for entry in row:
                if entry is None:
                    continue
                opponent, wx2, given = entry
                natural = rank - scored[opponent].player.known_rank
                weighted = scored[opponent].nbw2[r] * min(max(given - natural + 1, 0), 3)
                ext += weighted
                exr += weighted if wx2 == 2 else 0
            ext_of[n], exr_of[n] = ext, exr
        values.update(EXT=ext_of, EXR=exr_of)

    def _sos_strasbourg(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """SOSTS: the opponents' STS ± the handicap, own SMMS when no game."""
        seen_s = self._seen[2]
        scored = self.scored
        column: dict[int, int] = {}
        for n, row in self._games(r).items():
            smms2 = 2 * scored[n].smms
            column[n] = sum(
                smms2 if entry is None else seen_s[entry[0]][r] + 2 * entry[2] for entry in row
            )
        values["SOSTS"] = column

    def _sosos_wins(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """SOSOSW: the opponents' SOSW; no game: 0."""
        sosw = self._round_column(r, "SOSW")
        values["SOSOSW"] = {
            n: sum(sosw[g[0]] for g in row if g is not None) for n, row in self._games(r).items()
        }

    def _sosos_mcmahon(self, r: int, values: dict[str, dict[int, int]]) -> None:
        """SOSOSM: the opponents' SOSM; no game: SMMS × the rounds played."""
        sosm = self._round_column(r, "SOSM")
        played = r + 1
        scored = self.scored
        values["SOSOSM"] = {
            n: sum(sosm[g[0]] if g is not None else 2 * scored[n].smms * played for g in row)
            for n, row in self._games(r).items()
        }

    def value(self, number: int, criterion: str, r: int) -> int:
        """OpenGotha's ``getCritValue``: the integer it compares, after round index ``r``."""
        return self._value(number, criterion, r, self.criteria)

    def column(self, criterion: str, r: int) -> dict[int, int]:
        """:meth:`value` of every player (by number), looked up once for all of them."""
        return self._column(criterion, r, self.criteria)

    def _column(self, name: str, r: int, criteria: tuple[str, ...]) -> dict[int, int]:
        """Every player's :meth:`_value` of one criterion, looked up once for all of them."""
        if name not in COEF:
            name = criterion_name(name)
        if name in self._fixed:
            return self._fixed[name]
        if name in _DIRECT or r < 0 or r >= self.rounds:
            return {n: self._value(n, name, r, criteria) for n in self.scored}
        return self._round_column(r, name)

    def _value(self, number: int, name: str, r: int, criteria: tuple[str, ...]) -> int:
        if name not in COEF:
            name = criterion_name(name)
        if name in self._fixed:
            return self._fixed[name][number]
        if name in _DIRECT:
            sdc, dc = self._direct(r, criteria)[number]
            return dc if name == "DC" else sdc
        if r < 0:  # before the first round
            return 2 * self.scored[number].smms if name in ("MMS", "STS") else 0
        if r >= self.rounds:
            raise IndexError(f"round index {r} beyond the {self.rounds} rounds scored")
        return self._round_column(r, name)[number]

    def _direct(self, r: int, criteria: tuple[str, ...]) -> dict[int, tuple[int, int]]:
        """(SDC, DC) of every player (``fillDirScoringInfo``): computed inside each group of
        players tied on the criteria before the first DC or SDC; 0 when neither is used."""
        key = (r, criteria)
        if key not in self._direct_cache:
            result = dict.fromkeys(self.scored, (0, 0))
            cut = next((i for i, c in enumerate(criteria) if c in _DIRECT), None)
            if cut is not None:
                net = self._net_wins(r)
                after_dc = criteria[criteria.index("DC") + 1 :] if "DC" in criteria else ()
                groups: dict[tuple[int, ...], list[int]] = {}
                for n in self.scored:
                    tied_on = tuple(self._value(n, c, r, criteria) for c in criteria[:cut])
                    groups.setdefault(tied_on, []).append(n)
                for members in (g for g in groups.values() if len(g) > 1):
                    sdc = _sdc(members, net)
                    sc = {  # the criteria after DC decide between players without games
                        n: tuple(
                            sdc[n] if c == "SDC" else self._value(n, c, r, criteria)
                            for c in after_dc
                            if c != "DC"
                        )
                        for n in members
                    }
                    result.update({n: (sdc[n], dc) for n, dc in _dc(members, net, sc).items()})
            self._direct_cache[key] = result
        return self._direct_cache[key]

    def _net_wins(self, r: int) -> dict[int, Counter[int]]:
        """net[a][b]: a's wins over b minus b's wins over a in rounds ≤ r (real wins only:
        no jigo, no forfeit)."""
        net: dict[int, Counter[int]] = {n: Counter() for n in self.scored}
        for rnd in self.tournament.rounds:
            if rnd.number - 1 > r:
                continue
            for g in rnd.games:
                if g.result in _DECISIVE and g.white in net and g.black in net:
                    win, lose = (
                        (g.white, g.black) if g.result is Result.WHITE_WINS else (g.black, g.white)
                    )
                    net[win][lose] += 1
                    net[lose][win] -= 1
        return net

    def order(
        self,
        r: int,
        criteria: Iterable[str] | None = None,
        extra: str | Sequence[str] | None = None,
    ) -> list[int]:
        """Player numbers, best first (``ScoredPlayerComparator``): each criterion higher
        first, then name and first name (Java's ``compareTo``: UTF-16 code units). ``extra``
        criteria (the pairing's additional criterion, e.g. ``Rating``) come after the others
        and do not enter DC."""
        crit = self.criteria if criteria is None else self._names(criteria)
        more = self._names((extra,) if isinstance(extra, str) else extra or ())

        columns = [self._column(c, r, crit) for c in crit + more]

        def key(n: int) -> tuple[tuple[int, ...], bytes, bytes, int]:
            p = self.scored[n].player
            values = tuple(-column[n] for column in columns)
            return values, p.surname.encode("utf-16-be"), p.first_name.encode("utf-16-be"), n

        return sorted(self.scored, key=key)

    def standings(
        self, r: int | None = None, criteria: Iterable[str] | None = None
    ) -> list[Standing]:
        """The standings after round index ``r`` (default: the last round paired). Players
        equal on every criterion share the place of the first of them (1, 1, 3 …)."""
        r = len(self.tournament.rounds) - 1 if r is None else r
        crit = self.criteria if criteria is None else self._names(criteria)
        rows: list[Standing] = []
        previous: tuple[int, ...] | None = None
        columns = [self._column(c, r, crit) for c in crit]
        for i, n in enumerate(self.order(r, crit)):
            values = tuple(column[n] for column in columns)
            tied = values == previous
            place = rows[-1].place if tied else i + 1
            rows.append(Standing(n, place, tied, tuple(map(shown, crit, values))))
            previous = values
        return rows


def _sdc(members: list[int], net: dict[int, Counter[int]]) -> dict[int, int]:
    """SDC: when every two tied players have met (and not come out even), the number of tied
    players each one beat; else 0 for all."""
    inside = set(members)
    beaten = {a: sum(1 for b, x in net[a].items() if x > 0 and b in inside) for a in members}
    met = {a: sum(1 for b, x in net[a].items() if x and b in inside) for a in members}
    if any(met[a] != len(members) - 1 for a in members):
        return dict.fromkeys(members, 0)
    return beaten


def _reachable(start: int, beat: dict[int, list[int]]) -> set[int]:
    """The players ``start`` beat, directly or through others (and ``start``)."""
    seen, todo = {start}, [start]
    while todo:
        for b in beat[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def _dc(
    members: list[int], net: dict[int, Counter[int]], sc: dict[int, tuple[int, ...]]
) -> dict[int, int]:
    """DC (Matthieu Walraet's ``mw.go.confrontation``): the tied players' wins (a net score of
    exactly +1 between two of them) form a graph; a cycle of wins is merged into one node that
    keeps all the wins of its members against others. Places are given from the bottom: among
    the players who beat nobody still unplaced, those worst by the criteria after DC (``sc``)
    take the lowest place, together when equal. DC = the number of places above the bottom."""
    inside = set(members)
    beat = {a: [b for b, x in net[a].items() if x == 1 and b in inside] for a in members}
    reach = {a: _reachable(a, beat) for a in members}
    cycle = {a: frozenset(b for b in reach[a] if a in reach[b]) for a in members}
    below = {c: {cycle[b] for a in c for b in beat[a]} - {c} for c in cycle.values()}
    alive = Counter(cycle.values())
    remaining, rank = set(members), {}
    while remaining:
        bottom = [a for a in remaining if not any(alive[c] for c in below[cycle[a]])]
        worst = min(sc[a] for a in bottom)
        placed = [a for a in bottom if sc[a] == worst]
        for a in placed:
            rank[a] = 1 + len(remaining) - len(placed)
        remaining.difference_update(placed)
        alive.subtract(cycle[a] for a in placed)
    top = max(rank.values())
    return {a: top - rank[a] for a in members}


def crit_value(sp_table: Placement, number: int, criterion: str, r: int) -> int:
    """OpenGotha's ``getCritValue(criterion, r)`` of player ``number``."""
    return sp_table.value(number, criterion, r)


def order(
    t: Tournament, criteria: Iterable[str], r: int, extra: str | Sequence[str] | None = None
) -> list[int]:
    """Player numbers in OpenGotha's order after round index ``r`` (see :meth:`Placement.order`)."""
    return Placement(t, criteria=criteria).order(r, extra=extra)


def standings(
    t: Tournament, r: int | None = None, criteria: Iterable[str] | None = None
) -> list[Standing]:
    """OpenGotha's standings after round index ``r`` (see :meth:`Placement.standings`)."""
    return Placement(t, criteria=criteria).standings(r)


_Group = Callable[[Placement, int, dict[str, dict[int, int]]], None]
#: How each criterion computed round by round is computed, with the others of its group.
_GROUPS: dict[str, _Group] = {
    **dict.fromkeys(_SCORES, Placement._scores),
    **dict.fromkeys(_SOS_WINS, Placement._sos_wins),
    **dict.fromkeys(_SOS_MCMAHON, Placement._sos_mcmahon),
    **dict.fromkeys(("EXT", "EXR"), Placement._exploits),
    "SOSTS": Placement._sos_strasbourg,
    "SOSOSW": Placement._sosos_wins,
    "SOSOSM": Placement._sosos_mcmahon,
}
