"""Chemistry-aware product search (business §7 productsSearch) and the search text it reads."""

from decimal import Decimal

import pytest

from pricing.models import Product
from pricing.selectors import product_detail, product_search, search_compact, variants_by_skus
from pricing.services import product_search_text_refresh, product_search_text_refresh_all
from tests.factories.pricing import (
    CategoryFactory,
    PriceListRecordFactory,
    ProductFactory,
    VariantFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog():
    ethanol = ProductFactory(
        name="Ethanol, absolute", sku="HS-1042", cas_number="64-17-5", synonyms="Ethyl alcohol\nEtOH",
        description="200 proof, ACS reagent grade.", brand="Helix",
    )  # fmt: skip
    VariantFactory(product=ethanol, sku="HS-1042-500")
    VariantFactory(product=ethanol, sku="HS-1042-2500")
    isopropanol = ProductFactory(
        name="Isopropanol", sku="HS-2201", cas_number="67-63-0", synonyms="2-Propanol\nIsopropyl alcohol",
    )  # fmt: skip
    dmf = ProductFactory(name="N,N-Dimethylformamide", sku="HS-3300", cas_number="68-12-2")
    pipette = ProductFactory(name="Serological pipette 10 mL", sku="PL-0010", description="Sterile, polystyrene.")
    ProductFactory(name="Ethanol, denatured", sku="HS-1050", cas_number="64-17-5", is_visible=False)
    for product in (ethanol, isopropanol, dmf, pipette):
        product_search_text_refresh(product)  # after the variants were added
    return {"ethanol": ethanol, "isopropanol": isopropanol, "dmf": dmf, "pipette": pipette}


def names(query: str, **kwargs) -> list[str]:
    return [product.name for product in product_search(query=query, **kwargs)]


@pytest.mark.parametrize("query", ["HS-1042-500", "hs1042500", "HS 1042 500", "hs-1042 500", " HS1042-500 "])
def test_a_catalog_number_matches_whatever_its_hyphens_spaces_or_case(catalog, query):
    assert names(query) == ["Ethanol, absolute"]


def test_the_start_of_a_catalog_number_finds_every_pack_size(catalog):
    assert names("HS-1042") == ["Ethanol, absolute"]
    assert names("HS-") == ["Ethanol, absolute", "Isopropanol", "N,N-Dimethylformamide"]


@pytest.mark.parametrize(("query", "found"), [("64-17-5", "Ethanol, absolute"), ("64175", "Ethanol, absolute"),
                                               ("67-63-0", "Isopropanol"), ("67630", "Isopropanol")])  # fmt: skip
def test_a_cas_number_matches_with_or_without_hyphens(catalog, query, found):
    assert names(query) == [found]


@pytest.mark.parametrize(
    ("query", "found"),
    [("ethyl alcohol", "Ethanol, absolute"), ("EtOH", "Ethanol, absolute"), ("2-propanol", "Isopropanol"),
     ("2-Propanol", "Isopropanol"), ("isopropyl", "Isopropanol"), ("dimethylformamide", "N,N-Dimethylformamide"),
     ("N,N-Dimethylformamide", "N,N-Dimethylformamide"), ("nndimethylformamide", "N,N-Dimethylformamide")],
)  # fmt: skip
def test_synonyms_and_chemical_names_match(catalog, query, found):
    assert names(query) == [found]


def test_words_of_the_name_and_description_match_from_their_start(catalog):
    assert names("ethanol") == ["Ethanol, absolute"]
    assert names("ETHAN") == ["Ethanol, absolute"]
    assert names("pipette sterile") == ["Serological pipette 10 mL"]
    assert names("alcohol") == ["Ethanol, absolute", "Isopropanol"]
    assert names("thanol") == []
    assert names("pipette ethanol") == []


def test_only_visible_products_are_found(catalog):
    assert "Ethanol, denatured" not in names("64-17-5")
    assert "Ethanol, denatured" not in names("")


def test_an_exact_code_ranks_before_a_partial_match(catalog):
    ten = ProductFactory(name="A pipette tip 10", sku="PL-00100")

    assert names("PL-0010") == ["Serological pipette 10 mL", ten.name]


def test_an_empty_query_lists_every_visible_priced_product_by_name(catalog):
    assert names("", limit=2) == ["Ethanol, absolute", "Isopropanol"]
    assert names("", limit=2, offset=2) == ["N,N-Dimethylformamide", "Serological pipette 10 mL"]


def test_the_search_is_restricted_to_product_ids_and_categories_with_their_subcategories(catalog):
    chemicals = CategoryFactory(slug="chemicals")
    solvents = CategoryFactory(slug="solvents", parent=chemicals)
    catalog["isopropanol"].categories.add(solvents)
    catalog["ethanol"].categories.add(chemicals)

    assert names("", category_slug="chemicals") == ["Ethanol, absolute", "Isopropanol"]
    assert names("", category_slug=str(solvents.pk)) == ["Isopropanol"]
    assert names("", category_slug="nothing") == []
    assert names("alcohol", product_ids=[catalog["isopropanol"].pk, catalog["dmf"].pk]) == ["Isopropanol"]


def test_products_whose_variants_are_all_zero_priced_are_left_out(store):
    free = ProductFactory(name="Free sample", base_price=Decimal("0"))
    VariantFactory(product=free, price=None)
    VariantFactory(product=free, price=Decimal("0"))
    ProductFactory(name="Free brochure", base_price=Decimal("0"))
    one_priced = ProductFactory(name="One priced variant", base_price=Decimal("0"))
    VariantFactory(product=one_priced, price=Decimal("0"))
    VariantFactory(product=one_priced, price=Decimal("5"))
    ProductFactory(name="Priced without variants", base_price=Decimal("3"))

    assert names("") == ["One priced variant", "Priced without variants"]


def test_a_group_price_decides_whether_a_variant_is_priced(store):
    catalog_priced = ProductFactory(name="Priced in catalog", base_price=Decimal("10"))
    free_for_group = PriceListRecordFactory(variant__product=catalog_priced, price=Decimal("0"))
    group_only = ProductFactory(name="Group only", base_price=Decimal("0"))
    record = PriceListRecordFactory(variant__product=group_only, price_list=free_for_group.price_list,
                                    price=Decimal("7"))  # fmt: skip
    group = record.price_list.customer_group

    assert names("") == ["Priced in catalog"]
    assert names("", customer_group_id=group.pk) == ["Group only"]


def test_search_text_is_normalised_codes_names_and_words(store):
    product = ProductFactory(name="α-Tocopherol acétate", sku="HS-77 01", cas_number="7695-91-2",
                             synonyms="Vitamin E acetate", description="Oil.")  # fmt: skip

    text = product_search_text_refresh(product)

    assert text == (" hs7701 hs 77 01 7695912 7695 91 2 αtocopherol α tocopherol acetate vitamin e oil ")
    assert Product.objects.get(pk=product.pk).search_text == text
    assert names("tocopherol acetate") == ["α-Tocopherol acétate"]
    assert search_compact("HS-1042-500") == "hs1042500"


def test_refresh_all_rewrites_every_products_search_text(catalog):
    Product.objects.update(search_text="")

    assert product_search_text_refresh_all() == 5
    assert names("HS-1042-2500") == ["Ethanol, absolute"]


def test_product_detail_by_slug_or_id_prefetches_and_hides_invisible_products(catalog, django_assert_num_queries):
    ethanol = catalog["ethanol"]

    # product, variants, their option values, options (none, so no values query), categories
    with django_assert_num_queries(5):
        product = product_detail(slug=ethanol.slug)
        assert [v.sku for v in product.variants.all()] == ["HS-1042-500", "HS-1042-2500"]
        assert list(product.options.all()) == []
    assert product_detail(product_id=ethanol.pk) == ethanol
    assert product_detail(slug=Product.objects.get(sku="HS-1050").slug) is None
    assert product_detail(slug="missing") is None


def test_variants_by_sku_are_case_insensitive_in_the_order_asked(catalog):
    found = variants_by_skus(skus=["hs-1042-2500", "NOPE", "HS-1042-500", "hs-1042-500"])

    assert [v.sku for v in found] == ["HS-1042-2500", "HS-1042-500"]
