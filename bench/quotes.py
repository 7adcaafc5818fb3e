"""Quote pages' API speed (issue 6): the `/quotes` list and the quote detail, as the overlay asks for them.

    .venv/bin/python bench/quotes.py [RUNS]

Builds its own temporary SQLite database (migrated, the demo store, accounts and catalog), submits QUOTES quotes
of five lines each for Acme Labs' senior buyer through the services, and one of LINES lines priced by the sales
desk (a revision) with a message thread, then times as the median of RUNS (default 15) runs over POST /graphql
with the buyer's bearer token:
- `quotes(first: 20, orderBy: "-createdAt")` — the list's first page, with the total count;
- `quotes(first: 20, search: "ethanol", status: "open")` — a filtered page;
- `quote(id)` with lines, summary, messages, files and revisions — the detail of the large quote.
Also prints the SQL queries each request takes (constant in the number of quotes and lines: tests assert it).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and this file is named like the package.
REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(REPO_ROOT)

from bench.pricing import configure, median_seconds  # noqa: E402

QUOTES = 300
LINES = 50
BUYER = "senior@acme.test"

LIST = """query List($search: String, $status: String) {
  quotes(first: 20, offset: 0, search: $search, status: $status, orderBy: "-createdAt") {
    totalCount edges { node { id number title status revision isPriced issuedOn expiresOn updatedAt currencyCode
      originalSubtotal quotedSubtotal grandTotal salesRep { name email } createdBy { name email } } } } }"""
DETAIL = """query Detail($id: ID!) { quote(id: $id) {
  id number title status revision isPriced issuedOn expiresOn companyName note orderNumber
  salesRep { name email } createdBy { name email } contactInfo { name email companyName phoneNumber quoteTitle }
  lines { id productId variantId sku productName primaryImage quantity options { optionName value }
          originalPrice quotedPrice discountedPrice taxRate originalTotal quotedTotal }
  summary { originalSubtotal discount discountPercent quotedSubtotal shipping tax grandTotal }
  messages { id fromSupplier authorName message createdAt }
  attachments { id fileName fileSize contentType fromSupplier createdAt downloadUrl }
  revisions { number createdAt bySupplier automatic updatedBy message
              changes { field lineId sku productName before after } }
  canMessage canDownloadPdf canCheckout } }"""


def build_quotes() -> int:
    """The demo store and QUOTES + 1 quotes of the buyer; returns the id of the large, priced one."""
    from decimal import Decimal

    from django.core.management import call_command

    from accounts.models import User
    from accounts.selectors import actor_for_user
    from pricing.models import ProductVariant
    from quotes import amounts, services

    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    buyer = actor_for_user(User.objects.get(email=BUYER))
    # Variants that can be quoted by SKU alone: priced, in stock, no modifier the buyer must choose.
    skus = list(
        ProductVariant.objects.filter(product__base_price__gt=0)
        .exclude(product__options__required=True)
        .order_by("sku")
        .distinct()
        .values_list("sku", flat=True)[:LINES]
    )
    assert len(skus) == LINES, f"only {len(skus)} variants can be quoted by SKU alone"

    def submit(line_skus: list[str], title: str):
        lines = [services.DraftLineRequest(quantity=2, sku=sku) for sku in line_skus]
        services.quote_draft_add_lines(actor=buyer, draft_key=None, lines=lines)
        services.quote_draft_update(actor=buyer, draft_key=None, contact={"quoteTitle": title})
        return services.quote_submit(actor=buyer, draft_key=None, notify=False).quote

    for n in range(QUOTES):
        submit([skus[(n + k) % len(skus)] for k in range(5)], f"Bench quote {n}")
    large = submit(skus[:LINES], "Bench: the large quote")
    staff = User.objects.get(email="staff@demo.test")
    changes = {
        line.pk: services.LineChange(line.quantity, amounts.cents(line.original_price * Decimal("0.9")))
        for line in large.lines.all()
    }
    services.quote_send_back(
        quote_id=large.pk, staff_user=staff, lines=changes, message="Priced for the bench.", notify=False
    )
    for n in range(10):
        services.quote_message_create(quote=large, actor=buyer, body=f"Question {n}", notify=False)
    return large.pk


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    tmp = Path(tempfile.mkdtemp(prefix="quotes-bench-"))
    try:
        configure(tmp)
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        large_id = build_quotes()
        client = Client()
        login = client.post(
            "/graphql",
            data=json.dumps(
                {
                    "query": "mutation($e: String!, $p: String!) { login(loginData: {email: $e, password: $p, "
                    "channelId: 1}) { result { token } } }",
                    "variables": {"e": BUYER, "p": "Demo1234"},
                }
            ),
            content_type="application/json",
        )
        token = login.json()["data"]["login"]["result"]["token"]

        def request(query: str, variables: dict) -> dict:
            response = client.post(
                "/graphql",
                data=json.dumps({"query": query, "variables": variables}),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
            body = response.json()
            assert "errors" not in body, body["errors"]
            return body["data"]

        cases = [
            ("quotes list, first page of 20", LIST, {}),
            ("quotes list, search + status filter", LIST, {"search": "ethanol", "status": "open"}),
            (f"quote detail, {LINES} lines, 1 revision, 11 messages", DETAIL, {"id": str(large_id)}),
        ]
        rows = []
        for label, query, variables in cases:
            with CaptureQueriesContext(connection) as captured:
                data = request(query, variables)
            queries = len(captured)
            seconds = median_seconds(runs, lambda q=query, v=variables: request(q, v))
            rows.append((label, f"{seconds * 1000:.1f} ms", f"{queries} SQL queries"))
        total = request(LIST, {})["quotes"]["totalCount"]
        assert total >= QUOTES + 1, total
        assert len(data["quote"]["lines"]) == LINES

        print(f"{total} quotes of {BUYER}'s company; median of {runs} runs over POST /graphql (SQLite):")
        for label, time_text, queries_text in rows:
            print(f"  {label:<48} {time_text:>10}   {queries_text}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
