"""The sales desk in Django admin: the open-quotes queue, pricing a quote and sending it back (a revision with
what changed, e-mailed to the buyer), replies and files; expiry and the reminder."""

import datetime
from decimal import Decimal

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from quotes import services, tasks
from quotes.models import Quote, QuoteAttachment, QuoteMessage, QuoteRevision, QuoteStatus
from quotes.selectors import today
from tests.quotes.support import DETAIL, make_quote, pdf_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client, demo_store):
    client.login(username="staff@demo.test", password="Demo1234")
    return client


def _form(quote: Quote, **overrides) -> dict:
    lines = list(quote.lines.order_by("pk"))
    data = {
        "sales_rep": "",
        "discount_percent": str(quote.discount_percent),
        "shipping_total": "" if quote.shipping_total is None else str(quote.shipping_total),
        "expires_on": quote.expires_on.isoformat(),
        "reply": "",
        "lines-TOTAL_FORMS": str(len(lines)),
        "lines-INITIAL_FORMS": str(len(lines)),
        "lines-MIN_NUM_FORMS": "0",
        "lines-MAX_NUM_FORMS": "0",
    }
    for index, line in enumerate(lines):
        data |= {
            f"lines-{index}-id": str(line.pk),
            f"lines-{index}-quote": str(quote.pk),
            f"lines-{index}-quantity": str(line.quantity),
            f"lines-{index}-quoted_price": "" if line.quoted_price is None else str(line.quoted_price),
        }
    return data | overrides


def test_the_queue_lists_open_quotes_awaiting_the_supplier(staff_client, ethanol):
    waiting = make_quote("senior@acme.test", title="Needs prices")
    priced = make_quote("admin@globex.test", title="Already priced", priced=True)
    page = staff_client.get("/admin/quotes/quote/?queue=awaiting").content.decode()
    assert "Needs prices" in page and "Already priced" not in page
    page = staff_client.get(f"/admin/quotes/quote/?company__id__exact={priced.company_id}").content.decode()
    assert "Already priced" in page and "Needs prices" not in page
    change = staff_client.get(f"/admin/quotes/quote/{waiting.pk}/change/")
    assert change.status_code == 200
    assert "saving sends changes to the buyer as a new revision" in change.content.decode()


def test_staff_price_a_quote_in_admin_and_the_buyer_gets_the_revision(
    staff_client, ethanol, sodium_chloride, graphql, login, django_capture_on_commit_callbacks
):
    quote = make_quote("senior@acme.test", lines=[("HS-1001-100ML", 10), ("HS-1055-500G", 2)])
    first, second = quote.lines.order_by("pk")
    old_expiry = quote.expires_on
    new_expiry = today() + datetime.timedelta(days=60)
    data = _form(quote, **{
        "lines-0-quoted_price": "28.00", "lines-1-quantity": "5", "lines-1-quoted_price": "50.00",
        "discount_percent": "10", "shipping_total": "0", "expires_on": new_expiry.isoformat(),
        "reply": "Here are our prices, with free shipping.", "new_files": pdf_file("datasheet.pdf"),
    })  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(f"/admin/quotes/quote/{quote.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    quote.refresh_from_db()
    assert (quote.revision, quote.discount_percent, quote.shipping_total, quote.expires_on) == (
        1, Decimal("10.00"), Decimal("0.00"), new_expiry,
    )  # fmt: skip
    assert quote.sales_rep.email == "staff@demo.test"
    assert list(quote.lines.order_by("pk").values_list("quantity", "quoted_price")) == [
        (10, Decimal("28.00")), (5, Decimal("50.00")),
    ]  # fmt: skip
    # 10 × 25.20 + 5 × 45.00 (10% off), tax 6.25% per unit
    assert (quote.quoted_subtotal, quote.tax_total, quote.grand_total) == (
        Decimal("477.00"), Decimal("29.85"), Decimal("506.85"),
    )  # fmt: skip
    revision = QuoteRevision.objects.get(quote=quote, number=1)
    assert revision.created_by.email == "staff@demo.test"
    assert {(c["field"], c["lineId"], c["before"], c["after"]) for c in revision.changes} == {
        ("price", first.pk, None, "28.00"),
        ("price", second.pk, None, "50.00"),
        ("quantity", second.pk, "2", "5"),
        ("discount", None, "0.00", "10.00"),
        ("shipping", None, None, "0.00"),
        ("expiry", None, old_expiry.isoformat(), new_expiry.isoformat()),
    }
    (sent,) = mail.outbox
    assert sent.to == ["senior@acme.test"] and sent.subject == f"Your quote {quote.number} has been updated"
    assert "Here are our prices, with free shipping." in sent.body
    assert "HS-1055-500G quantity: 2 → 5" in sent.body
    # The buyer sees the revision, the reply and the supplier's file.
    detail = graphql(DETAIL, {"id": quote.pk}, token=login("senior@acme.test"))["data"]["quote"]
    assert detail["revision"] == 1 and detail["revisions"][1]["message"] == "Here are our prices, with free shipping."
    assert [m["message"] for m in detail["messages"]] == ["Here are our prices, with free shipping."]
    assert [(a["fileName"], a["fromSupplier"]) for a in detail["attachments"]] == [("datasheet.pdf", True)]


def test_a_reply_alone_is_a_message_not_a_revision(staff_client, ethanol, django_capture_on_commit_callbacks):
    quote = make_quote("senior@acme.test")
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            f"/admin/quotes/quote/{quote.pk}/change/", _form(quote, reply="Checking stock with the factory.")
        )
    assert response.status_code == 302
    assert Quote.objects.get(pk=quote.pk).revision == 0
    assert QuoteMessage.objects.get().from_staff is True
    (sent,) = mail.outbox
    assert "Checking stock with the factory." in sent.body and sent.to == ["senior@acme.test"]


def test_staff_cannot_change_an_ordered_quote(staff_client, ethanol):
    quote = make_quote("senior@acme.test", priced=True)
    Quote.objects.filter(pk=quote.pk).update(status=QuoteStatus.ORDERED)
    response = staff_client.post(f"/admin/quotes/quote/{quote.pk}/change/", _form(quote, discount_percent="50"))
    assert response.status_code == 200
    assert "can no longer be changed" in response.content.decode()
    assert Quote.objects.get(pk=quote.pk).discount_percent == Decimal(0)


def test_staff_files_are_checked_like_the_buyers(staff_client, ethanol):
    from django.core.files.uploadedfile import SimpleUploadedFile

    quote = make_quote("senior@acme.test")
    fake = SimpleUploadedFile("notes.pdf", b"not a pdf at all", content_type="application/pdf")
    response = staff_client.post(f"/admin/quotes/quote/{quote.pk}/change/", _form(quote, new_files=fake))
    assert response.status_code == 200
    assert "was rejected" in response.content.decode()
    assert QuoteAttachment.objects.count() == 0


def test_the_staff_pdf_and_file_links_work(staff_client, ethanol):
    quote = make_quote("senior@acme.test", priced=True)
    services.quote_attachment_add(quote=quote, upload=pdf_file("buyer.pdf"), from_staff=False)
    assert staff_client.get(f"/admin/quotes/quote/{quote.pk}/pdf/").content.startswith(b"%PDF-")
    attachment = QuoteAttachment.objects.get()
    response = staff_client.get(f"/admin/quotes/quote/attachment/{attachment.pk}/download/")
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_expiry_marks_quotes_past_their_date_and_reminds_buyers_once(ethanol, django_capture_on_commit_callbacks):
    past = make_quote("senior@acme.test", title="Past", priced=True)
    soon = make_quote("admin@globex.test", title="Soon", priced=True)
    later = make_quote("b2c@demo.test", title="Later")
    Quote.objects.filter(pk=past.pk).update(expires_on=today() - datetime.timedelta(days=1))
    Quote.objects.filter(pk=soon.pk).update(expires_on=today() + datetime.timedelta(days=3))
    Quote.objects.filter(pk=later.pk).update(expires_on=today() + datetime.timedelta(days=4))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.quotes_expire() == {"expired": 1, "reminders": 1, "purgedDrafts": 0}
    assert Quote.objects.get(pk=past.pk).status == QuoteStatus.EXPIRED
    assert Quote.objects.get(pk=soon.pk).status == QuoteStatus.OPEN
    (reminder,) = mail.outbox
    assert reminder.to == ["admin@globex.test"] and soon.number in reminder.subject
    # Sent once: the next run (or the command) sends nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        call_command("expire_quotes", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert len(mail.outbox) == 1
    # Moving an expired quote's date into the future reopens it (a new revision).
    services.quote_send_back(quote_id=past.pk, staff_user=None, expires_on=today() + datetime.timedelta(days=10))
    assert Quote.objects.get(pk=past.pk).status == QuoteStatus.OPEN


def test_guest_drafts_untouched_for_30_days_are_purged_with_their_files(demo_store, django_capture_on_commit_callbacks):
    from accounts.selectors import GUEST
    from quotes.models import QuoteDraft

    stale, stale_key = services.quote_draft_attachment_add(actor=GUEST, draft_key=None, upload=pdf_file())
    fresh, _ = services.quote_draft_attachment_add(actor=GUEST, draft_key=None, upload=pdf_file())
    QuoteDraft.objects.filter(pk=stale.draft_id).update(updated_at=timezone.now() - datetime.timedelta(days=31))
    storage, name = stale.file.storage, stale.file.name
    assert storage.exists(name)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.quotes_expire()["purgedDrafts"] == 1
    assert list(QuoteDraft.objects.values_list("pk", flat=True)) == [fresh.draft_id]
    assert not storage.exists(name)


def test_the_beat_schedule_runs_the_expiry(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["quotes-expire"]
    assert entry["task"] == "quotes.tasks.quotes_expire" and entry["schedule"] > 0
    assert settings.QUOTE_EXPIRY_REMINDER_DAYS == 3


def test_seed_demo_has_quotes_in_every_status_for_both_companies(db, graphql, login):
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115 (idempotent)
    for company in ("Acme Labs", "Globex Research"):
        statuses = set(Quote.objects.filter(company__name=company).values_list("status", flat=True))
        assert statuses == {"open", "ordered", "expired"}, company
    assert Quote.objects.count() == 7
    replied = Quote.objects.get(title="Analytical balance for the QC lab")
    detail = graphql(DETAIL, {"id": replied.pk}, token=login("senior@acme.test"))["data"]["quote"]
    assert (detail["revision"], detail["status"], detail["canCheckout"]) == (2, "open", True)
    assert [m["fromSupplier"] for m in detail["messages"]] == [True, False, True]
    assert {c["field"] for c in detail["revisions"][2]["changes"]} == {"discount", "expiry"}
    assert Decimal(detail["summary"]["grandTotal"]) == replied.grand_total
