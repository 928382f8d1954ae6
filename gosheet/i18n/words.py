"""The words of the workbook in every language: sheet names, column headers, setting names and
the fixed words gosheet writes into cells — one table, and its reverse lookup.

English is the canonical vocabulary: the code of ``core/`` and ``workbook/`` speaks it. The
writers (:mod:`gosheet.workbook.sheets.writer`) write each word in the workbook's ``Language`` where
they make it (:func:`local`, :func:`titled`, :func:`text`); :mod:`gosheet.workbook.sheets.language`
reads a workbook in any language back into the canonical words.

Each table maps the canonical English word to its Russian, French and Catalan words, in the
order of :data:`TRANSLATED`. A word with a number in it is written with ``{n}``
(``"Round {n}"``: ``Тур 3``, ``Ronde 3``, ``Ronda 3``). :data:`READ_ALSO` adds spellings read
but never written.

>>> local("Players", "ru"), local("Round 3", "fr"), local("Group 2", "ca")
('Игроки', 'Ronde 3', 'Grup 2')
>>> canonical("  ТУР 4 ", SHEETS), canonical("Parametres", SHEETS), canonical("Shoe size")
('Round 4', 'Settings', None)
>>> canonical("Nom", PLAYERS, "ca"), canonical("Nom", PLAYERS, "fr")
('First name', 'Name')
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

from gosheet.i18n.catalog import LANGUAGES, translator

#: The languages of the tables' columns, after English.
TRANSLATED = ("ru", "fr", "ca")
Table = Mapping[str, tuple[str, str, str]]

#: The sheets gosheet writes and reads.
SHEETS: Table = {
    "Settings": ("Настройки", "Paramètres", "Configuració"),
    "Players": ("Игроки", "Joueurs", "Jugadors"),
    "Round {n}": ("Тур {n}", "Ronde {n}", "Ronda {n}"),
    "Standings": ("Турнирная таблица", "Classement", "Classificació"),
    "Explain": ("Объяснение", "Explication", "Explicació"),
    "Keep apart": ("Не сводить", "Ne pas apparier", "No aparellar"),
    "OpenGotha": ("OpenGotha", "OpenGotha", "OpenGotha"),
}

#: The Settings sheet's columns.
SETTINGS_HEADERS: Table = {
    "Setting": ("Параметр", "Paramètre", "Paràmetre"),
    "Value": ("Значение", "Valeur", "Valor"),
    "Explanation": ("Пояснение", "Explication", "Explicació"),
}

#: The names of the settings (gosheet's own; OpenGotha's parameters keep the names of
#: OpenGotha's dialog, which speaks English only).
SETTING_NAMES: Table = {
    "Tournament": ("Турнир", "Tournoi", "Torneig"),
    "System": ("Система", "Système", "Sistema"),
    "Pairing rules": ("Правила жеребьёвки", "Règles d'appariement", "Regles d'aparellament"),
    "Game": ("Игра", "Jeu", "Joc"),
    "Rounds": ("Число туров", "Nombre de rondes", "Nombre de rondes"),
    "Komi": ("Коми", "Komi", "Komi"),
    "McMahon groups": ("Группы Макмагона", "Groupes McMahon", "Grups McMahon"),
    "Tiebreaks": ("Коэффициенты", "Départages", "Desempats"),
    "Points for a bye": (
        "Очки за техническую победу",
        "Points d'une exemption",
        "Punts per descans",
    ),
    "Points for an absent round": (
        "Очки за пропущенный тур",
        "Points d'une ronde d'absence",
        "Punts per ronda d'absència",
    ),
    "Points for a forfeit loss": (
        "Очки за неявку",
        "Points d'un forfait",
        "Punts per incompareixença",
    ),
    "Rating points per level": (
        "Очков рейтинга на уровень",
        "Points de rating par niveau",
        "Punts de rating per nivell",
    ),
    "Handicap cap": ("Наибольшая фора", "Handicap maximal", "Handicap màxim"),
    "Reverse komi": ("Обратное коми", "Komi inversé", "Komi invers"),
    "Levels for a bye": (
        "Уровней за техническую победу",
        "Niveaux d'une exemption",
        "Nivells per descans",
    ),
    "Avoid same club": (
        "Избегать встреч одноклубников",
        "Éviter le même club",
        "Evitar el mateix club",
    ),
    "Avoid same country": (
        "Избегать встреч соотечественников",
        "Éviter le même pays",
        "Evitar el mateix país",
    ),
    "Random seed": ("Зерно жребия", "Graine du tirage", "Llavor del sorteig"),
    "Location": ("Место проведения", "Lieu", "Lloc"),
    "Country": ("Страна", "Pays", "País"),
    "Dates": ("Даты", "Dates", "Dates"),
    "Time system": ("Контроль времени", "Temps de réflexion", "Control de temps"),
    "Online": ("Онлайн", "En ligne", "En línia"),
    "EGF game format": ("Формат партий EGF", "Format des parties EGF", "Format de partides EGF"),
    "Site address": ("Адрес сайта", "Adresse du site", "Adreça del web"),
    "Language": ("Язык", "Langue", "Idioma"),
}

#: The Players sheet's columns.
PLAYERS: Table = {
    "Name": ("Фамилия", "Nom", "Cognoms"),
    "First name": ("Имя", "Prénom", "Nom"),
    "Rank": ("Ранг", "Niveau", "Rang"),
    "Rating": ("Рейтинг", "Rating", "Rating"),
    "Tier": ("Корзина", "Chapeau", "Nivell"),
    "Club": ("Клуб", "Club", "Club"),
    "Country": ("Страна", "Pays", "País"),
    "Group": ("Группа", "Groupe", "Grup"),
    "Not playing": ("Не играет", "Ne joue pas", "No juga"),
    "Registration": ("Регистрация", "Inscription", "Inscripció"),
    "Confirmed": ("Подтверждён", "Confirmé", "Confirmat"),
    "EGD PIN": ("EGD PIN", "EGD PIN", "EGD PIN"),
    "MMS correction": ("Поправка ММ", "Correction MMS", "Correcció MMS"),
    "Fixed table": ("Постоянный стол", "Table fixe", "Taula fixa"),
}

#: A round sheet's columns (go: White and Black; other games: the first and second player;
#: FUS: the levels instead of the ranks, and the rounds in force when it was paired).
ROUNDS: Table = {
    "Table": ("Стол", "Table", "Taula"),
    "White": ("Белые", "Blanc", "Blanques"),
    "White rank": ("Ранг белых", "Niveau Blanc", "Rang blanques"),
    "White level": ("Уровень белых", "Niveau FUS Blanc", "Nivell FUS blanques"),
    "Black": ("Чёрные", "Noir", "Negres"),
    "Black rank": ("Ранг чёрных", "Niveau Noir", "Rang negres"),
    "Black level": ("Уровень чёрных", "Niveau FUS Noir", "Nivell FUS negres"),
    "First player": ("Первый игрок", "Premier joueur", "Primer jugador"),
    "Second player": ("Второй игрок", "Second joueur", "Segon jugador"),
    "Handicap": ("Фора", "Handicap", "Handicap"),
    "Komi": ("Коми", "Komi", "Komi"),
    "Result": ("Результат", "Résultat", "Resultat"),
    "Rounds: {n}": ("Туров: {n}", "Rondes : {n}", "Rondes: {n}"),
    "White club": ("Клуб белых", "Club Blanc", "Club blanques"),
    "White country": ("Страна белых", "Pays Blanc", "País blanques"),
    "Black club": ("Клуб чёрных", "Club Noir", "Club negres"),
    "Black country": ("Страна чёрных", "Pays Noir", "País negres"),
    "First player club": ("Клуб первого игрока", "Club premier joueur", "Club primer jugador"),
    "First player country": ("Страна первого игрока", "Pays premier joueur", "País primer jugador"),
    "Second player club": ("Клуб второго игрока", "Club second joueur", "Club segon jugador"),
    "Second player country": ("Страна второго игрока", "Pays second joueur", "País segon jugador"),
}

#: The Keep apart sheet's columns.
KEEP_APART: Table = {
    "Player 1": ("Игрок 1", "Joueur 1", "Jugador 1"),
    "Player 2": ("Игрок 2", "Joueur 2", "Jugador 2"),
    "Until round": ("До тура", "Jusqu'à la ronde", "Fins a la ronda"),
}

#: The OpenGotha sheet's columns.
OPENGOTHA: Table = {
    "Section": ("Раздел", "Section", "Secció"),
    "Key": ("Ключ", "Clé", "Clau"),
    "Attribute": ("Атрибут", "Attribut", "Atribut"),
    "Value": ("Значение", "Valeur", "Valor"),
    "Explanation": ("Пояснение", "Explication", "Explicació"),
}

#: The tiebreaks, as the Standings' columns name them (the Tiebreaks setting keeps the
#: English names, which it reads in every language).
TIEBREAKS: Table = {
    "SOS": ("Бухгольц (SOS)", "SOS", "SOS"),
    "SODOS": ("Бергер (SODOS)", "SODOS", "SODOS"),
    "Buchholz": ("Бухгольц", "Buchholz", "Buchholz"),
    "Buchholz cut 1": ("Усечённый Бухгольц", "Buchholz tronqué", "Buchholz retallat"),
    "Median Buchholz": ("Медианный Бухгольц", "Buchholz médian", "Buchholz mitjà"),
    "Sonneborn-Berger": ("Коэффициент Бергера", "Sonneborn-Berger", "Sonneborn-Berger"),
    "Cumulative": ("Прогрессивный", "Cumulatif", "Acumulat"),
    "Direct encounter": ("Личная встреча", "Confrontation directe", "Enfrontament directe"),
    "Wins": ("Победы", "Victoires", "Victòries"),
}

#: The Standings' columns of every system (McMahon, Swiss and round robin, FUS, OpenGotha's).
STANDINGS: Table = {
    "No.": ("№", "N°", "Núm."),
    "Group": ("Группа", "Groupe", "Grup"),
    "Place": ("Место", "Place", "Lloc"),
    "Name": ("Фамилия", "Nom", "Cognoms"),
    "First name": ("Имя", "Prénom", "Nom"),
    "Rank": ("Ранг", "Niveau", "Rang"),
    "Rating": ("Рейтинг", "Rating", "Rating"),
    "Club": ("Клуб", "Club", "Club"),
    "Country": ("Страна", "Pays", "País"),
    "Start MMS": ("Начальные очки ММ", "Score McMahon initial", "Punts McMahon inicials"),
    "R{n}": ("Т{n}", "R{n}", "R{n}"),
    "MMS": ("Очки ММ", "Score McMahon", "Punts McMahon"),
    "Points": ("Очки", "Points", "Punts"),
    "Start level": ("Начальный уровень", "Niveau FUS initial", "Nivell FUS inicial"),
    "Step {n}": ("Шаг {n}", "Pas {n}", "Pas {n}"),
    "Level": ("Уровень", "Niveau FUS", "Nivell FUS"),
    "Losses": ("Поражения", "Défaites", "Derrotes"),
    "FUS coefficient": ("Коэффициент ФУС", "Coefficient FUS", "Coeficient FUS"),
    **TIEBREAKS,
}

#: The Explain sheet's fixed words (the criteria and their rules are the pairing systems').
EXPLAIN: Table = {
    "Table": ("Стол", "Table", "Taula"),
    "White": ("Белые", "Blanc", "Blanques"),
    "Black": ("Чёрные", "Noir", "Negres"),
    "First player": ("Первый игрок", "Premier joueur", "Primer jugador"),
    "Second player": ("Второй игрок", "Second joueur", "Segon jugador"),
    "Weight": ("Вес", "Poids", "Pes"),
    "Cost": ("Цена", "Coût", "Cost"),
    "Total as paired": (
        "Сумма, как сыграно",
        "Total tel qu'apparié",
        "Total tal com s'ha aparellat",
    ),
    "Total as gosheet pairs it now": (
        "Сумма, как gosheet составил бы пары сейчас",
        "Total tel que gosheet l'apparierait maintenant",
        "Total tal com gosheet l'aparellaria ara",
    ),
    "Bye": ("Свободен", "Exempt", "Descans"),
    "Candidate": ("Кандидат", "Candidat", "Candidat"),
    "gets the bye": ("свободен от игры", "est exempt", "descansa"),
    "not allowed": ("запрещено", "interdit", "prohibit"),
    "Criterion": ("Критерий", "Critère", "Criteri"),
    "Best value": ("Лучшее значение", "Meilleure valeur", "Millor valor"),
    "Rule (most important first)": (
        "Правило (важнейшие первыми)",
        "Règle (la plus importante d'abord)",
        "Regla (la més important primer)",
    ),
    "Rule (a pair's cost is 1 + the sum)": (
        "Правило (цена пары: 1 + сумма)",
        "Règle (coût d'une paire : 1 + la somme)",
        "Regla (cost d'una parella: 1 + la suma)",
    ),
    "Round {n}:": ("Тур {n}:", "Ronde {n} :", "Ronda {n}:"),
}

#: Words written into cells: a bye (the round sheets' Table and Result cells, the crosstable),
#: the values of yes-or-no settings, the Standings' group titles.
CELLS: Table = {
    "Bye": ("Свободен", "Exempt", "Descans"),
    "bye": ("своб.", "exempt", "descans"),
    "yes": ("да", "oui", "sí"),
    "no": ("нет", "non", "no"),
    "Group {n}": ("Группа {n}", "Groupe {n}", "Grup {n}"),
}

#: The titles printed at the top of each page, and the names of new tournaments.
TITLES: Table = {
    "{name} — round {n}": ("{name} — тур {n}", "{name} — ronde {n}", "{name} — ronda {n}"),
    "{name} — standings after round {n}": (
        "{name} — турнирная таблица после тура {n}",
        "{name} — classement après la ronde {n}",
        "{name} — classificació després de la ronda {n}",
    ),
    "{name} — why round {n} was paired so": (
        "{name} — почему тур {n} сведён так",
        "{name} — pourquoi la ronde {n} est appariée ainsi",
        "{name} — per què la ronda {n} s'ha aparellat així",
    ),
    "Go tournament": ("Турнир по го", "Tournoi de go", "Torneig de go"),
    "Oware tournament": ("Турнир по овари", "Tournoi d'awalé", "Torneig d'auale"),
    "Tournament": ("Турнир", "Tournoi", "Torneig"),
}

#: Each language by its own name (the ``Language`` setting reads these too).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "fr": "Français",
    "ca": "Català",
}

#: Spellings read but never written: what organisers type, and older gosheet words.
READ_ALSO: dict[str, tuple[str, ...]] = {
    "Name": ("Фамилия игрока",),
    "Rank": ("Разряд", "Rang", "Grade", "Grau"),
    "Bye": ("Своб.", "Свободный", "Техническая победа", "Technical win", "Descansa"),
    "bye": ("свободен", "тех. победа", "exemption", "descansa"),
    "yes": ("si", "д", "o", "s"),
    "no": ("н",),
    "Until round": ("До тура включительно",),
    "Not playing": ("Не играет в турах", "Absent", "Absent aux rondes", "Absències"),
}


ALL_TABLES: dict[str, Table] = {
    "sheets": SHEETS,
    "settings headers": SETTINGS_HEADERS,
    "setting names": SETTING_NAMES,
    "players": PLAYERS,
    "rounds": ROUNDS,
    "keep apart": KEEP_APART,
    "opengotha": OPENGOTHA,
    "standings": STANDINGS,
    "explain": EXPLAIN,
    "cells": CELLS,
    "titles": TITLES,
}


def normalise(text: object) -> str:
    """Lower case, no accents, letters, digits and single spaces (as column headers are
    matched: :func:`gosheet.workbook.sheets.headers.normalise_header`, ``/`` aside); ``ё`` is ``е``.

    >>> normalise("  Paramètres "), normalise("Чёрные"), normalise("No.")
    ('parametres', 'черные', 'no')
    """
    if type(text) is str and len(text) <= KEPT_LENGTH:
        return _normalised(text)  # the same words and sheet names come back again and again
    return _normalise(text)


def _normalise(text: object) -> str:
    return fold(str(text if text is not None else ""), "{}")


def fold(text: str, keep: str) -> str:
    """``text`` in lower case, without accents, its letters, digits and the characters of
    ``keep`` in words joined by single spaces (header and word matching: ``keep`` is ``/``
    for headers, ``{}`` for words with a number's place)."""
    if text.isascii():  # (nearly every name and header) the same, without regexes
        return " ".join(text.lower().translate(_ascii_spaces(keep)).split())
    raw = unicodedata.normalize("NFKD", text)
    raw = "".join(ch for ch in raw if not unicodedata.combining(ch)).casefold()
    raw = re.sub(rf"[^\w{re.escape(keep)}]+", " ", raw).replace("_", " ")
    return re.sub(r"\s+", " ", raw).strip()


@cache
def _ascii_spaces(keep: str) -> dict[int, str]:
    """ASCII's characters other than lower-case letters, digits and ``keep``: a space each."""
    kept = set(string.ascii_lowercase + string.digits + keep)
    return {c: " " for c in range(128) if chr(c) not in kept}


#: :func:`normalise` and :func:`canonical` keep their answers for texts (str alone: 1 == 1.0 ==
#: True) up to this length (a few long cells would hold much memory).
KEPT_LENGTH = 200
_normalised = lru_cache(maxsize=1 << 12)(_normalise)


def spellings(english: str, table: Table) -> dict[str, str]:
    """The word in each language (English first)."""
    return {"en": english, **dict(zip(TRANSLATED, table[english], strict=True))}


def _pattern(word: str) -> re.Pattern[str]:
    """A word with ``{n}`` as a pattern over normalised text: a space before the number where
    the word has one (``Тур 3``, not ``Тур3``, which looks like a round but is none), none
    where it has none (``R3``)."""
    before, after = word.split("{n}", 1)
    space = r"\s+" if before.endswith(" ") else r"\s*"
    body = re.escape(normalise(before)) + space + r"(\d+)" + r"\s*" + re.escape(normalise(after))
    return re.compile(rf"^{body}$")


@cache
def _index(
    kind: tuple[str, ...],
) -> tuple[dict[str, dict[str, str]], list[tuple[str, str, re.Pattern[str]]]]:
    """For the tables ``kind``: language → normalised spelling → canonical word; and the
    numbered words' patterns (language, canonical, pattern)."""
    exact: dict[str, dict[str, str]] = {language: {} for language in (*LANGUAGES, "")}
    numbered: list[tuple[str, str, re.Pattern[str]]] = []
    for name in kind:
        table = ALL_TABLES[name]
        for english in table:
            for language, word in spellings(english, table).items():
                if "{n}" in word:
                    numbered.append((language, english, _pattern(word)))
                else:
                    exact[language].setdefault(normalise(word), english)
                    exact[language].setdefault(normalise(word).replace(" ", ""), english)
            for extra in READ_ALSO.get(english, ()):
                exact[""].setdefault(normalise(extra), english)
    return exact, numbered


def canonical(
    text: object,
    among: Iterable[str] | Table | None = None,
    language: str = "en",
    only: Iterable[str] | None = None,
) -> str | None:
    """The canonical English word a cell or sheet name means, in any language (case, accents
    and spaces do not matter), or None. A numbered word comes back with its number
    (``"Тур 3"`` → ``"Round 3"``).

    ``among``: the tables to look in (one of :data:`ALL_TABLES`' tables, or several by their
    keys; default: all). ``language``: the workbook's, looked in first — a word two languages
    spell alike (``Nom``: French Name, Catalan First name) means what it means there.
    ``only``: these languages alone (and no other spelling).
    """
    if not isinstance(text, str) or not text.strip():
        return None
    kinds = _kinds(among)
    allowed = None if only is None else frozenset(only)
    if type(text) is str and len(text) <= KEPT_LENGTH:  # (a str subclass: its own __str__)
        return _canonical_kept(text, kinds, language, allowed)
    return _canonical(text, kinds, language, allowed)


def _canonical(
    text: str, kinds: tuple[str, ...], language: str, allowed: frozenset[str] | None
) -> str | None:
    """:func:`canonical`, its tables by their keys and ``only`` as a set."""
    exact, numbered = _index(kinds)
    key = normalise(text)
    order = [language, "en", *(x for x in LANGUAGES if x not in (language, "en")), ""]
    if allowed is not None:
        order = [x for x in order if x in allowed]
    for lang in order:
        found = exact[lang].get(key) or exact[lang].get(key.replace(" ", ""))
        if found is not None:
            return found
    for lang in order:
        for owner, english, pattern in numbered:
            match = pattern.match(key) if owner == lang else None
            if match:
                return english.replace("{n}", str(int(match.group(1))))
    return None


#: :func:`canonical` of each cell and sheet name met (a round's ``Bye`` cells, the header rows
#: of every workbook read): the words are fixed, so the answer for a text is too.
_canonical_kept = lru_cache(maxsize=1 << 12)(_canonical)


def _kinds(among: Iterable[str] | Table | None) -> tuple[str, ...]:
    if among is None:
        return tuple(ALL_TABLES)
    if isinstance(among, Mapping):
        return tuple(name for name, table in ALL_TABLES.items() if table is among)
    return tuple(among)


def local(english: str, language: str, among: Iterable[str] | Table | None = None) -> str:
    """A canonical English word in ``language`` (a numbered one with its number: ``Round 3``
    → ``Тур 3``); a word of no table (of ``among``), as it is."""
    if language == "en" or not isinstance(english, str):
        return english
    kinds = _kinds(among)
    found = _entry(english, kinds)
    if found is None:
        return english
    table, word, number = found
    text = spellings(word, table)[language]
    return text.replace("{n}", number) if number is not None else text


def _entry(english: str, kinds: tuple[str, ...]) -> tuple[Table, str, str | None] | None:
    """The table and entry of ``english`` (with ``{n}`` for a number), and its number."""
    for name in kinds:
        if english in ALL_TABLES[name]:
            return ALL_TABLES[name], english, None
    for name in kinds:
        for word in ALL_TABLES[name]:
            if "{n}" in word:
                pattern = re.escape(word).replace(re.escape("{n}"), r"(\d+)")
                match = re.fullmatch(pattern, english)
                if match:
                    return ALL_TABLES[name], word, match.group(1)
    return None


def titled(english: str, language: str, **values: object) -> str:
    """A title of :data:`TITLES` in ``language``, its places filled (``{name}``, ``{n}``).

    >>> titled("{name} — round {n}", "fr", name="Cup", n=3)
    'Cup — ronde 3'
    """
    return spellings(english, TITLES)[language].format(**values)


def text(message: str, language: str) -> str:
    """A text of the ``workbook`` domain (a setting's explanation, a pairing criterion's rule)
    in ``language``: its translation in the catalog, else itself."""
    if language == "en" or not message:
        return message
    return translator(language, "workbook").gettext(message)


def N_w(message: str) -> str:
    """Marks a text of the ``workbook`` domain (a setting's explanation …) where it is defined;
    it is translated where it is written (:func:`text`)."""
    return message
