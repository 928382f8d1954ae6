"""The four ways in, one engine: the ``gosheet`` command (:mod:`~gosheet.frontends.cli`),
the LibreOffice extension (:mod:`gosheet.frontends.libreoffice`), the page in a browser
(:mod:`gosheet.frontends.web`) and Excel through xlwings and xlwings Lite
(:mod:`gosheet.frontends.excel`). None of them imports another."""
