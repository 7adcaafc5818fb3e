"""The arguments of a paged list (`first`, `offset`, the search and filter texts), checked the same way for every
list: out of range is refused with a field error, never cut (issue 12)."""

from __future__ import annotations

from portal.errors import InputError

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
    errors: dict[str, list[str]] = {}
    if first < 0:
        errors["first"] = ["Enter 0 or more."]
    elif first > max_first:
        errors["first"] = [f"Ask for at most {max_first} {noun} at a time."]
    if offset < 0:
        errors["offset"] = ["Enter 0 or more."]
    elif offset > MAX_OFFSET:
        errors["offset"] = [f"Enter at most {MAX_OFFSET:,}."]
    for name, value in (texts or {}).items():
        if value is not None and len(value) > max_text:
            errors[name] = [f"Enter at most {max_text} characters."]
    if errors:
        raise InputError(next(iter(errors.values()))[0], fields=errors)
