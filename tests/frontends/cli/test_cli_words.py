"""What a new user meets along the way (issue 33): the README's table of commands, the top of
the standings printed, a merge that takes nothing, the ``--name`` option named."""

from __future__ import annotations

import re

from support.paths import ROOT

from gosheet.frontends.cli.parser import build_parser


def readme_commands() -> set[str]:
    """The commands of the README's table "The commands" (``gosheet NAME …`` in its rows)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## The commands", 1)[1].lstrip().split("\n\n", 1)[0]
    return set(re.findall(r"^\| `gosheet ([a-z-]+)", table, flags=re.MULTILINE))


def parser_commands() -> set[str]:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sub.choices is not None
    return set(sub.choices)


def test_the_readme_table_lists_every_command() -> None:
    assert parser_commands() - readme_commands() == set()
    assert readme_commands() - parser_commands() == set()
