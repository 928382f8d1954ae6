"""The printed pack (:mod:`.pdf`) and what it and the published pages show (:mod:`.view`)."""

from __future__ import annotations

from collections.abc import Sequence

from gosheet.core.model import Tournament
from gosheet.formats.pack.view import WHAT, Pack, pack_of


def pack_pdf(
    tournament: Tournament,
    round_number: int | None = None,
    what: Sequence[str] = WHAT,
    url: str | None = None,
) -> bytes:
    """The PDF of one round (the last paired by default): the parts ``what`` names; with
    the published pages' address ``url``, QR codes to them."""
    from gosheet.formats.pack.loading import reportlab_loadable

    with reportlab_loadable():  # (Pillow, which reportlab imports, may not be importable)
        from gosheet.formats.pack.pdf import render  # reportlab, loaded only to print

    return render(pack_of(tournament), round_number, what, url)


__all__ = ["WHAT", "Pack", "pack_of", "pack_pdf"]
