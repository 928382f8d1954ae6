"""``gosheet ratings fetch|import|fill|add``: the lists go into a cache of the test's own
(``GOSHEET_CACHE``); ``fetch`` downloads from a local HTTP server on 127.0.0.1 (never the
rating sites), and says so clearly when nothing answers."""

from __future__ import annotations

import csv
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli, cli_ok
from support.paths import RATINGS

SAMPLES = RATINGS


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GOSHEET_CACHE", str(folder))
    return folder


@pytest.fixture
def server() -> Iterator[str]:
    """A local HTTP server serving the samples, stopped at the end (and bounded: a thread
    that serves until shut down, with a timeout on each request)."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(SAMPLES), **kwargs)  # type: ignore[arg-type]

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    httpd.timeout = 5
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def roster_book(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    roster, book = tmp_path / "roster.csv", tmp_path / "cup.xlsx"
    with roster.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Name", "First name", "Rank", "Club"])
        w.writerow(["Muller", "Hans", "1k", ""])  # found by name without the accent
        w.writerow(["Piotr", "Kowalski", "5d", "My club"])  # word order; typed cells kept
        w.writerow(["Dubois", "Luc", "2d", ""])  # two in the list
        w.writerow(["Nobody", "Here", "10k", ""])
    cli_ok(capsys, "import", roster, "-o", book)
    return book


def players(book: Path) -> list[dict[str, object]]:
    ws = load_workbook(book)["Players"]
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], row, strict=False)) for row in rows[1:] if row[0]]


def test_import_then_fill(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = roster_book(capsys, tmp_path)
    code, _, err = cli(capsys, "ratings", "fill", book)
    assert code == 5 and "ratings fetch egd" in err  # no list yet: what to do
    text = cli_ok(capsys, "ratings", "import", SAMPLES / "allworld_lp.html")
    assert "EGD list of 2024-05-12: 7 players" in text
    text = cli_ok(capsys, "ratings", "fill", book)
    assert "Ambiguous: Dubois Luc" in text and "12345678" in text and "12345679" in text
    assert "Not found: Nobody Here" in text
    rows = {r["Name"]: r for r in players(book)}
    assert rows["Muller"]["EGD PIN"] == "10254981" and rows["Muller"]["Rank"] == "1k"
    assert rows["Muller"]["Rating"] == 2290 and rows["Muller"]["Country"] == "DE"
    assert rows["Piotr"]["Rank"] == "5d" and rows["Piotr"]["Club"] == "My club"  # kept
    assert rows["Piotr"]["EGD PIN"] == "11223344"
    cli_ok(capsys, "ratings", "fill", book, "--overwrite")
    rows = {r["Name"]: r for r in players(book)}
    assert rows["Piotr"]["Rank"] == "3d" and rows["Piotr"]["Club"] == "Wars"
    assert rows["Muller"]["Rank"] == "3d"
    assert "no problems" in cli_ok(capsys, "check", book)
    # the PINs reach the EGF results file
    cli_ok(capsys, "pair", book)
    cli_ok(capsys, "simulate", book)
    cli_ok(capsys, "export", book, "-o", tmp_path / "cup.h9")
    assert " |10254981" in (tmp_path / "cup.h9").read_text(encoding="iso-8859-15")


def test_add_by_name_and_pin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = roster_book(capsys, tmp_path)
    cli_ok(capsys, "ratings", "import", SAMPLES / "allworld_lp.html")
    assert "Noguchi Motoki" in cli_ok(capsys, "ratings", "add", book, "motoki noguchi")
    assert "Bonjean" in cli_ok(capsys, "ratings", "add", book, "--pin", "14000002")
    rows = {r["Name"]: r for r in players(book)}
    assert rows["Noguchi"]["Rank"] == "7d" and rows["Bonjean"]["EGD PIN"] == "14000002"
    code, _, err = cli(capsys, "ratings", "add", book, "--pin", "14000002")
    assert code == 3 and "registered already" in err
    code, _, err = cli(capsys, "ratings", "add", book, "Luc Dubois")
    assert code == 3 and "ambiguous" in err
    code, _, err = cli(capsys, "ratings", "add", book)
    assert code == 2


def test_ffg_and_aga_lists(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "new", book)
    cli_ok(capsys, "ratings", "import", SAMPLES / "ech_ffg_V3.txt")
    cli_ok(capsys, "ratings", "add", book, "Clé Robin", "--list", "ffg")
    cli_ok(capsys, "ratings", "import", SAMPLES / "TDListA.txt")
    cli_ok(capsys, "ratings", "add", book, "--pin", "23456", "--list", "aga")
    rows = {r["Name"]: r for r in players(book)}
    assert rows["ROBIN"]["FFG licence"] == "2200056" and rows["ROBIN"]["Rank"] == "10k"
    assert rows["Tanaka"]["AGA ID"] == "23456" and rows["Tanaka"]["Rank"] == "5k"


def test_fetch_from_a_local_server(
    capsys: pytest.CaptureFixture[str], server: str, cache: Path
) -> None:
    text = cli_ok(
        capsys, "ratings", "fetch", "ffg", "--url", f"{server}/ech_ffg_V3.txt", "--timeout", "5"
    )
    assert "FFG list of 2024-05-12: 4 players" in text and (cache / "ffg.txt").is_file()
    code, _, err = cli(capsys, "ratings", "fetch", "egd", "--url", f"{server}/missing.html")
    assert code == 5 and "offline" in err


def test_fetch_offline_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # a port nothing listens on: refused at once
    code, _, err = cli(
        capsys,
        "ratings",
        "fetch",
        "aga",
        "--url",
        "http://127.0.0.1:9/TDListA.txt",
        "--timeout",
        "2",
    )
    assert code == 5 and "cannot download the AGA list" in err and "ratings import" in err
