"""A checkout that another system finishes (issue 39): while a procurement system's buyer shops (punchout), the cart
is not ordered here but handed back, and the cart page's button says where to. The app that starts such a visit
sets the hand-off in the browser's session; the storefront only shows it and keeps its own checkout closed, and
needs to know nothing of who set it."""

from __future__ import annotations

from dataclasses import dataclass

HANDOFF_KEY = "storefront_checkout_handoff"


@dataclass(frozen=True)
class CheckoutHandoff:
    label: str  # the cart page's button, e.g. "Transfer to SAP Ariba"
    action: str  # the path its form posts to (with the page's CSRF token)


def checkout_handoff(request) -> CheckoutHandoff | None:
    """The browser session's hand-off, or None for a normal checkout."""
    data = request.session.get(HANDOFF_KEY) if hasattr(request, "session") else None
    if not isinstance(data, dict) or not data.get("label") or not data.get("action"):
        return None
    return CheckoutHandoff(label=str(data["label"]), action=str(data["action"]))


def checkout_handoff_set(request, *, label: str, action: str) -> None:
    request.session[HANDOFF_KEY] = {"label": label, "action": action}


def checkout_handoff_end(request) -> None:
    request.session.pop(HANDOFF_KEY, None)
