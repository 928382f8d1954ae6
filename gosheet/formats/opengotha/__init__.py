"""OpenGotha's tournament files, in and out.

OpenGotha (the pairing program most European Go tournaments use) saves a tournament as one
XML file: the players, every round's games and byes, and all its parameter sets.
:mod:`gosheet.formats.opengotha.xml` reads such a file into plain frozen dataclasses and writes them
back in OpenGotha's own layout (same elements, attributes and order), keeping every element it
does not model verbatim so that nothing OpenGotha keeps is lost. The dataclasses know nothing
of workbooks; turning them into a gosheet tournament is a separate step.

- ``elements``: the dataclasses; ``reading`` and ``writing``: the file, both ways; ``xml``: the
  public names of the three.
- ``layout``: what the import and the export share (parameter sets, limits, result codes,
  OpenGotha's defaults, the sections of the ``OpenGotha`` sheet).
- ``parameter_sets``: OpenGotha's parameter sets and the settings, both ways.
- ``sheet``: the ``OpenGotha`` sheet, written and read back.
- ``convert``: a file to a workbook; ``export``: a workbook to a file.
"""
