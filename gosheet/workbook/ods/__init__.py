"""OpenDocument spreadsheets (``.ods``): the tables' cells read (:mod:`.cells`), the archive
checked (:mod:`.package`), the tables gosheet writes and the cells it changes written back
into ``content.xml`` (:mod:`.tables`, :mod:`.patching`, :mod:`.writing`, :mod:`.looks`).
Pure Python: expat with no document type or entity declaration, :mod:`zipfile`."""
