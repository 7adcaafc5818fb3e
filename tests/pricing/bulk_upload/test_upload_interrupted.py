"""A bulk upload whose worker dies mid-file (issue 36 item 1): it fails visibly ("The check was interrupted — upload
again.") once its heartbeat is older than JOB_STALE_SECONDS — at the next poll, or by the sweep that Celery beat runs
every minute — instead of staying "running" until the broker's visibility timeout; a task delivered again sooner
than that does nothing, and a worker that was only slow loses its claim and writes nothing."""

from __future__ import annotations

import datetime
import os
import re
import threading
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.files.base import ContentFile
from django.utils import timezone

from accounts.storage import private_storage
from pricing import tasks
from pricing.bulk_upload import files, services
from pricing.models import BulkUpload
from tests.helpers import broker_url_or_skip, celery_sending_to_broker, celery_worker_process, until_state
from tests.pricing.bulk_upload.support import UPLOAD_URL, data_of, fetch

INTERRUPTED = {"code": "BULK_UPLOAD_INTERRUPTED", "message": "The check was interrupted — upload again."}


def _running(*, seconds_since_heartbeat: float, progress: int = 20) -> BulkUpload:
    """A guest's large upload that a worker claimed, last reporting `seconds_since_heartbeat` ago."""
    upload = BulkUpload.objects.create(file_name="big.csv", file_size=5000)
    name = f"{services.STORAGE_FOLDER}/{upload.key}/upload.csv"
    private_storage().save(name, ContentFile(_csv_bytes(100)))
    BulkUpload.objects.filter(pk=upload.pk).update(
        source=name,
        status="running",
        claim_token="the-worker",
        progress=progress,
        heartbeat_at=timezone.now() - datetime.timedelta(seconds=seconds_since_heartbeat),
    )
    upload.refresh_from_db()
    return upload


def _csv_bytes(size: int) -> bytes:
    """A CSV file of `size` bytes that ends with a line break: a header, then rows of an unknown SKU."""
    header, row = b"variant_sku,qty\n", b"HS-0000-0,1\n"
    body = size - len(header)
    rows, padding = divmod(body, len(row))
    return header + row * rows + b"\n" * padding


@pytest.mark.django_db
def test_the_poll_of_a_run_whose_worker_stopped_reporting_answers_interrupted(client, settings, tmp_path):
    settings.JOB_STALE_SECONDS = 120
    alive = _running(seconds_since_heartbeat=0)
    dead = _running(seconds_since_heartbeat=121)

    polled_alive = data_of(fetch(client, f"{UPLOAD_URL}/{alive.key}"))
    polled_dead = data_of(fetch(client, f"{UPLOAD_URL}/{dead.key}"))

    assert (polled_alive["status"], polled_alive["progress"], polled_alive["error"]) == ("running", 20, None)
    assert (polled_dead["status"], polled_dead["error"], polled_dead["result"]) == ("failed", INTERRUPTED, None)
    dead.refresh_from_db()
    assert (dead.claim_token, dead.source.name) == ("", "")
    assert not private_storage().exists(f"{services.STORAGE_FOLDER}/{dead.key}/upload.csv")  # uploaded again anew
    assert private_storage().exists(alive.source.name)


@pytest.mark.django_db
def test_a_poll_of_a_reporting_run_costs_no_query_more(client, settings, django_assert_num_queries):
    settings.JOB_STALE_SECONDS = 120
    alive = _running(seconds_since_heartbeat=1)

    with django_assert_num_queries(1):  # the upload by its key (a guest's: no sign-in to read)
        data_of(fetch(client, f"{UPLOAD_URL}/{alive.key}"))


@pytest.mark.django_db
def test_a_task_delivered_again_sooner_than_the_stale_limit_does_nothing_and_the_sweep_ends_the_run(settings):
    settings.JOB_STALE_SECONDS = 120
    upload = _running(seconds_since_heartbeat=30)

    # The broker gave the task back while the dead run's heartbeat was still fresh: nothing to claim.
    assert tasks.product_upload_validate.run(upload.pk) is False
    upload.refresh_from_db()
    assert (upload.status, upload.progress) == ("running", 20)

    # Nobody polls either: Celery beat's sweep (every minute) ends it once it is stale — never "running" forever.
    entry = settings.CELERY_BEAT_SCHEDULE["bulk-uploads-interrupt-stale"]
    assert (entry["task"], entry["schedule"]) == (tasks.bulk_uploads_interrupt_stale.name, 60.0)
    assert services.bulk_uploads_interrupt_stale(now=upload.heartbeat_at + datetime.timedelta(seconds=119)) == 0
    assert services.bulk_uploads_interrupt_stale(now=upload.heartbeat_at + datetime.timedelta(seconds=121)) == 1
    upload.refresh_from_db()
    assert (upload.status, upload.failure_code, upload.failure_message) == (
        "failed",
        INTERRUPTED["code"],
        INTERRUPTED["message"],
    )
    assert tasks.product_upload_validate.run(upload.pk) is False  # a later delivery leaves the answer alone
    assert BulkUpload.objects.get(pk=upload.pk).status == "failed"


@pytest.mark.django_db
def test_a_worker_taken_for_dead_loses_its_claim_and_writes_nothing(settings):
    settings.JOB_STALE_SECONDS = 120
    upload = BulkUpload.objects.create(file_name="big.csv", file_size=1000)
    token = services._claim(upload.pk)
    progress = services._Progress(upload, token)
    progress(200)
    BulkUpload.objects.filter(pk=upload.pk).update(heartbeat_at=timezone.now() - datetime.timedelta(seconds=121))

    assert tasks.bulk_uploads_interrupt_stale.run() == 1
    with pytest.raises(services.ClaimLost):
        progress(600)  # the slow worker's next report
    upload.refresh_from_db()
    assert (upload.status, upload.progress, upload.failure_code) == ("failed", 20, INTERRUPTED["code"])


@pytest.mark.django_db
def test_a_job_reports_even_while_its_percent_stays(settings, monkeypatch):
    settings.JOB_STALE_SECONDS = 120
    upload = BulkUpload.objects.create(file_name="huge.csv", file_size=10_000_000)
    progress = services._Progress(upload, services._claim(upload.pk))
    BulkUpload.objects.filter(pk=upload.pk).update(heartbeat_at=None)
    clock = [time.monotonic()]
    monkeypatch.setattr(services.time, "monotonic", lambda: clock[0])  # the job's own clock, not the test's speed

    progress(1000)  # under 1%: no report yet
    assert BulkUpload.objects.get(pk=upload.pk).heartbeat_at is None
    clock[0] += 31  # a quarter of the stale limit later, still under 1%
    progress(2000)
    assert BulkUpload.objects.get(pk=upload.pk).heartbeat_at is not None


def test_a_dead_worker_is_reported_within_five_minutes_by_default():
    """The defaults: the stale limit and one sweep interval stay within the five minutes issue 36 allows."""
    sweep = django_settings.CELERY_BEAT_SCHEDULE["bulk-uploads-interrupt-stale"]["schedule"]
    assert django_settings.JOB_STALE_SECONDS + sweep <= 5 * 60
    # The broker gives a lost worker's task back only after the longest task and retry countdown.
    assert django_settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] > max(
        django_settings.JOB_STALE_SECONDS, getattr(django_settings, "MAIL_RETRY_MAX_SECONDS", 600)
    )


# --- a real worker process on the real broker, killed mid-file ---------------------------------------------------


def _publish(url: str, upload_id: int, queue: str) -> str:
    with celery_sending_to_broker(url):
        return tasks.product_upload_validate.apply_async((upload_id,), queue=queue).id


@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_file_leaves_an_upload_that_fails_visibly(client, settings, tmp_path):
    url = broker_url_or_skip()
    queue = f"h-killed-{uuid.uuid4().hex[:8]}"
    block = files.BLOCK_BYTES
    upload = BulkUpload.objects.create(file_name="big.csv", file_size=5 * block)
    name = f"{services.STORAGE_FOLDER}/{upload.key}/upload.csv"
    path = Path(private_storage().path(name))
    path.parent.mkdir(parents=True)
    # The stored file is a pipe the test writes: the worker reads a fifth of the "file" (20%) and waits for the rest,
    # so that it is killed mid-file whatever the machine's speed.
    os.mkfifo(path)
    BulkUpload.objects.filter(pk=upload.pk).update(source=name)
    first_fifth, killed = _csv_bytes(block), threading.Event()

    def write_a_fifth():
        try:
            with path.open("wb") as pipe:  # opens once the worker opens the file
                pipe.write(first_fifth)
                killed.wait(300)
        except OSError:
            pass  # the reader is gone (the test failed before the worker read it)

    writer = threading.Thread(target=write_a_fifth, daemon=True)
    writer.start()
    first = celery_worker_process(queue=queue, log=tmp_path / "first.log", broker=url)
    second = None
    try:
        task_id = _publish(url, upload.pk, queue)
        until_state(lambda: BulkUpload.objects.filter(pk=upload.pk, status="running", progress=20).exists(), "20% read")

        first.kill()  # SIGKILL: no handler runs, the task is never acknowledged
        first.wait(60)
        killed.set()
        polled = data_of(fetch(client, f"{UPLOAD_URL}/{upload.key}"))
        assert (polled["status"], polled["progress"], polled["error"]) == ("running", 20, None)

        # The broker gives the task back sooner than the stale limit (here at once: a visibility timeout of 0); the
        # second worker's run finds the dead run's claim still fresh and does nothing.
        second = celery_worker_process(
            queue=queue, log=tmp_path / "second.log", broker=url, BROKER_VISIBILITY_TIMEOUT="0"
        )
        ran = re.compile(rf"\[{task_id}\] succeeded in [0-9.]+s: (\w+)")
        done = until_state(lambda: ran.search((tmp_path / "second.log").read_text(errors="replace")), "delivered again")
        assert done.group(1) == "False"  # product_upload_validate: this run did not check the file
        assert BulkUpload.objects.get(pk=upload.pk).status == "running"

        # The stale limit passes (JOB_STALE_SECONDS, two minutes by default; here at once, not waited for): the next
        # poll answers that the check was interrupted.
        settings.JOB_STALE_SECONDS = 0
        polled = data_of(fetch(client, f"{UPLOAD_URL}/{upload.key}"))
        assert (polled["status"], polled["error"], polled["result"]) == ("failed", INTERRUPTED, None)
        assert not path.exists()
    finally:
        killed.set()
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                worker.terminate()
                worker.wait(60)
        if writer.is_alive() and path.exists():
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))  # a writer still waiting for a reader is let go
        writer.join(10)
