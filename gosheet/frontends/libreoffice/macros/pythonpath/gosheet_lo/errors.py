"""Failures in words for the organiser: never a traceback."""

from __future__ import annotations

from typing import Any


class Failure(Exception):
    """What went wrong, in words for the organiser (and the problems gosheet listed)."""

    def __init__(self, message: str, problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


def describe(error: BaseException) -> str:
    """An exception in one line: its type and the first line of its message."""
    text = str(getattr(error, "Message", "") or error).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__
