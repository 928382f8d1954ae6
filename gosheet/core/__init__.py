"""The pure core of gosheet: model, scoring, pairing, standings.

Nothing in this package imports a spreadsheet library or reads a file: a
tournament comes in, a pairing or standings go out. The pairing systems are in
:mod:`gosheet.core.systems` (found by name in its registry); OpenGotha's engine
and its parameters in :mod:`gosheet.core.opengotha`.
"""
