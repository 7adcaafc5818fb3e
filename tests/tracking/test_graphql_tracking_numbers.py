"""trackingNumbers through POST /graphql (guest-allowed)."""

import pytest

from tests.helpers import error_code

QUERY = """
query TrackingNumbers($text: String!) {
  trackingNumbers(text: $text) {
    name trackingUrl description trackingNumber courierName courierCode format
  }
}
"""


@pytest.mark.django_db
def test_a_guest_gets_the_match_of_a_valid_number(graphql):
    body = graphql(QUERY, {"text": "1Z 999 AA1 0123 4567 84"})

    assert "errors" not in body, body
    assert body["data"]["trackingNumbers"] == [
        {
            "name": "UPS",
            "trackingUrl": "https://www.ups.com/track?tracknum=1Z999AA10123456784",
            "description": "UPS 1Z tracking number: UPS Next Day Air",
            "trackingNumber": "1Z999AA10123456784",
            "courierName": "UPS",
            "courierCode": "ups",
            "format": "ups_1z",
        }
    ]


@pytest.mark.django_db
def test_numbers_are_found_in_free_text(graphql):
    body = graphql(QUERY, {"text": "Shipped: RR123456785DE and 3318810025, thanks!"})

    assert "errors" not in body, body
    assert [(item["format"], item["trackingNumber"]) for item in body["data"]["trackingNumbers"]] == [
        ("s10", "RR123456785DE"),
        ("dhl_express", "3318810025"),
    ]


@pytest.mark.django_db
def test_a_number_valid_in_two_formats_comes_once_per_format(graphql):
    body = graphql(QUERY, {"text": "40612345675"})

    assert [item["courierCode"] for item in body["data"]["trackingNumbers"]] == ["dhl", "ups"]


@pytest.mark.django_db
def test_numbers_separated_by_spaces_are_read_as_a_list(graphql):
    # Joined, the two DHL numbers are also a valid USPS 20; as a list they are two numbers.
    body = graphql(QUERY, {"text": "1556770062 2684178276"})

    assert [(item["format"], item["trackingNumber"]) for item in body["data"]["trackingNumbers"]] == [
        ("dhl_express", "1556770062"),
        ("dhl_express", "2684178276"),
    ]


@pytest.mark.django_db
def test_a_number_with_other_separators_is_read_whole(graphql):
    body = graphql(QUERY, {"text": "1Z/999/AA1/0123456784"})

    assert [item["trackingNumber"] for item in body["data"]["trackingNumbers"]] == ["1Z999AA10123456784"]


@pytest.mark.django_db
def test_text_without_numbers_gives_an_empty_list(graphql):
    body = graphql(QUERY, {"text": "no numbers here"})

    assert body == {"data": {"trackingNumbers": []}}


@pytest.mark.django_db
def test_text_at_the_limit_is_accepted(graphql):
    body = graphql(QUERY, {"text": "x " * 4_991 + "3318810025"})  # 10,000 characters

    assert "errors" not in body, body
    assert [item["trackingNumber"] for item in body["data"]["trackingNumbers"]] == ["3318810025"]


@pytest.mark.django_db
def test_over_long_text_is_refused_as_bad_user_input(graphql):
    body = graphql(QUERY, {"text": "x" * 10_001})

    assert error_code(body) == "BAD_USER_INPUT"
    assert body["errors"][0]["extensions"]["fields"] == {"text": ["Enter at most 10000 characters."]}
    assert body["data"] is None
