"""Fourteen players whose names every list sorted by name must order as the tournament's
language reads them (gosheet/i18n/collation.py), their expected order in each language, and
how a printed list is read back (``support.printing.laid_out``): the player each line names
first."""

from __future__ import annotations

ROSTER = """Surname,First name,Grade,Club
Zieliński,Piotr,3k,Kraków
Ødegård,Ørjan,3k,Oslo
Łukasiewicz,Jan,3k,Lwów
Lund,Lars,3k,Bergen
Mayer,Max,3k,Wien
Olsen,Ole,3k,Oslo
Иванов,Иван,3k,Москва
Адамов,Олег,3k,Тула
Çelik,Can,3k,Ankara
Celik,Ali,3k,Izmir
Lluís,Pere,3k,Girona
Llull,Ramon,3k,Palma
Pal·la,Marc,3k,Vic
Palau,Jordi,3k,Reus
"""
LATIN = [
    "Celik Ali",
    "Çelik Can",  # beside Celik: the cedilla weighs after the letters
    "Lluís Pere",
    "Llull Ramon",
    "Łukasiewicz Jan",  # among the L's, not after Z
    "Lund Lars",
    "Mayer Max",
    "Ødegård Ørjan",  # among the O's
    "Olsen Ole",
    "Palau Jordi",
    "Pal·la Marc",  # l·l as ll
    "Zieliński Piotr",
]
CYRILLIC = ["Адамов Олег", "Иванов Иван"]
EXPECTED = {"en": LATIN + CYRILLIC, "fr": LATIN + CYRILLIC, "ca": LATIN + CYRILLIC}
EXPECTED["ru"] = CYRILLIC + LATIN  # CLDR's ru: [reorder Cyrl]
NAMES = set(LATIN + CYRILLIC)


def first_names_of_lines(text: str) -> list[str]:
    """The player each line names first (a line naming none left out)."""
    found = []
    for line in text.splitlines():
        at = {line.find(name): name for name in NAMES if name in line}
        if at:
            found.append(at[min(at)])
    return found
