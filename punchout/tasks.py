"""Thin Celery tasks of punchout (ARCHITECTURE §7): they take ids, claim their work, and log every attempt."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

import requests
from celery import shared_task
from celery.exceptions import Retry
from django.conf import settings

from portal import http
from punchout import outbound, services
from punchout.models import DocumentDirection
from punchout.safexml import DocumentRefused, document_parse

logger = logging.getLogger("punchout")

# Eight attempts over about half an hour (4, 8, 16 … 512 s apart, full jitter): a procurement system down for a
# maintenance window still gets its documents; after that the document shows "Failed" in admin.
OUTBOUND_MAX_RETRIES = 7
OUTBOUND_BACKOFF_SECONDS = 4


@shared_task
def punchout_documents_purge() -> int:
    return services.punchout_documents_purge()


def _answer_status(response: requests.Response) -> tuple[int, str]:
    """The cXML Status of the procurement system's answer (2xx accepted); an answer that is not cXML counts by its
    HTTP status."""
    try:
        status = document_parse(response.content[: 1024 * 1024]).find("Response/Status")
    except DocumentRefused:
        return response.status_code, ""
    if status is None:
        return response.status_code, ""
    try:
        return int(status.get("code", "")), (status.get("text", "") + " " + (status.text or "")).strip()
    except ValueError:
        return response.status_code, ""


@shared_task(bind=True, max_retries=OUTBOUND_MAX_RETRIES)
def punchout_outbound_send(self, outbound_id: int) -> str | Retry:
    """Post a document owed to a procurement system (punchout.outbound) and log it with the answer."""
    claimed = outbound.outbound_claim(outbound_id=outbound_id)
    if claimed is None:
        return "not claimed"
    connection = claimed.purchase_order.connection
    made = outbound.outbound_document(claimed, urlsplit(settings.SITE_URL).hostname or "localhost")
    if made is None:
        outbound.outbound_finish(outbound=claimed, sent=False, error="What the document reports was deleted.")
        return "gone"
    kind, body = made
    error, retryable, answer_text, status = "", False, "", 0
    try:
        response = http.post_document(connection.documents_url, body, content_type="text/xml; charset=utf-8")
        status, answer_text = _answer_status(response)
        answer_text = answer_text or response.text[:500]
        if not 200 <= status < 300:
            error, retryable = f"cXML status {status}: {answer_text}", status >= 500
    except requests.RequestException as exc:
        status = exc.response.status_code if isinstance(exc, requests.HTTPError) and exc.response is not None else 0
        error, retryable = f"{type(exc).__name__}: {exc}", http.is_retryable(exc)
    services.punchout_document_record(
        connection=connection, direction=DocumentDirection.OUT, kind=kind, status_code=status or 599,
        status_text=(error or answer_text)[:500], body=body.decode(),
    )  # fmt: skip
    attempt = self.request.retries + 1
    again = retryable and attempt <= self.max_retries and not self.request.called_directly
    outbound.outbound_finish(outbound=claimed, sent=not error, error=error, retry=again)
    if not error:
        return "sent"
    if again:
        countdown = http.backoff(self.request.retries, base=OUTBOUND_BACKOFF_SECONDS)
        logger.info("%s %s to %s failed (attempt %d), retry in %d s: %s", kind, outbound_id, connection, attempt,
                    countdown, error)  # fmt: skip
        return http.retry(self, RuntimeError(error), countdown)
    logger.warning(
        "%s %s to %s was not delivered (attempt %d, given up): %s", kind, outbound_id, connection, attempt, error
    )
    return "failed"
