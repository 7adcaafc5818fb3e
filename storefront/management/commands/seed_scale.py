import time

from django.core.management.base import BaseCommand, CommandError

from storefront.demo_scale import ScaleSize, scale_already_grown, seed_scale


class Command(BaseCommand):
    help = (
        "Grow the demo store (run seed_demo first) to a real supplier's size (issue 38): at --factor 1, 50,200 "
        "products, 200,000 orders over five years (150,000 of them Acme Labs'), their shipments and invoices, 20,000 "
        "quotes, 2,000 shopping lists and 5,000 companies. Reproducible (--seed). A grown store is left alone unless "
        "--again: then it grows by as much again (more clones, companies, orders: the data growing under a running "
        "server)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--factor", type=float, default=1.0, help="Scale every count (0.1: a tenth). Default 1.")
        parser.add_argument("--seed", type=int, default=38, help="The random seed. Default 38.")
        parser.add_argument("--no-analyze", action="store_true", help="Skip VACUUM ANALYZE at the end.")
        parser.add_argument("--again", action="store_true", help="Grow a store seed_scale has grown before.")

    def handle(self, *args, factor: float, seed: int, no_analyze: bool, again: bool, **options):
        if factor <= 0:
            raise CommandError("--factor must be positive.")
        if scale_already_grown() and not again:
            self.stdout.write("The store is already grown (seed_scale ran): nothing to do (--again grows it more).")
            return
        started = time.monotonic()
        counts = seed_scale(size=ScaleSize.of(factor), seed=seed, analyze=not no_analyze, log=self.stdout.write)
        for table, count in counts.items():
            self.stdout.write(f"  {table}: {count:,} rows added")
        self.stdout.write(self.style.SUCCESS(f"Grown in {time.monotonic() - started:.1f} s."))
