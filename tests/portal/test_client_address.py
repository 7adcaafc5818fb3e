"""The client's address behind trusted reverse proxies (issue 12): the right-most hops are our proxies', anything to
their left is the client's word."""

import pytest
from django.test import RequestFactory

from portal.client_address import client_ip


def request(remote="10.0.0.2", forwarded=None, **headers):
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", REMOTE_ADDR=remote, **headers)


def test_without_trusted_proxies_the_peer_is_the_client_whatever_the_header_says(settings):
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request("198.51.100.7", forwarded="203.0.113.9")) == "198.51.100.7"


@pytest.mark.parametrize(
    ("count", "forwarded", "expected"),
    [
        (1, "198.51.100.7", "198.51.100.7"),
        (1, "6.6.6.6, 198.51.100.7", "198.51.100.7"),  # a spoofed left-most value is skipped
        (2, "6.6.6.6, 198.51.100.7, 10.0.0.1", "198.51.100.7"),  # two proxies: the outer one saw the client
        (2, "198.51.100.7", "198.51.100.7"),  # fewer hops than proxies: all were written by ours
        (1, "198.51.100.7:51234", "198.51.100.7"),  # a port some proxies append
        (1, "[2001:db8:0:0::1]:443", "2001:db8::1"),
        (1, "2001:DB8::1", "2001:db8::1"),
        (1, "not-an-address", "10.0.0.2"),  # unreadable: the peer
        (1, "", "10.0.0.2"),  # no header: the request did not pass the proxy
    ],
)
def test_behind_trusted_proxies_the_client_is_the_hop_the_outermost_proxy_saw(settings, count, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = count
    assert client_ip(request(forwarded=forwarded)) == expected


def test_the_header_name_is_configurable(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.TRUSTED_PROXY_HEADER = "X-Real-IP"
    assert client_ip(request(forwarded="203.0.113.9", HTTP_X_REAL_IP="198.51.100.7")) == "198.51.100.7"


def test_no_request_is_unknown():
    assert client_ip(None) == "unknown"
