"""The ``.xlsx`` (and ``.xlsm``) workbook file: :mod:`.book` opens it as a workbook port,
read with python-calamine (or gosheet's own reader of its parts) and saved by the part writer
(:mod:`.parts`: only the parts a command changed are rewritten), or through openpyxl
(:mod:`.openpyxl_book`: a new workbook from the template, and the fallback)."""
