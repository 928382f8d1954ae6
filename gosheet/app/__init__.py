"""What gosheet does to a tournament, whatever the front end: the table of actions every
door reads (:mod:`~gosheet.app.doors`), the actions on an open workbook
(:mod:`~gosheet.app.actions`, each with a result of its own: :mod:`~gosheet.app.outcomes`) or
on a file or its bytes (:mod:`~gosheet.app.workbooks`), a new tournament
(:mod:`~gosheet.app.tournaments`), files in and out (:mod:`~gosheet.app.exchange`), the print
pack and the pages (:mod:`~gosheet.app.printing`, :mod:`~gosheet.app.publishing`), the words
they report (:mod:`~gosheet.app.messages`), the one crash report (:mod:`~gosheet.app.crash`)
and the JSON bridge the office-suite macros talk to (:mod:`~gosheet.app.bridge`)."""
