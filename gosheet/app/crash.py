"""The one crash report: what an error gosheet did not foresee (a bug) says, whatever door
it happened behind — one line, never a traceback, and where to report it.

Every door ends an unforeseen error with :func:`crash_report`: the command line (exit 70),
the page (the same line), the JSON bridge behind LibreOffice's menu, the Excel buttons and
xlwings Lite's scripts. ``action`` is the action as that door shows it: the command typed
(``check``), or the button's words (``Check the workbook``).
"""

from __future__ import annotations

from pathlib import Path

from gosheet.i18n.catalog import N_, _

INTERNAL_ERROR = 70
"""The exit code of an unforeseen error (the command line's, the bridge's, the page's)."""
REPORT_TO = N_("gosheet's issue tracker")


def crash_report(error: BaseException, action: str) -> str:
    """The one line an unforeseen ``error`` in ``action`` gives: what failed, where in
    gosheet, and where to report it."""
    import traceback  # (a crash's only: not at every command's start)

    where = ""
    if error.__traceback__ is not None:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f" in {Path(frame.filename).name}:{frame.lineno}"
    text = " ".join(str(error).split())[:200]
    return "gosheet: " + _(
        "'{action}' failed unexpectedly ({error}); nothing written. Please report it to "
        "{report_to} with what you did and the files (GOSHEET_DEBUG=1 shows the details)."
    ).format(action=action, error=f"{type(error).__name__}{where}: {text}", report_to=_(REPORT_TO))
