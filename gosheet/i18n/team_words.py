"""The words of a team tournament's sheets in every language (:mod:`gosheet.i18n.words`
lists them among its tables: ``teams``, ``team standings``)."""

from __future__ import annotations

from gosheet.i18n.translated import Table, Translated

#: The Teams and Fixed matches sheets' columns.
TEAMS: Table = {
    "Team": Translated(ru="Команда", fr="Équipe", ca="Equip"),
    "Number": Translated(ru="Номер", fr="Numéro", ca="Número"),
    "Round": Translated(ru="Тур", fr="Ronde", ca="Ronda"),
    "Board {n}": Translated(ru="Доска {n}", fr="Plateau {n}", ca="Tauler {n}"),
    "Reserve {n}": Translated(ru="Запасной {n}", fr="Remplaçant {n}", ca="Reserva {n}"),
}

#: The Team standings sheet's columns (OpenGotha's team criteria).
TEAM_STANDINGS: Table = {
    "Place": Translated(ru="Место", fr="Place", ca="Lloc"),
    "No.": Translated(ru="№", fr="N°", ca="Núm."),
    "Team": Translated(ru="Команда", fr="Équipe", ca="Equip"),
    "Team points": Translated(ru="Командные очки", fr="Points d'équipe", ca="Punts d'equip"),
    "Opponents' team points": Translated(
        ru="Очки соперников", fr="Points des adversaires", ca="Punts dels rivals"
    ),
    "Board wins": Translated(ru="Победы на досках", fr="Victoires", ca="Victòries"),
    "Board wins to board {n}": Translated(
        ru="Победы на досках 1–{n}", fr="Victoires plateaux 1 à {n}", ca="Victòries taulers 1 a {n}"
    ),
    "Mean rating": Translated(ru="Средний рейтинг", fr="Rating moyen", ca="Rating mitjà"),
    "R{n}": Translated(ru="Т{n}", fr="R{n}", ca="R{n}"),
}

#: The sheets of a team tournament (among :data:`gosheet.i18n.words.SHEETS`).
TEAM_SHEETS: Table = {
    "Teams": Translated(ru="Команды", fr="Équipes", ca="Equips"),
    "Fixed matches": Translated(ru="Назначенные матчи", fr="Matchs imposés", ca="Matxs fixats"),
    "Team standings": Translated(
        ru="Командная таблица", fr="Classement des équipes", ca="Classificació d'equips"
    ),
}

#: The titles of its sheets (among :data:`gosheet.i18n.words.TITLES`).
TEAM_TITLES: Table = {
    "{name} — team standings after round {n}": Translated(
        ru="{name} — командная таблица после тура {n}",
        fr="{name} — classement des équipes après la ronde {n}",
        ca="{name} — classificació d'equips després de la ronda {n}",
    ),
}
