"""Rating lists (EGD, FFG, AGA): reading them (:mod:`.lists`), finding a player in one
(:mod:`.match`), and gosheet's cache of them (:mod:`.cache`). Filling a workbook's Players
from a list is :mod:`gosheet.app.ratings`."""
