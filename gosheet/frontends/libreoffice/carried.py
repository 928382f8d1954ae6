"""What ``gosheet.oxt`` carries so that LibreOffice's own Python runs gosheet with nothing
else installed: gosheet as pure Python (:mod:`gosheet.frontends.carried`, the one list every
door shares), laid out as a folder.

The folder is the extension's ``python/pythonpath/``, which LibreOffice puts on its Python's
``sys.path``: each package as it lies in ``site-packages``, and its ``NAME-VERSION.dist-info/``
with ``METADATA`` and the licence files (so that ``importlib.metadata`` finds them there too).
The extension leaves out only gosheet's own macros and licence, which its ``python/`` and
``registration/`` folders hold already (:mod:`gosheet.frontends.libreoffice.build`).
"""

from __future__ import annotations

from pathlib import Path

from gosheet.frontends import carried

MACROS = "gosheet/frontends/libreoffice/macros/"
EXTENSION = "gosheet/frontends/libreoffice/extension/"
LEFT_OUT = (MACROS, EXTENSION)
"""gosheet's files the folder leaves out: the extension carries them elsewhere (the macros in
``python/``, the licence in ``registration/``)."""


def carried_files() -> dict[str, Path | str]:
    """Everything the extension carries under ``python/pythonpath/``: a file's place there →
    the file to copy (or the text to write); sorted."""
    files: dict[str, Path | str] = {}
    for distribution in carried.carried():
        files.update(distribution.files)
        files[f"{distribution.info}/METADATA"] = distribution.metadata
    return {name: files[name] for name in sorted(files) if not name.startswith(LEFT_OUT)}
