from django.db import transaction

from storefront.models import ContactRequest
from storefront.tasks import contact_request_notify


@transaction.atomic
def contact_request_submit(*, name: str, email: str, organisation: str, topic: str, message: str) -> ContactRequest:
    contact = ContactRequest.objects.create(
        name=name, email=email, organisation=organisation, topic=topic, message=message
    )
    transaction.on_commit(lambda: contact_request_notify.delay(contact.pk))
    return contact
