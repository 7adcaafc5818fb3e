from django.core.management.base import BaseCommand, CommandError

from portal import services, startup_cache
from portal.models import Channel


class Command(BaseCommand):
    help = (
        "Drop everything the portal caches of the store data: the store, channels, features, config entries, "
        "currencies and tax zones, the catalog's guest searches and prices, and each channel's translated texts. "
        "Run it after changing these tables outside the application (SQL, a data migration, a bulk update), which "
        "sends none of the signals that drop them, where PostgreSQL's triggers are not heard (SQLite, no kept "
        "connections), and after changing translated texts so; safe to run at any time (the next requests build "
        "them again)."
    )

    def handle(self, *args, **options):
        channels = list(Channel.objects.all())
        for channel in channels:
            # Its version names the texts' cache entries and tells the storefronts to fetch them again.
            services.channel_translations_changed(channel=channel)
        if not startup_cache.store_cache_clear():
            raise CommandError("The cache (REDIS_URL) cannot be reached: nothing was dropped. Run it again once it is.")
        self.stdout.write(f"Dropped the cached store data, catalog and the texts of {len(channels)} channel(s).")
