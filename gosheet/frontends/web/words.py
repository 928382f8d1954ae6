"""The page's own words in every language of gosheet (en, ru, fr, ca).

The buttons take their words from the table of actions (:mod:`gosheet.app.doors`), translated
by gosheet's message catalog — the same words as LibreOffice's menu and Excel's buttons; the
page's other words — loading, picking a file, saving it, where the hosted page is — are
here, each with its translations. They name only what the page has (its buttons), or, for
what it cannot do, gosheet on a computer and where to download it (``{address}``: the
latest release), never a command to type.
The build writes them all as ``words.json``; the page picks the browser's language, else
English. ``{name}``-style fields are filled in by the page.

>>> table()["fr"]["pair"]
'Apparier la ronde suivante'
"""

from __future__ import annotations

from typing import TypedDict

from gosheet.frontends.web.runner import BUTTONS
from gosheet.i18n.catalog import LANGUAGES, translator


class Words(TypedDict):
    """One of the page's words in each language of gosheet (a missing one is a type error)."""

    en: str
    ru: str
    fr: str
    ca: str


WORDS: dict[str, Words] = {
    "title": Words(
        en="gosheet in the browser",
        ru="gosheet в браузере",
        fr="gosheet dans le navigateur",
        ca="gosheet al navegador",
    ),
    "tagline": Words(
        en="Go tournaments in your own spreadsheet. The workbook stays on this device: nothing "
        "is sent anywhere.",
        ru="Турниры по го в вашей таблице. Книга остаётся на этом устройстве: ничего никуда "
        "не отправляется.",
        fr="Les tournois de go dans votre propre tableur. Le classeur reste sur cet appareil : "
        "rien n'est envoyé nulle part.",
        ca="Tornejos de go al vostre full de càlcul. El llibre es queda en aquest dispositiu: "
        "no s'envia res enlloc.",
    ),
    "pick": Words(
        en="Choose or drop a workbook (.xlsx, .xlsm, .ods) or a roster (.csv, .xlsx)",
        ru="Выберите или перетащите книгу (.xlsx, .xlsm, .ods) или список игроков (.csv, .xlsx)",
        fr="Choisissez ou déposez un classeur (.xlsx, .xlsm, .ods) "
        "ou une liste de joueurs (.csv, .xlsx)",
        ca="Trieu o deixeu anar un llibre (.xlsx, .xlsm, .ods) "
        "o una llista de jugadors (.csv, .xlsx)",
    ),
    "none": Words(
        en="No file chosen.",
        ru="Файл не выбран.",
        fr="Aucun fichier choisi.",
        ca="Cap fitxer triat.",
    ),
    "copies": Words(
        en="Merge helpers' copies: choose the copies of this workbook (several at once) in "
        "which helpers typed results.",
        ru="Объединить копии помощников: выберите копии этой книги (можно несколько сразу), "
        "в которые помощники вносили результаты.",
        fr="Fusionner les copies des assistants : choisissez les copies de ce classeur "
        "(plusieurs à la fois) où des assistants ont saisi des résultats.",
        ca="Fusionar les còpies dels ajudants: trieu les còpies d'aquest llibre (diverses alhora) "
        "on els ajudants han escrit resultats.",
    ),
    "round": Words(en="The round", ru="Тур", fr="La ronde", ca="La ronda"),
    "files": Words(
        en="Print, publish, export",
        ru="Печать, публикация, экспорт",
        fr="Imprimer, publier, exporter",
        ca="Imprimir, publicar, exportar",
    ),
    "start": Words(
        en="A new tournament", ru="Новый турнир", fr="Un nouveau tournoi", ca="Un torneig nou"
    ),
    # the catalog's "EGF results (.h9)" is a phrase within sentences: the buttons' own words
    "h9": Words(
        en="EGF results (.h9)",
        ru="Результаты EGF (.h9)",
        fr="Résultats EGF (.h9)",
        ca="Resultats EGF (.h9)",
    ),
    "tou": Words(
        en="FFG results (.tou)",
        ru="Результаты FFG (.tou)",
        fr="Résultats FFG (.tou)",
        ca="Resultats FFG (.tou)",
    ),
    "system": Words(en="System", ru="Система", fr="Système", ca="Sistema"),
    "default_system": Words(
        en="McMahon (the default)",
        ru="Мак-Магон (по умолчанию)",
        fr="McMahon (par défaut)",
        ca="McMahon (per defecte)",
    ),
    "swiss": Words(en="Swiss", ru="Швейцарская", fr="Suisse", ca="Suís"),
    "fus": Words(en="FUS", ru="FUS", fr="FUS", ca="FUS"),
    "roundrobin": Words(en="Round robin", ru="Круговая", fr="Toutes rondes", ca="Lligueta"),
    "rounds": Words(en="Rounds", ru="Туров", fr="Rondes", ca="Rondes"),
    "type": Words(
        en="Tournament type", ru="Тип турнира", fr="Type de tournoi", ca="Tipus de torneig"
    ),
    "individual": Words(
        en="Individual (the default)",
        ru="Личный (по умолчанию)",
        fr="Individuel (par défaut)",
        ca="Individual (per defecte)",
    ),
    "teams": Words(en="Teams", ru="Командный", fr="Par équipes", ca="Per equips"),
    "pair_go": Words(en="Pair go", ru="Парное го", fr="Go en paires", ca="Go per parelles"),
    "rengo": Words(en="Rengo", ru="Ренго", fr="Rengo", ca="Rengo"),
    "language": Words(
        en="Language of the workbook",
        ru="Язык книги",
        fr="Langue du classeur",
        ca="Llengua del llibre",
    ),
    "site_address": Words(
        en="Address of the published pages, for QR codes",
        ru="Адрес опубликованных страниц, для QR-кодов",
        fr="Adresse des pages publiées, pour les codes QR",
        ca="Adreça de les pàgines publicades, per als codis QR",
    ),
    "loading": Words(
        en="Loading Python…",
        ru="Загрузка Python…",
        fr="Chargement de Python…",
        ca="Carregant Python…",
    ),
    "installing": Words(
        en="Installing gosheet ({done} of {total})…",
        ru="Установка gosheet ({done} из {total})…",
        fr="Installation de gosheet ({done} sur {total})…",
        ca="Instal·lant gosheet ({done} de {total})…",
    ),
    "starting": Words(
        en="Starting gosheet…",
        ru="Запуск gosheet…",
        fr="Démarrage de gosheet…",
        ca="Iniciant gosheet…",
    ),
    "ready": Words(
        en="Ready: gosheet {version}, Python in the browser.",
        ru="Готово: gosheet {version}, Python в браузере.",
        fr="Prêt : gosheet {version}, Python dans le navigateur.",
        ca="A punt: gosheet {version}, Python al navegador.",
    ),
    "working": Words(en="Working…", ru="Выполняется…", fr="En cours…", ca="Treballant…"),
    "loading_later": Words(
        en="Working… (loading what printing and the pages need, once)",
        ru="Выполняется… (один раз загружается нужное для печати и страниц)",
        fr="En cours… (chargement, une fois, de ce qu'il faut pour imprimer et les pages)",
        ca="Treballant… (carregant, un cop, el que cal per imprimir i per a les pàgines)",
    ),
    "saved": Words(
        en="Saved in {name}, the file you opened.",
        ru="Сохранено в {name}, открытом вами файле.",
        fr="Enregistré dans {name}, le fichier que vous avez ouvert.",
        ca="Desat a {name}, el fitxer que heu obert.",
    ),
    "unfit": Words(
        en="{name} is neither a workbook (.xlsx, .xlsm, .ods) nor a roster (.csv, .txt, "
        ".tsv, .xls): the buttons take only those.",
        ru="{name} — не книга (.xlsx, .xlsm, .ods) и не список игроков (.csv, .txt, .tsv, "
        ".xls): кнопки принимают только их.",
        fr="{name} n'est ni un classeur (.xlsx, .xlsm, .ods) ni une liste de joueurs (.csv, "
        ".txt, .tsv, .xls) : les boutons ne prennent que ceux-là.",
        ca="{name} no és ni un llibre (.xlsx, .xlsm, .ods) ni una llista de jugadors (.csv, "
        ".txt, .tsv, .xls): els botons només accepten aquests.",
    ),
    "roster_only": Words(
        en="{name} is a roster: it can start a new tournament; the round's buttons need the "
        "tournament's workbook (.xlsx, .xlsm, .ods).",
        ru="{name} — список игроков: из него можно начать новый турнир; кнопкам тура нужна "
        "книга турнира (.xlsx, .xlsm, .ods).",
        fr="{name} est une liste de joueurs : elle peut lancer un nouveau tournoi ; les "
        "boutons de la ronde demandent le classeur du tournoi (.xlsx, .xlsm, .ods).",
        ca="{name} és una llista de jugadors: pot començar un torneig nou; els botons de la "
        "ronda necessiten el llibre del torneig (.xlsx, .xlsm, .ods).",
    ),
    "offline": Words(
        en="· Works offline on this device.",
        ru="· Работает без сети на этом устройстве.",
        fr="· Fonctionne hors ligne sur cet appareil.",
        ca="· Funciona sense connexió en aquest dispositiu.",
    ),
    "downloaded": Words(
        en="Downloaded {name}.",
        ru="Скачан файл {name}.",
        fr="Téléchargé : {name}.",
        ca="Baixat: {name}.",
    ),
    "current": Words(
        en="The buttons now work on the changed {name}.",
        ru="Кнопки теперь работают с изменённым {name}.",
        fr="Les boutons agissent maintenant sur {name} modifié.",
        ca="Els botons ara treballen sobre {name} modificat.",
    ),
    "nothing": Words(
        en="Nothing was downloaded; the workbook is unchanged.",
        ru="Ничего не скачано; книга не изменена.",
        fr="Rien n'a été téléchargé ; le classeur est inchangé.",
        ca="No s'ha baixat res; el llibre no ha canviat.",
    ),
    "too_large": Words(
        en="{name} ({size} MB) is too large for the browser's memory (at most {limit} MB); "
        "nothing was read. Use gosheet on a computer: the LibreOffice extension or the "
        "command, from {address}",
        ru="{name} ({size} МБ) слишком велик для памяти браузера (не более {limit} МБ); "
        "ничего не прочитано. Используйте gosheet на компьютере: расширение LibreOffice или "
        "команду, со страницы {address}",
        fr="{name} ({size} Mo) est trop gros pour la mémoire du navigateur ({limit} Mo au "
        "plus) ; rien n'a été lu. Utilisez gosheet sur un ordinateur : l'extension "
        "LibreOffice ou la commande, depuis {address}",
        ca="{name} ({size} MB) és massa gran per a la memòria del navegador ({limit} MB com a "
        "màxim); no s'ha llegit res. Feu servir gosheet en un ordinador: l'extensió de "
        "LibreOffice o l'ordre, des de {address}",
    ),
    "crashed": Words(
        en="Python stopped in the browser ({error}): most likely the file is too large for the "
        "browser's memory. Nothing was downloaded. Reload the page to start again.",
        ru="Python в браузере остановился ({error}): скорее всего, файл слишком велик для "
        "памяти браузера. Ничего не скачано. Перезагрузите страницу.",
        fr="Python s'est arrêté dans le navigateur ({error}) : le fichier est sans doute trop "
        "gros pour la mémoire du navigateur. Rien n'a été téléchargé. Rechargez la page.",
        ca="Python s'ha aturat al navegador ({error}): probablement el fitxer és massa gran per "
        "a la memòria del navegador. No s'ha baixat res. Torneu a carregar la pàgina.",
    ),
    "hosted": Words(
        en="Opened from a file, this page cannot start Python: open gosheet at {page} "
        "(nothing to install; it then works offline too).",
        ru="Открытая как файл, эта страница не может запустить Python: откройте gosheet по "
        "адресу {page} (ничего не нужно устанавливать; потом работает и без сети).",
        fr="Ouverte depuis un fichier, cette page ne peut pas lancer Python : ouvrez gosheet à "
        "l'adresse {page} (rien à installer ; elle marche ensuite aussi hors ligne).",
        ca="Oberta des d'un fitxer, aquesta pàgina no pot iniciar Python: obriu gosheet a "
        "{page} (no cal instal·lar res; després també funciona sense connexió).",
    ),
    "unsupported": Words(
        en="This browser cannot run the page (it needs WebAssembly and module workers): use a "
        "recent Chrome, Edge, Firefox or Safari.",
        ru="Этот браузер не может запустить страницу (нужны WebAssembly и модульные "
        "воркеры): используйте свежий Chrome, Edge, Firefox или Safari.",
        fr="Ce navigateur ne peut pas faire fonctionner la page (il faut WebAssembly et des "
        "workers de module) : utilisez un Chrome, Edge, Firefox ou Safari récent.",
        ca="Aquest navegador no pot executar la pàgina (calen WebAssembly i workers de mòdul): "
        "feu servir un Chrome, Edge, Firefox o Safari recent.",
    ),
    "failed": Words(
        en="The page could not start ({error}).",
        ru="Страница не запустилась ({error}).",
        fr="La page n'a pas pu démarrer ({error}).",
        ca="La pàgina no s'ha pogut iniciar ({error}).",
    ),
}


def table() -> dict[str, dict[str, str]]:
    """Every word of the page in each language: ``table()["ru"]["pair"]``."""
    words: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        catalog = translator(language)
        these = {key: catalog.gettext(label) for key, label in BUTTONS.items()}
        these.update({key: _in(language, texts) for key, texts in WORDS.items()})
        words[language] = these
    return words


def _in(language: str, word: Words) -> str:
    return {"en": word["en"], "ru": word["ru"], "fr": word["fr"], "ca": word["ca"]}[language]
