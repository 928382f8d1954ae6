"""What gosheet's LibreOffice macros do (``python/gosheet_macros.py`` of the extension
calls :func:`gosheet_lo.actions.run`).

This package lies in ``python/pythonpath/`` of ``gosheet.oxt``; LibreOffice adds
that folder to the ``sys.path`` it shares with every other extension, hence the
name of gosheet's own. Standard library and ``uno`` only (``uno`` imported when
needed, so that any Python can read and test these modules), and gosheet, carried beside
this package and imported when an action runs (:mod:`.inprocess`):

- :mod:`.actions` — an action from start to end: read, ask gosheet, write, tell;
- :mod:`.bridge` — gosheet's answer (in this Python, or ``gosheet bridge`` when the
  ``GOSHEET`` variable names a command) and checking it;
- :mod:`.inprocess` — gosheet run from the extension, in LibreOffice's own Python;
- :mod:`.files` — the files made beside the workbook (print pack, pages, exports);
- :mod:`.calc` — the workbook through UNO: finding it, reading it, values;
- :mod:`.changes` — one undoable step of changes, taken back whole on a failure;
- :mod:`.writing` — an answer's operations: sheets built aside and swapped in;
- :mod:`.rendering` — a new sheet's formats, widths, dropdown and page style;
- :mod:`.marks` — Check the workbook's red cells and comments;
- :mod:`.dialogs` — the message box;
- :mod:`.errors` — :class:`~.errors.Failure`, failures in words.
"""
