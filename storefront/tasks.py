from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils import timezone

from portal.mail import MAIL_TASK_OPTIONS
from storefront.models import ContactRequest


@shared_task(**MAIL_TASK_OPTIONS)
def contact_request_notify(contact_request_id: int) -> bool:
    """E-mail the sales desk about a contact request, once. Returns whether this run sent it."""
    claimed = ContactRequest.objects.filter(pk=contact_request_id, notified_at__isnull=True).update(
        notified_at=timezone.now()
    )
    if not claimed:
        return False
    contact = ContactRequest.objects.get(pk=contact_request_id)
    try:
        EmailMessage(
            subject=f"[Storefront] {contact.get_topic_display()} from {contact.name}",
            body=render_to_string("storefront/email/contact_request.txt", {"contact": contact}),
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[settings.STAFF_NOTIFICATION_EMAIL],
            reply_to=[contact.email],
        ).send()
    except OSError:
        # Release the claim so that the retry sends it.
        ContactRequest.objects.filter(pk=contact_request_id).update(notified_at=None)
        raise
    return True
