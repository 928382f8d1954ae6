"""The command line's parser built for the command typed first (``build_parser(only)``, a
start-up saving of issue 38) parses, helps and refuses as the whole parser does."""

from __future__ import annotations

import argparse

import pytest

from gosheet.frontends.cli import COMMANDS
from gosheet.frontends.cli.parser import build_parser

LINES = [
    ["pair", "cup.xlsx"],
    ["pair", "cup.xlsx", "--again"],
    ["check", "cup"],
    ["new", "cup.xlsx", "--system", "swiss", "--rounds", "4", "--language", "fr"],
    ["import", "r.csv", "-o", "cup.xlsx", "--until-round", "2"],
    ["export", "cup.xlsx", "-o", "out.h9", "--format", "egf"],
    ["merge", "cup.xlsx", "a.xlsx", "b.ods"],
    ["explain", "cup.xlsx", "--round", "3"],
    ["restore", "cup.xlsx", "2"],
    ["libreoffice", "build", "out"],
    ["demo", "d.xlsx", "--rounds", "3"],
]


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if a.dest == "command")
    assert isinstance(sub.choices, dict)
    return sub.choices


@pytest.mark.parametrize("line", LINES, ids=lambda line: line[0])
def test_the_same_parse(line: list[str]) -> None:
    assert build_parser(line[0]).parse_args(line) == build_parser().parse_args(line)


def test_each_command_the_same_help_and_usage() -> None:
    whole = commands_of(build_parser())
    assert set(whole) == set(COMMANDS)
    for command in COMMANDS:
        alone = commands_of(build_parser(command))
        assert list(alone) == [command]
        assert alone[command].format_help() == whole[command].format_help()
        assert alone[command].format_usage() == whole[command].format_usage()


@pytest.mark.parametrize(
    "line", [["pair"], ["pair", "cup.xlsx", "--nothing"], ["new", "x.xlsx", "--system", "no"]]
)
def test_the_same_refusal(line: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    said = []
    for parser in (build_parser(line[0]), build_parser()):
        with pytest.raises(SystemExit) as stop:
            parser.parse_args(line)
        said.append((stop.value.code, capsys.readouterr().err))
    assert said[0] == said[1]
    assert said[0][0] == 2
