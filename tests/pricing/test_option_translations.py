"""Option names and value labels in the buyer's language (issue 36 item 13): staff translate them in admin, the API
answers in the request's language (Accept-Language, as the overlay sends it) with the English text where there is no
translation, and an English request reads nothing more."""

from __future__ import annotations

import json

import pytest

from pricing.models import OptionValueTranslation, ProductOption, ProductOptionTranslation
from tests.quotes.support import ADD, DRAFT, line

pytestmark = pytest.mark.django_db

SEARCH = """query { productsSearch(search: "HS-1001") {
  allOptions { id displayName config { checkboxLabel } optionValues { id label } }
  options { displayName } modifiers { displayName }
  variants { sku optionValues { label optionDisplayName } } } }"""
VARIANT_SKU = 'query { variantSku(variantSkus: ["HS-1001-500ML"]) { optionValues { label optionDisplayName } } }'


@pytest.fixture
def ask(client):
    """POST a GraphQL query as a browser in `language` would (Accept-Language)."""

    def run(query: str, language: str | None, variables: dict | None = None) -> dict:
        headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
        payload = json.dumps({"query": query, "variables": variables or {}})
        response = client.post("/graphql", payload, content_type="application/json", **headers)
        body = response.json()
        assert "errors" not in body, body
        return body["data"]

    return run


@pytest.fixture
def translated(ethanol):
    """German texts for the pack size option and two of its values, and for the certificate checkbox; French for
    the pack size only."""
    pack = ProductOption.objects.get(product=ethanol, display_name="Pack size")
    certificate = ProductOption.objects.get(product=ethanol, display_name="Printed certificate of analysis")
    ProductOptionTranslation.objects.create(option=pack, language="de", display_name="Packungsgröße")
    ProductOptionTranslation.objects.create(option=pack, language="fr", display_name="Conditionnement")
    ProductOptionTranslation.objects.create(
        option=certificate, language="de", display_name="Gedrucktes Analysenzertifikat", checkbox_label="Ja, bitte"
    )
    for label, german in (("500 mL", "500 ml"), ("1 L", "1 l")):
        OptionValueTranslation.objects.create(value=pack.values.get(label=label), language="de", label=german)
    return {"pack": pack, "certificate": certificate}


def _options(data: dict) -> list[tuple]:
    [product] = data["productsSearch"]
    return [(o["displayName"], [v["label"] for v in o["optionValues"]]) for o in product["allOptions"]]


def test_a_german_buyer_reads_the_option_names_and_labels_staff_translated_and_english_where_none(ask, translated):
    data = ask(SEARCH, "de-DE,de;q=0.9,en;q=0.8")

    assert _options(data) == [
        ("Packungsgröße", ["100 mL", "500 ml", "1 l", "2.5 L"]),  # untranslated labels stay English
        ("Gedrucktes Analysenzertifikat", ["Yes", "No"]),
    ]
    [product] = data["productsSearch"]
    assert product["allOptions"][1]["config"]["checkboxLabel"] == "Ja, bitte"
    assert [o["displayName"] for o in product["options"]] == ["Packungsgröße"]
    assert [o["displayName"] for o in product["modifiers"]] == ["Gedrucktes Analysenzertifikat"]
    assert product["variants"][1]["optionValues"] == [{"label": "500 ml", "optionDisplayName": "Packungsgröße"}]
    assert ask(VARIANT_SKU, "de")["variantSku"] == [
        {"optionValues": [{"label": "500 ml", "optionDisplayName": "Packungsgröße"}]}
    ]


def test_other_languages_get_their_own_texts_or_the_english_ones(ask, translated):
    assert _options(ask(SEARCH, "fr-CA"))[0] == ("Conditionnement", ["100 mL", "500 mL", "1 L", "2.5 L"])
    english = [("Pack size", ["100 mL", "500 mL", "1 L", "2.5 L"]), ("Printed certificate of analysis", ["Yes", "No"])]
    assert _options(ask(SEARCH, "it")) == english  # no Italian texts
    assert _options(ask(SEARCH, "en")) == english
    assert _options(ask(SEARCH, None)) == english


def test_a_guests_cached_answer_follows_each_language_and_a_new_translation_at_once(ask, translated):
    assert _options(ask(SEARCH, "de"))[0][0] == "Packungsgröße"
    assert _options(ask(SEARCH, "en"))[0][0] == "Pack size"  # the same cached answer, untouched by the German one

    ProductOptionTranslation.objects.filter(option=translated["pack"], language="de").update(display_name="x")
    OptionValueTranslation.objects.create(
        value=translated["pack"].values.get(label="100 mL"), language="de", label="100 ml"
    )  # a save: the catalog generation is replaced

    assert _options(ask(SEARCH, "de"))[0] == ("x", ["100 ml", "500 ml", "1 l", "2.5 L"])


def test_an_english_request_reads_no_translation(ask, translated, django_assert_num_queries, ethanol):
    ask(SEARCH, "en")  # the guest's answer is cached now
    with django_assert_num_queries(0):
        assert _options(ask(SEARCH, "en"))[0][0] == "Pack size"
    ask(SEARCH, "de")
    with django_assert_num_queries(0):  # the German texts are cached with the catalog too
        assert _options(ask(SEARCH, "de"))[0][0] == "Packungsgröße"


def test_a_quote_drafts_lines_show_their_options_in_the_buyers_language(ask, translated):
    """The draft keeps the options' ids; each reading names them in the reader's language."""
    certificate = translated["certificate"]
    yes = certificate.values.get(label="Yes")
    OptionValueTranslation.objects.create(value=yes, language="de", label="Ja")
    chosen = [{"optionId": certificate.pk, "value": str(yes.pk)}]
    added = ask(ADD, "de", {"lines": [line("HS-1001-500ML", 2, options=chosen)]})["quoteDraftAddLines"]["draft"]

    assert [(o["optionName"], o["value"]) for o in added["products"][0]["options"]] == [
        ("Packungsgröße", "500 ml"),
        ("Gedrucktes Analysenzertifikat", "Ja"),  # a ticked checkbox: its "Yes" value's translation
    ]
    english = ask(DRAFT, "en", {"key": added["draftKey"]})["quoteDraft"]
    assert [(o["optionName"], o["value"]) for o in english["products"][0]["options"]] == [
        ("Pack size", "500 mL"),
        ("Printed certificate of analysis", "Yes"),
    ]


def test_staff_translate_an_option_and_a_value_in_admin(admin_client, translated):
    pack = translated["pack"]
    page = admin_client.get(f"/admin/pricing/productoption/{pack.pk}/change/")
    assert page.status_code == 200 and b"Packungsgr" in page.content
    value = pack.values.get(label="2.5 L")
    page = admin_client.get(f"/admin/pricing/optionvalue/{value.pk}/change/")
    assert page.status_code == 200

    response = admin_client.post(
        f"/admin/pricing/optionvalue/{value.pk}/change/",
        {
            "option": pack.pk, "label": "2.5 L", "sort_order": 3, "price_adjuster": "", "price_adjustment": "0",
            "value_data": "{}",
            "translations-TOTAL_FORMS": "1", "translations-INITIAL_FORMS": "0",
            "translations-0-language": "nl", "translations-0-label": "2,5 l",
        },
    )  # fmt: skip

    assert response.status_code == 302, response.content[:2000]
    assert list(value.translations.values_list("language", "label")) == [("nl", "2,5 l")]


def test_the_demo_catalog_has_its_option_texts_in_the_six_other_languages_once(ask, ethanol, balance):
    from pricing.demo_translations import LANGUAGES, seed_option_translations

    added = seed_option_translations()

    assert added > 0 and seed_option_translations() == 0  # idempotent
    pack = ProductOption.objects.get(product=ethanol, display_name="Pack size")
    assert set(pack.translations.values_list("language", flat=True)) == set(LANGUAGES)
    german = _options(ask(SEARCH, "de"))
    assert german == [
        ("Packungsgröße", ["100 mL", "500 mL", "1 L", "2.5 L"]),  # a measure reads the same in every language
        ("Gedrucktes Analysenzertifikat", ["Ja", "Nein"]),
    ]
    warranty = ask('query { productsSearch(search: "HS-4006") { allOptions { displayName optionValues { label } } } }',
                   "fr")["productsSearch"][0]["allOptions"]  # fmt: skip
    assert ("Garantie", ["1 an inclus", "3 ans", "5 ans"]) in [
        (o["displayName"], [v["label"] for v in o["optionValues"]]) for o in warranty
    ]
