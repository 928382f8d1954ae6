"""``python -m gosheet`` and the ``gosheet`` command (:func:`script`): the command line run
by :func:`entry` (a Ctrl-C while gosheet is still starting is a message too, never a
traceback), then the process left at once (:func:`leave`)."""

from __future__ import annotations

import atexit
import os
import sys

#: OpenBLAS's threads in a ``gosheet`` process: one (numpy's own linear algebra, which gosheet
#: never calls). With more, numpy's import starts a thread a core that waits for work by
#: spinning: 0.1 s of another core's time in a 600-player ``pair`` of 0.4 s (measured on two
#: cores), taken from whatever else the machine runs. Set only where it is not already.
BLAS_THREADS = {"OPENBLAS_NUM_THREADS": "1"}


def script() -> int:
    """The ``gosheet`` command: :func:`entry`, then :func:`leave` (``--help`` and usage
    errors too: argparse ends them with ``SystemExit``)."""
    try:
        code = entry()
    except SystemExit as stop:
        if stop.code is not None and not isinstance(stop.code, int):
            raise  # a message to print: Python's own exit prints it
        code = stop.code or 0
    return leave(code)


def leave(code: int) -> int:
    """End the process with ``code`` without the interpreter's teardown, when nothing is left
    to do: the exit functions run (``atexit``: coverage's, logging's, temporary folders'),
    the output is flushed, then ``os._exit``. The teardown frees every module and object, the
    cyclic collector run again and again over them: 15-20 ms of a 120-player ``pair`` of
    0.15 s, 20-50 ms of a 600-player one (measured), for a process about to end. Where
    another thread still runs (a server's, a user's), ``code`` is returned and Python ends as
    usual, waiting for it."""
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return code
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # the reader went away, or a closed stream: as main()
            pass
    os._exit(code)


def entry() -> int:
    """Import the command line, then run it: its exit code. The tests' children call this
    (then their own clean-up); the ``gosheet`` command calls :func:`script`."""
    from gosheet import collector, parallel

    collector.for_command()  # (a short process: fewer collections, what it reads frozen)
    for name, value in BLAS_THREADS.items():
        os.environ.setdefault(name, value)

    parallel.allow()  # a large round's blocks and windows shared with helper processes
    try:
        book = paired_book(sys.argv)
        if book is not None:  # numpy and the engine imported by a helper from now on
            parallel.warm_for_pair(book)
        try:
            from gosheet.frontends.cli import main
        except KeyboardInterrupt:  # Ctrl-C while gosheet starts: nothing was done
            print("gosheet: interrupted, nothing written", file=sys.stderr)
            return 130
        return main()
    finally:
        parallel.finish()


def paired_book(argv: list[str]) -> str | None:
    """The workbook of ``gosheet pair BOOK`` as typed (the first word after ``pair`` that is no
    option), read before the command line is imported, so that the warm helper
    (:func:`gosheet.parallel.warm_for_pair`) starts at once; None for any other command. A
    guess: the command line, parsed, starts the helper then if this found no file."""
    words = [word for word in argv[1:] if not word.startswith("-")]
    return words[1] if len(words) > 1 and words[0] == "pair" else None


if __name__ == "__main__":
    sys.exit(script())
