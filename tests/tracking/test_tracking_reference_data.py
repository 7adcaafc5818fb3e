"""The carrier reference data (tracking/carriers.json) against the engine: every sample, every format."""

import re

import pytest

from tracking import recognize
from tracking.carriers import LOOKUP_GROUPS, load_couriers

COURIERS = load_couriers()
FORMATS = [fmt for courier in COURIERS for fmt in courier.formats]

VALID_SAMPLES = [pytest.param(fmt, number, id=f"{fmt.id}-{number}") for fmt in FORMATS for number in fmt.valid_samples]
INVALID_SAMPLES = [
    pytest.param(fmt, number, id=f"{fmt.id}-{number}") for fmt in FORMATS for number in fmt.invalid_samples
]


@pytest.mark.parametrize(("fmt", "number"), VALID_SAMPLES)
def test_every_valid_sample_is_recognised_as_its_courier_and_format(fmt, number):
    matches = [match for match in recognize(number) if match.format == fmt.id]

    assert len(matches) == 1
    assert matches[0].courier_code == fmt.courier_code
    assert matches[0].courier_name == fmt.courier_name
    assert matches[0].tracking_number == number
    assert matches[0].name == fmt.name


@pytest.mark.parametrize(("fmt", "number"), INVALID_SAMPLES)
def test_no_invalid_sample_is_recognised_as_its_format(fmt, number):
    assert fmt.id not in [match.format for match in recognize(number)]


def test_the_spec_couriers_and_formats_are_all_there():
    formats_by_courier = {courier.code: [fmt.id for fmt in courier.formats] for courier in COURIERS}

    assert formats_by_courier == {
        "amazon": ["amazon_logistics", "amazon_international"],
        "dhl": ["dhl_express", "dhl_express_piece_id", "dhl_ecommerce"],
        "fedex": [
            "fedex_express_12",
            "fedex_express_34",
            "fedex_smartpost",
            "fedex_ground",
            "fedex_ground_sscc18",
            "fedex_ground_96",
            "fedex_ground_gsn",
        ],
        "ontrac": ["ontrac_c", "ontrac_d"],
        "s10": ["s10"],
        "ups": ["ups_1z", "ups_waybill", "ups_air_waybill"],
        "usps": ["usps_20", "usps_34v2", "usps_91", "usps_impb"],
    }


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda fmt: fmt.id)
def test_every_format_has_valid_and_invalid_samples_and_an_https_link(fmt):
    assert len(fmt.valid_samples) >= 2
    assert len(fmt.invalid_samples) >= 2
    assert fmt.tracking_url.startswith("https://")
    assert set(fmt.lookups) <= LOOKUP_GROUPS


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda fmt: fmt.id)
def test_declared_lengths_agree_with_the_pattern(fmt):
    # The engine's prefilter trusts `lengths`; the pattern's own width range must agree with it.
    # (re._parser is private, which is acceptable in a test of our data, not in the engine.)
    minimum, maximum = re._parser.parse(fmt.pattern).getwidth()

    assert min(fmt.lengths) == minimum
    assert max(fmt.lengths) == maximum
    assert {len(number) for number in fmt.valid_samples} <= set(fmt.lengths)


def test_spec_pattern_lengths():
    # business §5 "Pattern lengths".
    lengths = {fmt.id: set(fmt.lengths) for fmt in FORMATS}

    assert lengths["amazon_logistics"] == {15}
    assert lengths["amazon_international"] == {11}
    assert lengths["dhl_express"] == {10, 11}
    assert lengths["ups_1z"] == {18}
    assert lengths["s10"] == {13}
    assert lengths["ontrac_c"] == lengths["ontrac_d"] == {15}
    fedex = set().union(*(lengths[fmt.id] for fmt in FORMATS if fmt.courier_code == "fedex"))
    # Beyond the spec's list, as FedEx issues them (issue 17): the SSCC-18 as printed (18) and the SmartPost
    # IMpb behind a 420 + ZIP routing code (30).
    assert fedex == {12, 15, 20, 22, 34} | {18, 30}
    assert lengths["fedex_ground_sscc18"] == {18, 20}
    assert lengths["fedex_smartpost"] == {20, 22, 30}


def test_s10_country_lookup_names_the_postal_operators_of_upu_members():
    (s10,) = [courier for courier in COURIERS if courier.code == "s10"]
    operators = s10.lookups["CountryCode"]

    assert operators["US"] == "United States Postal Service"
    assert operators["DE"] == "Deutsche Post"
    assert operators["GB"] == "Royal Mail"
    assert operators["FR"] == "La Poste"
    assert operators["JP"] == "Japan Post"
    assert operators["CN"] == "China Post"
    assert len(operators) >= 190
    assert all(re.fullmatch(r"[A-Z]{2}", code) for code in operators)


def test_ups_service_type_lookup_has_the_common_services():
    (ups,) = [courier for courier in COURIERS if courier.code == "ups"]
    services = ups.lookups["ServiceType"]

    assert services["01"] == "UPS Next Day Air"
    assert services["02"] == "UPS 2nd Day Air"
    assert services["03"] == "UPS Ground"
