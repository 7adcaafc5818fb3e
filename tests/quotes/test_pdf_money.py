"""The quote PDF prints money in the store currency's format (issue 14 §3): a EUR store amount reads the same in
the PDF as in the overlay, both held to the shared cases of tests/fixtures/money_cases.json."""

import datetime
import json
from decimal import Decimal
from pathlib import Path

import factory
import pytest

from portal.models import Currency, Store
from quotes.models import Quote, QuoteLine
from quotes.pdf import quote_pdf_render
from tests.factories.accounts import CompanyFactory, UserFactory
from tests.factories.pricing import ProductFactory
from tests.helpers import pdf_text

SHARED = json.loads((Path(__file__).resolve().parent.parent / "fixtures" / "money_cases.json").read_text("utf-8"))
EUR_CASE = next(case for case in SHARED["cases"] if case["expected"] == "1.234,50 €")


class StoreFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Store

    store_hash = factory.Sequence(lambda n: f"store{n}")
    name = "Helix Scientific Europe"


class CurrencyFactory(factory.django.DjangoModelFactory):
    """A store currency in the format of a shared case's currency (the API's field names)."""

    class Meta:
        model = Currency

    class Params:
        format = SHARED["currencies"]["EUR"]

    store = factory.SubFactory(StoreFactory)
    code = "EUR"
    name = "Euro"
    token = factory.LazyAttribute(lambda o: o.format["token"])
    token_location = factory.LazyAttribute(lambda o: o.format["tokenLocation"])
    decimal_token = factory.LazyAttribute(lambda o: o.format["decimalToken"])
    thousands_token = factory.LazyAttribute(lambda o: o.format["thousandsToken"])
    decimal_places = factory.LazyAttribute(lambda o: o.format["decimalPlaces"])
    is_default = True


class QuoteFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Quote

    number = factory.Sequence(lambda n: f"Q-{200001 + n}")
    user = factory.SubFactory(UserFactory)
    company = factory.SubFactory(CompanyFactory)
    contact_name = "Test Buyer"
    contact_email = factory.LazyAttribute(lambda o: o.user.email)
    expires_on = factory.LazyFunction(lambda: datetime.date.today() + datetime.timedelta(days=30))
    revision = 1


class QuoteLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = QuoteLine

    quote = factory.SubFactory(QuoteFactory)
    product = factory.SubFactory(ProductFactory)
    sku = factory.LazyAttribute(lambda o: o.product.sku)
    name = factory.LazyAttribute(lambda o: o.product.name)
    quantity = 1
    original_price = Decimal("100.00")


@pytest.mark.django_db
def test_the_quote_pdf_prints_a_eur_store_amount_as_the_overlay_does():
    # Given a EUR store currency (token on the right, "." thousands, "," decimals) and a quote in it
    CurrencyFactory()
    amount = Decimal(EUR_CASE["amount"])
    quote = QuoteFactory(currency_code="EUR")
    QuoteLineFactory(quote=quote, sku="HS-EU-1", quantity=2, original_price=amount, quoted_price=amount / 2)

    # When its PDF is rendered
    lines = pdf_text(quote_pdf_render(quote_id=quote.pk)).splitlines()

    # Then every amount is in the store's format, the shared EUR case exactly as lib/money.test.ts prints it
    assert EUR_CASE["expected"] == "1.234,50 €"
    assert next(line for line in lines if "HS-EU-1" in line).endswith(" 2 1.234,50 € 617,25 € 1.234,50 €")
    assert "Original subtotal 2.469,00 €" in lines
    assert "Tax 0,00 €" in lines
    assert f"Grand total {EUR_CASE['expected']}" in lines
