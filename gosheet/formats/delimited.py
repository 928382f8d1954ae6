"""A CSV text split into rows as pandas' ``read_csv`` splits it (its C tokenizer, with
``header=None``, ``dtype=str``, ``keep_default_na=False``, ``skip_blank_lines=True``): the
roster reader where pandas cannot be imported, giving the same rows and the same errors.

A field in double quotes may hold the delimiter, line breaks and doubled quotes; a quote
inside an unquoted field is a character; a line break is ``\\n``, ``\\r\\n`` or ``\\r``; a line
that is empty, or holds only spaces and tabs (but the delimiter), is skipped; a row shorter
than the first is filled with nothing, a longer one is an error naming its line (lines counted
as pandas counts them: not the breaks inside quotes).

>>> split('Name,Rank\\n"Doe, J",3k\\n\\nRoe\\n', ",")
[['Name', 'Rank'], ['Doe, J', '3k'], ['Roe', None]]
"""

from __future__ import annotations

QUOTE = '"'


class CsvError(ValueError):
    """pandas' error for the same text, in its words."""


def _records(text: str, delimiter: str) -> tuple[list[tuple[list[str], int]], str | None]:
    """Each record's fields and the line it ends on (1-based, as pandas counts); and the
    error of a quote left open at the end (pandas meets it after the records before)."""
    records: list[tuple[list[str], int]] = []
    fields: list[str] = []
    field: list[str] = []
    lines = 0  # line breaks outside quotes so far
    started = False  # the field has begun (a quote opens only a field not begun)
    at_start = True  # of a line
    index, length = 0, len(text)
    while index < length:
        if at_start:
            rest = _blank_rest(text, index, delimiter)
            if rest is not None:  # empty, or only spaces and tabs: skipped
                lines += text[rest - 1] in "\r\n"
                index = rest + (text[rest - 1] == "\r" and _dropped(text, rest, delimiter))
                continue
            at_start = False
        char = text[index]
        index += 1
        if char == QUOTE and not started:
            index, closed = _quoted(text, index, field)
            if not closed:
                return records, f"EOF inside string starting at row {lines}"
            started = True
        elif char == delimiter:
            fields.append("".join(field))
            field, started = [], False
        elif char in "\r\n":
            fields.append("".join(field))
            lines += 1
            records.append((fields, lines))
            fields, field, started, at_start = [], [], False, True
            index += char == "\r" and text.startswith("\n", index)
        else:
            field.append(char)
            started = True
    if not at_start:
        fields.append("".join(field))
        records.append((fields, lines + 1))
    return records, None


def _quoted(text: str, index: int, field: list[str]) -> tuple[int, bool]:
    """A quoted field's text from ``index`` (after its opening quote) added to ``field``,
    doubled quotes made one; where the text goes on after the closing quote, and whether
    there was one."""
    while True:
        end = text.find(QUOTE, index)
        if end < 0:
            field.append(text[index:])
            return len(text), False
        field.append(text[index:end])
        if not text.startswith(QUOTE, end + 1):
            return end + 1, True
        field.append(QUOTE)
        index = end + 2


def _dropped(text: str, start: int, delimiter: str) -> bool:
    """Whether pandas drops the delimiter at ``start``, just after a blank line's ``\\r``:
    it does, unless spaces or tabs (other than the delimiter) follow it and then something
    else (pandas reads that line again from its start, the delimiter included)."""
    if not text.startswith(delimiter, start):
        return False
    rest = _blank_rest(text, start + 1, delimiter)
    following = text[start + 1 : start + 2]
    return rest is not None or following not in (" ", "\t") or following == delimiter


def _blank_rest(text: str, start: int, delimiter: str) -> int | None:
    """Where the next line starts when the line from ``start`` holds only spaces and tabs
    (not the delimiter), its break included; None when it holds anything else."""
    index = start
    while index < len(text) and text[index] in " \t" and text[index] != delimiter:
        index += 1
    if index == len(text):
        return index
    if text[index] == "\n":
        return index + 1
    if text[index] == "\r":
        return index + 2 if text.startswith("\n", index + 1) else index + 1  # (ends in \n)
    return None


def split(text: str, delimiter: str) -> list[list[str | None]]:
    """The rows, each as wide as the first (None for a field it lacks); :class:`CsvError`
    with pandas' words for a row longer than the first, a quote left open, no row at all."""
    records, unclosed = _records(text, delimiter)
    if not records and unclosed is None:
        raise CsvError("No columns to parse from file")
    width = len(records[0][0]) if records else 0
    rows: list[list[str | None]] = []
    for fields, line in records:
        if len(fields) > width:
            raise CsvError(
                f"Error tokenizing data. C error: Expected {width} fields in line {line}, "
                f"saw {len(fields)}\n"
            )
        rows.append([*fields, *[None] * (width - len(fields))])
    if unclosed is not None:
        raise CsvError(f"Error tokenizing data. C error: {unclosed}")
    return rows
