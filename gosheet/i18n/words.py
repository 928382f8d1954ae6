"""The words of the workbook in every language: sheet names, column headers, setting names and
the fixed words gosheet writes into cells — one table, and its reverse lookup.

English is the canonical vocabulary: the code of ``core/`` and ``workbook/`` speaks it. The
writers (:mod:`gosheet.workbook.sheets.writer`) write each word in the workbook's ``Language`` where
they make it (:func:`local`, :func:`titled`, :func:`text`); :mod:`gosheet.workbook.sheets.language`
reads a workbook in any language back into the canonical words.

Each table maps the canonical English word to its Russian, French and Catalan words, by
language (:class:`Translated`). A word with a number in it is written with ``{n}``
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
from gosheet.i18n.team_words import TEAM_SHEETS, TEAM_TITLES
from gosheet.i18n.team_words import TEAM_STANDINGS as TEAM_STANDINGS
from gosheet.i18n.team_words import TEAMS as TEAMS
from gosheet.i18n.translated import Table as Table
from gosheet.i18n.translated import Translated as Translated

#: The languages after English, as :class:`Translated` holds them.
TRANSLATED = tuple(Translated.__annotations__)

#: The sheets gosheet writes and reads.
SHEETS: Table = {
    "Settings": Translated(ru="Настройки", fr="Paramètres", ca="Configuració"),
    "Players": Translated(ru="Игроки", fr="Joueurs", ca="Jugadors"),
    "Round {n}": Translated(ru="Тур {n}", fr="Ronde {n}", ca="Ronda {n}"),
    "Standings": Translated(ru="Турнирная таблица", fr="Classement", ca="Classificació"),
    "Explain": Translated(ru="Объяснение", fr="Explication", ca="Explicació"),
    "Keep apart": Translated(ru="Не сводить", fr="Ne pas apparier", ca="No aparellar"),
    "OpenGotha": Translated(ru="OpenGotha", fr="OpenGotha", ca="OpenGotha"),
    **TEAM_SHEETS,
}

#: The Settings sheet's columns.
SETTINGS_HEADERS: Table = {
    "Setting": Translated(ru="Параметр", fr="Paramètre", ca="Paràmetre"),
    "Value": Translated(ru="Значение", fr="Valeur", ca="Valor"),
    "Explanation": Translated(ru="Пояснение", fr="Explication", ca="Explicació"),
}

#: The names of the settings (gosheet's own; OpenGotha's parameters keep the names of
#: OpenGotha's dialog, which speaks English only).
SETTING_NAMES: Table = {
    "Tournament": Translated(ru="Турнир", fr="Tournoi", ca="Torneig"),
    "System": Translated(ru="Система", fr="Système", ca="Sistema"),
    "Pairing rules": Translated(
        ru="Правила жеребьёвки", fr="Règles d'appariement", ca="Regles d'aparellament"
    ),
    "Game": Translated(ru="Игра", fr="Jeu", ca="Joc"),
    "Rounds": Translated(ru="Число туров", fr="Nombre de rondes", ca="Nombre de rondes"),
    "Komi": Translated(ru="Коми", fr="Komi", ca="Komi"),
    "McMahon groups": Translated(ru="Группы Макмагона", fr="Groupes McMahon", ca="Grups McMahon"),
    "Tiebreaks": Translated(ru="Коэффициенты", fr="Départages", ca="Desempats"),
    "Points for a bye": Translated(
        ru="Очки за техническую победу", fr="Points d'une exemption", ca="Punts per descans"
    ),
    "Points for an absent round": Translated(
        ru="Очки за пропущенный тур",
        fr="Points d'une ronde d'absence",
        ca="Punts per ronda d'absència",
    ),
    "Points for a forfeit loss": Translated(
        ru="Очки за неявку", fr="Points d'un forfait", ca="Punts per incompareixença"
    ),
    "Rating points per level": Translated(
        ru="Очков рейтинга на уровень",
        fr="Points de rating par niveau",
        ca="Punts de rating per nivell",
    ),
    "Handicap cap": Translated(ru="Наибольшая фора", fr="Handicap maximal", ca="Handicap màxim"),
    "Reverse komi": Translated(ru="Обратное коми", fr="Komi inversé", ca="Komi invers"),
    "Levels for a bye": Translated(
        ru="Уровней за техническую победу", fr="Niveaux d'une exemption", ca="Nivells per descans"
    ),
    "Avoid same club": Translated(
        ru="Избегать встреч одноклубников", fr="Éviter le même club", ca="Evitar el mateix club"
    ),
    "Avoid same country": Translated(
        ru="Избегать встреч соотечественников", fr="Éviter le même pays", ca="Evitar el mateix país"
    ),
    "Random seed": Translated(ru="Зерно жребия", fr="Graine du tirage", ca="Llavor del sorteig"),
    "Tournament type": Translated(ru="Тип турнира", fr="Type de tournoi", ca="Tipus de torneig"),
    "Team size": Translated(ru="Размер команды", fr="Taille des équipes", ca="Mida dels equips"),
    "Team placement": Translated(
        ru="Места команд", fr="Classement des équipes", ca="Classificació dels equips"
    ),
    "Team colours": Translated(
        ru="Цвета в матчах команд", fr="Couleurs des équipes", ca="Colors dels equips"
    ),
    "Team points for a bye": Translated(
        ru="Командные очки за пропуск тура",
        fr="Points d'équipe d'une exemption",
        ca="Punts d'equip per descans",
    ),
    "Mixed pairs": Translated(ru="Смешанные пары", fr="Paires mixtes", ca="Parelles mixtes"),
    "Location": Translated(ru="Место проведения", fr="Lieu", ca="Lloc"),
    "Country": Translated(ru="Страна", fr="Pays", ca="País"),
    "Dates": Translated(ru="Даты", fr="Dates", ca="Dates"),
    "Time system": Translated(
        ru="Контроль времени", fr="Temps de réflexion", ca="Control de temps"
    ),
    "Online": Translated(ru="Онлайн", fr="En ligne", ca="En línia"),
    "EGF game format": Translated(
        ru="Формат партий EGF", fr="Format des parties EGF", ca="Format de partides EGF"
    ),
    "Site address": Translated(ru="Адрес сайта", fr="Adresse du site", ca="Adreça del web"),
    "Language": Translated(ru="Язык", fr="Langue", ca="Idioma"),
}

#: The Players sheet's columns.
PLAYERS: Table = {
    "Name": Translated(ru="Фамилия", fr="Nom", ca="Cognoms"),
    "First name": Translated(ru="Имя", fr="Prénom", ca="Nom"),
    "Rank": Translated(ru="Ранг", fr="Niveau", ca="Rang"),
    "Rating": Translated(ru="Рейтинг", fr="Rating", ca="Rating"),
    "Tier": Translated(ru="Корзина", fr="Chapeau", ca="Nivell"),
    "Club": Translated(ru="Клуб", fr="Club", ca="Club"),
    "Country": Translated(ru="Страна", fr="Pays", ca="País"),
    "Group": Translated(ru="Группа", fr="Groupe", ca="Grup"),
    "Not playing": Translated(ru="Не играет", fr="Ne joue pas", ca="No juga"),
    "Registration": Translated(ru="Регистрация", fr="Inscription", ca="Inscripció"),
    "Confirmed": Translated(ru="Подтверждён", fr="Confirmé", ca="Confirmat"),
    "EGD PIN": Translated(ru="EGD PIN", fr="EGD PIN", ca="EGD PIN"),
    "MMS correction": Translated(ru="Поправка ММ", fr="Correction MMS", ca="Correcció MMS"),
    "Fixed table": Translated(ru="Постоянный стол", fr="Table fixe", ca="Taula fixa"),
    "Pair": Translated(ru="Пара", fr="Paire", ca="Parella"),
    "Team": Translated(ru="Команда", fr="Équipe", ca="Equip"),
    "Sex": Translated(ru="Пол", fr="Sexe", ca="Sexe"),
}

#: A round sheet's columns (go: White and Black; other games: the first and second player;
#: FUS: the levels instead of the ranks, and the rounds in force when it was paired).
ROUNDS: Table = {
    "Table": Translated(ru="Стол", fr="Table", ca="Taula"),
    "White": Translated(ru="Белые", fr="Blanc", ca="Blanques"),
    "White rank": Translated(ru="Ранг белых", fr="Niveau Blanc", ca="Rang blanques"),
    "White level": Translated(ru="Уровень белых", fr="Niveau FUS Blanc", ca="Nivell FUS blanques"),
    "Black": Translated(ru="Чёрные", fr="Noir", ca="Negres"),
    "Black rank": Translated(ru="Ранг чёрных", fr="Niveau Noir", ca="Rang negres"),
    "Black level": Translated(ru="Уровень чёрных", fr="Niveau FUS Noir", ca="Nivell FUS negres"),
    "First player": Translated(ru="Первый игрок", fr="Premier joueur", ca="Primer jugador"),
    "Second player": Translated(ru="Второй игрок", fr="Second joueur", ca="Segon jugador"),
    "Handicap": Translated(ru="Фора", fr="Handicap", ca="Handicap"),
    "Komi": Translated(ru="Коми", fr="Komi", ca="Komi"),
    "Result": Translated(ru="Результат", fr="Résultat", ca="Resultat"),
    "Board": Translated(ru="Доска", fr="Plateau", ca="Tauler"),
    "White team": Translated(ru="Команда белых", fr="Équipe Blanc", ca="Equip blanques"),
    "Black team": Translated(ru="Команда чёрных", fr="Équipe Noir", ca="Equip negres"),
    "Rounds: {n}": Translated(ru="Туров: {n}", fr="Rondes : {n}", ca="Rondes: {n}"),
    "White club": Translated(ru="Клуб белых", fr="Club Blanc", ca="Club blanques"),
    "White country": Translated(ru="Страна белых", fr="Pays Blanc", ca="País blanques"),
    "Black club": Translated(ru="Клуб чёрных", fr="Club Noir", ca="Club negres"),
    "Black country": Translated(ru="Страна чёрных", fr="Pays Noir", ca="País negres"),
    "First player club": Translated(
        ru="Клуб первого игрока", fr="Club premier joueur", ca="Club primer jugador"
    ),
    "First player country": Translated(
        ru="Страна первого игрока", fr="Pays premier joueur", ca="País primer jugador"
    ),
    "Second player club": Translated(
        ru="Клуб второго игрока", fr="Club second joueur", ca="Club segon jugador"
    ),
    "Second player country": Translated(
        ru="Страна второго игрока", fr="Pays second joueur", ca="País segon jugador"
    ),
}

#: The Keep apart sheet's columns.
KEEP_APART: Table = {
    "Player 1": Translated(ru="Игрок 1", fr="Joueur 1", ca="Jugador 1"),
    "Player 2": Translated(ru="Игрок 2", fr="Joueur 2", ca="Jugador 2"),
    "Until round": Translated(ru="До тура", fr="Jusqu'à la ronde", ca="Fins a la ronda"),
}

#: The OpenGotha sheet's columns.
OPENGOTHA: Table = {
    "Section": Translated(ru="Раздел", fr="Section", ca="Secció"),
    "Key": Translated(ru="Ключ", fr="Clé", ca="Clau"),
    "Attribute": Translated(ru="Атрибут", fr="Attribut", ca="Atribut"),
    "Value": Translated(ru="Значение", fr="Valeur", ca="Valor"),
    "Explanation": Translated(ru="Пояснение", fr="Explication", ca="Explicació"),
}

#: The tiebreaks, as the Standings' columns name them (the Tiebreaks setting keeps the
#: English names, which it reads in every language).
TIEBREAKS: Table = {
    "SOS": Translated(ru="Бухгольц (SOS)", fr="SOS", ca="SOS"),
    "SODOS": Translated(ru="Бергер (SODOS)", fr="SODOS", ca="SODOS"),
    "Buchholz": Translated(ru="Бухгольц", fr="Buchholz", ca="Buchholz"),
    "Buchholz cut 1": Translated(
        ru="Усечённый Бухгольц", fr="Buchholz tronqué", ca="Buchholz retallat"
    ),
    "Median Buchholz": Translated(
        ru="Медианный Бухгольц", fr="Buchholz médian", ca="Buchholz mitjà"
    ),
    "Sonneborn-Berger": Translated(
        ru="Коэффициент Бергера", fr="Sonneborn-Berger", ca="Sonneborn-Berger"
    ),
    "Cumulative": Translated(ru="Прогрессивный", fr="Cumulatif", ca="Acumulat"),
    "Direct encounter": Translated(
        ru="Личная встреча", fr="Confrontation directe", ca="Enfrontament directe"
    ),
    "Wins": Translated(ru="Победы", fr="Victoires", ca="Victòries"),
}

#: The Standings' columns of every system (McMahon, Swiss and round robin, FUS, OpenGotha's).
STANDINGS: Table = {
    "No.": Translated(ru="№", fr="N°", ca="Núm."),
    "Group": Translated(ru="Группа", fr="Groupe", ca="Grup"),
    "Place": Translated(ru="Место", fr="Place", ca="Lloc"),
    "Name": Translated(ru="Фамилия", fr="Nom", ca="Cognoms"),
    "First name": Translated(ru="Имя", fr="Prénom", ca="Nom"),
    "Rank": Translated(ru="Ранг", fr="Niveau", ca="Rang"),
    "Rating": Translated(ru="Рейтинг", fr="Rating", ca="Rating"),
    "Club": Translated(ru="Клуб", fr="Club", ca="Club"),
    "Country": Translated(ru="Страна", fr="Pays", ca="País"),
    "Start MMS": Translated(
        ru="Начальные очки ММ", fr="Score McMahon initial", ca="Punts McMahon inicials"
    ),
    "R{n}": Translated(ru="Т{n}", fr="R{n}", ca="R{n}"),
    "MMS": Translated(ru="Очки ММ", fr="Score McMahon", ca="Punts McMahon"),
    "STS": Translated(ru="Очки Страсбурга", fr="Score Strasbourg", ca="Punts Estrasburg"),
    "SOSTS": Translated(ru="Бухгольц (SOSTS)", fr="SOS Strasbourg", ca="SOS Estrasburg"),
    "CPS": Translated(ru="Кубковые очки", fr="Score de coupe", ca="Punts de copa"),
    "Points": Translated(ru="Очки", fr="Points", ca="Punts"),
    "Start level": Translated(
        ru="Начальный уровень", fr="Niveau FUS initial", ca="Nivell FUS inicial"
    ),
    "Step {n}": Translated(ru="Шаг {n}", fr="Pas {n}", ca="Pas {n}"),
    "Level": Translated(ru="Уровень", fr="Niveau FUS", ca="Nivell FUS"),
    "Losses": Translated(ru="Поражения", fr="Défaites", ca="Derrotes"),
    "FUS coefficient": Translated(ru="Коэффициент ФУС", fr="Coefficient FUS", ca="Coeficient FUS"),
    **TIEBREAKS,
}

#: The Explain sheet's fixed words (the criteria and their rules are the pairing systems').
EXPLAIN: Table = {
    "Table": Translated(ru="Стол", fr="Table", ca="Taula"),
    "White": Translated(ru="Белые", fr="Blanc", ca="Blanques"),
    "Black": Translated(ru="Чёрные", fr="Noir", ca="Negres"),
    "First player": Translated(ru="Первый игрок", fr="Premier joueur", ca="Primer jugador"),
    "Second player": Translated(ru="Второй игрок", fr="Second joueur", ca="Segon jugador"),
    "Weight": Translated(ru="Вес", fr="Poids", ca="Pes"),
    "Cost": Translated(ru="Цена", fr="Coût", ca="Cost"),
    "Total as paired": Translated(
        ru="Сумма, как сыграно", fr="Total tel qu'apparié", ca="Total tal com s'ha aparellat"
    ),
    "Total as gosheet pairs it now": Translated(
        ru="Сумма, как gosheet составил бы пары сейчас",
        fr="Total tel que gosheet l'apparierait maintenant",
        ca="Total tal com gosheet l'aparellaria ara",
    ),
    "Bye": Translated(ru="Свободен", fr="Exempt", ca="Descans"),
    "Candidate": Translated(ru="Кандидат", fr="Candidat", ca="Candidat"),
    "gets the bye": Translated(ru="свободен от игры", fr="est exempt", ca="descansa"),
    "not allowed": Translated(ru="запрещено", fr="interdit", ca="prohibit"),
    "Criterion": Translated(ru="Критерий", fr="Critère", ca="Criteri"),
    "Best value": Translated(ru="Лучшее значение", fr="Meilleure valeur", ca="Millor valor"),
    "Rule (most important first)": Translated(
        ru="Правило (важнейшие первыми)",
        fr="Règle (la plus importante d'abord)",
        ca="Regla (la més important primer)",
    ),
    "Rule (a pair's cost is 1 + the sum)": Translated(
        ru="Правило (цена пары: 1 + сумма)",
        fr="Règle (coût d'une paire : 1 + la somme)",
        ca="Regla (cost d'una parella: 1 + la suma)",
    ),
    "Round {n}:": Translated(ru="Тур {n}:", fr="Ronde {n} :", ca="Ronda {n}:"),
}

#: Words written into cells: a bye (the round sheets' Table and Result cells, the crosstable),
#: the values of yes-or-no settings, the Standings' group titles.
CELLS: Table = {
    "Bye": Translated(ru="Свободен", fr="Exempt", ca="Descans"),
    "bye": Translated(ru="своб.", fr="exempt", ca="descans"),
    "yes": Translated(ru="да", fr="oui", ca="sí"),
    "no": Translated(ru="нет", fr="non", ca="no"),
    "Group {n}": Translated(ru="Группа {n}", fr="Groupe {n}", ca="Grup {n}"),
}

#: The titles printed at the top of each page, and the names of new tournaments.
TITLES: Table = {
    "{name} — round {n}": Translated(
        ru="{name} — тур {n}", fr="{name} — ronde {n}", ca="{name} — ronda {n}"
    ),
    "{name} — standings after round {n}": Translated(
        ru="{name} — турнирная таблица после тура {n}",
        fr="{name} — classement après la ronde {n}",
        ca="{name} — classificació després de la ronda {n}",
    ),
    "{name} — why round {n} was paired so": Translated(
        ru="{name} — почему тур {n} сведён так",
        fr="{name} — pourquoi la ronde {n} est appariée ainsi",
        ca="{name} — per què la ronda {n} s'ha aparellat així",
    ),
    **TEAM_TITLES,
    "Go tournament": Translated(ru="Турнир по го", fr="Tournoi de go", ca="Torneig de go"),
    "Oware tournament": Translated(
        ru="Турнир по овари", fr="Tournoi d'awalé", ca="Torneig d'auale"
    ),
    "Tournament": Translated(ru="Турнир", fr="Tournoi", ca="Torneig"),
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
    "teams": TEAMS,
    "team standings": TEAM_STANDINGS,
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
    word = table[english]
    return {"en": english, "ru": word["ru"], "fr": word["fr"], "ca": word["ca"]}


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
_KINDS = {id(t): tuple(k for k, u in ALL_TABLES.items() if u is t) for t in ALL_TABLES.values()}


def _kinds(among: Iterable[str] | Table | None) -> tuple[str, ...]:
    if among is None:
        return tuple(ALL_TABLES)
    if isinstance(among, Mapping):  # a table: its keys in ALL_TABLES, found by its identity
        return _KINDS.get(id(among), ())
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
