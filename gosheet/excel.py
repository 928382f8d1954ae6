"""The stable entry point of the Excel buttons.

Every gosheet ``.xlsm`` — the ones already in organisers' hands too — calls
``RunPython("import gosheet.excel; gosheet.excel.pair()")``; the buttons
themselves live in :mod:`gosheet.frontends.excel.buttons`. This name stays.
"""

from gosheet.frontends.excel.buttons import (
    check,
    explain,
    fill_ratings,
    merge_copies,
    pair,
    print_pack,
    simulate,
    standings,
)

__all__ = [
    "check",
    "explain",
    "fill_ratings",
    "merge_copies",
    "pair",
    "print_pack",
    "simulate",
    "standings",
]
