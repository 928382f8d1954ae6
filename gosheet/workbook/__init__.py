"""The tournament workbook, one folder a part of it: the sheets, whatever the file
(:mod:`~gosheet.workbook.sheets`: names and columns, the readers that check every cell, the
writers of round and standings sheets), an ``.xlsx`` (:mod:`~gosheet.workbook.xlsx`), an
``.ods`` (:mod:`~gosheet.workbook.ods`), the safe save (:mod:`~gosheet.workbook.saving`) and
the limits checked before anything is parsed (:mod:`~gosheet.workbook.limits`); beside them
the port every front end gives the actions (:mod:`~gosheet.workbook.port`).
"""
