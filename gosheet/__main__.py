"""``python -m gosheet`` and the ``gosheet`` command's entry point (:func:`entry`): a Ctrl-C
while gosheet is still starting is a message too, never a traceback."""

from __future__ import annotations

import sys


def entry() -> int:
    """Import the command line, then run it (the ``gosheet`` script calls this)."""
    try:
        from gosheet.frontends.cli import main
    except KeyboardInterrupt:  # Ctrl-C while gosheet starts: nothing was done
        print("gosheet: interrupted, nothing written", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(entry())
