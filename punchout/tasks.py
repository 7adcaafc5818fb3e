"""Thin Celery tasks of punchout (ARCHITECTURE §7)."""

from __future__ import annotations

from celery import shared_task

from punchout import services


@shared_task
def punchout_documents_purge() -> int:
    return services.punchout_documents_purge()
