"""The GraphQL documents exactly as the overlay sends them, read from its sources (frontend/src).

An operation is `export const NAME = graphqlOperation<…>(/* GraphQL */ `…`)`; a fragment `const NAME = /* GraphQL */
`…``; an operation's template interpolates fragment constants (`${NAME}`), recursively. The overlay sends the
template's text as it is (lib/graphql.ts: `JSON.stringify({ query: document, variables })`), so this module returns
the same string, whitespace included. The scan is the one frontend/scripts/codegen.mjs makes, reduced to what the
benchmark needs; codegen validates the documents, this module only reads them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

FRONTEND_SRC = Path(__file__).resolve().parents[2] / "frontend" / "src"
# `const NAME = /* GraphQL */ `` or `const NAME = graphqlOperation<A, B>(/* GraphQL */ ``: the name and the backtick.
DECLARATION = re.compile(
    r"\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(?:graphqlOperation\s*<[^>]*>\s*\(\s*)?/\*\s*GraphQL\s*\*/\s*`"
)
INTERPOLATION = re.compile(r"\$\{\s*([A-Za-z_$][\w$]*)\s*\}")


def _template(text: str, start: int) -> str:
    """The raw text of the template literal whose body starts at `start` (after its backtick)."""
    i = start
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == "`":
            return text[start:i]
        else:
            i += 1
    raise ValueError("unterminated template literal")


@cache
def _templates() -> dict[str, str]:
    """Every GraphQL template constant of the overlay's sources (tests and the generated file left out)."""
    found: dict[str, str] = {}
    for path in sorted(FRONTEND_SRC.rglob("*.ts*")):
        if path.suffix not in (".ts", ".tsx") or ".test." in path.name or path.name.endswith(".generated.ts"):
            continue
        text = path.read_text(encoding="utf-8")
        for match in DECLARATION.finditer(text):
            found[match.group(1)] = _template(text, match.end())
    return found


def overlay_document(name: str) -> str:
    """The document the overlay sends for the constant `name` (e.g. CUSTOMER_INFO), fragments substituted."""
    templates = _templates()

    def resolve(constant: str, seen: frozenset[str]) -> str:
        if constant not in templates:
            raise KeyError(f"no GraphQL constant {constant} in {FRONTEND_SRC}")
        if constant in seen:
            raise ValueError(f"{constant} includes itself")
        return INTERPOLATION.sub(lambda m: resolve(m.group(1), seen | {constant}), templates[constant])

    return resolve(name, frozenset())
