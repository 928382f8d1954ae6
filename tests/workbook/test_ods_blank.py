"""A blank tournament as an ``.ods`` (gosheet/workbook/ods/blank.py): the sheets ``gosheet new``
writes, in the settings' language, the same bytes for the same settings."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from gosheet.core.settings import Settings
from gosheet.workbook.ods.blank import new_ods
from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_blank_ods_holds_what_the_blank_xlsx_holds(tmp_path: Path, language: str) -> None:
    settings = Settings(random_seed=11, language=language)
    ods = new_ods(settings, tmp_path / "a.ods")
    new_book(settings).save(tmp_path / "a.xlsx", backup=False)
    assert OdsBook.open(ods).grids() == XlsxBook.open(tmp_path / "a.xlsx").grids()
    assert not (tmp_path / "a.history").exists()  # a new file: no history


def test_the_same_settings_give_the_same_bytes(tmp_path: Path) -> None:
    settings = Settings(random_seed=11, language="fr")
    one = new_ods(settings, tmp_path / "one.ods").read_bytes()
    two = new_ods(settings, tmp_path / "two.ods").read_bytes()
    assert one == two
    with zipfile.ZipFile(tmp_path / "one.ods") as archive:
        first = archive.infolist()[0]
        dates = {info.date_time for info in archive.infolist()}
    assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)
    assert dates == {(1980, 1, 1, 0, 0, 0)}
