"""The tournament workbook: sheet names and columns (:mod:`~gosheet.workbook.sheets`),
header matching, the reader that checks every cell, the writer of round and
standings sheets, ``.xlsx`` files through openpyxl, and saving by atomic replace.
"""
