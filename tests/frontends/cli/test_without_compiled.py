"""Every command of gosheet where no compiled package can be imported (LibreOffice's own
Python, WebAssembly Python): run in a child Python that refuses every extension module
outside the standard library (:mod:`support.compiled_blocked`), each command writes what it
writes with every accelerator — the workbooks' cells, the exports' bytes, the PDF's text, the
pages — and says the same words, with the same exit code.

The refused-import log shows that the blocker bites (python-calamine, numpy under pandas,
Pillow). The hostile corpus (tests/safety) runs again with ``GOSHEET_PURE=1``: every refusal,
its limits of time and memory, hold on the pure path too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from support.books import ROSTER_CSV
from support.compiled_blocked import run as run_blocked
from support.paths import TESTS

FIXTURES = TESTS / "fixtures"
OPENGOTHA_FILE = FIXTURES / "opengotha" / "notsimplemm" / "notsimplemm.xml"
RATING_LIST = FIXTURES / "ratings" / "allworld_lp.html"


def run_normal(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gosheet", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
        check=False,
    )


@dataclass(frozen=True)
class Command:
    """One command: ``setup(folder)`` writes its inputs; the ``outputs`` it writes (files or
    folders, relative to the folder) are compared."""

    id: str
    args: list[str]
    outputs: list[str]
    setup: Callable[[Path], None] = lambda folder: None
    marks: list[Any] = field(default_factory=list)


def _book(data: bytes) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        (folder / "cup.xlsx").write_bytes(data)

    return setup


def _roster_csv(folder: Path) -> None:
    (folder / "roster.csv").write_text(ROSTER_CSV, encoding="utf-8")


def _roster_xlsx(folder: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    for line in ROSTER_CSV.splitlines():
        sheet.append([int(c) if c.isdigit() else c or None for c in line.split(",")])
    workbook.save(folder / "roster.xlsx")


def _roster_ods(folder: Path) -> None:
    def cell(text: str) -> str:
        if text.isdigit():
            return f'<table:table-cell office:value-type="float" office:value="{text}"/>'
        if not text:
            return "<table:table-cell/>"
        paragraph = f"<text:p>{text}</text:p>"
        return f'<table:table-cell office:value-type="string">{paragraph}</table:table-cell>'

    rows = "".join(
        "<table:table-row>" + "".join(cell(c) for c in line.split(",")) + "</table:table-row>"
        for line in ROSTER_CSV.splitlines()
    )
    namespaces = " ".join(
        f'xmlns:{p}="urn:oasis:names:tc:opendocument:xmlns:{p}:1.0"'
        for p in ("office", "table", "text")
    )
    with zipfile.ZipFile(folder / "roster.ods", "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", "<manifest/>")
        archive.writestr(
            "content.xml",
            f"<office:document-content {namespaces}><office:body><office:spreadsheet>"
            f'<table:table table:name="Roster">{rows}</table:table>'
            "</office:spreadsheet></office:body></office:document-content>",
        )


def _opengotha(folder: Path) -> None:
    shutil.copy(OPENGOTHA_FILE, folder / "tournament.xml")


def _tournament(*options: str, pair: bool = False, played: bool = False) -> Callable[[Path], None]:
    """A tournament of :data:`ROSTER_CSV` made with the accelerators (the command under test
    is the one after), paired once if ``pair``, its first round paired and played if
    ``played``."""

    def setup(folder: Path) -> None:
        _roster_csv(folder)
        made = run_normal(
            ["import", "roster.csv", "-o", "cup.xlsx", "--seed", "3", *options], folder, {}
        )
        assert made.returncode == 0, made.stderr
        for command in (["pair"] if pair or played else []) + (["simulate"] if played else []):
            done = run_normal([command, "cup.xlsx"], folder, {})
            assert done.returncode == 0, done.stderr

    return setup


def _imported(name: str, source: str, setup: Callable[[Path], None]) -> Command:
    return Command(
        f"import-{name}", ["import", source, "-o", "a.xlsx", "--seed", "1"], ["a.xlsx"], setup
    )


def _on_book(
    name: str, setup: Callable[[Path], None], *args: str, out: str = "cup.xlsx"
) -> Command:
    """``gosheet ARGS`` on the workbook ``cup.xlsx`` (its first argument), writing ``out``."""
    return Command(name, [args[0], "cup.xlsx", *args[1:]], [out], setup)


SITE = "https://go.example.org/cup/"  # the QR codes' pages, drawn by segno on the pure path


def commands(demo: bytes, open_book: bytes) -> list[Command]:
    book, open_one = _book(demo), _book(open_book)
    systems = [
        ("mcmahon", ()),
        ("swiss", ("--system", "swiss")),
        ("fus", ("--system", "fus")),
        ("roundrobin", ("--system", "roundrobin")),  # Berger tables: no matching
        ("opengotha-mcmahon", ("--rules", "opengotha")),
        ("opengotha-swiss", ("--system", "swiss", "--rules", "opengotha")),
    ]
    pairing = [
        Command(
            f"pair-{name}-round{2 if played else 1}",
            ["pair", "cup.xlsx"],
            ["cup.xlsx"],
            _tournament(*options, played=played),
        )
        for name, options in systems
        for played in (False, True)
    ]
    return [
        Command("new", ["new", "new.xlsx", "--system", "swiss", "--seed", "2"], ["new.xlsx"]),
        _imported("csv", "roster.csv", _roster_csv),
        _imported("xlsx", "roster.xlsx", _roster_xlsx),
        _imported("ods", "roster.ods", _roster_ods),
        _imported("opengotha", "tournament.xml", _opengotha),
        _on_book("check", book, "check"),
        _on_book("standings", book, "standings"),
        _on_book("simulate", _tournament(pair=True), "simulate"),
        _on_book("explain", book, "explain"),
        _on_book("rename", open_one, "rename", "kowalski piotr", "Kowalska Petra"),
        _on_book("export-h9", book, "export", "-o", "cup.h9", out="cup.h9"),
        _on_book("export-tou", book, "export", "-o", "cup.tou", out="cup.tou"),
        _on_book("export-aga", book, "export", "--format", "aga", "-o", "cup.txt", out="cup.txt"),
        _on_book("export-opengotha", book, "export", "-o", "cup.xml", out="cup.xml"),
        _on_book("print", book, "print", "-o", "cup.pdf", out="cup.pdf"),
        _on_book("publish", book, "publish", "-o", "site", out="site"),
        _on_book("print-qr", book, "print", "-o", "cup.pdf", "--url", SITE, out="cup.pdf"),
        _on_book("publish-qr", book, "publish", "-o", "site", "--url", SITE, out="site"),
        _on_book("excel-template", book, "excel-template", "cup.xlsm", out="cup.xlsm"),
        Command("demo", ["demo", "demo.xlsx", "--rounds", "3"], ["demo.xlsx"]),
        *pairing,
    ]


IDS = [c.id for c in commands(b"", b"")]


def values(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    workbook = load_workbook(path, keep_vba=path.suffix == ".xlsm")
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in workbook.worksheets}


def pdf_text(path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is not installed: apt-get install poppler-utils")
    done = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True)
    return done.stdout.decode()


def same_output(normal: Path, pure: Path) -> None:
    """What the two runs wrote: a workbook's cells, a PDF's text, a folder's files, bytes."""
    assert pure.exists() == normal.exists(), pure
    if normal.is_dir():
        names = sorted(p.relative_to(normal) for p in normal.rglob("*"))
        assert sorted(p.relative_to(pure) for p in pure.rglob("*")) == names
        for name in names:
            if (normal / name).is_file():
                same_output(normal / name, pure / name)
    elif normal.suffix in (".xlsx", ".xlsm"):
        assert values(pure) == values(normal)
    elif normal.suffix == ".pdf":
        assert pdf_text(pure) == pdf_text(normal)
    elif normal.suffix == ".xml":  # (OpenGotha's file says when it was saved, to the second)
        assert _unsaved(pure.read_bytes()) == _unsaved(normal.read_bytes())
    elif normal.exists():
        assert pure.read_bytes() == normal.read_bytes()


def _unsaved(data: bytes) -> bytes:
    return re.sub(rb'saveDT="\d+"', b'saveDT=""', data)


def words(text: str, folder: Path) -> str:
    """A command's words without its folder, the clock's seconds, objects' addresses."""
    text = text.replace(str(folder.resolve()), "DIR").replace(str(folder), "DIR")
    text = re.sub(r"0x[0-9a-f]+", "0x…", text)  # (an object's address in a warning)
    return re.sub(r"\d\d:\d\d:\d\d", "HH:MM:SS", text)


def run_twice(
    tmp_path: Path, command: Command, env: dict[str, str] | None = None
) -> tuple[Path, Path]:
    env = env or {}
    folders = {}
    for name in ("normal", "pure"):
        folders[name] = tmp_path / name
        folders[name].mkdir(parents=True)
        command.setup(folders[name])
    normal = run_normal(command.args, folders["normal"], env)
    pure = run_blocked(command.args, cwd=folders["pure"], env=env)
    assert pure.returncode == normal.returncode, (pure.stderr, normal.stderr)
    assert "Traceback" not in pure.stderr or "Traceback" in normal.stderr, pure.stderr
    assert words(pure.stdout, folders["pure"]) == words(normal.stdout, folders["normal"])
    assert words(pure.stderr, folders["pure"]) == words(normal.stderr, folders["normal"])
    for output in command.outputs:
        same_output(folders["normal"] / output, folders["pure"] / output)
    return folders["normal"], folders["pure"]


@pytest.mark.parametrize("index", range(len(IDS)), ids=IDS)
def test_every_command_without_compiled_packages(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    demo_book_bytes: bytes,
    open_book_bytes: bytes,
    index: int,
) -> None:
    command = commands(demo_book_bytes, open_book_bytes)[index]
    for mark in command.marks:
        request.applymarker(mark)
    run_twice(tmp_path, command)


def test_history_and_restore(tmp_path: Path, demo_book_bytes: bytes) -> None:
    def setup(folder: Path) -> None:
        (folder / "cup.xlsx").write_bytes(demo_book_bytes)
        for _ in range(2):
            assert run_normal(["standings", "cup.xlsx"], folder, {}).returncode == 0

    run_twice(tmp_path, Command("history", ["history", "cup.xlsx"], [], setup))
    restore = Command("restore", ["restore", "cup.xlsx", "2"], ["cup.xlsx"], setup)
    run_twice(tmp_path / "restore", restore)


def test_ratings_fill_from_a_cached_list(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {"GOSHEET_CACHE": str(cache)}
    assert run_normal(["ratings", "import", str(RATING_LIST)], tmp_path, env).returncode == 0

    def setup(folder: Path) -> None:
        lines = [
            "Name,First name,Rank,Club",
            "Muller,Hans,1k,",
            "Dubois,Luc,2d,",
            "Nobody,Here,10k,",
        ]
        (folder / "roster.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        made = run_normal(["import", "roster.csv", "-o", "cup.xlsx", "--seed", "1"], folder, env)
        assert made.returncode == 0, made.stderr

    run_twice(tmp_path, Command("fill", ["ratings", "fill", "cup.xlsx"], ["cup.xlsx"], setup), env)


@pytest.mark.parametrize(
    ("args", "refused"),
    [
        (["check", "cup.xlsx"], "python_calamine"),
        (["import", "roster.csv", "-o", "new.xlsx"], "numpy"),  # pandas needs numpy
        (["print", "cup.xlsx", "-o", "cup.pdf"], "PIL"),
    ],
)
def test_the_blocker_bites(
    tmp_path: Path, demo_book_bytes: bytes, args: list[str], refused: str
) -> None:
    """The log of refused imports names the accelerators each command tried: the child
    Python really is one where they cannot be imported."""
    (tmp_path / "cup.xlsx").write_bytes(demo_book_bytes)
    _roster_csv(tmp_path)
    log = tmp_path / "refused.log"
    done = run_blocked(args, cwd=tmp_path, env={"GOSHEET_BLOCKED_LOG": str(log)})
    assert done.returncode == 0, done.stderr
    names = log.read_text().split()
    assert any(name.split(".")[0] == refused for name in names), names


@pytest.mark.slow
def test_hostile_corpus_on_the_pure_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/safety's hostile corpus, each case run as there but with ``GOSHEET_PURE=1``:
    the same exit codes, messages naming the place, no traceback, nothing changed, within the
    same time and memory."""
    from safety.hostile import CASES, ROSTER
    from safety.test_corpus import CPU_SECONDS, PEAK_RSS, run_case

    from gosheet.frontends.cli import main

    monkeypatch.setenv("GOSHEET_PURE", "1")
    base = tmp_path / "base.xlsx"
    (tmp_path / "roster.csv").write_text(ROSTER)
    assert main(["import", str(tmp_path / "roster.csv"), "-o", str(base), "--seed", "1"]) == 0
    failures = []
    for case in CASES:
        folder = tmp_path / case.id
        folder.mkdir()
        outcome = run_case(case, folder, base)
        message = outcome.stdout if case.stdin else outcome.stderr
        problems = [
            outcome.code not in case.codes and f"exit {outcome.code}",
            "Traceback" in outcome.stderr and "traceback",
            *[name not in message and f"no {name!r}" for name in case.names],
            outcome.peak_rss >= PEAK_RSS and f"{outcome.peak_rss >> 20} MB",
            outcome.cpu >= CPU_SECONDS and f"{outcome.cpu:.1f} s",
            outcome.code != 0 and outcome.after != outcome.before and "changed files",
        ]
        if any(problems):
            failures.append((case.id, [p for p in problems if p], message[-300:]))
    assert not failures, failures


def test_pictures_kept_without_pillow(tmp_path: Path, open_book_bytes: bytes) -> None:
    """The organiser's picture and chart survive ``standings`` and ``simulate`` where Pillow
    cannot be imported: the part writer copies their parts byte for byte."""
    import io

    from openpyxl.chart import BarChart, Reference
    from openpyxl.drawing.image import Image

    PILImage = pytest.importorskip("PIL.Image", reason="to draw the picture: pip install pillow")
    data = io.BytesIO()
    PILImage.new("RGB", (40, 20), (200, 30, 30)).save(data, format="PNG")
    book = tmp_path / "cup.xlsx"
    book.write_bytes(open_book_bytes)
    workbook = load_workbook(book)
    notes = workbook.create_sheet("Notes")
    for line in (("Club", "Players"), ("Paris", 3), ("Praha", 2)):
        notes.append(line)
    notes.add_image(Image(io.BytesIO(data.getvalue())), "D2")
    chart = BarChart()
    chart.add_data(Reference(notes, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    notes.add_chart(chart, "D10")
    workbook.save(book)

    def media(path: Path) -> dict[str, bytes]:
        with zipfile.ZipFile(path) as archive:
            return {
                n: archive.read(n)
                for n in archive.namelist()
                if n.startswith(("xl/media/", "xl/charts/"))
            }

    before = media(book)
    assert any(name.startswith("xl/media/") for name in before)
    for args in (["standings", "cup.xlsx"], ["simulate", "cup.xlsx"]):
        done = run_blocked(args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    assert media(book) == before
    kept = load_workbook(book)["Notes"]
    assert len(kept._images) == 1 and len(kept._charts) == 1
