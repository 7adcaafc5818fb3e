"""Recognition rules of business §5, by hand: checksums, letters, lookups, candidates, free text, hostile input.

The numbers with a known check digit (1Z999AA10123456784, 123456789012, 449044304137821, 3318810025,
RR123456785DE, 03071790000523483741) are the carriers' widely published examples, so they check our
checksum rules independently of the sample data we generated with them.
"""

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tracking import TrackingMatch, find_in_text, recognize
from tracking.checksums import (
    char_value,
    check_digit_function,
    mod7_check_digit,
    mod10_check_digit,
    s10_check_digit,
    weighted_check_digit,
)
from tracking.engine import MAX_TEXT_CHARS

REPO_ROOT = Path(__file__).resolve().parents[2]


def formats(matches):
    return [match.format for match in matches]


def found(text):
    return [(match.format, match.tracking_number) for match in find_in_text(text)]


# --- checksum kinds ---------------------------------------------------------------------------------------


def test_mod10_with_odd_and_even_multipliers_from_the_left_gives_the_ups_check_digit():
    # "999AA1012345678": A = 2; odd positions 9+9+2+0+2+4+6+8 = 40, even (9+2+1+1+3+5+7) × 2 = 56;
    # 96 → (10 - 6) mod 10 = 4.
    assert mod10_check_digit("999AA1012345678", odd_multiplier=1, even_multiplier=2, from_right=False) == 4
    assert formats(recognize("1Z999AA10123456784")) == ["ups_1z"]
    assert recognize("1Z999AA10123456783") == []


def test_mod10_with_multipliers_from_the_right_gives_the_usps_and_fedex_ground_check_digits():
    assert mod10_check_digit("0307179000052348374", odd_multiplier=3, even_multiplier=1, from_right=True) == 1
    assert mod10_check_digit("44904430413782", odd_multiplier=3, even_multiplier=1, from_right=True) == 1
    assert formats(recognize("03071790000523483741")) == ["usps_20"]
    assert formats(recognize("449044304137821")) == ["fedex_ground"]


def test_mod10_check_digit_of_a_sum_ending_in_zero_is_zero():
    assert mod10_check_digit("5", odd_multiplier=2, even_multiplier=1, from_right=True) == 0


def test_weighted_sum_with_two_moduli_gives_the_fedex_express_check_digit():
    # 12345678901 weighted 1,3,7 from the right: sum 178; 178 mod 11 = 2; 2 mod 10 = 2.
    assert weighted_check_digit("12345678901", weights=(1, 3, 7), from_right=True, modulo1=11, modulo2=10) == 2
    assert formats(recognize("123456789012")) == ["fedex_express_12"]


def test_weighted_sum_second_modulus_turns_a_remainder_of_ten_into_zero():
    # "00000000070": 7 × 3 = 21; 21 mod 11 = 10; 10 mod 10 = 0.
    assert weighted_check_digit("00000000070", weights=(1, 3, 7), from_right=True, modulo1=11, modulo2=10) == 0
    assert formats(recognize("000000000700")) == ["fedex_express_12"]


def test_mod7_gives_the_dhl_express_check_digit():
    # 331881002 = 7 × 47411571 + 5.
    assert mod7_check_digit("331881002") == 5
    assert formats(recognize("3318810025")) == ["dhl_express"]
    assert recognize("3318810026") == []


def test_s10_weights_8_6_4_2_3_5_9_7_mod_11():
    # 1×8 + 2×6 + 3×4 + 4×2 + 5×3 + 6×5 + 7×9 + 8×7 = 204; 204 mod 11 = 6; 11 - 6 = 5.
    assert s10_check_digit("12345678") == 5
    assert formats(recognize("RR123456785DE")) == ["s10"]


def test_s10_remainder_one_gives_check_digit_zero():
    # 6 × 2 = 12; 12 mod 11 = 1; 11 - 1 = 10 → 0.
    assert s10_check_digit("00060000") == 0
    assert formats(recognize("RR000600000GB")) == ["s10"]
    assert recognize("RR000600001GB") == []


def test_s10_remainder_zero_gives_check_digit_five():
    # sum 0; 0 mod 11 = 0; 11 - 0 = 11 → 5.
    assert s10_check_digit("00000000") == 5
    assert formats(recognize("EE000000005FR")) == ["s10"]
    assert recognize("EE000000000FR") == []


def test_letters_count_as_char_code_minus_3_mod_10():
    assert char_value("A") == 2  # 65 - 3 = 62
    assert char_value("I") == 0  # 73 - 3 = 70
    assert char_value("Z") == 7  # 90 - 3 = 87
    assert char_value("0") == 0
    assert char_value("9") == 9
    assert mod7_check_digit("A") == 2


def test_an_unknown_checksum_kind_is_refused():
    with pytest.raises(ValueError, match="Unknown checksum kind 'luhn'"):
        check_digit_function({"kind": "luhn"})


# --- lookups ------------------------------------------------------------------------------------------------


def test_ups_number_with_a_service_type_not_in_the_lookup_is_rejected():
    # The check digit is right for "999AA1ZZ2345678" (odd 47, even 34 × 2; 115 → 5), but ZZ is no service.
    assert mod10_check_digit("999AA1ZZ2345678", odd_multiplier=1, even_multiplier=2, from_right=False) == 5
    assert recognize("1Z999AA1ZZ23456785") == []


def test_ups_service_type_is_described():
    (match,) = recognize("1Z999AA10123456784")

    assert match.description == "UPS 1Z tracking number: UPS Next Day Air"


def test_s10_number_with_an_unknown_country_is_rejected():
    assert recognize("RR123456785XX") == []


def test_s10_country_code_names_the_postal_operator():
    (match,) = recognize("RR123456785DE")

    assert match.courier_code == "s10"
    assert match.description.endswith(": Deutsche Post")


def test_fedex_ground_96_needs_container_type_96():
    assert formats(recognize("9619000449044304137821")) == ["fedex_ground_96"]
    assert "fedex_ground_96" not in formats(recognize("9519000449044304137821"))


# --- results ------------------------------------------------------------------------------------------------


def test_a_number_valid_in_several_formats_gives_every_candidate():
    assert formats(recognize("40612345675")) == ["dhl_express", "ups_air_waybill"]
    assert formats(recognize("9261290101290879000316")) == ["fedex_smartpost", "usps_impb"]


def test_a_match_carries_the_tracking_result_fields():
    (match,) = recognize("1Z999AA10123456784")

    assert match == TrackingMatch(
        name="UPS",
        tracking_url="https://www.ups.com/track?tracknum=1Z999AA10123456784",
        description="UPS 1Z tracking number: UPS Next Day Air",
        tracking_number="1Z999AA10123456784",
        courier_name="UPS",
        courier_code="ups",
        format="ups_1z",
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.name = "changed"


def test_a_barcode_with_an_embedded_number_links_to_the_embedded_number():
    (match,) = recognize("420902109400100000000000000006")

    assert match.format == "usps_impb"
    assert match.tracking_number == "420902109400100000000000000006"
    assert match.tracking_url == "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000006"


# --- input forms --------------------------------------------------------------------------------------------


def test_spaces_and_dashes_are_ignored():
    assert formats(recognize(" 1Z 999 AA1 01-2345-678 4 ")) == ["ups_1z"]
    assert recognize("1Z 999 AA1 01-2345-678 4")[0].tracking_number == "1Z999AA10123456784"


def test_lower_case_input_is_upper_cased():
    (match,) = recognize("1z999aa10123456784")

    assert match.tracking_number == "1Z999AA10123456784"
    assert formats(recognize("rr123456785de")) == ["s10"]


def test_full_width_characters_are_read_as_ascii():
    assert formats(recognize("１Ｚ９９９ＡＡ１０１２３４５６７８４")) == ["ups_1z"]


def test_other_unicode_digits_are_not_read_as_a_number():
    assert recognize("٣٣١٨٨١٠٠٢٥") == []  # 3318810025 in Arabic-Indic digits
    assert recognize("1Zé999AA10123456784") == []


def test_control_characters_inside_a_number_are_stripped():
    assert formats(recognize("1Z999\x00AA1\x1b0123456784\x7f")) == ["ups_1z"]


def test_empty_and_non_numbers_give_no_match():
    assert recognize("") == []
    assert recognize("   ") == []
    assert recognize("hello world") == []


def test_recognize_refuses_what_is_not_a_string():
    with pytest.raises(TypeError):
        recognize(None)


# --- free text ----------------------------------------------------------------------------------------------


def test_numbers_are_found_in_free_text_in_order():
    text = "Your parcels: 1Z 999 AA1 01 2345 678 4 (UPS) and RR123456785DE; DHL waybill 3318810025."

    assert found(text) == [
        ("ups_1z", "1Z999AA10123456784"),
        ("s10", "RR123456785DE"),
        ("dhl_express", "3318810025"),
    ]


def test_a_number_repeated_in_text_is_found_once():
    assert found("1Z999AA10123456784, again 1Z999AA10123456784") == [("ups_1z", "1Z999AA10123456784")]


def test_an_extension_made_of_other_candidates_is_dropped():
    # Each is a DHL number; together they are also a valid USPS 20 — an extension of both, dropped.
    assert formats(recognize("15567700622684178276")) == ["usps_20"]

    assert found("1556770062 2684178276") == [
        ("dhl_express", "1556770062"),
        ("dhl_express", "2684178276"),
    ]


def test_a_routing_prefix_extension_is_dropped_for_the_number_it_carries():
    text = "USPS 420 90210 9400 1000 0000 0000 0000 06 delivered"

    assert found(text) == [("usps_impb", "9400100000000000000006")]


def test_an_extension_in_the_same_format_is_dropped():
    # The piece id has no check digit, so the next group would lengthen it: JJD01234567897 is valid too.
    assert formats(recognize("JJD01234567897")) == ["dhl_express_piece_id"]

    assert found("JJD0123456789 7 boxes") == [("dhl_express_piece_id", "JJD0123456789")]


def test_a_number_printed_in_groups_is_read_whole():
    assert found("JJD0 1398 6898 9597 5") == [("dhl_express_piece_id", "JJD01398689895975")]


def test_a_fragment_of_a_grouped_number_that_passes_a_checksum_is_not_reported():
    # Its first three groups are, alone, a valid FedEx Express number.
    assert formats(recognize("940010000000")) == ["fedex_express_12"]

    assert found("9400 1000 0000 0000 0000 06") == [("usps_impb", "9400100000000000000006")]


def test_groups_are_joined_only_across_spaces_tabs_and_hyphens():
    assert found("1Z999AA1\n0123456784") == []
    assert found("1Z999AA1-0123456784") == [("ups_1z", "1Z999AA10123456784")]
    assert found("1Z999AA1\t0123456784") == [("ups_1z", "1Z999AA10123456784")]


def test_numbers_are_found_next_to_non_ascii_text():
    assert found("运单号1Z999AA10123456784，谢谢") == [("ups_1z", "1Z999AA10123456784")]


def test_text_without_numbers_gives_nothing():
    assert find_in_text("") == []
    assert find_in_text("Thank you for your order of 12 pipettes.") == []


# --- hostile input (correctness only; no timing is asserted) ---------------------------------------------------


def test_ten_megabytes_of_text_are_handled():
    text = "filler 12 34 " * (10_000_000 // 13) + "1Z999AA10123456784"

    # Only the first MAX_TEXT_CHARS characters are read: the number at the very end is past them.
    assert find_in_text(text) == []
    assert recognize(text) == []


def test_a_number_within_the_read_limit_is_found_in_long_text():
    text = "1Z999AA10123456784 " + "lorem ipsum " * (MAX_TEXT_CHARS // 12 + 1000)

    assert found(text) == [("ups_1z", "1Z999AA10123456784")]


def test_control_characters_and_binary_noise_are_handled():
    noise = bytes(range(256)).decode("latin-1") * 4000 + "\x00\x1b[31m\ud800"

    # Past the read limit the number is not looked at; within it, the same noise does not hide it.
    assert find_in_text(noise + " RR123456785DE") == []
    assert found(noise[: 256 * 100] + " RR123456785DE") == [("s10", "RR123456785DE")]
    assert recognize(noise) == []
    assert found("\x00RR123456785DE\x07") == [("s10", "RR123456785DE")]


def test_one_huge_token_is_handled():
    assert find_in_text("9" * 10_000_000) == []


def test_the_package_imports_without_django_settings():
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    code = (
        "import sys, tracking; "
        "assert tracking.recognize('1Z999AA10123456784')[0].courier_code == 'ups'; "
        "assert 'django' not in sys.modules, 'tracking imported Django'"
    )

    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, env=env, capture_output=True, text=True, check=False
    )

    assert result.returncode == 0, result.stderr
