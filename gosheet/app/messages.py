"""The words an action ends with, the same from the command line, the bridge (LibreOffice)
and the Excel buttons: what was done, and what went wrong."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gosheet.app.printing import Printed
from gosheet.app.ratings import Filled
from gosheet.core.errors import Problem
from gosheet.core.explain import Explanation
from gosheet.core.groups import groups_made
from gosheet.core.model import Player, Round
from gosheet.core.settings import McMahonGroups
from gosheet.workbook.reading import BookState, Missing

if TYPE_CHECKING:  # the actions use the words below: no import at run time
    from gosheet.app.actions import Done

# What each action does, as in "gosheet could not …".
VERBS = {
    "pair": "pair the next round",
    "standings": "update the standings",
    "simulate": "simulate the results",
    "check": "check the workbook",
    "explain": "explain the last round",
    "rename": "rename the player",
    "fill_ratings": "fill Players from the rating list",
    "print_pack": "make the print pack",
}


def explained(explanation: Explanation) -> str:
    """The verdict on an explained round: ``Round 3 explained: gosheet pairs it …``."""
    return f"Round {explanation.round_number} explained: {explanation.verdict()}"


def summary(action: str, done: Done | Explanation | Filled | Printed) -> str:
    """One sentence on what ``action`` did."""
    if isinstance(done, Explanation):
        return explained(done)
    if isinstance(done, Filled | Printed):
        return done.message()
    t = done.tournament
    if done.pairing is not None:
        p = done.pairing
        byes = f", {len(p.byes)} bye(s)" if p.byes else ""
        head = f"Round {p.round_number} paired: {len(p.games)} games{byes}."
        return "\n".join([head, *done.notes])
    if action == "simulate":
        return f"{done.filled_results} empty result(s) filled."
    if action == "check":
        head = f"No problems: {len(t.players)} players, {len(t.rounds)} round(s) paired."
        return "\n".join([head, *done.notes])
    return "Standings updated."


def fewer_groups_note(spec: McMahonGroups, players: Sequence[Player]) -> tuple[str, ...]:
    """Seed McMahon by a number N of groups, cut now: when the players have fewer ranks than
    N (a rank is never split), how many groups were made — the setting itself is kept."""
    if spec.by_rank or any(p.group is not None for p in players):
        return ()
    made = groups_made(spec, players)
    if made >= spec.count:
        return ()
    return (
        f"McMahon groups: {spec.count} asked, {made} made — the players have only {made} "
        f"rank{'s' if made != 1 else ''}, and a rank is never split; the bottom group starts "
        "at 0 McMahon points. The 'McMahon groups' setting is left as it is.",
    )


def rewritten(done: Done) -> str:
    """The results typed in another spelling that were written in the standard form."""
    if not done.changed_results:
        return ""
    return f"{done.changed_results} result(s) rewritten in the standard form."


def problem_list(problems: list[Problem], advice: str, shown: int | None = None) -> str:
    """``N problems found — advice:`` and one line a problem (the first ``shown``)."""
    count = len(problems)
    lines = [f"{count} problem{'s' if count != 1 else ''} found — {advice}:"]
    listed = problems if shown is None else problems[:shown]
    lines += [f"• {p}" for p in listed]
    if len(listed) < count:
        lines.append(f"… and {count - len(listed)} more.")
    return "\n".join(lines)


def unexpected(action: str, error: Exception) -> str:
    """An error gosheet did not foresee: a message to report, never a traceback."""
    changed = "Only marks may have changed." if action == "check" else "Nothing was changed."
    return (
        f"gosheet could not {VERBS[action]}: {type(error).__name__}: {error}\n"
        f"{changed} Please report this, with the workbook, to the gosheet maintainers."
    )


def no_show_hint(round_number: int, none_entered: bool) -> str:
    """The way out for a player who did not come to a round already paired."""
    hint = (
        "A player who did not come: type 1-0! or 0-1! in his game's Result (his opponent "
        "wins by forfeit)"
    )
    if not none_entered:
        return hint + "."
    return (
        f"{hint}; or, as no result of Round {round_number} is entered yet, write "
        f"{round_number} in his 'Not playing' cell (Players sheet) and pair the round anew "
        "without him: gosheet pair --again."
    )


def _by_round(missing: Sequence[Missing]) -> str:
    counts: dict[int, int] = {}
    for m in missing:
        counts[m.round] = counts.get(m.round, 0) + 1
    return ", ".join(
        f"Round {n} ({k} game{'s' if k != 1 else ''})" for n, k in sorted(counts.items())
    )


def _hint_for(state: BookState, missing: Sequence[Missing]) -> str:
    last = state.tournament.rounds[-1] if state.tournament.rounds else None
    open_round = max(m.round for m in missing)
    none_entered = (
        last is not None and last.number == open_round and all(g.result is None for g in last.games)
    )
    return no_show_hint(open_round, none_entered)


def _slips_near(state: BookState, missing: Sequence[Missing]) -> list[Problem]:
    sheets = {m.sheet for m in missing}
    return [n for n in state.notes if n.sheet in sheets]


def missing_results(state: BookState, missing: Sequence[Missing]) -> str:
    """``pair``'s refusal while results are missing: which cells, the values typed beside
    the tables, and what to do for a player who did not come."""
    lines = [
        f"results are missing in {_by_round(missing)}; enter every result before pairing "
        "the next round:"
    ]
    lines += [f"  {m}" for m in missing]
    lines += [f"  {n}" for n in _slips_near(state, missing)]
    lines.append(_hint_for(state, missing))
    return "\n".join(lines)


def organisers_lines_note(state: BookState, lines: Round) -> list[str]:
    """``check`` on a round sheet the organiser began: which lines ``pair`` keeps as typed."""
    names = state.labels
    kept = [
        f"  table {g.table or '(none yet)'}: {names.get(g.white, g.white)} (White) – "
        f"{names.get(g.black, g.black)} (Black)"
        for g in lines.games
    ]
    kept += [f"  Bye: {names.get(p, p)}" for p in lines.byes]
    head = f"Round {lines.number}: the organiser's own lines, kept as they are by the next pair"
    if not kept:
        return [f"Round {lines.number}: no line typed yet; the next pair pairs the whole round."]
    return [f"{head} (the other players are paired around them):", *kept]


def before_next_pair(
    state: BookState, rounds_left: bool, organisers: Round | None = None
) -> list[str]:
    """What ``check`` tells besides problems: the results still to enter before the next
    ``pair`` (normal while a round is played), the lines the organiser typed into the next
    round's sheet (``organisers``), the values beside or below the tables that gosheet does
    not read, and whether a round is left to pair."""
    lines: list[str] = []
    missing = [m for m in state.missing if organisers is None or m.round != organisers.number]
    if organisers is not None:
        lines += organisers_lines_note(state, organisers)
    if missing:
        lines.append(f"Before the next pair, results to enter in {_by_round(missing)}:")
        lines += [f"  {m}" for m in missing]
        lines.append("  " + _hint_for(state, missing))
    if state.notes:
        lines.append("To look at — values outside the tables, which gosheet does not read:")
        lines += [f"  {n}" for n in state.notes]
    if not rounds_left:
        lines.append(
            "Every round is paired: raise 'Rounds' in the Settings sheet to pair another one."
        )
    return lines
