"""What New tournament… and Import roster… ask the organiser, and nothing else: the dialog of
a new tournament's choices (system, rounds, language, as ``gosheet new`` offers them) built
with LibreOffice's dialog API, and the file picker of a roster. What is chosen goes to
:mod:`.newbook`, which a caller can also give it directly."""

from __future__ import annotations

import os
from typing import Any

from .bridge import script_path
from .calc import uno_module
from .dialogs import NO_DIALOGS_ENV
from .errors import say
from .inprocess import new_choices

SYSTEM_NAMES = {"mcmahon": "McMahon", "fus": "FUS", "swiss": "Swiss", "roundrobin": "Round robin"}
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "fr": "Français", "ca": "Català"}
ROSTERS = (
    ("Rosters and OpenGotha files", "*.csv;*.txt;*.xlsx;*.ods;*.xml"),
    ("CSV roster", "*.csv;*.txt"),
    ("Workbook roster", "*.xlsx;*.ods"),
    ("OpenGotha tournament", "*.xml"),
)
FILE_OPEN = 0  # com.sun.star.ui.dialogs.TemplateDescription.FILEOPEN_SIMPLE
OK = 1  # com.sun.star.ui.dialogs.ExecutableDialogResults.OK
DEFAULT_ROUNDS = 5


def dialogs_allowed() -> bool:
    return os.environ.get(NO_DIALOGS_ENV, "").strip() in ("", "0")


def add(model: Any, kind: str, name: str, place: tuple[int, int, int, int], **values: Any) -> Any:
    """A control of the dialog ``model`` (``kind``: ``FixedText``, ``ListBox`` …) at ``place``
    (x, y, width, height in dialog units), with its properties."""
    control = model.createInstance(f"com.sun.star.awt.UnoControl{kind}Model")
    control.PositionX, control.PositionY, control.Width, control.Height = place
    for key, value in values.items():
        setattr(control, key, value)
    model.insertByName(name, control)
    return control


def ask_choices(context: Any) -> dict[str, Any] | None:
    """The dialog: a pairing system, a number of rounds, the workbook's language; None when
    cancelled (or where no dialog may be shown)."""
    if not dialogs_allowed():
        return None
    uno = uno_module()
    offered = new_choices()
    systems, languages = list(offered["systems"]), list(offered["languages"])
    component = context.getComponentContext()
    manager = component.getServiceManager()
    model = manager.createInstanceWithContext("com.sun.star.awt.UnoControlDialogModel", component)
    model.Title, model.Width, model.Height = say("New tournament"), 190, 92
    rows = ((say("Pairing system"), "system"), (say("Rounds"), "rounds"), (say("Language"), "lang"))
    for row, (words, name) in enumerate(rows):
        add(model, "FixedText", f"{name}_label", (8, 10 + 20 * row, 70, 12), Label=words)
    system_list = add(
        model,
        "ListBox",
        "system",
        (82, 8, 100, 14),
        Dropdown=True,
        StringItemList=tuple(SYSTEM_NAMES.get(s, s) for s in systems),
    )
    add(
        model,
        "NumericField",
        "rounds",
        (82, 28, 40, 14),
        Value=float(DEFAULT_ROUNDS),
        ValueMin=1.0,
        ValueMax=99.0,
        DecimalAccuracy=0,
        Spin=True,
    )
    language_list = add(
        model,
        "ListBox",
        "lang",
        (82, 48, 100, 14),
        Dropdown=True,
        StringItemList=tuple(LANGUAGE_NAMES.get(x, x) for x in languages),
    )
    for listed, chosen in ((system_list, str(offered["system"])), (language_list, "en")):
        names = systems if listed is system_list else languages
        index = names.index(chosen) if chosen in names else 0
        uno.invoke(listed, "setPropertyValue", ("SelectedItems", uno.Any("[]short", (index,))))
    ok = say("OK")
    add(model, "Button", "ok", (82, 70, 48, 14), Label=ok, PushButtonType=1, DefaultButton=True)
    add(model, "Button", "cancel", (134, 70, 48, 14), Label=say("Cancel"), PushButtonType=2)
    dialog = manager.createInstanceWithContext("com.sun.star.awt.UnoControlDialog", component)
    dialog.setModel(model)
    toolkit = manager.createInstanceWithContext("com.sun.star.awt.Toolkit", component)
    dialog.createPeer(toolkit, None)
    try:
        if dialog.execute() != OK:
            return None
        system = systems[max(dialog.getControl("system").getSelectedItemPos(), 0)]
        language = languages[max(dialog.getControl("lang").getSelectedItemPos(), 0)]
        rounds = int(dialog.getControl("rounds").getValue())
    finally:
        dialog.dispose()
    return {"system": system, "rounds": rounds, "language": language}


def pick_roster(context: Any) -> str | None:
    """The roster chosen in LibreOffice's file picker (None: cancelled, or no dialog may be
    shown)."""
    if not dialogs_allowed():
        return None
    component = context.getComponentContext()
    picker = component.getServiceManager().createInstanceWithArgumentsAndContext(
        "com.sun.star.ui.dialogs.FilePicker", (FILE_OPEN,), component
    )
    picker.setTitle(say("Choose the roster (CSV, xlsx, ods) or OpenGotha file"))
    for words, pattern in ROSTERS:
        picker.appendFilter(say(words), pattern)
    picker.setCurrentFilter(say(ROSTERS[0][0]))
    if picker.execute() != OK:
        return None
    urls = list(picker.getSelectedFiles())
    return script_path(urls[0]) if urls else None
