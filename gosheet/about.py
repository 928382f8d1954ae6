"""What gosheet is and where it lives: its version, its licence and its addresses.

One place for them: the package's metadata (``pyproject.toml`` reads :data:`__version__` of
:mod:`gosheet`, through hatch), ``gosheet --version``, the extension's ``description.xml`` and
``update.xml``, the page, the Lite workbook, the release's assets and the messages that send
an organiser somewhere all take them from here (``tests/test_about.py`` holds
``[project.urls]`` to them). Imports nothing: LibreOffice's Python, the page and the command
line's start read it.
"""

from __future__ import annotations

from gosheet import __version__

VERSION = __version__
"""This gosheet's version, ``MAJOR.MINOR.PATCH`` (the release's tag is ``v`` + it)."""

LICENSE = "GPL-3.0-or-later"
"""gosheet's licence (SPDX); its text is LICENSE at the top of the repository."""

REPOSITORY = "https://github.com/gosheet/gosheet"
"""The project's home: its code, issues and releases."""

HOMEPAGE = REPOSITORY
"""The project's homepage (the extension's publisher link)."""

PAGE = "https://gosheet.github.io/gosheet/"
"""The hosted page: gosheet in the browser, nothing to install (GitHub Pages)."""

RELEASES = f"{REPOSITORY}/releases"
"""Every release, with its assets."""

LATEST = f"{RELEASES}/latest"
"""The newest release: where an organiser downloads the extension, the Lite workbook …"""

UPDATE_XML = f"{LATEST}/download/update.xml"
"""The extension's update information (LibreOffice's Check for Updates reads it)."""

CHANGELOG = f"{REPOSITORY}/blob/main/CHANGELOG.md"
"""What changed, version by version."""

ISSUES = f"{REPOSITORY}/issues"
"""Where a problem is reported."""


def release_asset(name: str, version: str = VERSION) -> str:
    """The address of the release ``version``'s asset ``name``."""
    return f"{RELEASES}/download/v{version}/{name}"
