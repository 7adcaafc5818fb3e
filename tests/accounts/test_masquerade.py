"""Super-admin masquerading (issue 5; shell §4, §6, §7): the dashboard's company list, begin / end / current
masquerade, who may do it, what the masquerading super admin is (role 3 of the company, its admin's permissions,
its prices), token-bound state, and the storefront's masquerade bar."""

from decimal import Decimal

import pytest
from django.conf import settings

from accounts.models import B2BToken, Company, CompanyStatus, MasqueradeSession, User
from accounts.permissions import DEFAULT_ROLE_GRANTS
from accounts.selectors import actor_for_user
from accounts.services import company_status_set, customer_jwt_issue
from portal.models import StorefrontConfig
from tests.factories.accounts import CompanyFactory
from tests.factories.pricing import PriceListFactory, PriceListRecordFactory, ProductFactory, VariantFactory
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

COMPANIES = """
query($first: Int, $offset: Int, $q: String, $orderBy: String, $superAdminId: Int) {
  superAdminCompanies(first: $first, offset: $offset, q: $q, orderBy: $orderBy, superAdminId: $superAdminId) {
    totalCount edges { node { companyId id companyName companyEmail status isAgenting } }
  }
}
"""
BEGIN = (
    "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id isAgenting companyName customerGroupId } }"
)
END = "mutation($id: Int!) { superAdminEndMasquerade(companyId: $id) { id isAgenting companyName } }"
MASQUERADING = (
    "query($id: Int) { superAdminMasquerading(customerId: $id) { id isAgenting companyName customerGroupId } }"
)
MASQUERADE_INFO = """
{ customerInfo { userType userInfo { id role companyRoleName } companyInfo { id companyName status }
  permissions { code permissionLevel } masquerade { id isAgenting companyName customerGroupId } } }
"""
ORDER_BY_REQUIRED = "Invalid query: orderBy property is required"
BUYERS = ["admin@acme.test", "senior@acme.test", "junior@acme.test", "admin@globex.test", "admin@pendingbio.test",
          "b2c@demo.test"]  # fmt: skip


def company(name: str) -> Company:
    return Company.objects.get(name=name)


@pytest.fixture
def super_token(demo_store, login):
    return login("superadmin@demo.test")


def begin(graphql, token, name):
    return graphql(BEGIN, {"id": company(name).pk}, token=token)


def names(body) -> list[str]:
    return [edge["node"]["companyName"] for edge in body["data"]["superAdminCompanies"]["edges"]]


# --- who may ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("email", [None, *BUYERS])
def test_only_the_super_admin_may_list_companies_and_masquerade(demo_store, graphql, login, email):
    token = login(email) if email else None
    acme = company("Acme Labs").pk
    expected = 40101 if email is None else "PERMISSION_DENIED"

    assert error_code(graphql(COMPANIES, {"orderBy": "companyName"}, token=token)) == expected
    assert error_code(graphql(BEGIN, {"id": acme}, token=token)) == expected
    assert error_code(graphql(END, {"id": acme}, token=token)) == expected
    assert error_code(graphql(MASQUERADING, {}, token=token)) == expected
    assert MasqueradeSession.objects.count() == 0
    if email:
        info = graphql(MASQUERADE_INFO, token=token)["data"]["customerInfo"]
        assert info["masquerade"] is None


@pytest.mark.parametrize("name", ["Pending Bio", "Rejected Chem"])
def test_masquerading_as_a_company_that_is_not_approved_is_refused(super_token, graphql, name):
    body = begin(graphql, super_token, name)

    assert error_code(body) == "COMPANY_NOT_APPROVED"
    assert body["errors"][0]["message"] == "Only approved companies can be masqueraded."
    assert MasqueradeSession.objects.count() == 0
    assert graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]["companyInfo"] is None


def test_inactive_deleted_and_unknown_companies(super_token, graphql):
    inactive = CompanyFactory(name="Sleepy Lab", status=CompanyStatus.INACTIVE)
    deleted = CompanyFactory(name="Gone Lab", status=CompanyStatus.DELETED)

    assert error_code(graphql(BEGIN, {"id": inactive.pk}, token=super_token)) == "COMPANY_NOT_APPROVED"
    assert error_code(graphql(BEGIN, {"id": deleted.pk}, token=super_token)) == "NOT_FOUND"
    assert error_code(graphql(BEGIN, {"id": 999999}, token=super_token)) == "NOT_FOUND"
    assert MasqueradeSession.objects.count() == 0


def test_a_restricted_super_admin_masquerades_only_as_their_companies(super_token, graphql):
    User.objects.get(email="superadmin@demo.test").masquerade_companies.set([company("Globex Research")])

    refused = begin(graphql, super_token, "Acme Labs")
    listed = graphql(COMPANIES, {"orderBy": "companyName"}, token=super_token)

    assert error_code(refused) == "MASQUERADE_NOT_ALLOWED"
    assert MasqueradeSession.objects.count() == 0
    assert names(listed) == ["Globex Research"]
    assert begin(graphql, super_token, "Globex Research")["data"]["superAdminBeginMasquerade"]["isAgenting"] is True


def test_the_super_admin_id_must_be_the_callers(super_token, graphql):
    other = User.objects.get(email="admin@acme.test").pk

    assert error_code(graphql(COMPANIES, {"orderBy": "companyName", "superAdminId": other}, token=super_token)) == (
        "PERMISSION_DENIED"
    )
    assert error_code(graphql(MASQUERADING, {"id": other}, token=super_token)) == "PERMISSION_DENIED"


# --- the dashboard's list ----------------------------------------------------------------------------------------


def test_company_list_requires_an_order_by(super_token, graphql):
    body = graphql(COMPANIES, {}, token=super_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["message"] == ORDER_BY_REQUIRED
    assert body["errors"][0]["extensions"]["fields"] == {"orderBy": [ORDER_BY_REQUIRED]}


@pytest.mark.parametrize(
    ("variables", "field"),
    [({"first": 15}, "first"), ({"first": 100}, "first"), ({"offset": -1}, "offset"),
     ({"orderBy": "password"}, "orderBy"), ({"q": "x" * 101}, "q")],
)  # fmt: skip
def test_company_list_validates_its_arguments(super_token, graphql, variables, field):
    body = graphql(COMPANIES, {"orderBy": "companyName", **variables}, token=super_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert list(body["errors"][0]["extensions"]["fields"]) == [field]


def test_company_list_sorts_searches_and_pages(super_token, graphql):
    for i in range(25):
        CompanyFactory(name=f"Zeta Lab {i:02d}", email=f"zeta{i:02d}@zeta.test")
    CompanyFactory(name="Deleted Lab", status=CompanyStatus.DELETED)
    super_id = User.objects.get(email="superadmin@demo.test").pk

    first = graphql(COMPANIES, {"orderBy": "companyName", "first": 10, "superAdminId": super_id}, token=super_token)
    third = graphql(COMPANIES, {"orderBy": "companyName", "first": 10, "offset": 20}, token=super_token)
    thirty = graphql(COMPANIES, {"orderBy": "-companyName", "first": 30}, token=super_token)
    by_email = graphql(COMPANIES, {"orderBy": "companyEmail", "first": 20}, token=super_token)
    search_name = graphql(COMPANIES, {"orderBy": "companyName", "q": "acme"}, token=super_token)
    search_email = graphql(COMPANIES, {"orderBy": "companyName", "q": "globex.TEST"}, token=super_token)

    # The demo's 9 (Northfield University's tree of 5 among them, every unit listed) + 25, deleted left out.
    assert first["data"]["superAdminCompanies"]["totalCount"] == 34
    assert names(first)[:9] == [
        "Acme Labs", "Biology", "Chemistry", "Globex Research", "Molecular Genetics Lab", "Northfield University",
        "Organic Synthesis Lab", "Pending Bio", "Rejected Chem",
    ]  # fmt: skip
    assert len(names(first)) == 10
    assert names(third) == [f"Zeta Lab {i:02d}" for i in range(11, 21)]
    assert names(thirty)[0] == "Zeta Lab 24" and names(thirty)[-1] == "Molecular Genetics Lab"
    assert len(names(thirty)) == 30
    assert by_email["data"]["superAdminCompanies"]["edges"][0]["node"]["companyEmail"] == "hello@pendingbio.test"
    acme = company("Acme Labs")
    assert search_name["data"]["superAdminCompanies"] == {
        "totalCount": 1,
        "edges": [{"node": {"companyId": acme.pk, "id": acme.pk, "companyName": "Acme Labs",
                            "companyEmail": "purchasing@acme.test", "status": 1, "isAgenting": False}}],
    }  # fmt: skip
    assert names(search_email) == ["Globex Research"]


def test_company_list_marks_the_masqueraded_company(super_token, graphql):
    begin(graphql, super_token, "Globex Research")

    body = graphql(COMPANIES, {"orderBy": "companyName"}, token=super_token)

    agenting = {e["node"]["companyName"]: e["node"]["isAgenting"] for e in body["data"]["superAdminCompanies"]["edges"]}
    assert agenting == {
        "Acme Labs": False, "Globex Research": True, "Pending Bio": False, "Rejected Chem": False,
        "Northfield University": False, "Chemistry": False, "Organic Synthesis Lab": False, "Biology": False,
        "Molecular Genetics Lab": False,
    }  # fmt: skip


@pytest.mark.parametrize("extra", [2, 26])
def test_company_list_takes_a_constant_number_of_queries(super_token, graphql, django_assert_num_queries, extra):
    for i in range(extra):
        CompanyFactory(name=f"Lab {i:02d}")
    User.objects.get(email="superadmin@demo.test").masquerade_companies.set(Company.objects.all()[:30])

    # The token with its user; the token's masquerade; the count; the page.
    with django_assert_num_queries(4):
        body = graphql(COMPANIES, {"orderBy": "companyName", "first": 30}, token=super_token)

    assert len(names(body)) == min(30, 9 + extra)


# --- masquerading ------------------------------------------------------------------------------------------------


def test_while_masquerading_the_super_admin_is_the_companys_admin(super_token, graphql):
    acme = company("Acme Labs")
    super_id = User.objects.get(email="superadmin@demo.test").pk
    before = graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]
    assert before["userInfo"]["role"] == 3 and before["userType"] == 6
    assert before["companyInfo"] is None and before["permissions"] == [] and before["masquerade"] is None

    began = begin(graphql, super_token, "Acme Labs")["data"]["superAdminBeginMasquerade"]

    masquerade = {"id": acme.pk, "isAgenting": True, "companyName": "Acme Labs",
                  "customerGroupId": acme.customer_group_id}  # fmt: skip
    assert began == masquerade
    info = graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]
    assert info["userInfo"] == {"id": super_id, "role": 3, "companyRoleName": "Super admin"}
    assert info["userType"] == 3
    assert info["companyInfo"] == {"id": acme.pk, "companyName": "Acme Labs", "status": 1}
    assert {p["code"]: p["permissionLevel"] for p in info["permissions"]} == DEFAULT_ROLE_GRANTS[0]
    assert info["masquerade"] == masquerade
    assert graphql(MASQUERADING, {"id": super_id}, token=super_token)["data"]["superAdminMasquerading"] == masquerade
    # Company-scoped data answers for Acme only.
    own = graphql("query($id: Int!) { userCompany(userId: $id) { companyName } }", {"id": super_id}, token=super_token)
    assert own["data"]["userCompany"] == {"companyName": "Acme Labs"}
    Company.objects.filter(pk=acme.pk).update(credit_enabled=True, available_credit=1234)
    credit = graphql("{ companyCreditConfig { creditEnabled availableCredit } }", token=super_token)
    assert credit["data"]["companyCreditConfig"] == {"creditEnabled": True, "availableCredit": "1234.00"}

    ended = graphql(END, {"id": acme.pk}, token=super_token)["data"]["superAdminEndMasquerade"]

    assert ended == {"id": acme.pk, "isAgenting": False, "companyName": "Acme Labs"}
    after = graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]
    assert after == before
    assert graphql(MASQUERADING, {"id": super_id}, token=super_token)["data"]["superAdminMasquerading"] is None
    session = MasqueradeSession.objects.get()
    assert session.ended_at is not None and session.end_reason == "ended"


PRICE = """
query($items: [PriceItemInput!]!) { priceProducts(currencyCode: "USD", items: $items) { price { taxExclusive } } }
"""


def test_prices_use_the_masqueraded_companys_group(super_token, graphql):
    acme = company("Acme Labs")
    product = ProductFactory(base_price=Decimal("100.00"))
    variant = VariantFactory(product=product, price=None)
    PriceListRecordFactory(
        variant=variant, price=Decimal("70.00"), price_list=PriceListFactory(customer_group=acme.customer_group)
    )
    items = {"items": [{"productId": product.pk, "variantId": variant.pk, "quantity": 1}]}

    def price() -> str:
        return graphql(PRICE, items, token=super_token)["data"]["priceProducts"][0]["price"]["taxExclusive"]

    assert price() == "100.00"
    begin(graphql, super_token, "Acme Labs")
    assert price() == "70.00"
    graphql(END, {"id": acme.pk}, token=super_token)
    assert price() == "100.00"


def test_the_masquerade_is_the_super_admins_on_every_device_and_the_storefront(super_token, graphql, login, client):
    """Issue 13: one source of truth. The super admin masquerades, closes the browser and signs in again: the new
    session, the first one and the storefront all show the same masquerade, and one END ends it everywhere."""
    other_device = login("superadmin@demo.test")
    begin(graphql, super_token, "Acme Labs")
    client.force_login(User.objects.get(email="superadmin@demo.test"))

    for token in (super_token, other_device):
        info = graphql(MASQUERADE_INFO, token=token)["data"]["customerInfo"]
        assert (info["userInfo"]["role"], info["masquerade"]["companyName"]) == (3, "Acme Labs")
    assert "You are masquerading as Acme Labs" in client.get("/").content.decode()

    assert "errors" not in graphql(END, {"id": company("Acme Labs").pk}, token=other_device)

    for token in (super_token, other_device):
        assert graphql(MASQUERADE_INFO, token=token)["data"]["customerInfo"]["masquerade"] is None
    assert "You are masquerading as" not in client.get("/").content.decode()


def test_beginning_on_another_device_replaces_the_masquerade_everywhere(super_token, graphql, login, client):
    other_device = login("superadmin@demo.test")
    begin(graphql, super_token, "Acme Labs")
    begin(graphql, other_device, "Globex Research")

    assert list(MasqueradeSession.objects.filter(ended_at__isnull=True).values_list("company_name", flat=True)) == [
        "Globex Research"
    ]
    assert graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]["masquerade"]["companyName"] == (
        "Globex Research"
    )
    client.force_login(User.objects.get(email="superadmin@demo.test"))
    client.post("/masquerade/end/", {"next": "/"})  # one END on the storefront

    assert not MasqueradeSession.objects.filter(ended_at__isnull=True).exists()
    assert graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]["masquerade"] is None


def test_beginning_another_company_replaces_the_masquerade(super_token, graphql):
    begin(graphql, super_token, "Acme Labs")
    again = begin(graphql, super_token, "Acme Labs")  # the same company: nothing changes

    begin(graphql, super_token, "Globex Research")

    assert again["data"]["superAdminBeginMasquerade"]["companyName"] == "Acme Labs"
    sessions = list(MasqueradeSession.objects.order_by("began_at", "pk").values_list("company_name", "end_reason"))
    assert sessions == [("Acme Labs", "replaced"), ("Globex Research", "")]
    info = graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]
    assert info["companyInfo"]["companyName"] == "Globex Research"


def test_ending_another_company_or_twice(super_token, graphql):
    begin(graphql, super_token, "Acme Labs")

    wrong = graphql(END, {"id": company("Globex Research").pk}, token=super_token)
    assert error_code(wrong) == "NOT_MASQUERADING"
    assert MasqueradeSession.objects.get().ended_at is None

    assert "errors" not in graphql(END, {"id": company("Acme Labs").pk}, token=super_token)
    assert "errors" not in graphql(END, {"id": company("Acme Labs").pk}, token=super_token)  # another tab
    assert MasqueradeSession.objects.get().end_reason == "ended"


def test_signing_out_ends_the_masquerade(super_token, graphql):
    begin(graphql, super_token, "Acme Labs")

    graphql("mutation { logout { result { message } } }", token=super_token)

    session = MasqueradeSession.objects.get()
    assert session.end_reason == "signed_out" and session.ended_at is not None


def test_a_company_leaving_approved_ends_the_masquerade(super_token, graphql):
    begin(graphql, super_token, "Acme Labs")

    company_status_set(company_ids=[company("Acme Labs").pk], status=CompanyStatus.INACTIVE)

    assert MasqueradeSession.objects.get().end_reason == "company_unavailable"
    info = graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]
    assert info["companyInfo"] is None and info["masquerade"] is None


SIGN_IN_ANSWER = (
    "result { token permissions { code permissionLevel } masquerade { id isAgenting companyName beganAt } }"
)
SUPER_LOGIN = (
    'mutation { login(loginData: {email: "superadmin@demo.test", password: "Demo1234"}) { ' + SIGN_IN_ANSWER + " } }"
)
HAND_OVER = (
    "mutation($jwt: String!) { authorization(authData: {bcToken: $jwt, channelId: 1}) { " + SIGN_IN_ANSWER + " } }"
)


def test_a_new_sign_in_joins_the_open_masquerade_and_is_told(super_token, graphql):
    """Issue 36: the masquerade is the super admin's, not a token's. A sign-in in another tab or on another device
    joins the one still open, and its answer says which and since when, with the permissions the new token has."""
    begin(graphql, super_token, "Acme Labs")
    session = MasqueradeSession.objects.get()
    password = graphql(SUPER_LOGIN)["data"]["login"]["result"]
    jwt = customer_jwt_issue(
        user=User.objects.get(email="superadmin@demo.test"), app_client_id=settings.PORTAL_APP_CLIENT_ID, channel_id=1
    )
    handed_over = graphql(HAND_OVER, {"jwt": jwt})["data"]["authorization"]["result"]

    for result in (password, handed_over):
        assert result["masquerade"] == {
            "id": company("Acme Labs").pk,
            "isAgenting": True,
            "companyName": "Acme Labs",
            "beganAt": session.began_at.isoformat(),
        }
        info = graphql(MASQUERADE_INFO, token=result["token"])["data"]["customerInfo"]
        assert (info["userInfo"]["role"], info["masquerade"]["companyName"]) == (3, "Acme Labs")
        assert result["permissions"] == info["permissions"] != []  # the company admin's, as the token has them
    assert MasqueradeSession.objects.filter(ended_at__isnull=True).count() == 1  # one masquerade, joined


def test_a_sign_in_without_an_open_masquerade_says_none(super_token, graphql):
    begin(graphql, super_token, "Acme Labs")
    graphql(END, {"id": company("Acme Labs").pk}, token=super_token)

    body = graphql(SUPER_LOGIN)

    assert body["data"]["login"]["result"]["masquerade"] is None
    assert body["data"]["login"]["result"]["permissions"] == []


def test_the_masquerade_says_since_when(super_token, graphql):
    begin(graphql, super_token, "Acme Labs")
    began = MasqueradeSession.objects.get().began_at.isoformat()

    current = graphql("{ superAdminMasquerading { beganAt } }", token=super_token)["data"]["superAdminMasquerading"]
    info = graphql("{ customerInfo { masquerade { beganAt } } }", token=super_token)["data"]["customerInfo"]

    assert current == info["masquerade"] == {"beganAt": began}


# --- the storefront ----------------------------------------------------------------------------------------------


def test_storefront_pages_follow_the_masquerade_and_show_the_bar(super_token, graphql, client):
    superadmin = User.objects.get(email="superadmin@demo.test")
    client.force_login(superadmin)
    assert "You are masquerading as" not in client.get("/").content.decode()

    begin(graphql, super_token, "Acme Labs")

    page = client.get("/").content.decode()
    assert "You are masquerading as Acme Labs" in page
    assert "END MASQUERADE" in page and "#ED6C02" in page
    actor = actor_for_user(superadmin)
    assert actor.role == 3 and actor.b2b_company == company("Acme Labs")

    response = client.post("/masquerade/end/", {"next": "/search/?q=buffer"})

    assert response.status_code == 302 and response["Location"] == "/search/?q=buffer"
    assert MasqueradeSession.objects.get().end_reason == "ended"
    assert "You are masquerading as" not in client.get("/").content.decode()
    assert graphql(MASQUERADE_INFO, token=super_token)["data"]["customerInfo"]["masquerade"] is None


def test_the_masquerade_button_config(super_token, graphql, client):
    client.force_login(User.objects.get(email="superadmin@demo.test"))
    begin(graphql, super_token, "Acme Labs")
    entry = StorefrontConfig.objects.get(key="masquerade_button")
    page = client.get("/").content.decode()
    # The default texts are marked for the loader, which puts them in the buyer's language (issue 14 §3).
    assert 'data-b2b-text="button.endMasquerade">END MASQUERADE</button>' in page
    assert 'data-b2b-text="masquerade.as" data-b2b-company="Acme Labs"' in page
    entry.extra_fields = {**entry.extra_fields, "color": "#123456", "buttonText": "Stop"}
    entry.save()
    page = client.get("/").content.decode()
    assert "#123456" in page
    # The merchant's own text stays as written: not marked for translation.
    assert 'cursor:pointer">Stop</button>' in page and "button.endMasquerade" not in page

    entry.extra_fields = {**entry.extra_fields, "color": "red;background:url(x)"}
    entry.save()
    assert "url(x)" not in client.get("/").content.decode()

    StorefrontConfig.objects.filter(key="masquerade_button").update(value="0")
    assert "You are masquerading as" not in client.get("/").content.decode()


def test_the_storefront_ignores_masquerades_of_dead_tokens(super_token, graphql, client):
    superadmin = User.objects.get(email="superadmin@demo.test")
    begin(graphql, super_token, "Acme Labs")
    B2BToken.objects.update(revoked_at="2020-01-01T00:00:00Z")

    assert actor_for_user(superadmin).b2b_company is None


def test_the_storefront_end_button_needs_csrf_and_a_super_admin(super_token, graphql):
    from django.test import Client

    begin(graphql, super_token, "Acme Labs")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(User.objects.get(email="superadmin@demo.test"))
    assert strict.post("/masquerade/end/").status_code == 403

    buyer = Client()
    buyer.force_login(User.objects.get(email="admin@acme.test"))
    assert buyer.post("/masquerade/end/", {"next": "https://evil.test/"})["Location"] == "/"
    assert MasqueradeSession.objects.get().ended_at is None
