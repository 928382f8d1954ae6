"""Team tournaments (OpenGotha's: board b against board b), pair go and rengo: the pure core.

:mod:`~gosheet.core.teams.model` holds the teams and their line-ups;
:mod:`~gosheet.core.teams.fields` the settings of such a tournament (its type, the team size,
the team placement criteria …).
"""
