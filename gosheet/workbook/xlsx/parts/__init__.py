"""An ``.xlsx`` as the zip of XML parts it is: the parts a command changes are rewritten (a
sheet gosheet writes whole, a few cells of the organiser's sheets, the sheet list, the
styles), every other part is copied byte for byte — the organiser's own sheets, pictures,
charts, a macro project, defined names. :mod:`.package` reads the archive's structure,
:mod:`.spans` finds elements by their byte positions (expat, no tree built), :mod:`.styles`
adds gosheet's cell formats, :mod:`.sheet_xml` writes a whole sheet, :mod:`.cells` changes
cells in place and :mod:`.saving` puts the new archive together.

Whatever this writer does not know how to change safely (strict OOXML, cells without
references, a shared formula's first cell) raises :class:`Unsupported`, and the caller saves
through openpyxl instead.
"""
