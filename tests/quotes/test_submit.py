"""Submitting the draft: a numbered open quote, the draft cleared, the configured confirmation, e-mails to staff
and the buyer, auto-quoting, a guest's access key, and the business §7 quote event reaching a CRM."""

import json
import threading
from datetime import timedelta
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
from django.core import mail

from portal.models import StorefrontConfig
from quotes.models import Quote, QuoteDraft, QuoteStatus
from quotes.selectors import today
from tests.helpers import error_code
from tests.quotes.support import ADD, DETAIL, SUBMIT, UPDATE_INFO, line, set_switch

pytestmark = pytest.mark.django_db

CONTACT = {"contactInfo": {"name": "Ada Chen", "email": "ada@uni.test", "quoteTitle": "Teaching lab solvents"}}


def _guest_draft(graphql) -> str:
    key = graphql(ADD, {"lines": [line("HS-1001-100ML", 2), line("HS-1055-500G", 1)]})["data"]["quoteDraftAddLines"][
        "draft"
    ]["draftKey"]
    graphql(UPDATE_INFO, {"key": key, "data": CONTACT})
    return key


def test_a_guest_submits_gets_a_number_the_confirmation_and_an_access_key(
    ethanol, sodium_chloride, graphql, django_capture_on_commit_callbacks
):
    key = _guest_draft(graphql)
    with django_capture_on_commit_callbacks(execute=True):
        result = graphql(SUBMIT, {"key": key})["data"]["quoteDraftSubmit"]
    quote = Quote.objects.get()
    assert result["number"] == quote.number == f"Q-{100000 + quote.pk}"
    assert (result["status"], result["autoQuoted"]) == ("open", False)
    assert result["title"] == "Thank you for your quote request"
    assert result["message"].startswith("Our sales team will review it")
    assert result["accessKey"] and len(result["accessKey"]) == 40
    assert QuoteDraft.objects.count() == 0  # the draft is cleared
    assert (quote.contact_email, quote.title, quote.user, quote.company) == (
        "ada@uni.test", "Teaching lab solvents", None, None,
    )  # fmt: skip
    assert quote.expires_on == today() + timedelta(days=30)
    assert quote.original_subtotal == Decimal("76.00") + Decimal("61.20")
    assert list(quote.lines.values_list("sku", "quantity", "original_price", "quoted_price")) == [
        ("HS-1001-100ML", 2, Decimal("38.00"), None), ("HS-1055-500G", 1, Decimal("61.20"), None),
    ]  # fmt: skip
    # E-mails: the sales desk and the buyer, whose link carries the key.
    staff, buyer = sorted(mail.outbox, key=lambda m: m.to[0] != "sales@helix-scientific.test")
    assert staff.to == ["sales@helix-scientific.test"] and quote.number in staff.subject
    assert staff.reply_to == ["ada@uni.test"]
    assert buyer.to == ["ada@uni.test"] and buyer.subject == f"Your quote request {quote.number}"
    assert f"#/quoteDetail/{quote.pk}?accessKey={result['accessKey']}" in buyer.body
    # The guest reaches the quote by the key, and only by it.
    detail = graphql(DETAIL, {"id": quote.number, "key": result["accessKey"]})["data"]["quote"]
    assert (detail["number"], detail["status"], detail["isPriced"], detail["canCheckout"]) == (
        quote.number, "open", False, False,
    )  # fmt: skip
    assert detail["summary"] == {
        "originalSubtotal": "137.20", "discount": None, "discountPercent": "0.00", "quotedSubtotal": None,
        "shipping": None, "tax": None, "grandTotal": None,
    }  # fmt: skip
    assert error_code(graphql(DETAIL, {"id": quote.pk, "key": "x" * 40})) == "NOT_FOUND"
    assert error_code(graphql(DETAIL, {"id": quote.pk})) == "NOT_FOUND"


def test_submitting_needs_lines_and_contact_and_changes_nothing_when_refused(ethanol, graphql):
    empty = graphql(SUBMIT, {"key": None})
    assert error_code(empty) == "QUOTE_DRAFT_EMPTY"
    key = graphql(ADD, {"lines": [line("HS-1001-100ML")]})["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
    body = graphql(SUBMIT, {"key": key})
    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {
        "contactInfo.name": ["Enter your name."],
        "contactInfo.email": ["Enter your email address."],
    }
    assert Quote.objects.count() == 0 and QuoteDraft.objects.count() == 1


def test_a_company_buyer_submits_with_their_prices_and_no_access_key(ethanol, graphql, login):
    token = login("senior@acme.test")
    graphql(ADD, {"lines": [line("HS-1001-100ML", 2)]}, token=token)
    result = graphql(SUBMIT, {}, token=token)["data"]["quoteDraftSubmit"]
    assert result["accessKey"] is None
    quote = Quote.objects.get()
    assert (quote.user.email, quote.company.name, quote.contact_name) == ("senior@acme.test", "Acme Labs", "Sam Senior")
    assert quote.lines.get().original_price == Decimal("32.30")
    assert quote.revisions.get().by_supplier is False


def test_auto_quoting_prices_the_quote_on_submit_as_revision_1(
    ethanol, graphql, login, django_capture_on_commit_callbacks
):
    set_switch("quote_auto_quoting", "1")
    token = login("senior@acme.test")
    graphql(ADD, {"lines": [line("HS-1001-100ML", 2)]}, token=token)
    with django_capture_on_commit_callbacks(execute=True):
        result = graphql(SUBMIT, {}, token=token)["data"]["quoteDraftSubmit"]
    assert result["autoQuoted"] is True
    detail = graphql(DETAIL, {"id": result["quoteId"]}, token=token)["data"]["quote"]
    assert (detail["revision"], detail["isPriced"], detail["canCheckout"]) == (1, True, True)
    assert [(r["number"], r["bySupplier"], r["automatic"]) for r in detail["revisions"]] == [
        (0, False, False), (1, True, True),
    ]  # fmt: skip
    assert detail["revisions"][1]["changes"][0] == {
        "field": "price", "lineId": detail["lines"][0]["id"], "sku": "HS-1001-100ML",
        "productName": "Ethanol, absolute, ≥99.8%", "before": None, "after": "32.30",
    }  # fmt: skip
    assert detail["lines"][0]["quotedPrice"] == detail["lines"][0]["originalPrice"] == "32.30"
    assert detail["summary"] == {
        "originalSubtotal": "64.60", "discount": "0.00", "discountPercent": "0.00", "quotedSubtotal": "64.60",
        "shipping": None, "tax": "4.04", "grandTotal": "68.64",
    }  # fmt: skip
    # One e-mail to the buyer, which says the quote is ready.
    buyer = next(m for m in mail.outbox if m.to == ["senior@acme.test"])
    assert "Your quote is ready" in buyer.body


def test_the_submission_response_is_the_configured_text(ethanol, graphql, login):
    StorefrontConfig.objects.filter(key="quote_submission_response").update(
        extra_fields={"title": "Merci !", "message": "Nous revenons vers vous."}
    )
    token = login("b2c@demo.test")
    graphql(ADD, {"lines": [line("HS-1001-100ML")]}, token=token)
    result = graphql(SUBMIT, {}, token=token)["data"]["quoteDraftSubmit"]
    assert (result["title"], result["message"]) == ("Merci !", "Nous revenons vers vous.")


class _CrmHandler(BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):  # noqa: N802
        body = self.rfile.read(int(self.headers["Content-Length"]))
        type(self).received.append((self.path, self.headers.get("Authorization"), json.loads(body)))
        self.send_response(202)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def crm_server():
    _CrmHandler.received = []
    server = HTTPServer(("127.0.0.1", 0), _CrmHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, _CrmHandler.received
    server.shutdown()
    server.server_close()


def test_the_quote_event_reaches_the_crm_with_the_bearer_token(
    ethanol, graphql, login, settings, crm_server, django_capture_on_commit_callbacks
):
    server, received = crm_server
    settings.CRM_QUOTE_EVENT_URL = f"http://127.0.0.1:{server.server_port}/"
    settings.CRM_QUOTE_EVENT_TOKEN = "crm-secret"
    token = login("senior@acme.test")
    graphql(ADD, {"lines": [line("HS-1001-100ML", 2)]}, token=token)
    with django_capture_on_commit_callbacks(execute=True):
        number = graphql(SUBMIT, {}, token=token)["data"]["quoteDraftSubmit"]["number"]
    ((path, authorization, payload),) = received
    assert path == "/quote-ecom-crm/api/v1/quote"
    assert authorization == "Bearer crm-secret"
    assert (payload["action"], payload["resource"]) == ("create", "quote")
    assert payload["data"]["quoteNumber"] == number and payload["data"]["status"] == QuoteStatus.OPEN
    assert payload["data"]["email"] == "senior@acme.test" and payload["data"]["originalSubtotal"] == "64.60"


def test_a_failing_crm_is_logged_and_the_quote_stands(
    ethanol, sodium_chloride, graphql, settings, caplog, django_capture_on_commit_callbacks
):
    settings.CRM_QUOTE_EVENT_URL = "http://127.0.0.1:9"  # nothing listens on the discard port
    key = _guest_draft(graphql)
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(SUBMIT, {"key": key})
    assert "errors" not in body
    assert Quote.objects.count() == 1
    assert "was not delivered" in caplog.text


def test_no_event_is_sent_when_the_crm_is_not_configured(demo_store, settings):
    from quotes.tasks import quote_event_send

    settings.CRM_QUOTE_EVENT_URL = ""
    assert quote_event_send(123, "create") is False


def test_guests_submit_at_most_10_quotes_an_hour_from_one_address(ethanol, sodium_chloride, graphql):
    for _ in range(10):
        assert "errors" not in graphql(SUBMIT, {"key": _guest_draft(graphql)})
    key = _guest_draft(graphql)
    body = graphql(SUBMIT, {"key": key})
    assert error_code(body) == "TOO_MANY_REQUESTS"
    assert Quote.objects.count() == 10 and QuoteDraft.objects.count() == 1
