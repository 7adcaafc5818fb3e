from django.conf import settings
from django.core.management.base import BaseCommand

from quotes import services, tasks


class Command(BaseCommand):
    help = (
        "Mark open quotes past their expiry date as expired, send the expiry reminders that are due "
        "(QUOTE_EXPIRY_REMINDER_DAYS before) and delete guest drafts untouched for 30 days. What the periodic "
        "Celery task does; safe to run at any time."
    )

    def handle(self, *args, **options):
        expired = services.quotes_expire()
        due = services.quotes_due_for_reminder(days=settings.QUOTE_EXPIRY_REMINDER_DAYS)
        sent = sum(1 for pk in due if tasks.quote_expiry_remind(pk))
        purged = services.quote_drafts_purge()
        self.stdout.write(
            f"Expired {len(expired)} quote(s); sent {sent} expiry reminder(s); deleted {purged} stale guest draft(s)."
        )
