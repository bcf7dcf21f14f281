"""The house rules of the code that a reader relies on (issue 42): every module under 500 lines
with a docstring at its top; what a module of the engine uses of another is public (no name with
a leading underscore used outside the file that defines it, except a subclass using its base's
hooks through ``self``); imports at the top of modules unless a comment says why not; a test
module takes what it shares from helper modules, never from conftest or another test module."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "rendering", "data", "bot", "cogs", "bench")
LONGEST = 500


def modules(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("folder", [*PACKAGES, "tests"])
def test_every_module_is_under_500_lines_and_says_what_it_holds(folder):
    long = [f"{relative(path)}: {n} lines" for path in modules(folder)
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST]
    assert long == [], f"split these by concern (at most {LONGEST} lines each)"
    silent = [relative(path) for path in modules(folder)
              if path.read_text(encoding="utf-8").strip() and ast.get_docstring(_tree(path)) is None]
    assert silent == [], "a module starts with a docstring that says what it holds"


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _defined_here(tree: ast.Module) -> set[str]:
    """The names a module defines: functions, classes, class attributes and ``self.x`` attributes."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            names.add(node.attr)
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for statement in cls.body:
            targets = (statement.targets if isinstance(statement, ast.Assign)
                       else [statement.target] if isinstance(statement, ast.AnnAssign) else [])
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_the_engine_uses_other_modules_only_by_public_names():
    found = []
    for path in modules("engine"):
        tree = _tree(path)
        here = _defined_here(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in here:
                if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                    found.append(f"{relative(path)}:{node.lineno}: .{node.attr}")
            elif isinstance(node, ast.ImportFrom):
                found += [f"{relative(path)}:{node.lineno}: import {a.name}" for a in node.names if _private(a.name)]
    assert found == [], "give what another module uses a public name"


def test_imports_are_at_the_top_of_modules_unless_a_comment_says_why():
    found = []
    for path in modules(*PACKAGES):
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(_tree(path)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            imports = sorted(node.lineno for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom)))
            if not imports:
                continue
            first = imports[0]
            said = "#" in lines[first - 1] or lines[first - 2].strip().startswith("#")
            if not said:
                found.append(f"{relative(path)}:{first}: {lines[first - 1].strip()}")
    assert found == [], "import at the top of the module, or say in a comment why not"


def test_tests_share_through_helper_modules_not_through_conftest_or_other_tests():
    found = []
    for path in modules("tests"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests."):
                last = node.module.rsplit(".", 1)[-1]
                if last == "conftest" or last.startswith("test_"):
                    found.append(f"{relative(path)}:{node.lineno}: from {node.module} import ...")
    assert found == [], "move what tests share to tests/helpers.py (tests/README.md)"
