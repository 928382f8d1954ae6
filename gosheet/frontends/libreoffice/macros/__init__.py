"""The sources of the macros in gosheet's LibreOffice extension, packed into
``gosheet.oxt`` by :mod:`gosheet.frontends.libreoffice.build`:

``gosheet_macros.py`` → ``python/gosheet_macros.py``
    the macro script the gosheet menu and toolbar call (its five functions);
``pythonpath/gosheet_lo/`` → ``python/pythonpath/gosheet_lo/``
    the package doing the work, which LibreOffice imports from the
    ``pythonpath`` folder beside the script (it puts that folder on ``sys.path``
    before running the script).

They run in LibreOffice's own Python and import the standard library, ``uno`` and,
when an action runs, gosheet itself, which the extension carries beside them
(:mod:`gosheet.frontends.libreoffice.carried`; ``gosheet_lo.inprocess``).
"""
