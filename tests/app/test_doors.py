"""The table of actions walked against every door: each entry is offered where the table
says, as it says, and no door offers an action the table lacks."""

from __future__ import annotations

import argparse
import ast
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import gosheet.excel
from gosheet.app import bridge, doors
from gosheet.frontends.cli import COMMANDS
from gosheet.frontends.cli.parser import build_parser
from gosheet.frontends.excel import lite, lite_run
from gosheet.frontends.excel.template import xlsm_template_path
from gosheet.frontends.libreoffice import build
from gosheet.frontends.libreoffice.build import MACRO_SOURCE, menu_url
from gosheet.frontends.web import runner
from gosheet.frontends.web.build import static
from gosheet.frontends.web.words import WORDS, table
from gosheet.i18n.catalog import LANGUAGES, translator

OOR = "{http://openoffice.org/2001/registry}"


def test_every_action_has_one_name() -> None:
    names = [a.name for a in doors.ACTIONS]
    assert len(set(names)) == len(names)
    for action in doors.ACTIONS:
        assert re.fullmatch(r"[a-z_]+", action.name), action.name


def test_every_command_of_the_parser_is_in_the_table_and_no_other() -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    offered = {a.command.name for a in doors.ACTIONS if a.command is not None}
    assert set(sub.choices) == offered == set(COMMANDS)
    for action in doors.ACTIONS:  # an action sharing a command shares its handler
        if action.command is not None:
            module, function = COMMANDS[action.command.name]
            assert action.command.handler == f"{module}:{function}"


def _extension_menu(tmp_path: Path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    oxt = build.build_extension(tmp_path)
    with zipfile.ZipFile(oxt) as archive:
        root = ElementTree.fromstring(archive.read("Addons.xcu"))

    def items(node: ElementTree.Element) -> list[tuple[str, str]]:
        found = []
        for item in node:
            props = {p.get(f"{OOR}name"): p.findtext("value") for p in item.findall("prop")}
            found.append((props["URL"] or "", props["Title"] or ""))
        return found

    menu = root.find(f".//node[@{OOR}name='Submenu']")
    toolbar = root.find(f".//node[@{OOR}name='{build.TOOLBAR_NODE}']")
    assert menu is not None and toolbar is not None
    return items(menu), items(toolbar)


def test_the_built_extensions_menu_is_the_tables(tmp_path: Path) -> None:
    menu, toolbar = _extension_menu(tmp_path)
    offered = doors.in_menu()
    entries = [(url, title) for url, title in menu if url != "private:separator"]
    assert entries == [(menu_url(a.name), a.menu.title) for a in offered if a.menu]
    assert toolbar == [(menu_url(a.name), a.label) for a in offered if a.menu and a.menu.toolbar]
    # every macro the menu calls runs the action of its name; the script offers no other
    tree = ast.parse(MACRO_SOURCE.read_text(encoding="utf-8"))
    runs = {
        f.name: f.body[-1].value.args[0].value  # type: ignore[attr-defined]
        for f in tree.body
        if isinstance(f, ast.FunctionDef) and f.name[0].isupper()
    }
    assert runs == {a.menu.macro: a.name for a in offered if a.menu}
    assert set(bridge.BRIDGED) == {a.name for a in offered}


def _vml_macros(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        texts = [archive.read(n).decode() for n in archive.namelist() if n.endswith(".vml")]
    return [m for text in texts for m in re.findall(r"gosheet\.excel\.(\w+)\(\)", text)]


def test_the_excel_templates_buttons_are_the_tables() -> None:
    placed = doors.buttons()
    assert _vml_macros(xlsm_template_path()) == [a.button.entry for a in placed if a.button]
    entries = {a.button.entry for a in doors.ACTIONS if a.button is not None}
    assert set(gosheet.excel.__all__) == entries
    assert all(callable(getattr(gosheet.excel, entry)) for entry in entries)


def test_the_lite_scripts_are_the_tables() -> None:
    tree = ast.parse(lite.main_py())
    scripts = [f for f in tree.body if isinstance(f, ast.FunctionDef) and f.decorator_list]
    offered = doors.scripts()
    assert [f.name for f in scripts] == [a.script.function for a in offered if a.script]
    runs = [f.body[-1].value.args[0].value for f in scripts]  # type: ignore[attr-defined]
    assert runs == [a.button.entry for a in offered if a.button] == list(lite_run.ACTIONS)


def test_the_pages_buttons_are_the_tables() -> None:
    html = static("index.html").decode("utf-8")
    keys = re.findall(r'<button type="button" data-action="(\w+)"[^>]*>([^<]*)<', html)
    offered = {a.page.key: a.page_label for a in doors.ACTIONS if a.page is not None}
    assert dict(keys) == offered
    assert set(runner.ACTIONS) == set(offered) == set(doors.page_actions())
    assert set(runner.RUNNERS) == {a.name for a in doors.ACTIONS if a.page is not None}
    script = static("page.js").decode("utf-8")
    assert "action ===" not in script and '"merge"' not in script


def test_every_label_is_translated_in_every_language() -> None:
    pages = table()
    for language in LANGUAGES:
        catalog = translator(language)
        for action in doors.ACTIONS:
            if action.page is not None:
                assert pages[language][action.page.key] == catalog.gettext(action.page_label) or (
                    action.page.key in WORDS  # the page's own words
                )
            for label in {action.label}:
                said = catalog.gettext(label)
                assert said and (language == "en" or said != label), (language, label)
