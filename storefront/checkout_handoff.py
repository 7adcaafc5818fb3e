"""A checkout that another system finishes (issue 39): while a procurement system's buyer shops (punchout), the cart
is not ordered here but handed back, and the cart page's button says where to. The app that starts such a visit
sets the hand-off in the browser's session; the storefront only shows it and keeps its own checkout closed, and
needs to know nothing of who set it."""

from __future__ import annotations

from dataclasses import dataclass

HANDOFF_KEY = "storefront_checkout_handoff"


@dataclass(frozen=True)
class CheckoutHandoff:
    label: str  # the cart page's button, e.g. "Transfer to SAP Ariba"; without an action, the notice shown instead
    action: str  # the path its form posts to (with the page's CSRF token); "" when the cart only may be looked at


def checkout_handoff(request) -> CheckoutHandoff | None:
    """The browser session's hand-off, or None for a normal checkout."""
    data = request.session.get(HANDOFF_KEY) if hasattr(request, "session") else None
    if not isinstance(data, dict) or not data.get("label"):
        return None
    return CheckoutHandoff(label=str(data["label"]), action=str(data.get("action") or ""))


def checkout_handoff_set(request, *, label: str, action: str = "") -> None:
    """The cart goes to `action` with the button `label`; without an action the checkout is closed and `label` says
    why (a cart opened to be looked at only)."""
    request.session[HANDOFF_KEY] = {"label": label, "action": action}


def checkout_handoff_end(request) -> None:
    request.session.pop(HANDOFF_KEY, None)
