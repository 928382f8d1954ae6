"""Failures in words for the organiser: never a traceback; and the macros' own words in
the workbook's language (:func:`say`)."""

from __future__ import annotations

from typing import Any


class Failure(Exception):
    """What went wrong, in words for the organiser (and the problems gosheet listed)."""

    def __init__(self, message: str, problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


#: The macros' own words in the workbook's language (English → translated), as gosheet's last
#: answer brought them (``"words"``: gosheet/app/bridge.py); empty: English.
WORDS: dict[str, str] = {}


def learn(answer: dict[str, Any]) -> None:
    """Keep the words of gosheet's answer (none: English from now on)."""
    words = answer.get("words")
    WORDS.clear()
    if isinstance(words, dict):
        WORDS.update((k, v) for k, v in words.items() if isinstance(k, str) and isinstance(v, str))


def say(english: str, **values: Any) -> str:
    """``english`` in the workbook's language when gosheet gave its words, the values in it.

    >>> say("Written to {path}.", path="/c/cup.pack.pdf")
    'Written to /c/cup.pack.pdf.'
    """
    text = WORDS.get(english, english)
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation gone wrong: the English words
        return english.format(**values)


def describe(error: BaseException) -> str:
    """An exception in one line: its type and the first line of its message."""
    text = str(getattr(error, "Message", "") or error).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__
