"""What LibreOffice's Extension Manager reads of ``gosheet.oxt``: ``description.xml`` (its
identifier, version, publisher, licence, the oldest LibreOffice it runs on, icon, names and
descriptions in gosheet's languages, where its updates are) and the release's ``update.xml``
(what Tools ▸ Extensions ▸ Check for Updates finds there).

The format is LibreOffice's "description.xml" (OpenOffice.org's Developer's Guide,
*Extensions ▸ Description of XML Elements*; LibreOffice adds ``lo:LibreOffice-minimal-version``).
Every address and the version come from :mod:`gosheet.about`.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from gosheet import about

EXTENSION_ID = "org.gosheet.frontends.libreoffice"
BUNDLED_PYTHON_LIBREOFFICE = "25.2"
"""The oldest LibreOffice gosheet runs on in Windows and macOS: the first whose own Python is
3.10, gosheet's oldest (docs/libreoffice.md). An older one installs the extension, and its
first click says so (``gosheet_lo.inprocess.NEEDED_LIBREOFFICE``, the same version)."""
MINIMAL_LIBREOFFICE = "7.4"
"""The oldest LibreOffice gosheet runs on anywhere, which ``description.xml`` states (the
Extension Manager refuses the extension on an older one): on Linux, LibreOffice runs the
system's Python (3.10 or later since Debian 12 and Ubuntu 22.04), and 7.4 is the oldest the
tests run. Stating :data:`BUNDLED_PYTHON_LIBREOFFICE` here would refuse those working
installations: LibreOffice 7.4 says "unsatisfied dependencies" to ``unopkg add``."""
LICENSE_FILE = Path(__file__).with_name("extension") / "LICENSE.txt"
"""The GNU GPL version 3, which the Extension Manager shows (a copy in the package, so that
an installed wheel builds the extension too)."""
LICENSE_MEMBER = "registration/LICENSE.txt"
ICON_MEMBER = "images/gosheet.png"
LANGUAGES = ("en", "ru", "fr", "ca")
"""gosheet's languages; English is LibreOffice's fallback (the first listed)."""

DESCRIPTIONS = {
    "en": (
        "gosheet: Go tournaments in the spreadsheet. The gosheet menu and toolbar of "
        "LibreOffice Calc start a new tournament or import a roster, fill the players from a "
        "rating list, pair the next round, update the standings, check the workbook, explain "
        "its last round, write its print pack, its web pages and its results files (EGF, FFG, "
        "OpenGotha). gosheet {version} comes inside the extension and runs in LibreOffice's "
        "own Python (LibreOffice {minimal} or later on Linux, {bundled} or later on Windows and "
        "macOS): nothing else to install."
    ),
    "ru": (
        "gosheet: турниры по го в электронной таблице. Меню и панель gosheet в LibreOffice "
        "Calc начинают новый турнир или импортируют список участников, заполняют данные "
        "игроков из рейтинг-листа, составляют пары следующего тура, обновляют таблицу "
        "результатов, проверяют книгу, объясняют последний тур, готовят комплект для печати, "
        "веб-страницы и файлы результатов (EGF, FFG, OpenGotha). gosheet {version} входит в "
        "расширение и работает на собственном Python LibreOffice (LibreOffice {minimal} или "
        "новее в Linux, {bundled} или новее в Windows и macOS): больше ничего устанавливать "
        "не нужно."
    ),
    "fr": (
        "gosheet : les tournois de go dans le tableur. Le menu et la barre d'outils gosheet "
        "de LibreOffice Calc créent un nouveau tournoi ou importent une liste d'inscrits, "
        "complètent les joueurs depuis une liste de classement, apparient la ronde suivante, "
        "mettent à jour le classement, vérifient le classeur, expliquent sa dernière ronde, "
        "écrivent son dossier d'impression, ses pages web et ses fichiers de résultats (EGF, "
        "FFG, OpenGotha). gosheet {version} est inclus dans l'extension et fonctionne avec le "
        "Python de LibreOffice (LibreOffice {minimal} ou plus récent sous Linux, {bundled} ou "
        "plus récent sous Windows et macOS) : rien d'autre à installer."
    ),
    "ca": (
        "gosheet: tornejos de go al full de càlcul. El menú i la barra d'eines gosheet del "
        "LibreOffice Calc comencen un torneig nou o importen una llista d'inscrits, omplen "
        "els jugadors des d'una llista de classificació, aparellen la ronda següent, "
        "actualitzen la classificació, comproven el llibre, expliquen la darrera ronda, "
        "escriuen el paquet d'impressió, les pàgines web i els fitxers de resultats (EGF, FFG, "
        "OpenGotha). gosheet {version} ve dins de l'extensió i funciona amb el Python del "
        "mateix LibreOffice (LibreOffice {minimal} o posterior a Linux, {bundled} o posterior "
        "a Windows i macOS): no cal instal·lar res més."
    ),
}
"""What the Extension Manager says of gosheet, in each language."""
NAMES = {
    "en": "gosheet — Go tournaments",
    "ru": "gosheet — турниры по го",
    "fr": "gosheet — tournois de go",
    "ca": "gosheet — tornejos de go",
}
"""The extension's name in the Extension Manager, in each language."""


DEPENDENCIES = (
    " <dependencies>\n"
    f"  <lo:LibreOffice-minimal-version value={quoteattr(MINIMAL_LIBREOFFICE)}"
    f" d:name={quoteattr('LibreOffice ' + MINIMAL_LIBREOFFICE)}/>\n"
    " </dependencies>\n"
)
"""The oldest LibreOffice gosheet runs on, as ``description.xml`` and ``update.xml`` say it."""


def description_member(language: str) -> str:
    return f"description/{language}.txt"


def description_text(language: str) -> str:
    return DESCRIPTIONS[language].format(
        version=about.VERSION, minimal=MINIMAL_LIBREOFFICE, bundled=BUNDLED_PYTHON_LIBREOFFICE
    )


def description_xml() -> str:
    """``description.xml``: every field LibreOffice's Extension Manager reads."""
    names = "".join(
        f"  <name lang={quoteattr(lang)}>{escape(NAMES[lang])}</name>\n" for lang in LANGUAGES
    )
    sources = "".join(
        f"  <src lang={quoteattr(lang)} xlink:href={quoteattr(description_member(lang))}/>\n"
        for lang in LANGUAGES
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<description xmlns="http://openoffice.org/extensions/description/2006"\n'
        ' xmlns:d="http://openoffice.org/extensions/description/2006"\n'
        ' xmlns:lo="http://libreoffice.org/extensions/description/2011"\n'
        ' xmlns:xlink="http://www.w3.org/1999/xlink">\n'
        f" <identifier value={quoteattr(EXTENSION_ID)}/>\n"
        f" <version value={quoteattr(about.VERSION)}/>\n" + DEPENDENCIES + " <publisher>\n"
        f'  <name xlink:href={quoteattr(about.HOMEPAGE)} lang="en">gosheet</name>\n'
        " </publisher>\n"
        # shown once, on the first installation (not on an update); accepted by the user who
        # installs it, and skipped by ``unopkg add --suppress-license`` (suppress-if-required)
        " <registration>\n"
        '  <simple-license accept-by="user" suppress-on-update="true"'
        ' suppress-if-required="true" default-license-id="gpl">\n'
        f"   <license-text xlink:href={quoteattr(LICENSE_MEMBER)}"
        ' lang="en" license-id="gpl"/>\n'
        "  </simple-license>\n"
        " </registration>\n"
        " <display-name>\n" + names + " </display-name>\n"
        f" <icon>\n  <default xlink:href={quoteattr(ICON_MEMBER)}/>\n </icon>\n"
        " <extension-description>\n" + sources + " </extension-description>\n"
        " <update-information>\n"
        f"  <src xlink:href={quoteattr(about.UPDATE_XML)}/>\n"
        " </update-information>\n"
        "</description>\n"
    )


def update_xml(version: str) -> str:
    """The release ``version``'s ``update.xml`` (LibreOffice's update information, which
    :data:`gosheet.about.UPDATE_XML` serves): the extension's identifier and version, where
    its ``.oxt`` is and what changed."""
    oxt = about.release_asset(f"gosheet-{version}.oxt", version)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<description xmlns="http://openoffice.org/extensions/update/2006"\n'
        ' xmlns:d="http://openoffice.org/extensions/description/2006"\n'
        ' xmlns:lo="http://libreoffice.org/extensions/description/2011"\n'
        ' xmlns:xlink="http://www.w3.org/1999/xlink">\n'
        f" <identifier value={quoteattr(EXTENSION_ID)}/>\n"
        f" <version value={quoteattr(version)}/>\n"
        + DEPENDENCIES
        + f" <update-download>\n  <src xlink:href={quoteattr(oxt)}/>\n </update-download>\n"
        " <release-notes>\n"
        f'  <src xlink:href={quoteattr(about.CHANGELOG)} lang="en"/>\n'
        " </release-notes>\n"
        "</description>\n"
    )
