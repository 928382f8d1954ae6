"""gosheet: Go tournaments in a spreadsheet.

The pure core (:mod:`gosheet.core`) pairs and scores; :mod:`gosheet.io`
reads and writes workbooks; :mod:`gosheet.actions` is what the command line
and the office-suite buttons call.
"""

__version__ = "0.1.0"
