"""The organiser's own sheets survive gosheet's saves: a picture, a chart and a comment on a
sheet gosheet does not write are still there after ``gosheet pair`` (openpyxl keeps
pictures only with Pillow installed, hence the dependency)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.comments import Comment
from openpyxl.drawing.image import Image
from PIL import Image as PILImage
from support.cli import cli_ok

from gosheet.frontends.cli import main


def png() -> io.BytesIO:
    data = io.BytesIO()
    PILImage.new("RGB", (40, 20), (200, 30, 30)).save(data, format="PNG")
    data.seek(0)
    return data


def test_picture_chart_and_comment_survive_pair(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    book = load_workbook(open_book)
    notes = book.create_sheet("Notes")
    for row in (("Club", "Players"), ("Paris", 3), ("Praha", 2)):
        notes.append(row)
    notes["A1"].comment = Comment("ask the clubs for their lists", "organiser")
    notes.add_image(Image(png()), "D2")
    chart = BarChart()
    chart.add_data(Reference(notes, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    notes.add_chart(chart, "D10")
    book.save(open_book)

    cli_ok(capsys, "pair", open_book)
    cli_ok(capsys, "standings", open_book)

    kept = load_workbook(open_book)["Notes"]
    assert len(kept._images) == 1
    assert len(kept._charts) == 1
    assert kept["A1"].comment is not None
    assert kept["A1"].comment.text == "ask the clubs for their lists"
    assert main(["check", str(open_book)]) == 0
