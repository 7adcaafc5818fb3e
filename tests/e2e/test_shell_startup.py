"""Portal start-up in Chromium (shell §4, ARCHITECTURE §6): one round of parallel requests."""

import json
import re

from playwright.sync_api import expect

STARTUP_OPERATIONS = sorted(
    ["StoreBasicInfo", "StorefrontConfig", "StorefrontConfigs", "Currencies", "TaxZoneRates", "CustomerInfo"]
)


def operation_name(post_data: str | None) -> str:
    match = re.search(r"\b(?:query|mutation)\s+(\w+)", json.loads(post_data or "{}").get("query", ""))
    return match.group(1) if match else "?"


def test_start_up_after_sign_in_is_one_round_of_parallel_graphql_requests(page, portal):
    portal.sign_in("admin@acme.test")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()

    # Every GraphQL request and every finished response, in the order the browser reports them.
    events: list[tuple[str, str]] = []
    page.on("request", lambda r: events.append(("sent", operation_name(r.post_data))) if "/graphql" in r.url else None)
    page.on("requestfinished", lambda r: events.append(("done", "")) if "/graphql" in r.url else None)
    page.reload()
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Alice Admin")
    page.wait_for_load_state("networkidle")

    # The account page's own data for a company admin (the masquerade audit, issue 5) follows the customer.
    sent = [name for kind, name in events if kind == "sent" and name != "CompanyMasqueradeSessions"]
    assert sorted(sent) == STARTUP_OPERATIONS
    first_done = next(index for index, (kind, _) in enumerate(events) if kind == "done")
    # All of them left before the first answer came back: one round, nothing waits for another.
    assert all(kind == "sent" for kind, _ in events[:first_done])
    assert len(events[:first_done]) == len(STARTUP_OPERATIONS)


def test_a_guest_start_up_makes_no_customer_request(page, portal):
    graphql: list[str] = []
    rest: list[str] = []

    def record(request):
        if "/graphql" in request.url:
            graphql.append(operation_name(request.post_data))
        elif "/customer/" in request.url or "/storefront/translation/" in request.url:
            rest.append(request.url.split("?")[0].replace(portal.url, ""))

    page.on("request", record)
    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert sorted(graphql) == sorted(op for op in STARTUP_OPERATIONS if op != "CustomerInfo")
    assert sorted(rest) == sorted(
        [
            "/customer/current.jwt",
            "/storefront/translation/helix-scientific/1/global",
            "/storefront/translation/helix-scientific/1/login",
        ]
    )
