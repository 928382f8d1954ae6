"""gosheet in LibreOffice Calc: an extension (``gosheet.oxt``) whose gosheet menu and
toolbar pair the next round, update the standings and check the open workbook.

- :mod:`gosheet.frontends.libreoffice.macros` — the macros, run by LibreOffice's own
  Python (standard library and ``uno`` only; they call ``gosheet bridge``): the
  script ``gosheet_macros.py`` and its package ``pythonpath/gosheet_lo``;
- :mod:`gosheet.frontends.libreoffice.build` — builds the extension and installs it
  (``gosheet libreoffice install``);
- :mod:`gosheet.frontends.libreoffice.office` and
  :mod:`gosheet.frontends.libreoffice.uno_driver` — a
  headless LibreOffice driven over UNO (installation as root, the tests).
"""
