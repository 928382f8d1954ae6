"""What gosheet says follows the workbook's Language, whatever the machine's locale: a
Russian workbook's ``check`` and ``pair`` speak Russian under ``LANG=C``; a bad result in a
French workbook is reported in French, at the sheet as the organiser sees it (``Ronde 1``);
the bridge answers a Catalan workbook in Catalan, with the macros' words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.cli import cli, cli_ok

from gosheet.app import bridge
from gosheet.i18n import catalog
from gosheet.workbook.xlsx.book import XlsxBook


def _book(folder: Path, language: str) -> Path:
    """9 players, 3 rounds, a workbook in ``language`` (none paired yet)."""
    roster = folder / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    book = folder / f"cup-{language}.xlsx"
    options = ["--rounds", "3", "--seed", "7", "--language", language]
    assert cli_main("import", roster, "-o", book, *options) == 0
    return book


def cli_main(*args: object) -> int:
    from gosheet.frontends.cli import main

    return main([str(a) for a in args])


def _gosheet(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real command, under the C locale (no language of the machine's)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    environment |= {"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "gosheet", *map(str, args)],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
    )


def test_a_russian_workbook_speaks_russian_under_the_c_locale(tmp_path: Path) -> None:
    book = _book(tmp_path, "ru")
    checked = _gosheet("check", book, cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert f"{book}: проблем нет. 9 игроков, сведено туров: 0 из 3." in checked.stdout

    paired = _gosheet("pair", book, cwd=tmp_path)
    assert paired.returncode == 0, paired.stderr
    lines = paired.stdout.splitlines()
    assert lines[0] == "Тур 1: 4 партии"
    assert any(line.strip().startswith("своб.") for line in lines)  # the bye
    assert "(б) – " in lines[1] and lines[1].endswith("(ч)")
    assert lines[-1].startswith(f"Сохранён {book} (предыдущая версия: ")

    again = _gosheet("pair", book, cwd=tmp_path)
    assert again.returncode == 3
    assert again.stderr.startswith(
        "gosheet: не хватает результатов: Тур 1 (4 партии); внесите все результаты перед "
        "жеребьёвкой следующего тура:"
    ), again.stderr
    assert "Тур 1!H2 (стол 1): результата ещё нет" in again.stderr
    assert "Игрок не явился" in again.stderr


def test_a_bad_result_in_a_french_workbook_is_reported_in_french_at_its_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = _book(tmp_path, "fr")
    cli_ok(capsys, "pair", book)
    workbook = load_workbook(book)
    assert "Ronde 1" in workbook.sheetnames and "Round 1" not in workbook.sheetnames
    sheet = workbook["Ronde 1"]
    assert sheet["H1"].value == "Résultat"
    sheet["H3"] = "2-0"
    workbook.save(book)
    before = book.read_bytes()

    code, out, err = cli(capsys, "check", book)
    assert code == 1 and out == ""
    assert err.splitlines() == [
        "gosheet: 1 problème trouvé",
        "  Ronde 1!H3: '2-0': n'est pas un code de résultat (utilisez 1-0, 0-1, ½-½, 0-0, "
        "1-0!, 0-1!, 0-0! ; ou B+ (blanc), N+ (noir), =)",
    ]
    code, _out, err = cli(capsys, "pair", book)
    assert code == 1 and "Ronde 1!H3: '2-0': n'est pas un code de résultat" in err
    assert book.read_bytes() == before  # nothing written


def test_the_same_workbook_in_english_says_what_gosheet_always_said(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = _book(tmp_path, "en")
    out = cli_ok(capsys, "check", book)
    assert out.startswith(f"{book}: no problems. 9 players, 0 of 3 rounds paired.")
    out = cli_ok(capsys, "pair", book)
    assert out.startswith("Round 1: 4 games\n") and "(W) – " in out and "  bye  " in out


def test_the_bridge_answers_a_catalan_workbook_in_catalan(tmp_path: Path) -> None:
    book = _book(tmp_path, "ca")
    grids = json.loads(json.dumps(XlsxBook.open(book).grids(), default=str))
    text, code = bridge.run(json.dumps({"action": "pair", "sheets": grids}))
    answer = json.loads(text)
    assert code == 0, answer["message"]
    assert answer["message"].startswith("Ronda 1 aparellada: 4 partides, 1 descans.")
    assert answer["language"] == "ca"
    assert answer["words"]["Pair next round"] == "Aparellar la ronda següent"
    assert {op["sheet"] for op in answer["operations"] if op["op"] == "render"} >= {"Ronda 1"}

    text, code = bridge.run(json.dumps({"action": "explain", "sheets": grids}))
    assert code == 3
    assert json.loads(text)["message"] == (
        "encara no s'ha aparellat cap ronda: primer aparelleu la ronda 1"
    )


def test_each_command_starts_in_english(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The language of messages is the process's: a command on a Russian workbook leaves it
    Russian, and the next command (in the same process: the Excel buttons, the tests) starts
    in English again until it reads its own workbook."""
    book = _book(tmp_path, "ru")
    cli_ok(capsys, "check", book)
    assert catalog.current() == "ru"
    code, _out, err = cli(capsys, "check", tmp_path / "missing.xlsx")
    assert code == 5 and "no such file" in err


def test_the_excel_buttons_speak_the_workbooks_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Excel's buttons (on xlwings' remote Book, as ``tests/frontends/excel`` run them)."""
    from support.excel_client import ExcelClient, remote_opener

    import gosheet.excel
    from gosheet.frontends.excel.template import convert

    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote = remote_opener()
    client = ExcelClient.from_file(convert(_book(tmp_path, "ru"), tmp_path / "cup.xlsm"))
    book = remote(client.payload())
    message = gosheet.excel.pair(book)
    client.apply(book.json()["actions"])
    assert message.startswith("Тур 1 сведён: 4 партии, 1 свободный от игры.")
    assert client.alerts[-1][:2] == [message, "gosheet"]
    if "\n" in message:  # what xlwings' remote Book cannot do, said in Russian too
        assert message.splitlines()[1].startswith("(Недоступно в этом Excel: ")

    book = remote(client.payload())
    message = gosheet.excel.explain(book)
    assert message.startswith("Тур 1 объяснён: gosheet и сейчас сводит его так же.")
