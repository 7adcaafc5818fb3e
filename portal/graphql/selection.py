"""Which fields an operation selects on the object a field returns, from strawberry's public `info.selected_fields`.

A resolver that builds a whole answer (priceProducts' 500 items, customerInfo) computes a costly part only when the
operation selects it, as graphql-core would only then have called that part's resolver: through fragments, with
`@skip` and `@include` applied as graphql-core applies them (skip wins).
"""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.types.nodes import SelectedField


def _included(directives: dict[str, dict[str, Any]]) -> bool:
    if not directives:
        return True
    skip = directives.get("skip")
    if skip is not None and skip.get("if") is True:
        return False
    include = directives.get("include")
    return include is None or include.get("if") is not False


def selected_field_names(info: strawberry.Info) -> set[str]:
    """The GraphQL names of the fields selected on the object (or the items of the list) this field returns."""
    names: set[str] = set()
    pending = [selection for field in info.selected_fields for selection in field.selections]
    while pending:
        selection = pending.pop()
        if not _included(selection.directives):
            continue
        if isinstance(selection, SelectedField):
            names.add(selection.name)
        else:  # a fragment spread or an inline fragment: the object's own type (none of these types is abstract)
            pending.extend(selection.selections)
    return names
