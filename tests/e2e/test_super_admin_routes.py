"""Issue 13, item 6: a super admin who is not masquerading (role 4) opens the quote routes shell §2 allows them —
the quote draft (which says quotes are built for a company) and a quote's detail, read-only — instead of being sent
to the dashboard."""

import re

import pytest
from playwright.sync_api import expect

from pricing.demo import seed_catalog
from tests.quotes.support import make_quote


@pytest.fixture
def acme_quote(demo):
    seed_catalog()
    return make_quote("senior@acme.test", lines=[("HS-1001-100ML", 2)], priced=True)


def test_a_super_admin_not_masquerading_opens_the_quote_draft_and_a_quote_read_only(page, portal, acme_quote):
    portal.sign_in("superadmin@demo.test")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()

    portal.open("/quoteDraft")
    expect(page.get_by_role("heading", name="Quote draft")).to_be_visible()
    expect(page.get_by_text("Quotes are built for a company.", exact=False)).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/quoteDraft$"))
    page.get_by_role("link", name="Go to the dashboard").click()
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()

    portal.open(f"/quoteDetail/{acme_quote.pk}")
    expect(page.get_by_role("heading", name=f"Quote {acme_quote.number}")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"#/quoteDetail/{acme_quote.pk}$"))
    expect(page.get_by_text("HS-1001-100ML").first).to_be_visible()
    expect(page.get_by_role("button", name="Download PDF")).to_be_visible()
    expect(page.get_by_role("button", name="Proceed to checkout")).to_have_count(0)
