"""An invoice export whose worker dies mid-file (issue 36 item 1): its link answers 410 INVOICE_EXPORT_INTERRUPTED
("The export was interrupted — export again.") once the heartbeat is older than JOB_STALE_SECONDS — when the overlay
asks for the file, or by the sweep Celery beat runs every minute — instead of 409 "not ready" until the broker's
visibility timeout; a task delivered again does nothing, and a worker that was only slow writes no file."""

from __future__ import annotations

import datetime
import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from invoices import tasks
from invoices.models import Invoice, InvoiceExport
from invoices.services import export as export_services
from tests.helpers import (
    broker_url_or_skip,
    celery_sending_to_broker,
    celery_worker_process,
    rest_refusal,
    until_state,
)
from tests.invoices.conftest import company, user

INTERRUPTED_MESSAGE = "The export was interrupted — export again."


def _export(*, status: str = "pending", seconds_since_heartbeat: float | None = None) -> InvoiceExport:
    heartbeat = None
    if seconds_since_heartbeat is not None:
        heartbeat = timezone.now() - datetime.timedelta(seconds=seconds_since_heartbeat)
    return InvoiceExport.objects.create(
        key=f"export-{InvoiceExport.objects.count()}-" + "k" * 30,
        company=company("Acme Labs"),
        requested_by=user("admin@acme.test"),
        filters={"scope": 2},
        status=status,
        claim_token="the-worker" if status == "running" else "",
        heartbeat_at=heartbeat,
    )


def _get(client, export: InvoiceExport, token: str):
    return client.get(f"/api/v2/invoices/exports/{export.key}.csv", HTTP_AUTHORIZATION=f"Bearer {token}")


def test_the_link_of_an_export_whose_worker_stopped_answers_interrupted(invoices, client, sign_in, settings):
    settings.JOB_STALE_SECONDS = 120
    token = sign_in("admin")
    alive = _export(status="running", seconds_since_heartbeat=0)
    dead = _export(status="running", seconds_since_heartbeat=121)

    still_writing = rest_refusal(_get(client, alive, token), 409)
    interrupted = rest_refusal(_get(client, dead, token), 410)

    assert still_writing["extensions"]["code"] == "INVOICE_EXPORT_NOT_READY"
    assert (interrupted["extensions"]["code"], interrupted["message"]) == (
        "INVOICE_EXPORT_INTERRUPTED",
        INTERRUPTED_MESSAGE,
    )
    dead.refresh_from_db()
    assert (dead.status, dead.claim_token, dead.file.name) == ("failed", "", "")
    assert InvoiceExport.objects.get(pk=alive.pk).status == "running"


def test_asking_for_an_export_being_written_adds_no_write(invoices, client, sign_in):
    token = sign_in("admin")
    alive = _export(status="running", seconds_since_heartbeat=0)

    with CaptureQueriesContext(connection) as captured:
        rest_refusal(_get(client, alive, token), 409)

    assert [query["sql"] for query in captured.captured_queries if query["sql"].startswith("UPDATE")] == []


def test_a_task_delivered_again_does_nothing_and_the_sweep_ends_the_run(invoices, settings):
    settings.JOB_STALE_SECONDS = 120
    made = _export(status="running", seconds_since_heartbeat=30)

    # The broker gave the task back while the dead run's heartbeat was still fresh: nothing to claim, no file.
    tasks.invoices_export_write.run(made.pk)
    made.refresh_from_db()
    assert (made.status, made.file.name) == ("running", "")

    entry = settings.CELERY_BEAT_SCHEDULE["invoice-exports-interrupt-stale"]
    assert (entry["task"], entry["schedule"]) == (tasks.invoice_exports_interrupt_stale.name, 60.0)
    later = made.heartbeat_at + datetime.timedelta(seconds=119)
    assert export_services.invoice_exports_interrupt_stale(now=later) == 0
    assert export_services.invoice_exports_interrupt_stale(now=later + datetime.timedelta(seconds=2)) == 1
    tasks.invoices_export_write.run(made.pk)  # a later delivery leaves the answer alone
    made.refresh_from_db()
    assert (made.status, made.file.name) == ("failed", "")


def test_a_worker_taken_for_dead_meanwhile_writes_no_file(invoices, settings, monkeypatch):
    settings.JOB_STALE_SECONDS = 120
    made = _export()
    writing = export_services._row

    def taken_for_dead(invoice):
        InvoiceExport.objects.filter(pk=made.pk).update(heartbeat_at=timezone.now() - datetime.timedelta(minutes=3))
        tasks.invoice_exports_interrupt_stale.run()
        return writing(invoice)

    monkeypatch.setattr(export_services, "_row", taken_for_dead)

    result = export_services.invoice_export_write(export_id=made.pk)

    assert (result.status, result.file.name, result.row_count) == ("failed", "", 0)


def test_an_export_claims_its_file_once_and_is_written(invoices, settings):
    made = _export()

    written = export_services.invoice_export_write(export_id=made.pk)

    assert (written.status, written.claim_token) == ("ready", "")
    assert written.file.name.startswith("invoices/exports/") and written.row_count == 4
    assert export_services.invoice_export_write(export_id=made.pk).file.name == written.file.name


def test_a_storage_fault_gives_the_claim_back_for_the_retry(invoices, monkeypatch):
    made = _export()

    def refuse(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(made.file.storage.__class__, "save", refuse)
    with pytest.raises(OSError):
        export_services.invoice_export_write(export_id=made.pk)

    made.refresh_from_db()
    assert (made.status, made.claim_token, made.heartbeat_at) == ("pending", "", None)


# --- a real worker process on the real broker, killed mid-export -------------------------------------------------


@pytest.mark.broker
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_export_leaves_an_export_that_fails_visibly(invoices, client, sign_in, settings, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("The worker is held mid-export by a PostgreSQL table lock (CI runs PostgreSQL)")
    import psycopg

    url = broker_url_or_skip()
    queue = f"h-killed-export-{uuid.uuid4().hex[:8]}"
    token = sign_in("admin")
    made = _export()
    database = connection.settings_dict
    # Another session locks the invoices: the worker claims the export, then waits on its first read of them, so that
    # it is killed mid-export whatever the machine's speed.
    lock = psycopg.connect(
        dbname=database["NAME"],
        user=database["USER"],
        password=database["PASSWORD"] or None,
        host=database["HOST"] or None,
        port=database["PORT"] or None,
    )
    lock.execute(f"LOCK TABLE {Invoice._meta.db_table} IN ACCESS EXCLUSIVE MODE")
    first = celery_worker_process(queue=queue, log=tmp_path / "first.log", broker=url)
    second = None
    try:
        with celery_sending_to_broker(url):
            task_id = tasks.invoices_export_write.apply_async((made.pk,), queue=queue).id
        until_state(lambda: InvoiceExport.objects.filter(pk=made.pk, status="running").exists(), "export claimed")

        first.kill()  # SIGKILL: no handler runs, the task is never acknowledged
        first.wait(60)
        lock.rollback()
        assert rest_refusal(_get(client, made, token), 409)["extensions"]["code"] == "INVOICE_EXPORT_NOT_READY"

        # The broker gives the task back sooner than the stale limit (a visibility timeout of 0): the second worker's
        # run finds the dead run's claim still fresh and writes nothing.
        second = celery_worker_process(
            queue=queue, log=tmp_path / "second.log", broker=url, BROKER_VISIBILITY_TIMEOUT="0"
        )
        ran = re.compile(rf"\[{task_id}\] succeeded in [0-9.]+s")
        until_state(lambda: ran.search((tmp_path / "second.log").read_text(errors="replace")), "delivered again")
        made.refresh_from_db()
        assert (made.status, made.file.name) == ("running", "")

        # The stale limit passes (JOB_STALE_SECONDS, two minutes by default; here at once, not waited for).
        settings.JOB_STALE_SECONDS = 0
        interrupted = rest_refusal(_get(client, made, token), 410)
        assert (interrupted["extensions"]["code"], interrupted["message"]) == (
            "INVOICE_EXPORT_INTERRUPTED",
            INTERRUPTED_MESSAGE,
        )
    finally:
        lock.close()
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                worker.terminate()
                worker.wait(60)
