"""QR codes read back as a phone reads them (zxing-cpp, a test extra): from a picture
(a Chromium screenshot), or from each page of a PDF rendered by poppler's ``pdftoppm``."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import zxingcpp
from PIL import Image

from support.printing import TIMEOUT


def read_codes(picture: Path) -> list[str]:
    """Every QR code a picture holds, as a reader decodes it."""
    found = zxingcpp.read_barcodes(Image.open(picture).convert("L"))
    return [code.text for code in found if code.format == zxingcpp.BarcodeFormat.QRCode]


def rendered(pdf: Path, dpi: int = 100) -> list[Path]:
    """The PDF's pages as pictures (``pdftoppm``), in order."""
    folder = Path(tempfile.mkdtemp(prefix="gosheet-qr-png-"))
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(folder / "p")],
        check=True,
        timeout=TIMEOUT,
    )
    return sorted(folder.glob("p-*.png"))
