"""The demo store's documents (issue 36 item 12): every safety data sheet has the 16 GHS sections, written from the
product's data and its substance's profile, a non-hazardous chemical's included; "≥" prints as "≥"; the certificate
of analysis sets its results in aligned columns."""

import datetime
import re
from io import BytesIO

from pypdf import PdfReader

from orders.demo_documents import (
    HAZARDS,
    NOT_CLASSIFIED,
    PROFILES,
    SECTION_TITLES,
    certificate_pdf,
    certificate_results,
    safety_data_sheet_pdf,
)
from orders.models import Lot
from pricing.demo import CHEMICALS
from pricing.models import Product
from tests.helpers import pdf_text

GHS_SECTIONS = [
    "Identification",
    "Hazard(s) identification",
    "Composition / information on ingredients",
    "First-aid measures",
    "Fire-fighting measures",
    "Accidental release measures",
    "Handling and storage",
    "Exposure controls / personal protection",
    "Physical and chemical properties",
    "Stability and reactivity",
    "Toxicological information",
    "Ecological information",
    "Disposal considerations",
    "Transport information",
    "Regulatory information",
    "Other information",
]
ETHANOL = Product(
    name="Ethanol, absolute, ≥99.8%", sku="HS-1001", cas_number="64-17-5", synonyms="Ethyl alcohol\nEtOH",
    description="Anhydrous ethanol for DNA precipitation.",
)  # fmt: skip
AGAROSE = Product(
    name="Agarose, molecular biology grade", sku="HS-1080", cas_number="9012-36-6", synonyms="Agarose LE",
    description="Standard-melting agarose for DNA and RNA gels.",
)  # fmt: skip
REVISED = datetime.date(2026, 12, 1)


def _one_line(content: bytes) -> str:
    return re.sub(r"\s+", " ", pdf_text(content))


def _sections_in_order(text: str) -> list[str]:
    found = re.findall(r"Section (\d+)\. ", text)
    return found


def test_a_hazardous_chemicals_sheet_has_the_16_ghs_sections_in_order_with_its_hazards():
    text = _one_line(safety_data_sheet_pdf(ETHANOL, revised_on=REVISED, store=None))

    assert list(SECTION_TITLES) == GHS_SECTIONS
    positions = [text.index(f"Section {number}. {title}") for number, title in enumerate(GHS_SECTIONS, start=1)]
    assert positions == sorted(positions)
    assert _sections_in_order(text) == [str(n) for n in range(1, 17)]
    # From the product's data: its name (with "≥" as it is written), catalog and CAS numbers, synonyms.
    assert "Ethanol, absolute, ≥99.8%" in text and ">=" not in text
    assert "HS-1001" in text and "64-17-5" in text and "Ethyl alcohol; EtOH" in text
    # From its substance's profile: the hazards, the signal word, the pictogram and the UN transport entry.
    assert "H225: Highly flammable liquid and vapour." in text and "H319: Causes serious eye irritation." in text
    assert "Signal word Danger" in text and "GHS02 (flame)" in text
    assert "UN1170" in text and "ETHANOL" in text
    assert "Below 23 °C (flammable liquid, category 2)" in text
    assert NOT_CLASSIFIED not in text


def test_a_non_hazardous_chemical_gets_a_full_sheet_saying_it_is_not_classified():
    text = _one_line(safety_data_sheet_pdf(AGAROSE, revised_on=REVISED, store=None))

    assert _sections_in_order(text) == [str(n) for n in range(1, 17)]
    assert "not classified as hazardous under GHS" in text
    assert "Not dangerous goods under US DOT, IATA, IMDG or ADR/RID." in text
    assert "Signal word" not in text and "H3" not in text


def test_every_demo_chemical_has_a_profile_with_known_hazard_statements():
    assert {cas for _, _, cas, *_ in CHEMICALS} <= set(PROFILES)
    for cas, profile in PROFILES.items():
        assert profile.state in {"liquid", "solid"}, cas
        assert set(profile.hazards) <= set(HAZARDS), cas


def test_the_certificates_results_stand_in_aligned_columns_with_real_signs():
    product = Product(name="Ethanol, absolute, ≥99.8%", sku="HS-1001", cas_number="64-17-5")
    lot = Lot(product=product, number="EA-24-1107", manufactured_on=REVISED, expires_on=REVISED.replace(year=2028))
    content = certificate_pdf(lot, store=None)

    # Where each run of text starts on the page (x), line by line (y), as a reader lays it out.
    starts: dict[float, list[float]] = {}

    def shown(operator, operands, cm, tm):
        if operator in (b"Tj", b"TJ"):
            starts.setdefault(round(tm[5] * cm[3] + cm[5], 1), []).append(round(tm[4] * cm[0] + cm[4], 1))

    PdfReader(BytesIO(content)).pages[0].extract_text(visitor_operand_before=shown)
    results = certificate_results(name=product.name, cas_number=product.cas_number, lot_number=lot.number)
    # The table: the header and one line per test, each with three runs (test, specification, result) that start
    # at the same three places.
    table = [xs for xs in starts.values() if len(xs) == 3]
    assert len(table) == 1 + len(results)
    columns = table[0]
    assert columns == sorted(columns) and columns[1] - columns[0] > 100 and columns[2] - columns[1] > 100
    assert all(xs == columns for xs in table)
    text = _one_line(content)
    assert "≥ 99.8 %" in text and "≤ 0.20 %" in text and ">=" not in text and "<=" not in text
    assert "EA-24-1107" in text and len(PdfReader(BytesIO(content)).pages) == 1
