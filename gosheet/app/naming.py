"""How a message names an action: as the door it is shown in offers it (the table of actions,
:mod:`gosheet.app.doors`), never a command that door does not have; the command line keeps
its own words.

:func:`how` names an action: the command as typed (``'gosheet pair --again'``), LibreOffice's
menu entry ("the menu entry gosheet → Pair next round"), the ``.xlsm``'s button ("the button
'Pair next round'"), xlwings Lite's script ("the script 'Pair next round'"), the page's
button in the organiser's language; where the door lacks the action, the door that has it.
The few ways round an action a door lacks are worded here too, case by case, as a tournament
director does it there: :func:`pair_again` (delete the round's sheet, then pair),
:func:`no_rating_list` (where the list comes from). The door is the one its entry said
(:func:`gosheet.app.doors.entry`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gosheet import about
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current
from gosheet.i18n.door import COMMAND_LINE, EXCEL, LIBREOFFICE, LITE, PAGE, current_door

if TYPE_CHECKING:  # (the table is read when a message names an action: not to start)
    from gosheet.app.doors import Action


def how(name: str, *arguments: str, door: str | None = None) -> str:
    """The words that send the organiser to the action ``name`` in the door the message is
    shown in (``door``: another): the command as typed (``arguments``: the command line's words
    after it), LibreOffice's menu entry, the ``.xlsm``'s button, Lite's script, the page's
    button. Where that door lacks the action: the door that has it, as that door offers it.

    >>> how("pair"), how("pair", door=LIBREOFFICE), how("pair", door=LITE)
    ("'gosheet pair'", 'the menu entry gosheet → Pair next round', "the script 'Pair next round'")
    >>> how("export_opengotha", door=EXCEL)
    "'gosheet export' in a terminal"
    """
    from gosheet.app.doors import named

    action = named(name)
    here = door or current_door()
    offered = _OFFERED[here](action, arguments)
    if offered is not None:
        return offered
    return _elsewhere(here, action, arguments)


def _command(action: Action, arguments: tuple[str, ...]) -> str | None:
    if action.command is None:
        return None
    return "'" + " ".join(("gosheet", action.command.name, *arguments)) + "'"


def _menu_entry(action: Action, arguments: tuple[str, ...]) -> str | None:
    if action.menu is None:
        return None
    return _("the menu entry gosheet → {entry}").format(entry=action.menu.title.replace("~", ""))


def _button(action: Action, arguments: tuple[str, ...]) -> str | None:
    if action.button is None or action.button.row is None:
        return None
    return _("the button '{label}'").format(label=action.label)


def _script(action: Action, arguments: tuple[str, ...]) -> str | None:
    if action.script is None:
        return None
    return _("the script '{label}'").format(label=action.label)


def _page_button(action: Action, arguments: tuple[str, ...]) -> str | None:
    if action.page is None:
        return None
    return _("the button '{label}'").format(label=_(action.page_label))


_OFFERED = {
    COMMAND_LINE: _command,
    LIBREOFFICE: _menu_entry,  # the titles as the menu shows them
    EXCEL: _button,  # the Control sheet's buttons, as they are labelled
    LITE: _script,  # as Lite's list of scripts shows them (@script(name=…))
    PAGE: _page_button,  # the page's words are in the organiser's language
}
"""How each door offers an action (None: it does not)."""


def _elsewhere(here: str, action: Action, arguments: tuple[str, ...]) -> str:
    """An action the door ``here`` lacks: in a terminal beside a ``.xlsm`` (its buttons run
    the gosheet installed on that computer), else on the hosted page, else in LibreOffice."""
    command = _command(action, arguments)
    if here == EXCEL and command is not None:
        return _("{command} in a terminal").format(command=command)
    if action.page is not None:
        return _("the button '{label}' of gosheet's page ({address})").format(
            label=_(action.page_label), address=about.PAGE
        )
    if action.menu is not None:
        return _("the menu entry gosheet → {entry} of LibreOffice").format(
            entry=action.menu.title.replace("~", "")
        )
    return _("gosheet's command line ({address}): {label}").format(
        address=about.LATEST, label=_(action.label)
    )


def pair_again(round_number: int, sheet: str | None = None) -> str:
    """How to pair round ``round_number`` anew (none of its results entered; ``sheet``: its
    sheet's name, else its name in the language of messages): the command line's
    ``--again``; in the other doors, delete the round's sheet and pair the next round — the
    same round comes out (``--again`` pairs as if the sheet were not there)."""
    if current_door() == COMMAND_LINE:
        return how("pair", "--again")
    sheet = sheet or words.local(f"Round {round_number}", current(), words.SHEETS)
    return _("delete the sheet '{sheet}', then use {pair}").format(sheet=sheet, pair=how("pair"))


def no_rating_list(folder: str, address: str) -> str:
    """What "Fill from rating list" says when no list is cached in ``folder`` (``address``:
    the EGD list's): where the list comes from in the door of the message."""
    here = current_door()
    if here == LITE:
        return _(
            "no rating list among xlwings Lite's files: drop the list (EGD allworld_lp.html, "
            "FFG echelle.txt or AGA TDListN.txt) on Files → Import/Export, then run {fill} again"
        ).format(fill=how("fill_ratings"))
    fetch = how("fill_ratings", "fetch", "egd", door=COMMAND_LINE)
    stored = how("fill_ratings", "import", "FILE", door=COMMAND_LINE)
    if here == COMMAND_LINE:
        return _(
            "no rating list cached (in {folder}): run {fetch} (online) or {stored}, then fill again"
        ).format(folder=folder, fetch=fetch, stored=stored)
    if here == EXCEL:
        return _(
            "no rating list cached (in {folder}): in a terminal, run {fetch} (online) or "
            "{stored}, then fill again"
        ).format(folder=folder, fetch=fetch, stored=stored)
    return _(
        "no rating list cached (in {folder}): download the EGD list ({address}) and save it "
        "in that folder as egd.txt (an FFG list as ffg.txt, an AGA list as aga.txt), then "
        "use {fill} again"
    ).format(folder=folder, address=address, fill=how("fill_ratings"))
