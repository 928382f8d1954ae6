"""The GitHub workflows (.github/workflows/) pass actionlint (with shellcheck on their ``run:``
scripts where shellcheck is installed) and do what docs/release.md says: CI runs .ci/run, a
tag vX.Y.Z releases what tools/release builds and publishes to PyPI by trusted publishing,
the page is deployed to GitHub Pages."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
ACTIONLINT = Path(sys.executable).with_name("actionlint")  # the test extra's (pinned)


def workflow(name: str) -> str:
    return (WORKFLOWS / name).read_text(encoding="utf-8")


def job(text: str, name: str) -> str:
    """The lines of the job ``name`` (two spaces in, under ``jobs:``)."""
    found = re.search(rf"^  {name}:\n((?:    .*\n|\n)*)", text, re.MULTILINE)
    assert found is not None, name
    return found.group(1)


def test_actionlint_finds_nothing() -> None:
    assert ACTIONLINT.is_file(), "pip install -e '.[test]' (actionlint is in the test extra)"
    done = subprocess.run(
        [str(ACTIONLINT), "-oneline", "-no-color"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert sorted(p.name for p in WORKFLOWS.iterdir()) == ["ci.yml", "pages.yml", "release.yml"]


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="apt-get install shellcheck")
def test_actionlint_catches_what_shellcheck_finds(tmp_path: Path) -> None:
    """The check above is not blind: a run script shellcheck complains of fails it."""
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    broken = workflow("ci.yml").replace("run: bash .ci/run", "run: cd $HOME/x && ls $1")
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text(broken, encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    done = subprocess.run(
        [str(ACTIONLINT), "-oneline", "-no-color"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 1 and "shellcheck" in done.stdout


def test_ci_runs_the_ci_script_on_ubuntu() -> None:
    ci = workflow("ci.yml")
    assert "runs-on: ubuntu-latest" in ci and "run: bash .ci/run" in ci
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    packages = re.search(r"apt-get install -y -qq ([^>]+)>", script)
    assert packages is not None
    for package in packages.group(1).split():  # what .ci/run would install as root
        assert package in ci or (package == "chromium" and "/usr/bin/chromium" in ci), package


def test_a_version_tag_releases_every_asset_and_publishes_to_pypi() -> None:
    release = workflow("release.yml")
    assert re.search(r'^on:\n  push:\n    tags: \["v\*\.\*\.\*"\]', release, re.MULTILINE)
    build = job(release, "build")
    assert "tools/release dist-out" in build and '"v$version"' in build
    assert "gh release create" in job(release, "github-release")
    assert "contents: write" in job(release, "github-release")
    pypi = job(release, "pypi")
    assert "id-token: write" in pypi and "name: pypi" in pypi
    assert "uses: pypa/gh-action-pypi-publish@v" in pypi
    assert "dist-out/*.whl dist-out/*.tar.gz dist/" in pypi
    assert "id-token" not in build  # only the publishing job may ask PyPI for a token


def test_the_page_is_deployed_to_github_pages_from_main_and_each_release() -> None:
    pages = workflow("pages.yml")
    assert re.search(r'^  push:\n    branches: \[main\]\n    tags: \["v\*\.\*\.\*"\]', pages, re.M)
    build = job(pages, "build")
    assert "gosheet web-app -o site" in build
    assert "actions/upload-pages-artifact@" in build and "path: site" in build
    deploy = job(pages, "deploy")
    assert "actions/deploy-pages@" in deploy and "pages: write" in deploy
