"""gosheet's cache of rating lists: one file a list (``egd.txt``, ``ffg.txt``, ``aga.txt``)
and what is known of it (``KIND.json``: its date, where it came from, when it was stored), in
``$GOSHEET_CACHE`` or else ``~/.cache/gosheet/ratings``. :func:`fetch` downloads a list from
its official address (or ``url``); :func:`store` puts a downloaded file there."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.formats.ratings.lists import KINDS, RatingList, kind_of, read_list
from gosheet.records import record

URLS = {
    "egd": "https://www.europeangodatabase.eu/EGD/EGD_2_0/downloads/allworld_lp.html",
    "ffg": "https://ffg.jeudego.org/echelle/echtxt/ech_ffg_V3.txt",
    "aga": "https://usgo.org/mm/tdlista.txt",
}
MAX_BYTES = 64 * 1024 * 1024  # the EGD list is about 3 MB


def cache_dir() -> Path:
    given = os.environ.get("GOSHEET_CACHE")
    return Path(given) if given else Path.home() / ".cache" / "gosheet" / "ratings"


@record
class Cached:
    kind: str
    path: Path
    date: dt.date | None
    source: str
    players: int


def store(data: bytes, kind: str | None, source: str) -> Cached:
    """Put a list's bytes in the cache (its kind found from its contents when not given)."""
    found = kind or kind_of(data)
    if found not in KINDS:
        raise FileProblem(f"{source}: not an EGD, FFG or AGA rating list")
    rating_list = read_list(data, found)
    if not rating_list.players:
        raise FileProblem(f"{source}: no player found in it as a {found.upper()} list")
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{found}.txt"
    temporary = path.with_suffix(".part")
    temporary.write_bytes(data)
    temporary.replace(path)
    meta = {
        "date": rating_list.date.isoformat() if rating_list.date else None,
        "source": source,
        "stored": dt.datetime.now().isoformat(timespec="seconds"),
        "players": len(rating_list.players),
    }
    (folder / f"{found}.json").write_text(json.dumps(meta), encoding="utf-8")
    return Cached(found, path, rating_list.date, source, len(rating_list.players))


def fetch(kind: str, url: str | None = None, timeout: float = 30) -> Cached:
    """Download the ``kind`` list and store it; offline (or the site down) it says so."""
    import urllib.error
    import urllib.request  # http, ssl, email: ~40 ms, only to download

    address = url or URLS[kind]
    try:
        with urllib.request.urlopen(address, timeout=timeout) as answer:
            data = answer.read(MAX_BYTES + 1)
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise FileProblem(
            f"cannot download the {kind.upper()} list from {address} ({reason}): are you "
            "offline? Download it by hand and run 'gosheet ratings import FILE'"
        ) from None
    if len(data) > MAX_BYTES:
        raise FileProblem(f"{address}: larger than {MAX_BYTES // 2**20} MB, not a rating list")
    return store(data, kind, address)


def stored() -> dict[str, float]:
    """The kinds of list in the cache, each with the time it was stored (its file's)."""
    folder = cache_dir()
    found: dict[str, float] = {}
    for kind in KINDS:
        try:
            found[kind] = (folder / f"{kind}.txt").stat().st_mtime
        except OSError:
            continue
    return found


def load(kind: str) -> tuple[RatingList, Cached]:
    """The cached list of ``kind``, or a clear message when there is none."""
    folder = cache_dir()
    path = folder / f"{kind}.txt"
    if not path.is_file():
        raise FileProblem(
            f"no {kind.upper()} list in the cache ({folder}): run 'gosheet ratings fetch "
            f"{kind}' (online) or 'gosheet ratings import FILE'"
        )
    try:
        meta = json.loads((folder / f"{kind}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        meta = {}
    rating_list = read_list(path.read_bytes(), kind)
    date = dt.date.fromisoformat(meta["date"]) if meta.get("date") else rating_list.date
    cached = Cached(kind, path, date, str(meta.get("source", path)), len(rating_list.players))
    return rating_list, cached
