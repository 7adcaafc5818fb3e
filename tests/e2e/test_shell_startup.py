"""Portal start-up in Chromium (shell §4, ARCHITECTURE §6): one round of parallel requests, and one GraphQL request
in it (issue 21: PortalStartup asks for the store's basic info, flags, configs, currencies, tax zones and the
customer)."""

import json
import re

from playwright.sync_api import expect

STARTUP_OPERATIONS = ["PortalStartup"]


# Requests that are not the portal's start-up: the storefront page's own quote-button state (the loader asks it
# on every storefront page, issue 6), the account page's data for a company admin (the masquerade audit) and the
# menu's count of purchase requests awaiting the user (issue 41: a badge the menu shows once it is known; the page is
# drawn without it).
PAGE_OPERATIONS = {"StorefrontQuoteState", "CompanyMasqueradeSessions", "PurchaseRequestInboxCount"}


def operation_name(post_data: str | None) -> str:
    match = re.search(r"\b(?:query|mutation)\s+(\w+)", json.loads(post_data or "{}").get("query", ""))
    return match.group(1) if match else "?"


def variables_of(post_data: str | None) -> dict:
    return json.loads(post_data or "{}").get("variables", {})


def test_start_up_after_sign_in_is_one_graphql_request(page, portal):
    portal.sign_in("admin@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    # Start-up is measured on the account settings page, whose own requests are PAGE_OPERATIONS.
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()

    # Every GraphQL request and every finished response, in the order the browser reports them.
    events: list[tuple[str, str]] = []
    variables: list[dict] = []

    def record(kind: str):
        def handler(request):
            name = operation_name(request.post_data) if "/graphql" in request.url else ""
            if name and name not in PAGE_OPERATIONS:
                events.append((kind, name))
                if kind == "sent":
                    variables.append(variables_of(request.post_data))

        return handler

    page.on("request", record("sent"))
    page.on("requestfinished", record("done"))
    page.reload()
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Alice Admin")
    page.wait_for_load_state("networkidle")

    sent = [name for kind, name in events if kind == "sent"]
    assert sorted(sent) == STARTUP_OPERATIONS
    assert variables == [{"channelId": 1, "withStore": True, "withCustomer": True}]
    first_done = next(index for index, (kind, _) in enumerate(events) if kind == "done")
    # All of them left before the first answer came back: one round, nothing waits for another.
    assert all(kind == "sent" for kind, _ in events[:first_done])
    assert len(events[:first_done]) == len(STARTUP_OPERATIONS)


def test_a_guest_start_up_makes_no_customer_request(page, portal):
    graphql: list[str] = []
    variables: list[dict] = []
    rest: list[str] = []

    def record(request):
        if "/graphql" in request.url:
            if operation_name(request.post_data) not in PAGE_OPERATIONS:
                graphql.append(operation_name(request.post_data))
                variables.append(variables_of(request.post_data))
        elif "/customer/" in request.url or "/storefront/translation/" in request.url:
            rest.append(request.url.split("?")[0].replace(portal.url, ""))

    page.on("request", record)
    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert graphql == ["PortalStartup"]
    assert variables == [{"channelId": 1, "withStore": True, "withCustomer": False}]
    assert sorted(rest) == sorted(
        [
            "/customer/current.jwt",
            "/storefront/translation/helix-scientific/1/global",
            "/storefront/translation/helix-scientific/1/login",
        ]
    )
