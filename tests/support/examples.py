"""How many examples a Hypothesis test tries, under the profile in force (``tests/conftest.py``
registers them).

The ``default`` profile (plain ``pytest``, what CI runs) leaves each test's own count as its
``@settings`` gives it. A profile with fewer examples than Hypothesis' default (``fast``:
``pytest --hypothesis-profile=fast``) caps every test's count at its own, for the inner loop:
``@settings(max_examples=examples(400))``.
"""

from __future__ import annotations

from hypothesis import settings


def examples(count: int) -> int:
    """``count``, or the profile's ``max_examples`` when the profile asks for fewer than
    Hypothesis' default (100)."""
    allowed = settings.default.max_examples
    if allowed < settings.get_profile("default").max_examples:
        return min(count, allowed)
    return count
