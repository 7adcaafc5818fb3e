"""currencies, taxZoneRates, storefrontDefaultLanguage and the translations endpoint (shell §3, §4, §7)."""

import pytest

from portal.models import Channel, TranslationOverride
from portal.services import translation_override_delete, translation_override_save
from tests.helpers import error_code

pytestmark = pytest.mark.django_db


def test_currencies_list_the_default_first_with_its_format(demo_store, graphql):
    body = graphql(
        "{ currencies(channelId: 1) { currencyCode isDefault token tokenLocation decimalToken thousandsToken"
        " decimalPlaces currencyExchangeRate enabled } }"
    )
    usd, eur = body["data"]["currencies"]
    # shell §9: USD, "$" on the left, 2 decimals, "," thousands, "." decimal.
    assert usd == {
        "currencyCode": "USD", "isDefault": True, "token": "$", "tokenLocation": "left", "decimalToken": ".",
        "thousandsToken": ",", "decimalPlaces": 2, "currencyExchangeRate": "1.000000", "enabled": True,
    }  # fmt: skip
    assert eur["currencyCode"] == "EUR" and eur["tokenLocation"] == "right" and eur["decimalToken"] == ","


def test_tax_zone_rates(demo_store, graphql, django_assert_max_num_queries):
    with django_assert_max_num_queries(5):
        body = graphql(
            "{ taxZoneRates { name enabled priority showInclusive rates { name classRates { rate taxClassId } } } }"
        )
    (zone,) = body["data"]["taxZoneRates"]
    assert zone["name"] == "Massachusetts" and zone["showInclusive"] is False
    assert [r["rate"] for r in zone["rates"][0]["classRates"]] == ["6.250", "6.250", "6.250"]


def test_storefront_default_language(demo_store, graphql):
    assert graphql("{ storefrontDefaultLanguage(channelId: 1) }")["data"]["storefrontDefaultLanguage"] == "en"
    assert error_code(graphql("{ storefrontDefaultLanguage(channelId: 42) }")) == "NOT_FOUND"


def _texts(client, page="login", lang="de"):
    return client.get(f"/storefront/translation/helix-scientific/1/{page}", {"lang": lang})


def test_translation_overrides_are_served_per_page_and_language(demo_store, client):
    channel = Channel.objects.get(channel_id=1)
    translation_override_save(
        override=TranslationOverride(channel=channel, language="de", page="login", key="login.title", text="Anmelden")
    )
    response = _texts(client, lang="de-AT")  # regional variants are cut to the base language (shell §4)
    assert response.status_code == 200
    assert response.json() == {
        "language": "de", "page": "login", "translationVersion": 2, "message": {"login.title": "Anmelden"},
    }  # fmt: skip
    assert _texts(client, lang="fr").json()["message"] == {}
    assert _texts(client, page="orders").json()["message"] == {}


def test_a_changed_text_raises_the_version_and_is_served_at_once(demo_store, client):
    channel = Channel.objects.get(channel_id=1)
    override = translation_override_save(
        override=TranslationOverride(channel=channel, language="en", page="global", key="nav.orders", text="Orders")
    )
    assert _texts(client, "global", "en").json()["message"] == {"nav.orders": "Orders"}
    override.text = "Lab orders"
    translation_override_save(override=override)
    body = _texts(client, "global", "en").json()
    assert body["message"] == {"nav.orders": "Lab orders"}
    assert body["translationVersion"] == 3
    translation_override_delete(override=override)
    assert _texts(client, "global", "en").json()["message"] == {}


@pytest.mark.parametrize(
    "url",
    [
        "/storefront/translation/another-store/1/login?lang=en",
        "/storefront/translation/helix-scientific/99/login?lang=en",
        "/storefront/translation/helix-scientific/1/login?lang=xx",
    ],
)
def test_unknown_translation_sets_are_404_json(demo_store, client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert response.json()["code"] == 404


def test_staff_approve_and_reject_companies_from_the_admin(demo_store, client):
    from accounts.models import Company, CompanyStatus

    client.login(username="staff@demo.test", password="Demo1234")
    pending = Company.objects.get(name="Pending Bio")
    response = client.post(
        "/admin/accounts/company/",
        {"action": "set_status_approved", "_selected_action": [pending.pk]},
        follow=True,
    )
    assert "1 company set to “Approved”." in response.content.decode()
    pending.refresh_from_db()
    assert pending.status == CompanyStatus.APPROVED
    # Rejecting asks for the reason first (sent to the applicant); without it nothing changes.
    client.post("/admin/accounts/company/", {"action": "set_status_rejected", "_selected_action": [pending.pk]})
    pending.refresh_from_db()
    assert pending.status == CompanyStatus.APPROVED
    client.post(
        "/admin/accounts/company/",
        {"action": "set_status_rejected", "_selected_action": [pending.pk], "apply": "1", "reason": "Incomplete."},
    )
    pending.refresh_from_db()
    assert pending.status == CompanyStatus.REJECTED


def test_staff_see_and_edit_role_templates(demo_store, client):
    client.login(username="staff@demo.test", password="Demo1234")
    assert "Junior buyer" in client.get("/admin/accounts/roletemplate/").content.decode()
