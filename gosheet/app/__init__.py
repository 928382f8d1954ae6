"""What gosheet does to a tournament, whatever the front end: the actions
(:mod:`~gosheet.app.actions`), the words they report (:mod:`~gosheet.app.messages`)
and the JSON bridge the office-suite macros talk to (:mod:`~gosheet.app.bridge`)."""
