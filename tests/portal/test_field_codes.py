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

from portal.errors import ErrorCode, InputError, field_error, field_errors, field_extensions
from portal.graphql.errors import service_error_shape

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "portal",
    "accounts",
    "pricing",
    "storefront",
    "orders",
    "quotes",
    "shoppinglists",
    "invoices",
    "tracking",
    "approvals",
)
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


# --- the GraphQL layer's InputError and the REST layer's own field errors -----------------------------------------

# What builds field errors with their codes: an InputError's or a RestError's fields come from one of these.
FIELD_ERROR_BUILDERS = {"field_error", "field_errors"}


def _call_name(node: ast.AST) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _built_with_codes(value: ast.AST) -> bool:
    """`field_error(…)` / `field_errors(…)`, or, for a RestError's `**extensions`, `field_extensions` of one."""
    if _call_name(value) == "field_extensions":
        return bool(value.args) and _call_name(value.args[0]) in FIELD_ERROR_BUILDERS  # type: ignore[attr-defined]
    return _call_name(value) in FIELD_ERROR_BUILDERS


def _field_errors_coded(call: ast.Call) -> bool:
    """An InputError's `fields` are built by field_error / field_errors; a PortalError or RestError passes no
    `fields=` by hand, a RestError's go in as `**field_extensions(field_error(…))`."""
    fields = next((keyword.value for keyword in call.keywords if keyword.arg == "fields"), None)
    if _call_name(call) == "InputError":
        return fields is not None and _built_with_codes(fields)
    spread = [keyword.value for keyword in call.keywords if keyword.arg is None]
    return fields is None and all(_built_with_codes(value) for value in spread)


def _hand_made_fields(call: ast.Call) -> bool:
    """A GraphQLError given `extensions={"fields": …}` by hand (an InputError builds them with their codes)."""
    extensions = next((keyword.value for keyword in call.keywords if keyword.arg == "extensions"), None)
    return isinstance(extensions, ast.Dict) and any(
        isinstance(key, ast.Constant) and key.value in ("fields", "fieldCodes") for key in extensions.keys
    )


def _uncoded_input_errors() -> list[str]:
    found = []
    for relative, tree in _production_modules():
        for node in ast.walk(tree):
            name = _call_name(node)
            if (name in ("InputError", "PortalError", "RestError") and not _field_errors_coded(node)) or (
                name == "GraphQLError" and _hand_made_fields(node)
            ):
                found.append(f"{relative}:{node.lineno}: {ast.unparse(node)[:100]}")
    return sorted(found)


def test_no_input_error_of_the_apps_is_raised_without_its_codes():
    # InputError(fields=field_error(field, message, code=…)) or InputError(fields=field_errors({field: [
    # ValidationError(message, code=…)]})); a REST refusal's fields: RestError(…, **field_extensions(field_error(…))).
    assert _uncoded_input_errors() == []


def test_input_error_needs_field_errors_with_their_codes():
    for fields in (
        {"first": ["Enter 0 or more."]},
        ValidationError({"first": ["Enter 0 or more."]}),
        ValidationError({"first": [ValidationError("Enter 0 or more.", code="out_of_range"), "Or 10."]}),
        ValidationError("Enter 0 or more.", code="out_of_range"),  # no field
    ):
        with pytest.raises(TypeError):
            InputError(fields=fields)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        InputError("Some fields are not valid.")  # type: ignore[call-arg]


def test_an_input_error_carries_its_codes_as_a_services_field_error_does():
    error = InputError(
        "Ask for at most 100 quotes at a time.",
        fields=field_errors(
            {
                "first": [ValidationError("Ask for at most 100 quotes at a time.", code="out_of_range")],
                "search": [ValidationError("Enter at most 100 characters.", code="max_length")],
            }
        ),
    )

    assert error.message == "Ask for at most 100 quotes at a time."
    assert error.extensions == {
        "code": ErrorCode.VALIDATION_ERROR,
        "fields": {"first": ["Ask for at most 100 quotes at a time."], "search": ["Enter at most 100 characters."]},
        "fieldCodes": {"first": ["out_of_range"], "search": ["max_length"]},
    }
    # A service's field error, passed on under a field of the API's own (the cart's quantity).
    problem = field_error("qty", "Not enough in stock for this quantity.", code="insufficient_stock")
    assert field_extensions(field_errors({"quantity": [problem]})) == {
        "fields": {"quantity": ["Not enough in stock for this quantity."]},
        "fieldCodes": {"quantity": ["insufficient_stock"]},
    }


def test_the_source_check_finds_an_input_error_without_its_codes():
    def check(source: str) -> bool:
        return _field_errors_coded(next(n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call)))

    assert not check('InputError(fields={"first": ["Enter 0 or more."]})')
    assert not check("InputError(fields=errors)")
    assert not check('InputError("Bad input.")')
    assert not check('RestError("Too many.", code="X", status=400, fields={"file": ["Too many."]})')
    graphql_error = ast.parse('GraphQLError("Bad.", extensions={"code": "X", "fields": {"a": ["Bad."]}})').body[0]
    assert _hand_made_fields(graphql_error.value)  # type: ignore[attr-defined]
    assert check('InputError(fields=field_error("first", "Enter 0 or more.", code="out_of_range"))')
    assert check("InputError(message, fields=field_errors(errors))")
    assert check(
        'RestError(m, code="X", status=400, **field_extensions(field_error("file", m, code="too_many_files")))'
    )
