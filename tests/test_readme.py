"""The README is a front page: short enough to read, every link leading somewhere."""

from __future__ import annotations

import re

from support.paths import ROOT

README = ROOT / "README.md"
FRONT_PAGE = 15_000  # characters; details go in docs/


def test_the_front_page_is_short() -> None:
    length = len(README.read_text(encoding="utf-8"))
    assert length <= FRONT_PAGE, f"README.md has {length} characters: move details to docs/"


def test_every_link_of_the_front_page_leads_to_a_file() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|src=\"([^\"]+)\"|href=\"([^\"#]+)\"", text)
    files = {next(t for t in found if t) for found in targets}
    local = {f for f in files if not re.match(r"[a-z]+://", f)}
    assert local, "no link found: the pattern is wrong"
    missing = sorted(f for f in local if not (ROOT / f).exists())
    assert not missing, missing


def test_ci_runs_the_readmes_test_command() -> None:
    """``.ci/run`` runs the README's test command, each of its steps as the README gives it,
    in its order (one a line, so that a failing step stops CI)."""
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)\n```", text, re.S)
    command = next(block for block in blocks if "pytest" in block)
    steps = command.split(" && ")
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    at = 0
    for step in steps:
        found = [i for i, line in enumerate(ci) if i >= at and line.split(" || ")[0] == step]
        assert found, f".ci/run lacks the README's step {step!r} (after line {at})"
        at = found[0] + 1
