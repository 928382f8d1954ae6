"""The printed pack (:mod:`.pdf`) and what it and the published pages show (:mod:`.view`)."""

from __future__ import annotations

from collections.abc import Sequence

from gosheet.core.model import Tournament
from gosheet.formats.pack.teams import is_team_tournament
from gosheet.formats.pack.view import TEAM_PARTS, WHAT, Pack, pack_of


def parts_for(tournament: Tournament, what: Sequence[str] = WHAT) -> tuple[str, ...]:
    """The parts of ``what`` the tournament's pack has: the match sheets, the team standings
    and the team crosstable in a team tournament alone."""
    teams = is_team_tournament(tournament)
    return tuple(w for w in what if teams or w not in TEAM_PARTS)


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


__all__ = ["TEAM_PARTS", "WHAT", "Pack", "pack_of", "pack_pdf", "parts_for"]
