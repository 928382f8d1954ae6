"""Files other programs write or read: rosters (CSV, spreadsheets) and
OpenGotha's tournament XML (:mod:`gosheet.formats.opengotha`)."""
