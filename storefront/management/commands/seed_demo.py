from django.core.management.base import BaseCommand

from accounts.demo import DEMO_PASSWORD, seed_accounts
from approvals.demo import seed_approvals
from invoices.demo import seed_invoices
from orders.demo import seed_orders
from portal.demo import seed_store
from pricing.demo import seed_catalog
from pricing.demo_translations import seed_option_translations
from quotes.demo import seed_quotes
from shoppinglists.demo import seed_shopping_lists


class Command(BaseCommand):
    help = (
        "Create the demo store, its configuration, the demo accounts, the demo catalog, demo quotes, orders, "
        "invoices and shopping lists. Safe to run again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--site-url", default="http://127.0.0.1:8000", help="The storefront's URL.")

    def handle(self, *args, site_url: str, **options):
        store = seed_store(site_url=site_url)
        seed_accounts()
        seed_approvals()  # Northfield University's approval rule and budgets (issue 41)
        created = seed_catalog()
        if created:
            self.stdout.write(f"Created {created} demo products.")
        seed_option_translations()  # the option texts in the other six languages (issue 36 item 13)
        quotes = seed_quotes()
        if quotes:
            self.stdout.write(f"Created {quotes} demo quotes.")
        orders = seed_orders()
        if orders:
            self.stdout.write(f"Created {orders} demo orders.")
        invoices = seed_invoices()
        if invoices:
            self.stdout.write(f"Created {invoices} demo invoices.")
        lists = seed_shopping_lists()
        if lists:
            self.stdout.write(f"Created {lists} demo shopping lists.")
        self.stdout.write(self.style.SUCCESS(f"Demo store '{store.name}' is ready (password {DEMO_PASSWORD})."))
