"""Workbook ports over office suites that are open on the organiser's screen."""
