"""Every field error carries a code (issue 37 Must 6): the overlay translates a field's error by its code
(`extensions.fieldCodes`), so a message without one reaches a buyer in another language as the generic "Check this
field.".

Two guards, so that a code-less field error cannot be added without a test failing:
- `portal.errors.field_errors` / `field_error` refuse, where the error is built, a message without its code;
- the apps' source is read: every `ValidationError(...)` passes its `code=`, or is a literal dict (or dict
  comprehension) of fields whose every message is a `ValidationError(..., code=...)`. Errors gathered at run time
  (`errors[name] = [...]`, a validator's `exc.error_list`) are raised through `field_errors`, which checks them.
  Django admin forms (`admin.py`) are left out: their errors are shown by Django admin to the staff, never by the API.
"""

import ast
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from portal.errors import field_error, field_errors
from portal.graphql.errors import service_error_shape

ROOT = Path(__file__).resolve().parents[2]
APPS = ("portal", "accounts", "pricing", "storefront", "orders", "quotes", "shoppinglists", "invoices", "tracking")
# field_errors itself: it builds the ValidationError from the errors it has just checked.
CHECKED_BUILDERS = {("portal/errors.py", "field_errors")}


def _is_validation_error_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Name) and func.id == "ValidationError") or (
        isinstance(func, ast.Attribute) and func.attr == "ValidationError"
    )


def _has_code(call: ast.Call) -> bool:
    return any(keyword.arg == "code" for keyword in call.keywords)


def _coded_messages(value: ast.AST) -> bool:
    """Messages written out, each a ValidationError with its code: a list of them, a list comprehension of one, or
    one alone."""
    if isinstance(value, ast.List | ast.Tuple):
        return all(_is_coded_call(item) for item in value.elts)
    if isinstance(value, ast.ListComp):
        return _is_coded_call(value.elt)
    return _is_coded_call(value)


def _is_coded_call(node: ast.AST) -> bool:
    return _is_validation_error_call(node) and _has_code(node)


def _coded(call: ast.Call) -> bool:
    if _has_code(call):
        return True
    if not call.args:
        return False
    errors = call.args[0]
    if isinstance(errors, ast.Dict):
        # A `**spread` (key None) is gathered at run time: field_errors must check it.
        return all(key is not None for key in errors.keys) and all(_coded_messages(v) for v in errors.values)
    if isinstance(errors, ast.DictComp):
        return _coded_messages(errors.value)
    return isinstance(errors, ast.List | ast.Tuple | ast.ListComp) and _coded_messages(errors)


def _production_modules():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts or path.name == "admin.py":
                continue
            yield relative.as_posix(), ast.parse(path.read_text(encoding="utf-8"), filename=str(relative))


def _uncoded_validation_errors() -> list[str]:
    found = []
    for relative, tree in _production_modules():
        skipped = [
            range(node.lineno, (node.end_lineno or node.lineno) + 1)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and (relative, node.name) in CHECKED_BUILDERS
        ]
        for node in ast.walk(tree):
            if not _is_validation_error_call(node) or _coded(node):
                continue
            if any(node.lineno in lines for lines in skipped):
                continue
            found.append(f"{relative}:{node.lineno}: {ast.unparse(node)[:100]}")
    return sorted(found)


def test_no_validation_error_of_the_apps_is_raised_without_its_code():
    # Each one: pass `code=` (a field code such as required / invalid_choice / max_length, or the app's API code),
    # use portal.errors.field_error(field, message, code=…), or raise gathered errors with field_errors(errors).
    assert _uncoded_validation_errors() == []


def test_the_source_check_finds_a_code_less_field_error():
    bad = ast.parse('raise ValidationError({"orderBy": ["Sort by one of: name."]})').body[0].exc
    partly = ast.parse('ValidationError({"a": [ValidationError("A.", code="required"), "B."]})').body[0].value
    gathered = ast.parse("ValidationError(errors)").body[0].value
    spread = ast.parse('ValidationError({"a": [ValidationError("A.", code="x")], **more})').body[0].value
    good = ast.parse('ValidationError({"a": [ValidationError("A.", code="required")]})').body[0].value
    comprehension = ast.parse('ValidationError({k: [ValidationError(m, code="x")] for k, m in items})').body[0].value
    message = ast.parse('forms.ValidationError("Choose a time.")').body[0].value

    assert [_coded(node) for node in (bad, partly, gathered, spread, message)] == [False] * 5
    assert _coded(good) and _coded(comprehension)


def test_field_error_needs_a_code():
    with pytest.raises(TypeError):
        field_error("orderBy", "Sort by one of: name.")  # type: ignore[call-arg]
    for code in (None, ""):
        with pytest.raises(TypeError, match="no code"):
            field_error("orderBy", "Sort by one of: name.", code=code)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "errors",
    [
        {"number": ["Enter the ERP's invoice number."]},
        {"number": [ValidationError("Enter the ERP's invoice number.")]},
        {"number": [ValidationError("Taken.", code="taken"), ValidationError("Too long.")]},
        {"password": ValidationError(["Too short.", "Too common."]).error_list},
    ],
    ids=["plain-text", "no-code", "one-of-two-without", "validator-list-without"],
)
def test_field_errors_refuse_a_message_without_its_code(errors):
    with pytest.raises(TypeError):
        field_errors(errors)


def test_coded_field_errors_reach_the_client_with_a_code_for_every_message():
    error = field_errors(
        {
            "orderBy": [ValidationError("Sort by one of: name.", code="invalid_choice")],
            "number": [
                ValidationError("Enter 0 or more.", code="out_of_range"),
                ValidationError("Too long.", code="x"),
            ],
        }
    )

    message, extensions = service_error_shape(error)

    assert message == "Sort by one of: name."
    assert extensions == {
        "code": "VALIDATION_ERROR",
        "fields": {"orderBy": ["Sort by one of: name."], "number": ["Enter 0 or more.", "Too long."]},
        "fieldCodes": {"orderBy": ["invalid_choice"], "number": ["out_of_range", "x"]},
    }
    assert service_error_shape(field_error("idIn", "Give invoice ids.", code="invalid"))[1]["fieldCodes"] == {
        "idIn": ["invalid"]
    }
