"""Excel through xlwings: the buttons (:mod:`~gosheet.frontends.excel.buttons`,
called as :mod:`gosheet.excel`), the workbook seen through xlwings
(:mod:`~gosheet.frontends.excel.xlwings_book`) and the ``.xlsm`` maker
(:mod:`~gosheet.frontends.excel.template`)."""
