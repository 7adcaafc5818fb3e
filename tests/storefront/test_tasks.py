"""Celery tasks: idempotent, and a real round trip through the Redis broker to a worker."""

import os
import time

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.core import mail

from portal.celery import app as celery_app
from storefront.models import ContactRequest
from storefront.services import contact_request_submit
from storefront.tasks import contact_request_notify


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


def _broker_url() -> str | None:
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError:
        return None
    return url


def _drop_cached_producers() -> None:
    # Eager calls earlier in the session cached a producer pool on the in-memory broker; reset it the way
    # Celery itself does after a fork, so that publishing uses the broker URL set now.
    celery_app.close()
    celery_app.amqp._producer_pool = None


@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_task_round_trips_through_the_redis_broker_to_a_worker(settings):
    url = _broker_url()
    if url is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Redis at REDIS_URL")
        pytest.skip("No Redis reachable: start Redis or set REDIS_URL to run the broker test")
    previous = {k: celery_app.conf[k] for k in ("broker_url", "task_always_eager")}
    _drop_cached_producers()
    celery_app.conf.update(broker_url=url, task_always_eager=False)
    try:
        celery_app.control.purge()  # leftovers of an interrupted run must not be mistaken for this one
        with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
            contact = contact_request_submit(
                name="Ada", email="ada@uni.test", organisation="", topic="order", message="Broker test"
            )
            deadline = time.monotonic() + 60  # a bound on waiting, not a speed assertion
            while time.monotonic() < deadline:
                contact.refresh_from_db()
                if contact.notified_at:
                    break
                time.sleep(0.1)
        assert contact.notified_at is not None, "the worker never ran the task"
        assert [m.subject for m in mail.outbox] == ["[Storefront] Order, delivery or invoice from Ada"]
    finally:
        _drop_cached_producers()
        celery_app.conf.update(previous)
