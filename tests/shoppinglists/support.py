"""Operations and small helpers of the shopping list tests (issue 18)."""

from __future__ import annotations

from types import SimpleNamespace

from accounts.models import AuditEvent, Company, User
from pricing.models import ProductVariant
from shoppinglists.models import ShoppingList, ShoppingListItem, ShoppingListStatus
from storefront.models import Cart, CartLine
from tests.factories.shoppinglists import ShoppingListFactory, ShoppingListItemFactory

LIST_FIELDS = """id name description status statusLabel reason approvedFlag isOwner companyId channelId channelName
itemCount createdAt updatedAt customerInfo { userId firstName lastName email role }
canEdit canAddItems canEditItems canDeleteItems canDelete canDuplicate canSubmit canApprove canAddToCart"""
TOTALS = "currencyCode showInclusive pricesHidden isShowGrandTotal subtotal totalTax grandTotal totalDiscount"
ITEM_FIELDS = """id itemId productId variantId quantity productName baseSku variantSku optionList productNote
options { optionId optionName value } basePrice discount tax enteredInclusive calculatedValue lineTotal
lineTotalWithTax priceWhenAdded priceError priceOnRequest purchasable stockCode stockMessage
nextTier { additionalQuantity minimum price { taxExclusive } }"""


def lists_query(op: str = "shoppingLists", fields: str = LIST_FIELDS) -> str:
    company_args = "createdBy: $createdBy, email: $email," if op == "shoppingLists" else ""
    company_vars = "$createdBy: Int, $email: String," if op == "shoppingLists" else ""
    return f"""
query($first: Int! = 50, $offset: Int! = 0, $search: String, {company_vars} $status: [Int!], $orderBy: String) {{
  {op}(first: $first, offset: $offset, search: $search, {company_args} status: $status, orderBy: $orderBy) {{
    totalCount edges {{ node {{ {fields} }} }} }} }}
"""


LISTS = lists_query()
CUSTOMER_LISTS = lists_query("customerShoppingLists")


def detail_query(op: str = "shoppingList", fields: str = LIST_FIELDS, items: str = ITEM_FIELDS) -> str:
    return f"""
query($id: Int!, $first: Int! = 100, $offset: Int! = 0, $search: String, $orderBy: String! = "-updatedAt") {{
  {op}(id: $id) {{ {fields} {TOTALS}
    products(first: $first, offset: $offset, search: $search, orderBy: $orderBy) {{
      totalCount edges {{ node {{ {items} }} }} }} }} }}
"""


DETAIL = detail_query()
CUSTOMER_DETAIL = detail_query("customerShoppingList")
PAYLOAD = f"shoppingList {{ {LIST_FIELDS} }}"
ITEMS_PAYLOAD = f"message shoppingList {{ {LIST_FIELDS} }} items {{ {ITEM_FIELDS} }}"


def create(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsCreate" if prefix else "shoppingListsCreate"
    return f"mutation($data: ShoppingListInput!) {{ {op}(shoppingListData: $data) {{ {PAYLOAD} }} }}"


def update(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsUpdate" if prefix else "shoppingListsUpdate"
    return f"""mutation($id: Int!, $data: ShoppingListUpdateInput!) {{
      {op}(id: $id, shoppingListData: $data) {{ {PAYLOAD} }} }}"""


def duplicate(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsDuplicate" if prefix else "shoppingListsDuplicate"
    return f"""mutation($id: Int!, $data: ShoppingListUpdateInput) {{
      {op}(id: $id, shoppingListData: $data) {{ {PAYLOAD} }} }}"""


def delete(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsDelete" if prefix else "shoppingListsDelete"
    return f"mutation($id: Int!) {{ {op}(id: $id) {{ id message }} }}"


def items_create(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsItemsCreate" if prefix else "shoppingListsItemsCreate"
    return f"""mutation($id: Int!, $items: [ShoppingListItemInput!]!) {{
      {op}(shoppingListId: $id, items: $items) {{ {ITEMS_PAYLOAD} }} }}"""


def items_update(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsItemsUpdate" if prefix else "shoppingListsItemsUpdate"
    return f"""mutation($id: Int!, $itemId: Int!, $data: ShoppingListItemUpdateInput!) {{
      {op}(shoppingListId: $id, itemId: $itemId, itemData: $data) {{ {ITEMS_PAYLOAD} }} }}"""


def items_delete(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListsItemsDelete" if prefix else "shoppingListsItemsDelete"
    return f"""mutation($id: Int!, $itemIds: [Int!]!) {{
      {op}(shoppingListId: $id, itemIds: $itemIds) {{ {ITEMS_PAYLOAD} }} }}"""


def add_to_cart(prefix: str = "") -> str:
    op = f"{prefix}ShoppingListAddToCart" if prefix else "shoppingListAddToCart"
    return f"""mutation($id: Int!, $itemIds: [Int!]) {{
      {op}(id: $id, itemIds: $itemIds) {{
        cartEntityId added {{ itemId productId variantId sku name quantity code reason }}
        notAdded {{ itemId productId variantId sku name quantity code reason }} }} }}"""


SUBMIT = f"mutation($id: Int!) {{ shoppingListSubmitForApproval(id: $id) {{ {PAYLOAD} }} }}"
APPROVE = f"mutation($id: Int!) {{ shoppingListApprove(id: $id) {{ {PAYLOAD} }} }}"
REJECT = f"mutation($id: Int!, $reason: String!) {{ shoppingListReject(id: $id, reason: $reason) {{ {PAYLOAD} }} }}"
ENABLED = "query($channelId: Int! = 1) { shoppingListsEnabled(channelId: $channelId) { enabled reason onProductPage } }"
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
CREATED_BY = 'query($companyId: Int!) { createdByUser(companyId: $companyId, module: "shoppinglists") { id email } }'

CALLERS = ["anonymous", "b2c", "junior", "senior", "admin", "other_admin", "super_masquerading", "super"]
EMAILS = {
    "b2c": "b2c@demo.test",
    "junior": "junior@acme.test",
    "senior": "senior@acme.test",
    "admin": "admin@acme.test",
    "other_admin": "admin@globex.test",
    "super_masquerading": "superadmin@demo.test",
    "super": "superadmin@demo.test",
}


def caller_token(caller: str, *, login, graphql) -> str | None:
    """The bearer token of one of CALLERS (None for anonymous); the masquerading super admin acts as Acme Labs."""
    if caller == "anonymous":
        return None
    token = login(EMAILS[caller])
    if caller == "super_masquerading":
        acme = Company.objects.get(name="Acme Labs")
        assert "errors" not in graphql(BEGIN, {"id": acme.pk}, token=token)
    return token


def user(email: str) -> User:
    return User.objects.get(email=email)


def variant(sku: str) -> ProductVariant:
    return ProductVariant.objects.select_related("product").get(sku=sku)


def lists_build(ethanol) -> SimpleNamespace:
    """On the demo store's accounts and the `ethanol` product: Acme's lists (the senior buyer's approved one, the
    junior buyer's draft and the one awaiting approval), Globex's, and the individual customer's own; each with one
    item of ethanol 100 mL (two of them, for the draft)."""
    acme = Company.objects.get(name="Acme Labs")
    globex = Company.objects.get(name="Globex Research")
    small = variant("HS-1001-100ML")

    def made(name: str, status: int, **owner) -> ShoppingList:
        shopping_list = ShoppingListFactory(name=name, status=status, **owner)
        ShoppingListItemFactory(shopping_list=shopping_list, variant=small, quantity=2)
        return shopping_list

    return SimpleNamespace(
        acme=acme,
        globex=globex,
        senior_list=made("Weekly", ShoppingListStatus.APPROVED, company=acme, created_by=user("senior@acme.test")),
        junior_draft=made("Draft", ShoppingListStatus.DRAFT, company=acme, created_by=user("junior@acme.test")),
        junior_ready=made(
            "Awaiting", ShoppingListStatus.READY_FOR_APPROVAL, company=acme, created_by=user("junior@acme.test")
        ),
        globex_list=made("Globex", ShoppingListStatus.APPROVED, company=globex, created_by=user("admin@globex.test")),
        b2c_list=made("Mine", ShoppingListStatus.APPROVED, customer=user("b2c@demo.test")),
        small=small,
    )


def snapshot() -> tuple:
    """Everything a list operation may change: lists, items, carts, the audit log."""
    return (
        list(ShoppingList.objects.order_by("pk").values()),
        list(ShoppingListItem.objects.order_by("pk").values()),
        list(Cart.objects.order_by("pk").values_list("pk", flat=True)),
        list(CartLine.objects.order_by("pk").values()),
        AuditEvent.objects.filter(action__startswith="shopping_list").count(),
    )


def names(body: dict, op: str = "shoppingLists") -> list[str]:
    return [edge["node"]["name"] for edge in body["data"][op]["edges"]]
