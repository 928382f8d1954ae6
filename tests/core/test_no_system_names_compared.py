"""No code compares a pairing system, its rules or its ranking by name (issue 23): outside the
kinds, the registry and the settings' parsing, code asks the system
(:func:`gosheet.core.systems.system_of`) or compares :class:`~gosheet.core.kinds.System`
members. The source is read with :mod:`ast`: a comparison with one of the names
(``settings.system == "fus"``, ``rules in ("gosheet", "opengotha")``), a ``match`` on one, or a
dict literal of them indexed at once (``{"mcmahon": …}[settings.system]``) is refused."""

from __future__ import annotations

import ast
from pathlib import Path

import gosheet
from gosheet.core.kinds import Ranking, Rules, System

NAMES = frozenset(k.value for kind in (System, Rules, Ranking) for k in kind)
ROOT = Path(gosheet.__file__).parent
#: Where the names are the data: the kinds, the registry, the settings' parsing.
ALLOWED = frozenset(
    {"core/kinds.py", "core/systems/__init__.py", "core/settings.py", "core/fields.py"}
)
#: Files other helpers of issue 23 convert in their own branches (the standings model, the use
#: cases): each must still compare, else it has been converted and leaves this list.
PENDING: frozenset[str] = frozenset()


#: A name that is also the package's: compared with something said to be the rules only.
AMBIGUOUS = frozenset({"gosheet"})


def _names(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and node.value in NAMES:
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_names(e) for e in node.elts))
    return set()


def _is_name(node: ast.AST) -> bool:
    return bool(_names(node) - AMBIGUOUS)


def _compares(node: ast.Compare) -> bool:
    operands = (node.left, *node.comparators)
    if any(_is_name(n) for n in operands):
        return True
    said = " ".join(ast.unparse(n) for n in operands if not _names(n))
    return any(_names(n) for n in operands) and "rules" in said


def comparisons(source: str) -> list[int]:
    """The lines of ``source`` that compare a system, rules or ranking with its name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            named = _compares(node)
        elif isinstance(node, ast.MatchValue):
            named = _is_name(node.value)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
            named = any(k is not None and _is_name(k) for k in node.value.keys)
        else:
            named = False
        if named:
            found.append(node.lineno)
    return sorted(found)


def test_the_check_sees_every_form_of_comparison() -> None:
    source = "\n".join(
        [
            'a = settings.system == "fus"',
            'b = "swiss" != s.system',
            'c = s.rules in ("gosheet", "opengotha")',
            'd = {"mcmahon": 1, "swiss": 2}[s.system]',
            'e = system_of(s).standings == "fus"',
            "match s.system:",
            '    case "roundrobin":',
            "        pass",
            'f = s.system is System.FUS or s.name == "Swiss" or s.time.system == "canadian"',
            'g = {"fus": 1}.get(s.system)',  # a table lookup, not a comparison
            'h = settings.rules != "gosheet" or parts[0] == "gosheet"',
        ]
    )
    assert comparisons(source) == [1, 2, 3, 4, 5, 7, 11]


def test_no_system_or_rules_name_is_compared_outside_the_registry() -> None:
    files = sorted(ROOT.rglob("*.py"))
    assert len(files) > 100, "the check reads the package's sources"
    found = {}
    for path in files:
        where = path.relative_to(ROOT).as_posix()
        if where not in ALLOWED:
            lines = comparisons(path.read_text(encoding="utf-8"))
            if lines:
                found[where] = lines
    assert set(found) - PENDING == set(), f"system names compared: {found}"
    stale = PENDING - set(found)
    assert not stale, f"no longer compares names, take it out of PENDING: {sorted(stale)}"
    # the names it looks for are the kinds' own
    registry = (ROOT / "core/kinds.py").read_text(encoding="utf-8")
    assert all(f'"{name}"' in registry for name in NAMES)
