"""Finding a player in a rating list: by his number there (EGD PIN, FFG licence, AGA ID),
else by name — case, accents, word order and ``_`` ignored — with the closest names offered
when none or several match."""

from __future__ import annotations

import difflib
import unicodedata
from collections import defaultdict

from gosheet.formats.ratings.lists import Rated, RatingList
from gosheet.records import record


def name_key(name: str) -> str:
    """``"Müller_Hans"`` and ``"hans MULLER"`` alike: the words without accents nor case,
    sorted."""
    text = unicodedata.normalize("NFKD", name.replace("_", " ").replace("-", " "))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return " ".join(sorted(w for w in text.replace(",", " ").split() if w))


@record
class Found:
    """``rated``: the one player found; else ``candidates``: the ambiguous ones, or the
    closest names when nobody matched."""

    rated: Rated | None
    candidates: tuple[Rated, ...] = ()


class ListIndex:
    """A list indexed once by number and by name key (a fill of 500 players from a list of
    25,000 is then 500 look-ups)."""

    def __init__(self, rating_list: RatingList) -> None:
        self.list = rating_list
        self.by_ident = {p.ident: p for p in rating_list.players if p.ident}
        self.by_name: dict[str, list[Rated]] = defaultdict(list)
        for p in rating_list.players:
            self.by_name[name_key(p.name)].append(p)
        self._keys: list[str] | None = None

    def find(self, name: str, ident: str = "", *, closest: int = 3) -> Found:
        if ident and ident in self.by_ident:
            return Found(self.by_ident[ident])
        same = self.by_name.get(name_key(name), [])
        if len(same) == 1:
            return Found(same[0])
        if same:
            return Found(None, tuple(same))
        if self._keys is None:
            self._keys = list(self.by_name)
        near = difflib.get_close_matches(name_key(name), self._keys, n=closest, cutoff=0.75)
        return Found(None, tuple(self.by_name[k][0] for k in near))
