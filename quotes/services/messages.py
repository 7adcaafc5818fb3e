"""After submission: the buyer's messages and the files on a quote."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from accounts.selectors import Actor
from quotes import files
from quotes.errors import field_error
from quotes.models import Quote, QuoteAttachment, QuoteMessage

MAX_MESSAGE_LENGTH = 2000


def _author_name(actor: Actor | None, quote: Quote) -> str:
    if actor is not None and actor.user is not None:
        return (actor.user.get_full_name() or actor.user.email)[:150]
    return quote.contact_name[:150] or "Guest"


@transaction.atomic
def quote_message_create(*, quote: Quote, actor: Actor | None, body: str, notify: bool = True) -> QuoteMessage:
    """The buyer writes to the supplier (update_quote_message, or a guest with the access key); staff are
    e-mailed once it commits."""
    from quotes import tasks

    text = (body or "").strip()
    if not text:
        raise field_error("message", "Enter a message.", "required")
    if len(text) > MAX_MESSAGE_LENGTH:
        raise field_error("message", f"Enter at most {MAX_MESSAGE_LENGTH} characters.", "max_length")
    message = QuoteMessage.objects.create(
        quote=quote, from_staff=False, author=actor.user if actor else None, author_name=_author_name(actor, quote),
        body=text,
    )  # fmt: skip
    Quote.objects.filter(pk=quote.pk).update(updated_at=timezone.now())
    if notify:
        transaction.on_commit(lambda: tasks.quote_message_notify.delay(message.pk))
    return message


@transaction.atomic
def quote_attachment_add(*, quote: Quote, upload: UploadedFile, uploaded_by=None, from_staff: bool) -> QuoteAttachment:
    """A file on a submitted quote, of the buyer (at most 3 in all, business §5) or of the staff."""
    checked = files.check_upload(upload)
    Quote.objects.select_for_update().filter(pk=quote.pk).first()
    existing = quote.attachments.filter(from_staff=from_staff).count()
    files.check_file_count(existing, limit=files.MAX_STAFF_FILES if from_staff else files.MAX_FILES)
    return QuoteAttachment.objects.create(
        quote=quote,
        from_staff=from_staff,
        uploaded_by=uploaded_by,
        file=upload,
        file_name=checked.name,
        size=checked.size,
        content_type=checked.content_type,
    )
