"""Shared test setup for ``tests/``.

What is here:

* ``tests/`` is put on ``sys.path`` so that every test file can write
  ``from support import …`` (the suite runs with ``--import-mode=importlib``,
  which does not do it). The helpers themselves live in :mod:`support`
  (``tests/support/``); see its docstring for the list.
* Every test begins and ends with English messages (``english_messages``).
* Workbook fixtures made once a session (once a pytest-xdist worker) by the command line
  itself and copied into each test's ``tmp_path`` as ``cup.xlsx``:

  - ``open_book`` — 9 players (:data:`support.books.ROSTER_CSV`), 4 rounds,
    rounds 1 and 2 paired and played: ``gosheet pair`` would work;
  - ``demo_book`` — ``gosheet demo``: 23 players, all 5 rounds paired and played.
* ``GOSHEET_XLSX_ENGINE=parts`` for the whole session (subprocesses inherit it): a workbook
  the part writer cannot save is an error in the tests, never hidden by the openpyxl
  fallback (tests/workbook/test_parts_writer.py tests the fallback itself).
* ``office`` — one headless LibreOffice a test module, gosheet's extension installed in a
  profile of its own (:mod:`support.libreoffice` skips the module, naming the package to
  install, when LibreOffice cannot be driven); a module changes its environment by
  overriding ``office_env`` and the number of installs (an update) by ``office_installs``.
  The conversions (``support.libreoffice.convert``) share one LibreOffice a worker, stopped
  when the session ends (``pytest_sessionfinish``).
* Hypothesis' profiles: ``default`` (plain ``pytest``, CI: every test tries its own number of
  examples) and ``fast`` (``pytest --hypothesis-profile=fast``: at most
  :data:`FAST_EXAMPLES` each, :func:`support.examples.examples`), for the inner loop with
  ``-m "not slow"`` (the ``slow`` marker: ``pyproject.toml``; docs/development.md).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from support.books import BOOK, ROSTER_CSV  # noqa: E402  (needs the path above)

if TYPE_CHECKING:
    from gosheet.frontends.libreoffice.office import Office

os.environ.setdefault("GOSHEET_XLSX_ENGINE", "parts")

FAST_EXAMPLES = 10
settings.register_profile("fast", max_examples=FAST_EXAMPLES)


@pytest.fixture(scope="session")
def open_book_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """9 players, 4 rounds, rounds 1 and 2 paired and played: ``pair`` would work."""
    from gosheet.frontends.cli import main  # here: a pure-core test needs no command line

    folder = tmp_path_factory.mktemp("open")
    roster = folder / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    book = folder / BOOK
    assert main(["import", str(roster), "-o", str(book), "--rounds", "4", "--seed", "7"]) == 0
    for _ in range(2):
        assert main(["pair", str(book)]) == 0
        assert main(["simulate", str(book)]) == 0
    return book.read_bytes()


@pytest.fixture(scope="session")
def demo_book_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """``gosheet demo``: 23 players, all 5 rounds paired and played."""
    from gosheet.frontends.cli import main

    book = tmp_path_factory.mktemp("demo") / BOOK
    assert main(["demo", str(book)]) == 0
    return book.read_bytes()


@pytest.fixture
def open_book(tmp_path: Path, open_book_bytes: bytes) -> Path:
    """A copy of ``open_book_bytes`` at ``tmp_path / "cup.xlsx"``."""
    path = tmp_path / BOOK
    path.write_bytes(open_book_bytes)
    return path


@pytest.fixture
def demo_book(tmp_path: Path, demo_book_bytes: bytes) -> Path:
    """A copy of ``demo_book_bytes`` at ``tmp_path / "cup.xlsx"``."""
    path = tmp_path / BOOK
    path.write_bytes(demo_book_bytes)
    return path


@pytest.fixture(scope="module")
def office_env() -> dict[str, str]:
    """Variables added to LibreOffice's environment (a test module overrides it)."""
    return {}


@pytest.fixture(scope="module")
def office_installs() -> int:
    """How many times the extension is installed before LibreOffice starts (2: an update)."""
    return 1


@pytest.fixture(scope="module")
def office(
    tmp_path_factory: pytest.TempPathFactory, office_env: dict[str, str], office_installs: int
) -> Iterator[Office]:
    """Headless LibreOffice (:class:`gosheet.frontends.libreoffice.office.Office`) with
    gosheet's extension, stopped (its process group killed) however the module ends."""
    from support.libreoffice import TIMEOUT, require_office

    from gosheet.frontends.libreoffice.build import install_extension
    from gosheet.frontends.libreoffice.office import Office

    require_office()
    profile = tmp_path_factory.mktemp("libreoffice") / "profile"
    for _ in range(office_installs):
        install_extension(profile)
    env = {k: v for k, v in os.environ.items() if k not in ("GOSHEET", "GOSHEET_NO_DIALOGS")}
    with Office(profile, env={**env, **office_env}, start_timeout=TIMEOUT) as started:
        yield started


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The conversions' LibreOffice stopped (if a test started it), its profile removed."""
    from support.libreoffice import stop_converter

    stop_converter()


@pytest.fixture(autouse=True)
def english_messages() -> Iterator[None]:
    """Every test starts and ends with English messages: the language of messages is
    process-wide (``gosheet.i18n.catalog.use``), and a test reading a Russian workbook sets it."""
    from gosheet.i18n import catalog

    catalog.use("en")
    yield
    catalog.use("en")
