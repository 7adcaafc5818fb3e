"""The Celery app. Without REDIS_URL, tasks run eagerly in-process (settings.CELERY_TASK_ALWAYS_EAGER).

A task sent while the broker (Redis) cannot be reached runs in the sending process instead (`PortalTask`, issue 36
item 2): the password reset mail, an invitation, a quote's notification or a bulk upload's check is done now rather
than lost or answered with a 500 after its transaction has committed. It runs once there (no retries: a retry would
wait in the request), and a failure is logged, never raised to the request that sent it. The outage is logged once
when it starts and once when the broker takes a task again.
"""

import logging
import os
import threading

from celery import Celery, Task
from kombu.exceptions import OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")

logger = logging.getLogger("portal.celery")


class _BrokerOutage:
    def __init__(self) -> None:
        self.down = False
        self.lock = threading.Lock()

    def failed(self, error: Exception) -> None:
        with self.lock:
            if not self.down:
                self.down = True
                logger.warning("Celery broker unreachable (%s): tasks run in the process that sends them", error)

    def answered(self) -> None:
        with self.lock:
            if self.down:
                self.down = False
                logger.warning("Celery broker takes tasks again")


broker_outage = _BrokerOutage()


class PortalTask(Task):
    def apply_async(self, args=None, kwargs=None, task_id=None, producer=None, link=None, link_error=None, **options):
        try:
            result = super().apply_async(args, kwargs, task_id, producer, link, link_error, **options)
        except OperationalError as error:
            broker_outage.failed(error)
            result = self.apply(
                args, kwargs, link=link, link_error=link_error, task_id=task_id, retries=self.max_retries, throw=False
            )
            if result.failed():
                logger.error("Task %s, run in-process while the broker is down, failed: %r", self.name, result.result)
            return result
        if broker_outage.down:
            broker_outage.answered()
        return result


app = Celery("portal", task_cls=PortalTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
