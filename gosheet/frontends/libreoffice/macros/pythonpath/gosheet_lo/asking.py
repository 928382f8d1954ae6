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
from .inprocess import new_choices, translated


def N_(text: str) -> str:
    """A text of gosheet's catalog (``python -m gosheet.i18n.build`` finds it by this name),
    translated when shown (:func:`.inprocess.translated`)."""
    return text


NEW_TOURNAMENT = N_("New tournament")
SYSTEM, ROUNDS, LANGUAGE = N_("Pairing system"), N_("Rounds"), N_("Language")
KIND = N_("Tournament type")
OK_WORDS, CANCEL = N_("OK"), N_("Cancel")
CHOOSE_ROSTER = N_("Choose the roster (CSV, xlsx, ods) or OpenGotha file")
SYSTEM_NAMES = {
    "mcmahon": "McMahon",
    "fus": "FUS",
    "swiss": N_("Swiss"),
    "roundrobin": N_("Round robin"),
}
TYPE_NAMES = {
    "individual": N_("individual"),
    "teams": N_("teams"),
    "pair go": N_("pair go"),
    "rengo": N_("rengo"),
}
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "fr": "Français", "ca": "Català"}
ROSTERS = (
    (N_("Rosters and OpenGotha files"), "*.csv;*.txt;*.xlsx;*.ods;*.xml"),
    (N_("CSV roster"), "*.csv;*.txt"),
    (N_("Workbook roster"), "*.xlsx;*.ods"),
    (N_("OpenGotha tournament"), "*.xml"),
)
WORDS = (
    NEW_TOURNAMENT,
    SYSTEM,
    ROUNDS,
    LANGUAGE,
    KIND,
    *TYPE_NAMES.values(),
    OK_WORDS,
    CANCEL,
    CHOOSE_ROSTER,
    *SYSTEM_NAMES.values(),
    *(words for words, _ in ROSTERS),
)
"""Every text the dialog and the file picker show."""
SETUP = "/org.openoffice.Setup/L10N"  # LibreOffice's own language: ooLocale ("ru", "fr-FR" …)
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


def interface_language(context: Any) -> str:
    """The language of LibreOffice's menus, as gosheet's catalog knows it ('' when none of
    gosheet's languages: English)."""
    try:
        component = context.getComponentContext()
        provider = component.getServiceManager().createInstanceWithContext(
            "com.sun.star.configuration.ConfigurationProvider", component
        )
        node = uno_module().createUnoStruct("com.sun.star.beans.PropertyValue")
        node.Name, node.Value = "nodepath", SETUP
        access = provider.createInstanceWithArguments(
            "com.sun.star.configuration.ConfigurationAccess", (node,)
        )
        return str(access.getByName("ooLocale") or "").split("-")[0].lower()
    except Exception:
        return ""


def words_of(context: Any) -> dict[str, str]:
    """The dialog's texts in LibreOffice's language (English → shown)."""
    return translated(interface_language(context), WORDS)


def ask_choices(context: Any) -> dict[str, Any] | None:
    """The dialog: a pairing system, a number of rounds, the workbook's language, the
    tournament type; None when cancelled (or where no dialog may be shown)."""
    if not dialogs_allowed():
        return None
    uno = uno_module()
    offered = new_choices()
    systems, languages = list(offered["systems"]), list(offered["languages"])
    types = list(offered.get("types") or ["individual"])
    words = words_of(context)
    own = interface_language(context)

    def say(text: str) -> str:
        return words.get(text, text)

    component = context.getComponentContext()
    manager = component.getServiceManager()
    model = manager.createInstanceWithContext("com.sun.star.awt.UnoControlDialogModel", component)
    model.Title, model.Width, model.Height = say(NEW_TOURNAMENT), 190, 112
    rows = (
        (say(SYSTEM), "system"),
        (say(ROUNDS), "rounds"),
        (say(LANGUAGE), "lang"),
        (say(KIND), "kind"),
    )
    for row, (label, name) in enumerate(rows):
        add(model, "FixedText", f"{name}_label", (8, 10 + 20 * row, 70, 12), Label=label)
    system_list = add(
        model,
        "ListBox",
        "system",
        (82, 8, 100, 14),
        Dropdown=True,
        StringItemList=tuple(say(SYSTEM_NAMES.get(s, s)) for s in systems),
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
    add(
        model,
        "ListBox",
        "kind",
        (82, 68, 100, 14),
        Dropdown=True,
        StringItemList=tuple(say(TYPE_NAMES.get(t, t)) for t in types),
    )
    chosen_language = own if own in languages else "en"  # the workbook's: LibreOffice's own
    for listed, chosen in ((system_list, str(offered["system"])), (language_list, chosen_language)):
        names = systems if listed is system_list else languages
        index = names.index(chosen) if chosen in names else 0
        uno.invoke(listed, "setPropertyValue", ("SelectedItems", uno.Any("[]short", (index,))))
    ok = say(OK_WORDS)
    add(model, "Button", "ok", (82, 90, 48, 14), Label=ok, PushButtonType=1, DefaultButton=True)
    add(model, "Button", "cancel", (134, 90, 48, 14), Label=say(CANCEL), PushButtonType=2)
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
        kind = types[max(dialog.getControl("kind").getSelectedItemPos(), 0)]
    finally:
        dialog.dispose()
    return {"system": system, "rounds": rounds, "language": language, "type": kind}


def pick_roster(context: Any) -> str | None:
    """The roster chosen in LibreOffice's file picker (None: cancelled, or no dialog may be
    shown)."""
    if not dialogs_allowed():
        return None
    component = context.getComponentContext()
    picker = component.getServiceManager().createInstanceWithArgumentsAndContext(
        "com.sun.star.ui.dialogs.FilePicker", (FILE_OPEN,), component
    )
    words = words_of(context)
    picker.setTitle(words.get(CHOOSE_ROSTER, CHOOSE_ROSTER))
    for text, pattern in ROSTERS:
        picker.appendFilter(words.get(text, text), pattern)
    picker.setCurrentFilter(words.get(ROSTERS[0][0], ROSTERS[0][0]))
    if picker.execute() != OK:
        return None
    urls = list(picker.getSelectedFiles())
    return script_path(urls[0]) if urls else None
