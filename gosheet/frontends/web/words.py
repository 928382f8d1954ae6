"""The page's own words in every language of gosheet (en, ru, fr, ca).

The buttons take their words from the table of actions (:mod:`gosheet.app.doors`), translated
by gosheet's message catalog — the same words as LibreOffice's menu and Excel's buttons; the
page's other words — loading, picking a file, serving the folder — are here, each with its
translations.
The build writes them all as ``words.json``; the page picks the browser's language, else
English. ``{name}``-style fields are filled in by the page.

>>> table()["fr"]["pair"]
'Apparier la ronde suivante'
"""

from __future__ import annotations

from gosheet.frontends.web.runner import BUTTONS
from gosheet.i18n.catalog import LANGUAGES, translator

# key: English, Russian, French, Catalan
WORDS: dict[str, tuple[str, str, str, str]] = {
    "title": (
        "gosheet in the browser",
        "gosheet в браузере",
        "gosheet dans le navigateur",
        "gosheet al navegador",
    ),
    "tagline": (
        "Go tournaments in your own spreadsheet. The workbook stays on this device: nothing "
        "is sent anywhere.",
        "Турниры по го в вашей таблице. Книга остаётся на этом устройстве: ничего никуда "
        "не отправляется.",
        "Les tournois de go dans votre propre tableur. Le classeur reste sur cet appareil : "
        "rien n'est envoyé nulle part.",
        "Tornejos de go al vostre full de càlcul. El llibre es queda en aquest dispositiu: "
        "no s'envia res enlloc.",
    ),
    "pick": (
        "Choose or drop a workbook (.xlsx, .xlsm, .ods) or a roster (.csv, .xlsx)",
        "Выберите или перетащите книгу (.xlsx, .xlsm, .ods) или список игроков (.csv, .xlsx)",
        "Choisissez ou déposez un classeur (.xlsx, .xlsm, .ods) "
        "ou une liste de joueurs (.csv, .xlsx)",
        "Trieu o deixeu anar un llibre (.xlsx, .xlsm, .ods) o una llista de jugadors (.csv, .xlsx)",
    ),
    "none": ("No file chosen.", "Файл не выбран.", "Aucun fichier choisi.", "Cap fitxer triat."),
    "copies": (
        "Merge helpers' copies: choose the copies of this workbook (several at once) in "
        "which helpers typed results.",
        "Объединить копии помощников: выберите копии этой книги (можно несколько сразу), "
        "в которые помощники вносили результаты.",
        "Fusionner les copies des assistants : choisissez les copies de ce classeur "
        "(plusieurs à la fois) où des assistants ont saisi des résultats.",
        "Fusionar les còpies dels ajudants: trieu les còpies d'aquest llibre (diverses alhora) "
        "on els ajudants han escrit resultats.",
    ),
    "round": ("The round", "Тур", "La ronde", "La ronda"),
    "files": (
        "Print, publish, export",
        "Печать, публикация, экспорт",
        "Imprimer, publier, exporter",
        "Imprimir, publicar, exportar",
    ),
    "start": ("A new tournament", "Новый турнир", "Un nouveau tournoi", "Un torneig nou"),
    # the catalog's "EGF results (.h9)" is a phrase within sentences: the buttons' own words
    "h9": (
        "EGF results (.h9)",
        "Результаты EGF (.h9)",
        "Résultats EGF (.h9)",
        "Resultats EGF (.h9)",
    ),
    "tou": (
        "FFG results (.tou)",
        "Результаты FFG (.tou)",
        "Résultats FFG (.tou)",
        "Resultats FFG (.tou)",
    ),
    "system": ("System", "Система", "Système", "Sistema"),
    "default_system": (
        "McMahon (the default)",
        "Мак-Магон (по умолчанию)",
        "McMahon (par défaut)",
        "McMahon (per defecte)",
    ),
    "swiss": ("Swiss", "Швейцарская", "Suisse", "Suís"),
    "fus": ("FUS", "FUS", "FUS", "FUS"),
    "roundrobin": ("Round robin", "Круговая", "Toutes rondes", "Lligueta"),
    "rounds": ("Rounds", "Туров", "Rondes", "Rondes"),
    "site_address": (
        "Address of the published pages, for QR codes",
        "Адрес опубликованных страниц, для QR-кодов",
        "Adresse des pages publiées, pour les codes QR",
        "Adreça de les pàgines publicades, per als codis QR",
    ),
    "loading": (
        "Loading Python…",
        "Загрузка Python…",
        "Chargement de Python…",
        "Carregant Python…",
    ),
    "installing": (
        "Installing gosheet ({done} of {total})…",
        "Установка gosheet ({done} из {total})…",
        "Installation de gosheet ({done} sur {total})…",
        "Instal·lant gosheet ({done} de {total})…",
    ),
    "starting": (
        "Starting gosheet…",
        "Запуск gosheet…",
        "Démarrage de gosheet…",
        "Iniciant gosheet…",
    ),
    "ready": (
        "Ready: gosheet {version}, Python in the browser.",
        "Готово: gosheet {version}, Python в браузере.",
        "Prêt : gosheet {version}, Python dans le navigateur.",
        "A punt: gosheet {version}, Python al navegador.",
    ),
    "working": ("Working…", "Выполняется…", "En cours…", "Treballant…"),
    "downloaded": (
        "Downloaded {name}.",
        "Скачан файл {name}.",
        "Téléchargé : {name}.",
        "Baixat: {name}.",
    ),
    "current": (
        "The buttons now work on the changed {name}.",
        "Кнопки теперь работают с изменённым {name}.",
        "Les boutons agissent maintenant sur {name} modifié.",
        "Els botons ara treballen sobre {name} modificat.",
    ),
    "nothing": (
        "Nothing was downloaded; the workbook is unchanged.",
        "Ничего не скачано; книга не изменена.",
        "Rien n'a été téléchargé ; le classeur est inchangé.",
        "No s'ha baixat res; el llibre no ha canviat.",
    ),
    "too_large": (
        "{name} ({size} MB) is too large for the browser's memory (at most {limit} MB); "
        "nothing was read. Run gosheet on a computer: pip install gosheet.",
        "{name} ({size} МБ) слишком велик для памяти браузера (не более {limit} МБ); "
        "ничего не прочитано. Запустите gosheet на компьютере: pip install gosheet.",
        "{name} ({size} Mo) est trop gros pour la mémoire du navigateur ({limit} Mo au "
        "plus) ; rien n'a été lu. Lancez gosheet sur un ordinateur : pip install gosheet.",
        "{name} ({size} MB) és massa gran per a la memòria del navegador ({limit} MB com a "
        "màxim); no s'ha llegit res. Executeu gosheet en un ordinador: pip install gosheet.",
    ),
    "crashed": (
        "Python stopped in the browser ({error}): most likely the file is too large for the "
        "browser's memory. Nothing was downloaded. Reload the page to start again.",
        "Python в браузере остановился ({error}): скорее всего, файл слишком велик для "
        "памяти браузера. Ничего не скачано. Перезагрузите страницу.",
        "Python s'est arrêté dans le navigateur ({error}) : le fichier est sans doute trop "
        "gros pour la mémoire du navigateur. Rien n'a été téléchargé. Rechargez la page.",
        "Python s'ha aturat al navegador ({error}): probablement el fitxer és massa gran per "
        "a la memòria del navegador. No s'ha baixat res. Torneu a carregar la pàgina.",
    ),
    "serve": (
        "This page runs only when served, not opened as a file. In its folder, run "
        "python3 -m http.server 8000 and open http://localhost:8000/ — or put the folder "
        "on the club's web space.",
        "Эта страница работает, только если её раздаёт веб-сервер, а не при открытии как "
        "файла. В её папке выполните python3 -m http.server 8000 и откройте "
        "http://localhost:8000/ — или разместите папку на сайте клуба.",
        "Cette page ne fonctionne que servie, pas ouverte comme un fichier. Dans son "
        "dossier, lancez python3 -m http.server 8000 et ouvrez http://localhost:8000/ — ou "
        "mettez le dossier sur l'espace web du club.",
        "Aquesta pàgina només funciona servida, no oberta com a fitxer. A la seva carpeta, "
        "executeu python3 -m http.server 8000 i obriu http://localhost:8000/ — o poseu la "
        "carpeta a l'espai web del club.",
    ),
    "unsupported": (
        "This browser cannot run the page (it needs WebAssembly and module workers): use a "
        "recent Chrome, Edge, Firefox or Safari.",
        "Этот браузер не может запустить страницу (нужны WebAssembly и модульные "
        "воркеры): используйте свежий Chrome, Edge, Firefox или Safari.",
        "Ce navigateur ne peut pas faire fonctionner la page (il faut WebAssembly et des "
        "workers de module) : utilisez un Chrome, Edge, Firefox ou Safari récent.",
        "Aquest navegador no pot executar la pàgina (calen WebAssembly i workers de mòdul): "
        "feu servir un Chrome, Edge, Firefox o Safari recent.",
    ),
    "failed": (
        "The page could not start ({error}).",
        "Страница не запустилась ({error}).",
        "La page n'a pas pu démarrer ({error}).",
        "La pàgina no s'ha pogut iniciar ({error}).",
    ),
}


def table() -> dict[str, dict[str, str]]:
    """Every word of the page in each language: ``table()["ru"]["pair"]``."""
    words: dict[str, dict[str, str]] = {}
    for index, language in enumerate(LANGUAGES):
        catalog = translator(language)
        these = {key: catalog.gettext(label) for key, label in BUTTONS.items()}
        these.update({key: texts[index] for key, texts in WORDS.items()})
        words[language] = these
    return words
