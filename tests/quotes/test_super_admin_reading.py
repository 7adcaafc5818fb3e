"""shell §2 lets role 4 — a super admin who is not masquerading — open /quoteDetail/{id} (issue 13): they read the
quotes of the companies they may masquerade as, and change nothing."""

import pytest

from accounts.models import Company, User
from quotes.models import Quote, QuoteMessage
from storefront.models import Cart
from tests.helpers import error_code
from tests.quotes.support import CHECKOUT, DETAIL, LIST, MESSAGE, PDF, make_quote

pytestmark = pytest.mark.django_db


@pytest.fixture
def acme_quote(ethanol):
    return make_quote("senior@acme.test", priced=True)


def test_a_super_admin_not_masquerading_reads_a_quote_and_its_pdf(acme_quote, graphql, login):
    token = login("superadmin@demo.test")

    detail = graphql(DETAIL, {"id": acme_quote.number}, token=token)

    assert "errors" not in detail, detail
    quote = detail["data"]["quote"]
    assert (quote["number"], quote["companyName"]) == (acme_quote.number, "Acme Labs")
    assert (quote["canMessage"], quote["canCheckout"], quote["canDownloadPdf"]) == (False, False, True)
    assert graphql(PDF, {"id": acme_quote.pk}, token=token)["data"]["quotePdf"]["url"]


def test_a_super_admin_not_masquerading_changes_nothing_on_a_quote(acme_quote, graphql, login):
    token = login("superadmin@demo.test")
    before = (Quote.objects.get(pk=acme_quote.pk).status, QuoteMessage.objects.count(), Cart.objects.count())

    assert error_code(graphql(MESSAGE, {"id": acme_quote.pk, "message": "Hello"}, token=token)) == "PERMISSION_DENIED"
    assert error_code(graphql(CHECKOUT, {"id": acme_quote.pk}, token=token)) == "PERMISSION_DENIED"
    assert error_code(graphql(LIST, {"orderBy": "-createdAt"}, token=token)) == "PERMISSION_DENIED"
    assert (Quote.objects.get(pk=acme_quote.pk).status, QuoteMessage.objects.count(), Cart.objects.count()) == before


def test_a_restricted_super_admin_reads_only_their_companies_quotes(acme_quote, graphql, login):
    superadmin = User.objects.get(email="superadmin@demo.test")
    superadmin.masquerade_companies.set([Company.objects.get(name="Globex Research")])
    token = login("superadmin@demo.test")

    assert error_code(graphql(DETAIL, {"id": acme_quote.pk}, token=token)) == "NOT_FOUND"
    assert error_code(graphql(PDF, {"id": acme_quote.pk}, token=token)) == "NOT_FOUND"
