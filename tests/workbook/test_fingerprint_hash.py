"""The save's fingerprint hashes with Python's own SHA-256 (no OpenSSL loaded at start, issue
38): the same digests as hashlib's."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from gosheet.workbook.saving.atomic import Fingerprint, new_sha256


@pytest.mark.parametrize("size", [0, 1, 63, 64, 65, 1 << 20, (1 << 20) + 7, 3 << 20])
def test_the_same_digest_as_hashlib(size: int, tmp_path: Path) -> None:
    data = bytes(range(256)) * (size // 256) + bytes(size % 256)
    digest = new_sha256()
    digest.update(data)
    assert digest.hexdigest() == hashlib.sha256(data).hexdigest()
    book = tmp_path / "cup.xlsx"
    book.write_bytes(data)
    assert Fingerprint.of(book).sha256 == hashlib.sha256(data).hexdigest()


def test_a_changed_byte_is_seen(tmp_path: Path) -> None:
    book = tmp_path / "cup.xlsx"
    book.write_bytes(b"a" * 1000)
    before = Fingerprint.of(book)
    with book.open("r+b") as file:
        file.write(b"b")
    assert before.changed(book)
