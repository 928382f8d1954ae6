"""The ``.xlsx`` (and ``.xlsm``) workbook file: :mod:`.book` opens it (:class:`XlsxBook`) by one
of its two engines — :mod:`.parts_book`, the cell values read once (:mod:`.grids`:
python-calamine, or gosheet's own reader of the parts) and saved by the part writer
(:mod:`.parts`: only the parts a command changed are rewritten); :mod:`.openpyxl_book`, the
workbook as openpyxl's objects (a new workbook from the template, and the fallback)."""
