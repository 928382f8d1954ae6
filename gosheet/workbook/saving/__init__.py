"""The safe save of a workbook file, whatever its format: the new file written beside it and
put in its place in one step (:mod:`.atomic`), the previous version kept as ``NAME.backup``
and in ``NAME.history/`` (:mod:`.history`), never over another's work (:mod:`.locks`:
gosheet's own lock, office lock files), with files that follow no symbolic link
(:mod:`.safe_files`)."""
