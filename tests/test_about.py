"""gosheet's version and addresses are in one place (gosheet/about.py): the package's
metadata says the same."""

from __future__ import annotations

from importlib.metadata import metadata

import tomllib
from support.paths import ROOT

from gosheet import about


def test_the_installed_metadata_carries_the_version_of_the_package() -> None:
    assert metadata("gosheet")["Version"] == about.VERSION


def test_project_urls_are_the_addresses_of_about() -> None:
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls == {
        "Homepage": about.HOMEPAGE,
        "Web page": about.PAGE,
        "Download": about.LATEST,
        "Changelog": about.CHANGELOG,
        "Issues": about.ISSUES,
    }


def test_a_release_asset_is_under_the_tag_of_its_version() -> None:
    assert about.release_asset("update.xml", "1.2.3").endswith("/download/v1.2.3/update.xml")
