"""Team tournaments (OpenGotha's: board b against board b), pair go and rengo: the pure core.

:mod:`~gosheet.core.teams.model` holds the teams and their line-ups;
:mod:`~gosheet.core.teams.fields` the settings of such a tournament (its type, the team size,
the team placement criteria …);
:mod:`~gosheet.core.teams.lineups` who sits at each board in a round (reserves, incomplete
teams refused); :mod:`~gosheet.core.teams.boards` the boards of one match exactly as
OpenGotha's "Teams pairing" makes them; :mod:`~gosheet.core.teams.matches` the matches rebuilt
from a round's games, board points and team points; :mod:`~gosheet.core.teams.standings` the
team standings as OpenGotha ranks teams; :mod:`~gosheet.core.teams.pairing` gosheet's own
Swiss or McMahon pairing of the teams (``docs/systems.md`` §4).
"""
