"""Read and write OpenGotha tournament files as plain frozen dataclasses.

An OpenGotha file (3.4x / 3.5x) looks like this, one element a line, attributes in
alphabetical order::

    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <Tournament fullVersionNumber="3.51.02" runningMode="SAL" saveDT="20240529152656">
        <Players>
            <Player club="38Gr" country="FR" firstName="Quentin" name="Rendu" rank="1D" .../>
        </Players>
        <Games>
            <Game blackPlayer="NOGUCHIMOTOKI" handicap="0" knownColor="true"
                  result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1"
                  whitePlayer="RENDUQUENTIN"/>
        </Games>
        <ByePlayers>
            <ByePlayer player="ROBINCLÉ" roundNumber="1"/>
        </ByePlayers>
        <TournamentParameterSet>
            <GeneralParameterSet genMMBar="4D" numberOfRounds="5" .../>
            <PlacementParameterSet>
                <PlacementCriteria>
                    <PlacementCriterion name="MMS" number="1"/> ...
                </PlacementCriteria>
            </PlacementParameterSet> ...
        </TournamentParameterSet>
        <TeamTournamentParameterSet> ... </TeamTournamentParameterSet>
    </Tournament>

Games and byes name their players by :func:`player_key`. :func:`read_opengotha` parses with
defusedxml and refuses any ``<!DOCTYPE>`` but the one older OpenGotha versions wrote (which
only names their DTD, and is set aside unread), so no entity is ever expanded and no external
file or DTD is ever read; it reports every problem of the file at once in one
:class:`~gosheet.core.errors.InputError`;
:func:`write_opengotha` writes the same layout back. Elements gosheet does not model (the team
parameters, club groups, teams …) are kept verbatim as :class:`OGElement` trees.

This module gathers the public names of three: :mod:`~gosheet.formats.opengotha.elements` (the
dataclasses), :mod:`~gosheet.formats.opengotha.reading` and
:mod:`~gosheet.formats.opengotha.writing`.

>>> t = read_opengotha(
...     b'<Tournament saveDT="1"><Players>'
...     b'<Player firstName="Ann" name="Lee" rank="3K" rating="1750"/>'
...     b'<Player firstName="Bo" name="Kim" rank="1D" rating="2100"/></Players>'
...     b'<Games><Game blackPlayer="LEEANN" result="RESULT_WHITEWINS" roundNumber="1"'
...     b' tableNumber="1" whitePlayer="KIMBO"/></Games>'
...     b'<TournamentParameterSet><GeneralParameterSet numberOfRounds="3"/>'
...     b'</TournamentParameterSet></Tournament>')
>>> [player_key(p) for p in t.players], t.games[0].result, t.number_of_rounds
(['LEEANN', 'KIMBO'], 'RESULT_WHITEWINS', 3)
>>> read_opengotha(write_opengotha(t)) == t
True
"""

from __future__ import annotations

from gosheet.formats.opengotha.elements import (
    ALL_ROUNDS,
    GAME_RESULTS,
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    player_key,
)
from gosheet.formats.opengotha.reading import read_opengotha
from gosheet.formats.opengotha.writing import element_from_text, element_text, write_opengotha

__all__ = [
    "ALL_ROUNDS",
    "GAME_RESULTS",
    "OGBye",
    "OGElement",
    "OGGame",
    "OGPlayer",
    "OGTournament",
    "element_from_text",
    "element_text",
    "player_key",
    "read_opengotha",
    "write_opengotha",
]
