"""The words an action ends with, the same from the command line, the bridge (LibreOffice)
and the Excel buttons: what was done, and what went wrong."""

from __future__ import annotations

from gosheet.app.actions import Done
from gosheet.core.errors import Problem
from gosheet.core.explain import Explanation

# What each action does, as in "gosheet could not …".
VERBS = {
    "pair": "pair the next round",
    "standings": "update the standings",
    "simulate": "simulate the results",
    "check": "check the workbook",
    "explain": "explain the last round",
}


def explained(explanation: Explanation) -> str:
    """The verdict on an explained round: ``Round 3 explained: gosheet pairs it …``."""
    return f"Round {explanation.round_number} explained: {explanation.verdict()}"


def summary(action: str, done: Done | Explanation) -> str:
    """One sentence on what ``action`` did."""
    if isinstance(done, Explanation):
        return explained(done)
    t = done.tournament
    if done.pairing is not None:
        p = done.pairing
        byes = f", {len(p.byes)} bye(s)" if p.byes else ""
        return f"Round {p.round_number} paired: {len(p.games)} games{byes}."
    if action == "simulate":
        return f"{done.filled_results} empty result(s) filled."
    if action == "check":
        return f"No problems: {len(t.players)} players, {len(t.rounds)} round(s) paired."
    return "Standings updated."


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
