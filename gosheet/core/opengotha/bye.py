"""Who gets the bye of a round under OpenGotha's rules, by the ``Bye rule`` setting.

- **OpenGotha 3.51** (OpenGotha 3.51.02's released ``Tournament.chooseAByePlayer``): the least
  rank + 2 × McMahon score before the round (``Tournament.mms2``) + 1000 for each bye already
  had, in McMahon and Swiss alike (a Swiss tournament has McMahon scores too: its own floor
  and bar);
- **fewest wins** (the Swiss fixtures' rule, and Pairgoth's): in Swiss, rank + 40 × wins
  + 1000 per bye had, so the fewest wins, then the lowest rank; McMahon as above.

Either way the scan runs over OpenGotha's list (:func:`~gosheet.core.opengotha.engine.pairing_list`)
keeping a weight ``<=`` the best so far, so among equals the **last** in the list gets it.

>>> bye_rule_for({"fullVersionNumber": "3.51.02"}), bye_rule_for({"fullVersionNumber": "3.52"})
('OpenGotha 3.51', 'fewest wins')
>>> bye_rule_for({"gothaVersion": "348"}), bye_rule_for({})
('OpenGotha 3.51', 'OpenGotha 3.51')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from gosheet.core.model import Player, Tournament
from gosheet.core.opengotha.info import main_criterion
from gosheet.core.opengotha.parameters import BYE_RULES
from gosheet.core.opengotha.scores import ScoredPlayer

OPENGOTHA_351, FEWEST_WINS = BYE_RULES
#: A bye already had weighs this much (``chooseAByePlayer``).
PER_BYE = 1000
#: Under "fewest wins", a win weighs more than any difference of rank (30k … 9d).
PER_WIN = 40


def bye_rule_for(attributes: Mapping[str, str]) -> str:
    """The bye rule of a file written by OpenGotha, from its root's version attributes:
    "fewest wins" from 3.52 on (``fullVersionNumber``), else OpenGotha 3.51's (3.51.02 and
    older, ``gothaVersion="348"``, or no version at all)."""
    found = re.match(r"\s*(\d+)\.(\d+)", attributes.get("fullVersionNumber", ""))
    version = (int(found[1]), int(found[2])) if found else (0, 0)
    return FEWEST_WINS if version >= (3, 52) else OPENGOTHA_351


def bye_weights(
    players: Sequence[Player], scored: dict[int, ScoredPlayer], t: Tournament, number: int
) -> list[tuple[Player, int]]:
    """Each player's weight for the bye of round ``number`` under the tournament's bye rule,
    in the order of ``players``."""
    by_wins = t.settings.opengotha.bye_rule == FEWEST_WINS and main_criterion(t.settings) != "MMS"
    had = dict.fromkeys(scored, 0)
    for rnd in t.rounds:
        if rnd.number < number:
            for b in rnd.byes:
                had[b] = had.get(b, 0) + 1
    weights = []
    for p in players:
        sp = scored[p.number]
        score = PER_WIN // 2 * sp.nbw2_after(number - 2) if by_wins else sp.mms2_after(number - 2)
        weights.append((p, p.known_rank + score + PER_BYE * had[p.number]))
    return weights


def choose_bye(weights: Sequence[tuple[Player, int]]) -> Player:
    """The bye: the least weight; among equal weights the last of them in the list
    (OpenGotha scans its list with ``<=``)."""
    best, best_weight = weights[0]
    for p, weight in weights:
        if weight <= best_weight:
            best, best_weight = p, weight
    return best
