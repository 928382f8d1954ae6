"""Build gosheet's LibreOffice extension, ``gosheet.oxt``, and install it.

The extension holds:

``python/gosheet_macros.py``
    the macro script (:mod:`gosheet.frontends.libreoffice.macros.gosheet_macros`),
    in a Python script library (``META-INF/manifest.xml`` declares the directory)
``python/pythonpath/gosheet_lo/``
    the package doing the macros' work (``macros/pythonpath/gosheet_lo`` here):
    LibreOffice puts the ``pythonpath`` folder beside a script on ``sys.path``
    before it runs the script (and lists no macros from it)
``python/pythonpath/gosheet/``, ``openpyxl/``, ``jinja2/`` …
    gosheet itself and the pure-Python packages it needs, with their ``.dist-info``
    (``METADATA``, licence files), copied from this installation
    (:mod:`gosheet.frontends.libreoffice.carried`): the macros run gosheet in
    LibreOffice's own Python, which needs nothing else installed
``Addons.xcu``, ``ProtocolHandler.xcu``, ``component/gosheet_menu.py``
    the **gosheet** menu (between Tools and Window) and the gosheet toolbar, in
    Calc only, each entry dispatching the URL of its action, ``org.gosheet.menu:pair``, to the
    extension's protocol handler (a Python UNO component), which runs the action as its macro
    does. A script URL
    (``vnd.sun.star.script:gosheet.oxt|python|gosheet_macros.py$PairNextRound?language=Python&location=user:uno_packages``)
    names the extension by its file's name, and the organiser's file is
    ``gosheet-0.9.0.oxt`` or ``gosheet (1).oxt``: the macros' script URLs serve the callers
    that give arguments (scripts, the tests), not the menu
``Jobs.xcu``
    the component's job ``Loader``, run when a spreadsheet has loaded: gosheet loaded in the
    background (``gosheet_lo/loading.py``), so that the first action does not wait for it
``CalcWindowState.xcu``
    names the toolbar "gosheet", docked at the top, buttons as text
``description.xml``, ``description/LANG.txt``, ``registration/LICENSE.txt``, ``images/gosheet.png``
    identifier, version, licence, icon, the oldest LibreOffice and where the updates are:
    what the Extension Manager shows (:mod:`gosheet.frontends.libreoffice.description`)

The ``.oxt`` is the same bytes for the same files (:func:`extension_bytes`): a release
builds it twice and gets one file.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from xml.sax.saxutils import escape

from gosheet.app import doors
from gosheet.frontends.carried import archive
from gosheet.frontends.libreoffice.carried import carried_files
from gosheet.frontends.libreoffice.description import (
    EXTENSION_ID,
    ICON_MEMBER,
    LANGUAGES,
    LICENSE_FILE,
    LICENSE_MEMBER,
    description_member,
    description_text,
    description_xml,
    update_xml,
)
from gosheet.frontends.libreoffice.icon import icon_png
from gosheet.frontends.libreoffice.office import LibreOfficeError, Office, find_soffice, find_unopkg

__all__ = ["EXTENSION_ID", "build_extension", "install_extension", "update_xml"]
OXT_NAME = "gosheet.oxt"  # the script URLs name the package by its file name
MACRO_FILE = "gosheet_macros.py"  # the script the menu's URLs name
MACRO_DIR = Path(__file__).with_name("macros")
MACRO_SOURCE = MACRO_DIR / MACRO_FILE
MACRO_PYTHONPATH = MACRO_DIR / "pythonpath"  # → python/pythonpath/ in the extension
MACRO_PACKAGE = "gosheet_lo"  # the macros' package there: a name no other extension uses
PYTHONPATH = "python/pythonpath/"  # on LibreOffice's sys.path: gosheet_lo, gosheet, its needs
COMPONENT = "component/gosheet_menu.py"  # the menu's dispatcher, a Python UNO component
COMPONENT_SOURCE = MACRO_DIR / "component" / "gosheet_menu.py"
MENU_PROTOCOL = "org.gosheet.menu:"  # the menu's URLs (COMPONENT's PROTOCOL)
HANDLER = "org.gosheet.frontends.libreoffice.Menu"  # its implementation (COMPONENT's)
LOADER = "org.gosheet.frontends.libreoffice.Loader"  # the job loading gosheet (COMPONENT's)
LOADER_JOB = "org.gosheet.frontends.libreoffice.loading"  # its name in Jobs.xcu
LOADER_EVENT = "OnLoadFinished"  # a document has loaded (OnLoad: only a visible one)
MENU_NODE = "org.gosheet.frontends.libreoffice.menu"
TOOLBAR_NODE = "org.gosheet.frontends.libreoffice.toolbar"
CALC = "com.sun.star.sheet.SpreadsheetDocument"
LOCATION = "user:uno_packages"  # installed for the user (unopkg add without --shared)


def _menu(action: doors.Action) -> doors.Menu:
    assert action.menu is not None
    return action.menu


_MENU = doors.in_menu()  # the table of actions: LibreOffice's part of it
# (macro, menu title with its ~mnemonic, toolbar title): on the toolbar too
ACTIONS = tuple((_menu(a).macro, _menu(a).title, a.label) for a in _MENU if _menu(a).toolbar)
# (macro, menu title): a new tournament, a new document, first in the menu
NEW_BOOKS = tuple((_menu(a).macro, _menu(a).title) for a in _MENU if _menu(a).part == -1)
# (macro, menu title): the files for other programs, in the menu only
EXPORTS = tuple((_menu(a).macro, _menu(a).title) for a in _MENU if _menu(a).part == 1)
# (macro, menu title): the helpers' copies, in the menu only (it asks for files)
COPIES = next((_menu(a).macro, _menu(a).title) for a in _MENU if a.copies)
REHEARSAL = next((_menu(a).macro, _menu(a).title) for a in _MENU if _menu(a).part == 2)
# (macro, menu title): the round's other entries, in the menu only, after the copies (teams)
MENU_ONLY = tuple(
    (_menu(a).macro, _menu(a).title)
    for a in _MENU
    if _menu(a).part == 0 and not _menu(a).toolbar and not a.copies
)


def script_url(function: str) -> str:
    """The script URL of a macro of the extension, as the menu dispatches it.

    >>> script_url("PairNextRound")  # doctest: +NORMALIZE_WHITESPACE
    'vnd.sun.star.script:gosheet.oxt|python|gosheet_macros.py$PairNextRound?language=Python&location=user:uno_packages'
    """
    return (
        f"vnd.sun.star.script:{OXT_NAME}|python|{MACRO_FILE}${function}"
        f"?language=Python&location={LOCATION}"
    )


def menu_url(action: str) -> str:
    """The URL a menu entry or toolbar button dispatches: the action's name in gosheet's
    table, for the extension's protocol handler (whatever the ``.oxt`` file is called).

    >>> menu_url("pair")
    'org.gosheet.menu:pair'
    """
    return MENU_PROTOCOL + action


def macro_files() -> dict[str, Path]:
    """The macros' Python files by their place in the extension: the macro script in
    ``python/``, the package :data:`MACRO_PACKAGE` in ``python/pythonpath/``."""
    files = {f"python/{MACRO_FILE}": MACRO_SOURCE}
    for path in sorted((MACRO_PYTHONPATH / MACRO_PACKAGE).rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[PYTHONPATH + path.relative_to(MACRO_PYTHONPATH).as_posix()] = path
    return files


def _prop(name: str, value: str, kind: str = "xs:string") -> str:
    return f'<prop oor:name="{name}" oor:type="{kind}"><value>{escape(value)}</value></prop>'


def _item(node: str, url: str, title: str) -> str:
    return (
        f'<node oor:name="{node}" oor:op="replace">'
        + _prop("URL", url)
        + _prop("Title", title)
        + _prop("Target", "_self")
        + _prop("Context", CALC)
        + "</node>"
    )


def menu_entries() -> list[tuple[str, str]]:
    """The gosheet menu's entries, (URL, title), separators included: the table of actions'
    LibreOffice part, a separator between its parts."""
    entries: list[tuple[str, str]] = []
    for before, action in zip((None, *_MENU), _MENU, strict=False):
        if before is not None and _menu(before).part != _menu(action).part:
            entries.append(("private:separator", ""))
        entries.append((menu_url(action.name), _menu(action).title))
    return entries


def addons_xcu() -> str:
    menu = [_item(f"m{i:02}", url, title) for i, (url, title) in enumerate(menu_entries(), 1)]
    on_toolbar = [(menu_url(a.name), a.label) for a in _MENU if _menu(a).toolbar]
    toolbar = [_item(f"m{i:02}", url, title) for i, (url, title) in enumerate(on_toolbar, 1)]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'oor:name="Addons" oor:package="org.openoffice.Office">\n'
        '<node oor:name="AddonUI">\n'
        '<node oor:name="OfficeMenuBar">\n'
        f'<node oor:name="{MENU_NODE}" oor:op="replace">'
        + _prop("Title", "~gosheet")
        + _prop("Context", CALC)
        + '<node oor:name="Submenu">\n'
        + "\n".join(menu)
        + "\n</node></node>\n</node>\n"
        '<node oor:name="OfficeToolBar">\n'
        f'<node oor:name="{TOOLBAR_NODE}" oor:op="replace">\n'
        + "\n".join(toolbar)
        + "\n</node>\n</node>\n</node>\n</oor:component-data>\n"
    )


def window_state_xcu() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'oor:name="CalcWindowState" oor:package="org.openoffice.Office.UI">\n'
        '<node oor:name="UIElements"><node oor:name="States">\n'
        f'<node oor:name="private:resource/toolbar/addon_{TOOLBAR_NODE}" oor:op="replace">'
        + _prop("UIName", "gosheet")
        + _prop("Docked", "true", "xs:boolean")
        + _prop("DockingArea", "0", "xs:int")  # the top
        + _prop("Visible", "true", "xs:boolean")
        + _prop("Style", "1", "xs:int")  # text buttons (no icons)
        + "</node>\n</node></node>\n</oor:component-data>\n"
    )


def protocol_handler_xcu() -> str:
    """The menu's protocol (``org.gosheet.menu:*``) given to the extension's dispatcher."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'oor:name="ProtocolHandler" oor:package="org.openoffice.Office">\n'
        '<node oor:name="HandlerSet">\n'
        f'<node oor:name="{HANDLER}" oor:op="replace">'
        f'<prop oor:name="Protocols" oor:type="oor:string-list"><value>{MENU_PROTOCOL}*</value>'
        "</prop></node>\n</node>\n</oor:component-data>\n"
    )


def jobs_xcu() -> str:
    """The job loading gosheet in the background when a spreadsheet has loaded
    (``gosheet_lo/loading.py``): the component's ``Loader``, for Calc's documents only."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'oor:name="Jobs" oor:package="org.openoffice.Office">\n'
        f'<node oor:name="Jobs"><node oor:name="{LOADER_JOB}" oor:op="replace">'
        + _prop("Service", LOADER)
        + _prop("Context", CALC)
        + f'</node></node>\n<node oor:name="Events"><node oor:name="{LOADER_EVENT}" oor:op="fuse">'
        f'<node oor:name="JobList"><node oor:name="{LOADER_JOB}" oor:op="replace"/></node>'
        "</node></node>\n</oor:component-data>\n"
    )


def manifest_xml() -> str:
    entries = (
        ("python", "application/vnd.sun.star.framework-script"),
        ("Addons.xcu", "application/vnd.sun.star.configuration-data"),
        ("CalcWindowState.xcu", "application/vnd.sun.star.configuration-data"),
        ("ProtocolHandler.xcu", "application/vnd.sun.star.configuration-data"),
        ("Jobs.xcu", "application/vnd.sun.star.configuration-data"),
        (COMPONENT, "application/vnd.sun.star.uno-component;type=Python"),
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<manifest:manifest xmlns:manifest="http://openoffice.org/2001/manifest">\n'
        + "".join(
            f' <manifest:file-entry manifest:full-path="{path}" manifest:media-type="{kind}"/>\n'
            for path, kind in entries
        )
        + "</manifest:manifest>\n"
    )


def extension_members() -> dict[str, Path | str | bytes]:
    """Every file of the extension by its name in it (sorted): the file to copy, or its text
    or bytes."""
    members: dict[str, Path | str | bytes] = {
        "META-INF/manifest.xml": manifest_xml(),
        "description.xml": description_xml(),
        LICENSE_MEMBER: LICENSE_FILE,
        ICON_MEMBER: icon_png(),
        "Addons.xcu": addons_xcu(),
        "CalcWindowState.xcu": window_state_xcu(),
        "ProtocolHandler.xcu": protocol_handler_xcu(),
        "Jobs.xcu": jobs_xcu(),
        COMPONENT: COMPONENT_SOURCE,
    }
    members.update((description_member(lang), description_text(lang) + "\n") for lang in LANGUAGES)
    members.update(macro_files())
    members.update((PYTHONPATH + name, source) for name, source in carried_files().items())
    return dict(sorted(members.items()))


def extension_bytes() -> bytes:
    """``gosheet.oxt``'s bytes: the same for the same files (entries sorted, each dated
    ``SOURCE_DATE_EPOCH`` or :data:`gosheet.frontends.carried.FIXED_DATE`)."""
    contents: dict[str, bytes] = {}
    for name, source in extension_members().items():
        if isinstance(source, Path):
            contents[name] = source.read_bytes()
        elif isinstance(source, str):
            contents[name] = source.encode("utf-8")
        else:
            contents[name] = source
    return archive(contents)


def build_extension(out: Path) -> Path:
    """Write ``gosheet.oxt`` into the directory ``out`` (or to ``out`` itself when it
    ends in ``gosheet.oxt``). Returns the file written."""
    out = Path(out)
    if out.suffix == ".oxt":
        if out.name != OXT_NAME:
            raise ValueError(f"the extension must be called {OXT_NAME} (its macros' URLs say so)")
        target = out
    else:
        target = out / OXT_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        partial.write_bytes(extension_bytes())
        os.replace(partial, target)
    finally:
        if partial.exists():
            partial.unlink()
    return target


def data_dir() -> Path:
    """Where ``gosheet libreoffice install`` keeps the extension it built."""
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "gosheet"


def install_extension(profile_dir: Path | None = None) -> Path:
    """Build ``gosheet.oxt`` and install it for the user — into the LibreOffice
    profile ``profile_dir`` (a ``-env:UserInstallation`` directory) when given,
    else the user's own. Returns the ``.oxt`` built.

    ``unopkg add --force`` does the installing; as root, which ``unopkg`` refuses
    for a user installation, a headless LibreOffice on that profile adds the
    extension through its extension manager (the same thing unopkg does).
    LibreOffice should be closed: it shows the gosheet menu after a restart.
    """
    oxt = build_extension(
        (profile_dir / "gosheet-extension") if profile_dir is not None else data_dir()
    )
    soffice = find_soffice()
    if soffice is None:
        raise LibreOfficeError(
            "LibreOffice (soffice) was not found; install LibreOffice Calc first "
            f"(the extension was built: {oxt})"
        )
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0
    unopkg = find_unopkg(soffice)
    if unopkg is not None and not as_root:
        arguments = [unopkg, "add", "--force", "--suppress-license"]
        if profile_dir is not None:
            arguments.append(f"-env:UserInstallation={profile_dir.resolve().as_uri()}")
        try:
            done = subprocess.run(
                [*arguments, str(oxt)], capture_output=True, timeout=300, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise LibreOfficeError(f"unopkg add {oxt} failed: {error}") from error
        if done.returncode != 0:
            said = (done.stderr or done.stdout).decode("utf-8", "replace").strip()
            raise LibreOfficeError(f"unopkg add {oxt} failed (exit code {done.returncode}): {said}")
        return oxt
    for attempt in range(INSTALL_ATTEMPTS):
        try:
            with Office(profile_dir, soffice=soffice) as office:
                office.check([{"do": "install", "oxt": str(oxt)}], timeout=300)
            return oxt
        except LibreOfficeError as error:  # LibreOffice itself crashed: a fresh one, once more
            if attempt + 1 == INSTALL_ATTEMPTS or "DisposedException" not in str(error):
                raise
    return oxt


#: How many headless LibreOffices may try to add the extension: one more when the first
#: crashes while adding it (seen once in CI on a loaded machine: ``DisposedException``, the
#: bridge to a LibreOffice that died); any other refusal is told at once.
INSTALL_ATTEMPTS = 2
