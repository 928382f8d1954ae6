"""The three ways in: the ``gosheet`` command (:mod:`~gosheet.frontends.cli`),
Excel buttons through xlwings (:mod:`gosheet.frontends.excel`) and the
LibreOffice extension (:mod:`gosheet.frontends.libreoffice`)."""
