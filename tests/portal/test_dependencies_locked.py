"""Every Python dependency is locked (issue 37): requirements.lock, compiled from pyproject.toml by `make lock`, pins
each distribution with its hashes, and `make install` installs from it with `--require-hashes`. These tests fail when
the two disagree (a pin changed in pyproject.toml without the lock written again), when a pin has no hash, when one
of the framework's distributions is not pinned exactly, or when production code imports a distribution that is not
declared (it would only be there because something else happened to pull it in)."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "accounts",
    "approvals",
    "invoices",
    "orders",
    "portal",
    "pricing",
    "quotes",
    "shoppinglists",
    "sso",
    "storefront",
    "tracking",
)
# The framework the GraphQL layer and the database stand on: pinned to one release in pyproject.toml itself.
EXACT = ("django", "strawberry-graphql", "strawberry-graphql-django", "graphql-core", "psycopg")


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _declared() -> list[Requirement]:
    project = _project()
    extras = [requirement for group in project["optional-dependencies"].values() for requirement in group]
    return [Requirement(text) for text in [*project["dependencies"], *extras]]


def _lock() -> dict[str, tuple[Version, list[str]]]:
    """The lock's pins: canonical name → (version, hashes)."""
    pins: dict[str, tuple[Version, list[str]]] = {}
    # A pin is `name==version \` followed by its `--hash=sha256:…` lines (and `# via` comments).
    for block in re.split(r"\n(?=[A-Za-z0-9])", (ROOT / "requirements.lock").read_text()):
        match = re.match(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s\\]+)", block)
        if match:
            hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", block)
            pins[canonicalize_name(match.group(1))] = (Version(match.group(2)), hashes)
    return pins


def test_every_declared_requirement_is_satisfied_by_its_pin_in_the_lock() -> None:
    pins = _lock()
    wrong = []
    for requirement in _declared():
        pin = pins.get(canonicalize_name(requirement.name))
        if pin is None or not requirement.specifier.contains(pin[0], prereleases=True):
            wrong.append(f"{requirement} (lock: {pin[0] if pin else 'missing'})")
    assert not wrong, "pyproject.toml and requirements.lock disagree; run `make lock`: " + ", ".join(wrong)


def test_every_pin_has_hashes_and_nothing_is_left_unpinned() -> None:
    pins = _lock()
    assert len(pins) > 50  # the parse found the lock's pins (about 95)
    assert not [name for name, (_version, hashes) in pins.items() if not hashes]
    text = (ROOT / "requirements.lock").read_text()
    # No requirement without `==` (a range or a bare name would let pip choose) and no machine's own index.
    assert not re.findall(r"(?m)^[A-Za-z0-9][A-Za-z0-9._-]*(?:\[[^\]]*\])?\s*(?:[<>~!]=?|$)", text)
    assert "--index-url" not in text
    assert "--find-links" not in text


def test_the_framework_is_pinned_exactly_in_pyproject() -> None:
    declared = {canonicalize_name(requirement.name): requirement for requirement in _declared()}
    for name in EXACT:
        specifiers = list(declared[name].specifier)
        assert [spec.operator for spec in specifiers] == ["=="], f"{name} must be pinned to one release"


def _type_checking_only(tree: ast.AST) -> set[ast.AST]:
    """The nodes under `if TYPE_CHECKING:`: imports the type checker reads and the running code never makes."""
    nodes: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                nodes.update(ast.walk(statement))
    return nodes


def _imported_top_level_names(path: Path) -> set[str]:
    names: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    skipped = _type_checking_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _production_modules() -> list[Path]:
    return [
        path
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.relative_to(ROOT).parts
    ]


def test_every_distribution_production_code_imports_is_declared() -> None:
    declared = {canonicalize_name(requirement.name) for requirement in _declared()}
    # An extra's distributions come with their requirement (psycopg[binary] → psycopg-binary, celery[redis] → redis).
    distributions_of = metadata.packages_distributions()
    undeclared = {}
    for path in _production_modules():
        for name in _imported_top_level_names(path):
            if name in sys.stdlib_module_names or name in APPS or name == "bench":
                continue
            owners = {canonicalize_name(owner) for owner in distributions_of.get(name, [])}
            if not owners:
                undeclared[name] = f"{path.relative_to(ROOT)} (no installed distribution)"
            elif not owners & declared:
                undeclared[name] = f"{path.relative_to(ROOT)} (from {', '.join(sorted(owners))})"
    assert not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"


@pytest.mark.parametrize("name", EXACT)
def test_the_installed_framework_is_the_locked_one(name: str) -> None:
    # What runs the suite is what the lock says (make install took it with --require-hashes).
    assert Version(metadata.version(name)) == _lock()[canonicalize_name(name)][0]
