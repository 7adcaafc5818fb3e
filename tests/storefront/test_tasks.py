"""Celery tasks: idempotent, and a real round trip through the Redis broker to a worker."""

import pytest
from django.core import mail

from storefront.models import ContactRequest
from storefront.services import contact_request_submit
from storefront.tasks import contact_request_notify
from tests.helpers import broker_url_or_skip, celery_worker_on_broker, until_state


def _contact() -> ContactRequest:
    return ContactRequest.objects.create(name="Ada", email="ada@uni.test", topic="order", message="Where is my order?")


@pytest.mark.django_db
def test_notification_is_sent_once_however_often_the_task_runs():
    contact = _contact()
    assert contact_request_notify(contact.pk) is True
    assert contact_request_notify(contact.pk) is False
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_failed_send_releases_the_claim_for_a_retry(monkeypatch):
    contact = _contact()

    def refuse(*args, **kwargs):
        raise ConnectionRefusedError("SMTP down")

    monkeypatch.setattr("django.core.mail.EmailMessage.send", refuse)
    with pytest.raises(ConnectionRefusedError):
        contact_request_notify.run(contact.pk)
    contact.refresh_from_db()
    assert contact.notified_at is None


@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_task_round_trips_through_the_redis_broker_to_a_worker(settings):
    with celery_worker_on_broker(broker_url_or_skip()):
        contact = contact_request_submit(
            name="Ada", email="ada@uni.test", organisation="", topic="order", message="Broker test"
        )
        until_state(lambda: ContactRequest.objects.get(pk=contact.pk).notified_at, "the worker ran the task", bound=60)
    assert [m.subject for m in mail.outbox] == ["[Storefront] Order, delivery or invoice from Ada"]
