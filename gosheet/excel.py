"""The stable entry point of the Excel buttons.

Every gosheet ``.xlsm`` — the ones already in organisers' hands too — calls
``RunPython("import gosheet.excel; gosheet.excel.pair()")``; the buttons
themselves live in :mod:`gosheet.frontends.excel.buttons`. This name stays.

Here is the ``.xlsm``'s door (:func:`gosheet.app.doors.entry`): what a button says names
the Control sheet's buttons, and a terminal for what they lack (xlwings runs the gosheet
installed on that computer). xlwings Lite presses the same buttons from its own door
(:mod:`gosheet.frontends.excel.lite_run`).
"""

from gosheet.app.doors import EXCEL, entry
from gosheet.frontends.excel import buttons

in_excel = entry(EXCEL)

check = in_excel(buttons.check)
explain = in_excel(buttons.explain)
fill_ratings = in_excel(buttons.fill_ratings)
merge_copies = in_excel(buttons.merge_copies)
new_tournament = in_excel(buttons.new_tournament)
order_boards = in_excel(buttons.order_boards)
pair = in_excel(buttons.pair)
print_pack = in_excel(buttons.print_pack)
simulate = in_excel(buttons.simulate)
standings = in_excel(buttons.standings)

__all__ = [
    "check",
    "explain",
    "fill_ratings",
    "merge_copies",
    "new_tournament",
    "order_boards",
    "pair",
    "print_pack",
    "simulate",
    "standings",
]
