"""Adapters at the edge: workbook files (openpyxl), roster files (pandas)."""
