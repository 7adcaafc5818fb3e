"""ARCHITECTURE §3, the dependency direction: an app may import only from apps to its left,
`portal → accounts → pricing → orders → quotes / shoppinglists / invoices → approvals → storefront`, and `tracking`
stands alone.
Every module of every app is read (ast), its imports at module level and inside functions alike."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Left to right. The apps of one layer are siblings: none may import another.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("portal",),
    ("accounts",),
    ("pricing",),
    ("orders",),
    ("quotes", "shoppinglists", "invoices"),
    # Budgets and approval rules (issue 41) hold the one door by which orders are placed: the storefront's checkout
    # and punchout's purchase orders go through it, and it reads quotes' and invoices' records.
    ("approvals",),
    ("storefront",),
    # Single sign-on (issue 40) uses accounts' services only; it sits beside punchout, the other door by which
    # another system signs a company's people in, and neither imports the other.
    ("punchout", "sso"),
)
# "tracking stands alone": the carrier engine uses only the shell (portal: its errors and permission classes) and no
# domain app, and any domain app may use it (orders shows its shipments' tracking links). So it sits between portal
# and accounts: it may import portal, and every app from accounts on may import it.
STANDALONE = {"tracking": 0.5}

RANK: dict[str, float] = {app: float(i) for i, layer in enumerate(LAYERS) for app in layer} | STANDALONE

# WORK_IN_PROGRESS: apps being written right now by other work, not placed yet. Their own modules are not checked
# (their violations, if any, are that work's to fix) and an import of an app that is not placed yet is not judged.
# Remove a name once its app is placed in LAYERS (or folded into the apps that own its parts).
WORK_IN_PROGRESS: set[str] = set()

# Modules that may import anything: the root schema and urls compose every app (ARCHITECTURE §5), and the command
# that seeds the demo store fills every app (it is in storefront, the rightmost app, anyway).
EXEMPT_MODULES = {"portal/schema.py", "portal/urls.py", "storefront/management/commands/seed_demo.py"}
# Migrations name other apps' models by history, not by design; tests are not app code.
EXEMPT_DIRS = {"migrations", "tests"}

# Violations that predate this test and are too large to fix in passing: (module, imported app) → why it stays.
# Keep it short; test_allowlist_has_no_stale_entries fails when an entry is fixed, so the list only shrinks.
ALLOWED: dict[tuple[str, str], str] = {}


def _apps() -> list[str]:
    """Every top-level app package: a folder of the project with an apps.py."""
    return sorted(path.parent.name for path in ROOT.glob("*/apps.py") if (path.parent / "__init__.py").exists())


def _modules(app: str) -> Iterator[Path]:
    for path in sorted((ROOT / app).rglob("*.py")):
        relative = path.relative_to(ROOT)
        if EXEMPT_DIRS.intersection(relative.parts) or relative.as_posix() in EXEMPT_MODULES:
            continue
        yield path


def imported_modules(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every absolute import anywhere in the tree: module level, in functions, under
    TYPE_CHECKING, and importlib.import_module("…") with a literal name. Relative imports stay inside their app."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if name == "import_module" and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value


def refusal(importer: str, imported: str) -> str | None:
    """Why `importer` (an app) may not import `imported` (another app), or None when it may."""
    if importer == imported or imported not in RANK:
        return None  # its own modules; a third-party package or an app not placed yet (WORK_IN_PROGRESS)
    if RANK[imported] == RANK[importer]:
        return "a sibling"
    if RANK[imported] > RANK[importer]:
        return "to its right"
    return None


def violations(app: str) -> list[tuple[str, int, str, str]]:
    """(module, line, imported module, why) for every import of `app` that goes against the direction."""
    apps = set(_apps())
    found = []
    for path in _modules(app):
        module = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=module)
        for line, name in imported_modules(tree):
            imported = name.split(".")[0]
            if imported not in apps:
                continue
            why = refusal(app, imported)
            if why and (module, imported) not in ALLOWED:
                found.append((module, line, name, why))
    return found


def _order() -> str:
    return " → ".join(" / ".join(layer) for layer in LAYERS) + "; tracking stands alone"


def test_every_app_is_placed_in_the_dependency_order():
    unplaced = [app for app in _apps() if app not in RANK and app not in WORK_IN_PROGRESS]
    assert not unplaced, (
        f"App(s) {', '.join(unplaced)} not placed in the dependency order ({_order()}): add each to LAYERS in "
        "tests/portal/test_architecture.py where ARCHITECTURE §3 puts it, or fold it into the apps that own its parts."
    )


@pytest.mark.parametrize("app", _apps())
def test_no_app_imports_an_app_to_its_right_or_a_sibling(app):
    if app in WORK_IN_PROGRESS:
        pytest.skip(f"{app} is work in progress (WORK_IN_PROGRESS)")
    if app not in RANK:
        pytest.fail(f"App {app} is not placed in the dependency order ({_order()}): add it to LAYERS.")
    found = violations(app)
    assert not found, f"{app} may import only from apps to its left ({_order()}):\n" + "\n".join(
        f"  {module}:{line} imports {name} ({why})" for module, line, name, why in found
    )


def test_allowlist_has_no_stale_entries():
    apps = set(_apps())
    stale = []
    for module, imported in ALLOWED:
        app = module.split("/")[0]
        path = ROOT / module
        names = (
            {name.split(".")[0] for _, name in imported_modules(ast.parse(path.read_text(encoding="utf-8")))}
            if path.exists()
            else set()
        )
        if app not in apps or imported not in names or refusal(app, imported) is None:
            stale.append(f"{module} → {imported}")
    assert not stale, f"Fixed, remove from ALLOWED: {', '.join(stale)}"


# --- the checker itself can fail ------------------------------------------------------------------------------------


def test_the_checker_sees_imports_at_module_level_inside_functions_and_by_name():
    source = (
        "import orders.models\n"
        "from storefront import services\n"
        "from . import selectors\n"
        "def f():\n"
        "    from quotes.permissions import quote_switches\n"
        "    return importlib.import_module('invoices.selectors')\n"
    )

    names = [name for _, name in imported_modules(ast.parse(source))]

    assert sorted(names) == ["invoices.selectors", "orders.models", "quotes.permissions", "storefront"]


@pytest.mark.parametrize(
    ("importer", "imported", "why"),
    [
        ("orders", "storefront", "to its right"),
        ("orders", "quotes", "to its right"),
        ("quotes", "invoices", "a sibling"),
        ("shoppinglists", "quotes", "a sibling"),
        ("portal", "accounts", "to its right"),
        ("portal", "tracking", "to its right"),
        ("tracking", "accounts", "to its right"),
        ("storefront", "orders", None),
        ("quotes", "orders", None),
        ("orders", "tracking", None),
        ("tracking", "portal", None),
        ("orders", "orders", None),
        ("orders", "django", None),
    ],
)
def test_the_direction(importer, imported, why):
    assert refusal(importer, imported) == why
