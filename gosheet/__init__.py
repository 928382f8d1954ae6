"""gosheet: Go tournaments in a spreadsheet.

The packages are layers; each imports only the ones below it (checked by
``lint-imports``, see ``[tool.importlinter]`` in ``pyproject.toml`` and
``docs/architecture.md``):

1. :mod:`gosheet.frontends` — the ``gosheet`` command, the Excel buttons, the LibreOffice extension;
2. :mod:`gosheet.app` — the actions (pair, standings, check …), their messages, the JSON bridge;
3. :mod:`gosheet.formats` — files other programs write: rosters, OpenGotha XML;
4. :mod:`gosheet.workbook` — the tournament workbook: sheet layouts, reader, writer, safe saving;
5. :mod:`gosheet.core` — pure: model, scoring, the pairing systems, OpenGotha's engine.

:mod:`gosheet.excel` is the fixed name the buttons of every ``.xlsm`` call.
"""

__version__ = "0.9.0"
"""gosheet's version, in one place: hatch reads it for the package (pyproject.toml), and
:mod:`gosheet.about` gives it to every door."""
