"""The arguments of a paged list (`first`, `offset`, the search and filter texts), checked the same way for every
list: out of range is refused with a field error, never cut (issue 12)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from portal.errors import InputError, field_errors

MAX_OFFSET = 1_000_000


def page_arguments_checked(
    first: int,
    offset: int,
    *,
    max_first: int,
    noun: str,
    texts: dict[str, str | None] | None = None,
    max_text: int = 100,
) -> None:
    """Raises InputError (VALIDATION_ERROR with `fields`) when `first`, `offset` or a text is out of bounds."""
    errors: dict[str, list[ValidationError]] = {}
    if first < 0:
        errors["first"] = [ValidationError("Enter 0 or more.", code="out_of_range")]
    elif first > max_first:
        errors["first"] = [ValidationError(f"Ask for at most {max_first} {noun} at a time.", code="out_of_range")]
    if offset < 0:
        errors["offset"] = [ValidationError("Enter 0 or more.", code="out_of_range")]
    elif offset > MAX_OFFSET:
        errors["offset"] = [ValidationError(f"Enter at most {MAX_OFFSET:,}.", code="out_of_range")]
    for name, value in (texts or {}).items():
        if value is not None and len(value) > max_text:
            errors[name] = [ValidationError(f"Enter at most {max_text} characters.", code="max_length")]
    if errors:
        raise InputError(next(iter(errors.values()))[0].messages[0], fields=field_errors(errors))
