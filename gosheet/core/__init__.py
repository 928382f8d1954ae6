"""The pure core of gosheet: model, scoring, pairing, standings.

Nothing in this package imports a spreadsheet library; adapters live in
:mod:`gosheet.io` and the command line in :mod:`gosheet.cli`.
"""
