"""Formats as the carriers issue them today (issue 17): UPS waybill, FedEx Ground SSCC-18, Amazon Logistics beyond
TBA, DHL Express piece ids, DHL eCommerce with letters, and the USPS legacy 20-digit form.

Every number here is our own; its check digit was computed with tracking/checksums.py, and the ones with a
worked example below are checked by hand as well.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tracking import find_in_text, recognize
from tracking.checksums import check_digit_function, mod10_check_digit

REPO_ROOT = Path(__file__).resolve().parents[2]

UPS = "https://www.ups.com/track?tracknum="
FEDEX = "https://www.fedex.com/fedextrack/?trknbr="
AMAZON = "https://track.amazon.com/tracking/"
DHL_EXPRESS = "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id="
DHL_ECOMMERCE = "https://www.dhl.com/global-en/home/tracking/tracking-ecommerce.html?submit=1&tracking-id="
USPS = "https://tools.usps.com/go/TrackConfirmAction?tLabels="

# input as a buyer might paste it → (format, courier code, tracking number, tracking link)
ONE_OF_EACH_FORMAT = {
    "T4829165039": ("ups_waybill", "ups", "T4829165039", UPS + "T4829165039"),
    "K 730 015 842 8": ("ups_waybill", "ups", "K7300158428", UPS + "K7300158428"),
    "0061 4141 1234 5678 90": ("fedex_ground_sscc18", "fedex", "006141411234567890", FEDEX + "006141411234567890"),
    # Read from the barcode, with the application identifier 00: the link tracks the SSCC itself.
    "00 006141411234567890": ("fedex_ground_sscc18", "fedex", "00006141411234567890", FEDEX + "006141411234567890"),
    "TBC407215938264": ("amazon_logistics", "amazon", "TBC407215938264", AMAZON + "TBC407215938264"),
    "tbm 7301 5826 4901": ("amazon_logistics", "amazon", "TBM730158264901", AMAZON + "TBM730158264901"),
    "JVGL4810572639": ("dhl_express_piece_id", "dhl", "JVGL4810572639", DHL_EXPRESS + "JVGL4810572639"),
    "GM7B30561E84F2093C7A1K": (
        "dhl_ecommerce",
        "dhl",
        "GM7B30561E84F2093C7A1K",
        DHL_ECOMMERCE + "GM7B30561E84F2093C7A1K",
    ),
    "7196 0123 4567 8901 2340": ("usps_91", "usps", "71960123456789012340", USPS + "71960123456789012340"),
}


@pytest.fixture(scope="module")
def track_json_answers():
    """`manage.py track --json -` run once over every number of ONE_OF_EACH_FORMAT, as a pipe."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "portal.settings_test"}
    result = subprocess.run(
        [sys.executable, "manage.py", "track", "--json", "-"],
        input="\n".join(ONE_OF_EACH_FORMAT).encode() + b"\n",
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(answers) == len(ONE_OF_EACH_FORMAT)
    return dict(zip(ONE_OF_EACH_FORMAT, answers, strict=True))


@pytest.mark.parametrize("number", ONE_OF_EACH_FORMAT)
def test_track_json_recognises_the_format_with_its_courier_and_a_link_on_the_carriers_site(track_json_answers, number):
    fmt, courier_code, tracking_number, tracking_url = ONE_OF_EACH_FORMAT[number]

    (match,) = track_json_answers[number]

    assert match["format"] == fmt
    assert match["courier_code"] == courier_code
    assert match["tracking_number"] == tracking_number
    assert match["tracking_url"] == tracking_url


# --- the check digit over an application identifier the number leaves out ---------------------------------


def test_implied_prefix_counts_in_the_check_digit_as_if_printed():
    # "1000000000000000001" from the right, weights 3,1,3,…: the last 1 × 3, the first 1 (position 19) × 3 = 6;
    # the implied "91" continues at positions 20 and 21: 1 × 1 + 9 × 3 = 28. 34 → (10 - 4) mod 10 = 6.
    rule = {"kind": "mod10", "odd_multiplier": 3, "even_multiplier": 1, "positions": "right"}
    with_91 = check_digit_function({**rule, "implied_prefix": "91"})

    assert with_91("1000000000000000001") == 6
    assert with_91("1000000000000000001") == mod10_check_digit(
        "911000000000000000001", odd_multiplier=3, even_multiplier=1, from_right=True
    )
    assert check_digit_function(rule)("1000000000000000001") == 4


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ({"kind": "s10", "implied_prefix": "91"}, "takes no implied_prefix"),
        ({"kind": "none", "implied_prefix": "91"}, "takes no implied_prefix"),
        ({"kind": "mod7", "implied_prefix": "9-1"}, "implied_prefix must be digits and upper-case letters"),
        ({"kind": "mod7", "implied_prefix": 91}, "implied_prefix must be digits and upper-case letters"),
    ],
)
def test_a_bad_implied_prefix_is_refused(rule, message):
    with pytest.raises(ValueError, match=message):
        check_digit_function(rule)


def test_a_20_digit_usps_number_is_either_the_legacy_91_form_or_a_usps_20_never_both():
    # The implied 91 adds 28 to the weighted sum, so the two readings always want different check digits.
    assert [match.format for match in recognize("10000000000000000016")] == ["usps_91"]
    assert [match.format for match in recognize("10000000000000000014")] == ["usps_20"]
    # The same number with its 91 printed: one parcel, one check digit.
    assert [match.format for match in recognize("9110000000000000000016")] == ["usps_91"]


def test_fedex_smartpost_is_read_in_the_three_forms_fedex_and_usps_print():
    (fedex_20,) = recognize("61290123456789012340")  # as FedEx shows it: no 92

    assert (fedex_20.format, fedex_20.tracking_url) == ("fedex_smartpost", FEDEX + "61290123456789012340")
    routed = {match.format: match.tracking_url for match in recognize("420902109261290101290879000316")}
    assert routed == {
        "fedex_smartpost": FEDEX + "9261290101290879000316",
        "usps_impb": USPS + "9261290101290879000316",
    }
    # Without 92, only the SmartPost service type 612 is read as FedEx's.
    assert "fedex_smartpost" not in [match.format for match in recognize("61390123456789012347")]


# --- what stays refused ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "T4829165038",  # UPS waybill, check digit off by one
        "B4829165039",  # no UPS waybill starts with B
        "TBD407215938264",  # Amazon Logistics prefixes are TBA, TBC and TBM
        "JVG04810572639",  # neither JJD nor JVGL
        "GMA0511227008451035",  # DHL eCommerce numbers go on with a digit after GM
        "006141411234567891",  # SSCC-18, GS1 check digit off by one
    ],
)
def test_near_misses_of_the_new_formats_are_refused(number):
    assert recognize(number) == []


def test_a_legacy_usps_number_never_starts_with_00():
    # 00 starts the FedEx SSCC-18 with its application identifier; its check digit with an implied 91 is 7.
    assert "usps_91" not in [match.format for match in recognize("00123456789012345677")]


# --- free text -------------------------------------------------------------------------------------------------


def test_the_new_forms_are_found_in_free_text_printed_in_groups():
    text = (
        "Pallet SSCC 00 0061 4141 1234 5678 90, parcel JVGL 4810 5726 39, Amazon TBC 4072 1593 8264, "
        "certified mail 7196 0123 4567 8901 2340, waybill K 730 015 842 8."
    )

    assert [(match.format, match.tracking_number) for match in find_in_text(text)] == [
        ("fedex_ground_sscc18", "006141411234567890"),
        ("dhl_express_piece_id", "JVGL4810572639"),
        ("amazon_logistics", "TBC407215938264"),
        ("usps_91", "71960123456789012340"),
        ("ups_waybill", "K7300158428"),
    ]
