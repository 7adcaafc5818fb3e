"""Operations, fixtures and small helpers of the address book tests (issue 16)."""

from types import SimpleNamespace

from accounts.models import Address, Company, User
from tests.factories.accounts import AddressFactory

FIELDS = """id label firstName lastName companyName country countryName state stateName addressLine1 addressLine2
city zipCode phoneNumber isShipping isBilling isDefaultShipping isDefaultBilling extraFields { fieldName fieldValue }
postalLines createdBy { id name email }"""
LIST = f"""
query($first: Int! = 50, $offset: Int! = 0, $search: String, $country: String, $state: String, $city: String,
      $isShipping: Boolean, $isBilling: Boolean, $orderBy: String) {{
  addresses(first: $first, offset: $offset, search: $search, country: $country, state: $state, city: $city,
            isShipping: $isShipping, isBilling: $isBilling, orderBy: $orderBy) {{
    totalCount edges {{ node {{ {FIELDS} }} }} }} }}
"""
DETAIL = f"query($id: Int!) {{ address(id: $id) {{ {FIELDS} }} }}"
DEFAULT_SHIPPING = "{ defaultShippingAddress { id label } }"
DEFAULT_BILLING = "{ defaultBillingAddress { id label } }"
CREATE = f"mutation($a: AddressInput!) {{ addressCreate(addressData: $a) {{ address {{ {FIELDS} }} }} }}"
UPDATE = (
    f"mutation($id: Int!, $a: AddressInput!) {{ addressUpdate(id: $id, addressData: $a) {{ address {{ {FIELDS} }} }} }}"
)
DELETE = "mutation($id: Int!) { addressDelete(id: $id) { id message } }"
SET_DEFAULT = f"""mutation($id: Int!, $kind: AddressDefaultKind!) {{
  addressSetDefault(id: $id, kind: $kind) {{ address {{ {FIELDS} }} }} }}"""
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"

NEW_ADDRESS = {
    "label": "Freezer farm",
    "firstName": "Barbara",
    "lastName": "McClintock",
    "companyName": "Acme Labs",
    "country": "US",
    "state": "MA",
    "addressLine1": "7 Cold Spring Road",
    "addressLine2": "Basement",
    "city": "Boston",
    "zipCode": "02115",
    "phoneNumber": "+1 617 555 0177",
}

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
ACME_CALLERS = {"junior", "senior", "admin", "super_masquerading"}
ACME_EDITORS = {"senior", "admin", "super_masquerading"}


def address_books_build() -> SimpleNamespace:
    """On the demo store's accounts: Acme's address book (a default shipping and a default billing address, and a cold
    room), Globex's one address and the individual customer's one. The demo seed's addresses are removed first: each
    test builds what it needs."""
    Address.objects.all().delete()
    acme = Company.objects.get(name="Acme Labs")
    globex = Company.objects.get(name="Globex Research")
    individual = User.objects.get(email="b2c@demo.test")
    admin = User.objects.get(email="admin@acme.test")
    return SimpleNamespace(
        acme=acme,
        globex=globex,
        individual=individual,
        dock=AddressFactory(company=acme, label="Dock", is_billing=False, is_default_shipping=True, created_by=admin),
        payables=AddressFactory(
            company=acme, label="Payables", is_shipping=False, is_default_billing=True, created_by=admin
        ),
        cold_room=AddressFactory(company=acme, label="Cold room", is_billing=False, city="Cambridge", zip_code="02139"),
        globex_lab=AddressFactory(
            company=globex, label="Globex lab", is_default_shipping=True, city="San Diego", state="CA"
        ),
        home=AddressFactory(customer=individual, label="Home", company_name="", is_default_shipping=True),
    )


def caller_token(caller: str, *, login, graphql) -> str | None:
    """The bearer token of one of CALLERS (None for anonymous); the masquerading super admin acts as Acme Labs."""
    if caller == "anonymous":
        return None
    token = login(EMAILS[caller])
    if caller == "super_masquerading":
        acme = Company.objects.get(name="Acme Labs")
        assert "errors" not in graphql(BEGIN, {"id": acme.pk}, token=token)
    return token


def snapshot() -> list[dict]:
    return list(Address.objects.order_by("pk").values())


def labels(body: dict) -> list[str]:
    return [edge["node"]["label"] for edge in body["data"]["addresses"]["edges"]]
