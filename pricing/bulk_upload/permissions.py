"""Who may upload which way, and who may use quick order (business §6, shell §2, §6).

- `productUpload` is the call of a company's users (roles 0, 1, 2, 5) and of a super admin masquerading as the company
  (3), with their channel; `productAnonUpload` that of guests (role 100) and individual customers (99) — and of a
  super admin who is not masquerading, who builds quote drafts (4) —, without a channel (business §6: "role value 100
  selects a different upload call and omits the channel identifier"; ARCHITECTURE §8: 100 is the guest). Each
  caller is refused the other's call, so that a company's upload always belongs to the company.
- An upload going into the cart (`isToCart`) needs `purchase_enable` from a signed-in caller (shell §6: without it the
  cart is removed); a guest's cart is the storefront's.
- Quick order (/purchased-products, shell §2: roles 0, 1, 2, 3, 99) needs a signed-in caller who is not a super admin
  outside a masquerade, and the store's quickOrderPad and buyAgain features (shell §6).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from accounts.permissions import Code
from portal.actor import PortalActor, feature_on
from portal.errors import Refused
from portal.selectors import store_current, store_features
from pricing.bulk_upload.errors import QuickOrderRefused

PURCHASE_ENABLE = Code.PURCHASE_ENABLE.value

COMPANY_CALL_MESSAGE = "Users of a company upload with productUpload and their channel."
ANONYMOUS_CALL_MESSAGE = (
    "productUpload is the upload of a company's users: guests and individual customers use productAnonUpload."
)
CART_MESSAGE = "You cannot add products to the cart."


def uploads_as_company(actor: PortalActor) -> bool:
    """Whether the caller's uploads are a company's (productUpload, with a channel)."""
    return actor.b2b_company is not None


def upload_check(actor: PortalActor, *, company_call: bool, is_to_cart: bool) -> None:
    """PermissionDenied when the caller may not upload this way (see the module)."""
    if company_call and not uploads_as_company(actor):
        raise Refused(ANONYMOUS_CALL_MESSAGE)
    if not company_call and uploads_as_company(actor):
        raise Refused(COMPANY_CALL_MESSAGE)
    if is_to_cart and actor.user is not None and not actor.can(PURCHASE_ENABLE):
        raise Refused(CART_MESSAGE)


def quick_order_check(actor: PortalActor) -> None:
    """PermissionDenied (QUICK_ORDER_DISABLED when the store has it off) unless the caller may use quick order."""
    if actor.user is None or (actor.is_super_admin and not actor.is_masquerading):
        raise PermissionDenied
    features = store_features(store=store_current())
    if not feature_on(actor, "quick_order", store_on=features.quick_order_pad and features.buy_again):
        raise QuickOrderRefused()  # off in the store, or in the caller's unit or one above it (issue 40)
