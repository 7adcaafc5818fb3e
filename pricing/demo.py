"""The demo catalog of Helix Scientific: about 200 products in the six departments of the storefront home page.

Everything the pricing and storefront code has to handle appears at least once: all eleven option types of
business §3 (variant options and modifiers, required and optional), reagents in pack sizes with CAS numbers and
synonyms, quote-only products, out-of-stock and low-stock products, bulk tiers of every discount type (store-wide
and for the Academic price list) and one price list per customer group.

`seed_catalog()` is idempotent and keyed on catalog numbers: a product whose SKU exists is left as it is (staff may
have edited it); only missing products are created, together with their options, variants, price-list records and
tiers. Everything is inserted in bulk, so the seed costs a few dozen queries whatever the catalog's size.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypedDict

from django.db import transaction
from django.utils.text import slugify

from accounts.models import CustomerGroup
from portal.models import TaxClass
from portal.startup_cache import catalog_data_changed
from pricing.models import (
    Availability,
    BulkPricingTier,
    Category,
    DiscountType,
    InventoryTracking,
    NumberLimit,
    OptionType,
    OptionValue,
    PriceAdjuster,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
)

CENT = Decimal("0.01")
QUOTE_ONLY_MESSAGE = "Price on request: ask for a quote"

# slug, name, description: the top-level categories, which the storefront home page lists as its departments.
CATEGORIES = [
    ("chemicals-reagents", "Chemicals & reagents", "Solvents, acids, buffers, salts and biochemicals in pack sizes."),
    ("antibodies-proteins", "Antibodies & proteins", "Primary and secondary antibodies, recombinant proteins."),
    ("pipettes-tips", "Pipettes & tips", "Pipettes, tips, racks and pipette calibration."),
    ("lab-instruments", "Lab instruments", "Centrifuges, balances, meters, incubators and imaging."),
    ("consumables", "Consumables", "Tubes, plates, filters, gloves and glassware."),
    ("cell-culture", "Cell culture", "Media, sera, supplements, selection antibiotics and cultureware."),
]

# Customer group -> multiplier of the list price in its price list, per department (missing: list price).
# Retail has a price list without records: its customers pay the list price.
PRICE_LIST_RATES = {
    "Retail": {},
    "Academic": {
        "chemicals-reagents": Decimal("0.85"),
        "antibodies-proteins": Decimal("0.85"),
        "pipettes-tips": Decimal("0.85"),
        "consumables": Decimal("0.85"),
        "cell-culture": Decimal("0.85"),
    },
    "Industry": {
        "chemicals-reagents": Decimal("0.92"),
        "pipettes-tips": Decimal("0.92"),
        "lab-instruments": Decimal("0.92"),
        "consumables": Decimal("0.92"),
    },
}

TAX_CLASS_BY_CATEGORY = {"chemicals-reagents": "Reagents", "lab-instruments": "Lab equipment"}


# ---------------------------------------------------------------------------------------------------------------
# The catalog as data
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """An option value. For a variant option it also describes the variant it makes (SKU suffix, price, stock)."""

    label: str
    sku_suffix: str = ""
    price: Decimal | None = None
    stock: int = 0
    disabled: bool = False
    is_default: bool = False
    value_data: dict = field(default_factory=dict)
    adjuster: str = PriceAdjuster.NONE
    adjustment: Decimal = Decimal(0)
    product_ref: str = ""  # product_list_with_images: the SKU of the product it adds


@dataclass(frozen=True)
class Option:
    type: str
    name: str
    values: tuple[Value, ...] = ()
    required: bool = False
    variant: bool = False
    config: dict = field(default_factory=dict)  # ProductOption config fields by name


@dataclass(frozen=True)
class Tier:
    min: int
    max: int  # 0: no upper bound
    type: str
    amount: Decimal
    group: str = ""  # a customer group's price list; empty: every group


@dataclass(frozen=True)
class Item:
    sku: str
    name: str
    category: str
    description: str
    price: Decimal
    image: str
    brand: str = "Helix"
    cas: str = ""
    synonyms: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    tiers: tuple[Tier, ...] = ()
    availability: str = Availability.AVAILABLE
    message: str = ""
    tracking: str = InventoryTracking.NONE
    stock: int = 0

    @property
    def variant_option(self) -> Option | None:
        return next((option for option in self.options if option.variant), None)

    @property
    def quote_only(self) -> bool:
        return self.availability == Availability.DISABLED


class _QuoteOnly(TypedDict):
    availability: str
    message: str


def _d(amount: Decimal | float | str | int) -> Decimal:
    return Decimal(str(amount)).quantize(CENT)


def _img(name: str) -> str:
    return f"storefront/products/{name}.svg"


# Pack-size presets: label, SKU suffix, price multiple of the smallest pack.
PACKS = {
    "L4": [("100 mL", "100ML", 1), ("500 mL", "500ML", 3.2), ("1 L", "1L", 5.4), ("2.5 L", "2.5L", 11.5)],
    "L3": [("100 mL", "100ML", 1), ("500 mL", "500ML", 3.3), ("1 L", "1L", 5.6)],
    "LS": [("25 mL", "25ML", 1), ("100 mL", "100ML", 3.1), ("500 mL", "500ML", 11)],
    "LX": [("10 mL", "10ML", 1), ("5 × 10 mL", "5X10ML", 4.2)],
    "S3": [("100 g", "100G", 1), ("500 g", "500G", 3.4), ("1 kg", "1KG", 5.9)],
    "SM": [("25 g", "25G", 1), ("100 g", "100G", 3.2), ("500 g", "500G", 12)],
    "SS": [("5 g", "5G", 1), ("25 g", "25G", 3.8), ("100 g", "100G", 12.5)],
    "SX": [("1 g", "1G", 1), ("5 g", "5G", 3.9), ("25 g", "25G", 15)],
    "MG": [("10 mg", "10MG", 1), ("50 mg", "50MG", 3.8), ("100 mg", "100MG", 6.5)],
}

# Store-wide quantity breaks of most reagents (business §9 percent tiers).
REAGENT_TIERS = (Tier(10, 49, DiscountType.PERCENT, _d(5)), Tier(50, 0, DiscountType.PERCENT, _d(10)))
# Amount off per unit for packs of consumables.
PACK_TIERS = (Tier(5, 9, DiscountType.PRICE, _d(2)), Tier(10, 0, DiscountType.PRICE, _d(4)))
ACADEMIC_TIER = (Tier(20, 0, DiscountType.PERCENT, _d(8), group="Academic"),)


def variant_option(
    name: str,
    entries: Iterable[tuple[str, str, Decimal]],
    *,
    type: str = OptionType.DROPDOWN,
    stock: Iterable[int] | None = None,
    disabled: Iterable[str] = (),
    colors: dict[str, str] | None = None,
) -> Option:
    """A required variant option: one value, and one variant, per (label, SKU suffix, price)."""
    entries = list(entries)
    levels = list(stock) if stock is not None else [0] * len(entries)
    values = tuple(
        Value(
            label,
            sku_suffix=suffix,
            price=price,
            stock=level,
            disabled=suffix in disabled,
            is_default=index == 0,
            value_data={"colors": [colors[label]]} if colors else {},
        )
        for index, ((label, suffix, price), level) in enumerate(zip(entries, levels, strict=True))
    )
    return Option(type, name, values, required=True, variant=True)


def pack_sizes(preset: str, price: Decimal, **kwargs) -> Option:
    entries = [(label, suffix, _d(price * Decimal(str(multiple)))) for label, suffix, multiple in PACKS[preset]]
    return variant_option("Pack size", entries, **kwargs)


def _yes_no(checked_by_default: bool = False) -> tuple[Value, ...]:
    # business §3 value_data.checked_value: the two states of a checkbox, as the platform lists them.
    return (
        Value("Yes", is_default=checked_by_default, value_data={"checked_value": True}),
        Value("No", is_default=not checked_by_default, value_data={"checked_value": False}),
    )


def calibration(amount: int) -> Option:
    return Option(
        OptionType.CHECKBOX,
        "Calibration certificate",
        _yes_no(),
        config={
            "checkbox_label": "Add a traceable calibration certificate",
            "checkbox_price_adjuster": PriceAdjuster.RELATIVE,
            "checkbox_price_adjustment": _d(amount),
        },
    )


PRINTED_COA = Option(
    OptionType.CHECKBOX,
    "Printed certificate of analysis",
    _yes_no(),
    config={
        "checkbox_label": "Ship a signed, printed certificate of analysis with the order",
        "checkbox_price_adjuster": PriceAdjuster.RELATIVE,
        "checkbox_price_adjustment": _d(15),
    },
)
WARRANTY = Option(
    OptionType.DROPDOWN,
    "Warranty",
    (
        Value("1 year included", is_default=True),
        Value("3 years", adjuster=PriceAdjuster.RELATIVE, adjustment=_d(390)),
        Value("5 years", adjuster=PriceAdjuster.PERCENTAGE, adjustment=_d(12)),
    ),
    required=True,
)
ENGRAVING = Option(OptionType.MULTI_LINE_TEXT, "Engraving text", config={"text_max_lines": 2, "text_max_length": 40})
LOT_REFERENCE = Option(OptionType.TEXT, "Lot reference (optional)", config={"text_max_length": 30})
DELIVERY_DATE = Option(OptionType.DATE, "Preferred delivery date")
PROTOCOL_FILE = Option(
    OptionType.FILE, "Upload your protocol (PDF)", config={"file_max_size": 3_000_000, "file_types": "pdf"}
)


def boxes_per_carton(*, required: bool = False) -> Option:
    return Option(
        OptionType.NUMBERS_ONLY_TEXT,
        "Quantity of boxes per carton",
        required=required,
        config={
            "number_limited": NumberLimit.RANGE,
            "number_lowest_value": Decimal(1),
            "number_highest_value": Decimal(50),
            "number_integers_only": True,
            "default_value": "10",
        },
    )


MATCHING_RACK = Option(
    OptionType.PRODUCT_LIST_WITH_IMAGES,
    "Add a matching rack",
    (
        Value("Empty tip rack, 200 µL format", product_ref="HS-3201"),
        Value("Empty tip rack, 1000 µL format", product_ref="HS-3202"),
    ),
)

# fmt: off
# --- Chemicals & reagents ----------------------------------------------------------------------------------------
# number, name, CAS, synonyms ("; "), pack preset, price of the smallest pack, description, extras.
LIQUID_NOTE = "Lot-specific certificate of analysis and SDS available for download."
SOLID_NOTE = "Free-flowing powder; every lot is released with a certificate of analysis."

CHEMICALS: list[tuple] = [
    # Solvents
    (1001, "Ethanol, absolute, ≥99.8%", "64-17-5", "Ethyl alcohol; EtOH; Absolute alcohol", "L4", 38,
     "Anhydrous, denaturant-free ethanol for DNA precipitation, fixation and disinfection solutions.",
     {"stock": (120, 60, 25, 8), "tiers": REAGENT_TIERS + ACADEMIC_TIER, "modifiers": (PRINTED_COA,)}),
    (1002, "Methanol, HPLC grade", "67-56-1", "Methyl alcohol; MeOH; Wood alcohol", "L4", 29.5,
     "Low-UV-cutoff methanol filtered through 0.2 µm for HPLC and LC-MS mobile phases.", {"tiers": REAGENT_TIERS}),
    (1003, "Acetonitrile, HPLC gradient grade", "75-05-8", "Methyl cyanide; ACN; Ethanenitrile", "L4", 54,
     "Gradient-grade acetonitrile with a flat baseline for reversed-phase chromatography.", {"tiers": REAGENT_TIERS}),
    (1004, "Acetone, ACS reagent", "67-64-1", "2-Propanone; Dimethyl ketone", "L4", 24,
     "General-purpose acetone for glassware rinsing, extractions and protein precipitation.", {}),
    (1005, "2-Propanol, ACS reagent", "67-63-0", "Isopropanol; Isopropyl alcohol; IPA", "L4", 26,
     "Isopropanol for nucleic-acid precipitation, surface cleaning and as an extraction solvent.",
     {"tiers": REAGENT_TIERS}),
    (1006, "Dimethyl sulfoxide, ≥99.9%", "67-68-5", "DMSO; Methyl sulfoxide", "L3", 42,
     "Polar aprotic solvent for compound libraries and stock solutions; low water content.",
     {"stock": (40, 12, 0)}),
    (1007, "Chloroform, stabilised with ethanol", "67-66-3", "Trichloromethane", "L4", 36,
     "Chloroform for phenol–chloroform extraction of nucleic acids and lipid extractions. "
     "The 2.5 L bottle is discontinued.", {"disabled": ("2.5L",)}),
    # Acids, bases and other liquids
    (1014, "Acetic acid, glacial", "64-19-7", "Ethanoic acid; Glacial acetic acid", "L4", 27,
     "Glacial acetic acid for TAE buffer, staining destain and pH adjustment.", {"tiers": REAGENT_TIERS}),
    (1015, "Hydrochloric acid, 37%", "7647-01-0", "Muriatic acid; HCl", "L4", 32,
     "Fuming hydrochloric acid for pH titration and buffer preparation.", {"tiers": REAGENT_TIERS}),
    (1020, "Formaldehyde solution, 37%", "50-00-0", "Formalin; Methanal; Formol", "L4", 31,
     "Methanol-stabilised formaldehyde for tissue fixation and crosslinking.", {}),
    (1022, "2-Mercaptoethanol, ≥99%", "60-24-2", "β-Mercaptoethanol; BME; 2-ME", "LS", 39,
     "Reducing agent for SDS-PAGE sample buffer and RNA lysis buffers.", {"tiers": REAGENT_TIERS}),
    (1023, "Glycerol, ≥99.5%", "56-81-5", "Glycerin; Propane-1,2,3-triol", "L4", 25,
     "Molecular-biology-grade glycerol for enzyme storage, loading buffers and cryostocks.",
     {"tiers": REAGENT_TIERS}),
    (1024, "Tween 20", "9005-64-5", "Polysorbate 20; Polyoxyethylene sorbitan monolaurate", "L3", 29,
     "Non-ionic detergent for wash buffers in western blotting and ELISA.", {"tiers": REAGENT_TIERS}),
    (1025, "Triton X-100", "9036-19-5", "Octoxynol-9; Polyethylene glycol tert-octylphenyl ether", "L3", 34,
     "Mild non-ionic detergent for cell lysis and membrane permeabilisation.", {"tiers": REAGENT_TIERS}),
    (1026, "TEMED, ≥99%", "110-18-9", "N,N,N′,N′-Tetramethylethylenediamine; TMEDA", "LS", 26,
     "Polymerisation catalyst for polyacrylamide gels, used with ammonium persulfate.", {}),
    (1028, "Phenol, crystalline, ≥99%", "108-95-2", "Carbolic acid; Hydroxybenzene", "S3", 42,
     "Phenol for nucleic-acid extraction and as a disinfectant; melt before use. The 1 kg jar is discontinued.",
     {"disabled": ("1KG",)}),
    (1027, "Ethidium bromide solution, 10 mg/mL", "1239-45-8", "EtBr; Homidium bromide", "LX", 39,
     "Ready-to-use nucleic-acid gel stain. Handle as a mutagen.", {"product_stock": 0}),
    # Buffers and biochemicals
    (1030, "Tris base, ≥99.8%", "77-86-1", "Trometamol; THAM; Tris(hydroxymethyl)aminomethane", "S3", 34,
     "Buffer substance for TAE, TBE and Tris-glycine systems, pH range 7.0–9.0.",
     {"stock": (80, 30, 3), "tiers": REAGENT_TIERS + ACADEMIC_TIER}),
    (1031, "Tris hydrochloride", "1185-53-1", "Tris-HCl; Tris(hydroxymethyl)aminomethane hydrochloride", "S3", 46,
     "Hydrochloride salt of Tris for preparing buffers without titrating.", {"tiers": REAGENT_TIERS}),
    (1032, "HEPES, free acid, ≥99.5%", "7365-45-9", "4-(2-Hydroxyethyl)piperazine-1-ethanesulfonic acid", "SM", 39,
     "Good's buffer for cell culture media and enzyme assays, pKa 7.5 at 25 °C.", {"tiers": REAGENT_TIERS}),
    (1033, "MOPS, ≥99.5%", "1132-61-2", "3-(N-Morpholino)propanesulfonic acid", "SM", 41,
     "Buffer for RNA electrophoresis and bacterial media, pKa 7.2.", {}),
    (1034, "MES, anhydrous, ≥99%", "4432-31-9", "2-(N-Morpholino)ethanesulfonic acid", "SM", 44,
     "Low-pH Good's buffer (pKa 6.1) for SDS-PAGE running buffers and plant media.", {}),
    (1036, "Glycine, ≥99%", "56-40-6", "Aminoacetic acid; Gly", "S3", 22,
     "Electrophoresis-grade glycine for Tris-glycine running and transfer buffers.", {"tiers": REAGENT_TIERS}),
    (1037, "EDTA, free acid, ≥99%", "60-00-4", "Ethylenediaminetetraacetic acid; Edetic acid", "S3", 28,
     "Chelator of divalent cations for buffers and enzyme inhibition.", {}),
    (1038, "EDTA disodium salt dihydrate", "6381-92-6", "Na2EDTA; Disodium edetate dihydrate", "S3", 31,
     "Readily soluble EDTA salt for 0.5 M stock solutions.", {"tiers": REAGENT_TIERS}),
    (1040, "Urea, molecular biology grade", "57-13-6", "Carbamide", "S3", 24,
     "Denaturant for urea-PAGE and protein unfolding studies; low cyanate.", {}),
    (1042, "Imidazole, ≥99%", "288-32-4", "1,3-Diazole; Glyoxaline", "SM", 38,
     "Low-absorbance imidazole for eluting His-tagged proteins from metal-chelate resins.",
     {"tiers": REAGENT_TIERS}),
    (1043, "Sodium dodecyl sulfate, ≥99%", "151-21-3", "SDS; Sodium lauryl sulfate; SLS", "S3", 36,
     "Anionic detergent for SDS-PAGE and cell lysis.", {"tiers": REAGENT_TIERS}),
    (1044, "D-(+)-Glucose, anhydrous", "50-99-7", "Dextrose; D-Glucose", "S3", 19,
     "Carbon source for microbial and cell culture media.", {}),
    (1045, "Sucrose, molecular biology grade", "57-50-1", "Saccharose", "S3", 21,
     "Nuclease-tested sucrose for density gradients and cryoprotection.", {}),
    (1047, "Dithiothreitol (DTT)", "3483-12-3", "DTT; Cleland's reagent", "SX", 24,
     "Reducing agent that keeps cysteines reduced in protein buffers.", {"tiers": REAGENT_TIERS}),
    (1050, "IPTG, dioxane-free", "367-93-1", "Isopropyl β-D-1-thiogalactopyranoside", "SX", 32,
     "Inducer of lac-operon expression for recombinant protein production.", {"tiers": REAGENT_TIERS}),
    (1052, "Ampicillin sodium salt", "69-52-3", "Ampicillin sodium", "SS", 33,
     "Selection antibiotic for bacteria carrying the bla resistance gene.", {"tiers": REAGENT_TIERS}),
    (1053, "Kanamycin sulfate", "25389-94-0", "Kanamycin A sulfate", "SS", 35,
     "Aminoglycoside antibiotic for selection of kanR plasmids.", {}),
    # Salts
    (1055, "Sodium chloride, ≥99.5%", "7647-14-5", "Halite; Common salt; NaCl", "S3", 18,
     "High-purity salt for buffers, PBS and culture media.",
     {"stock": (200, 80, 40), "tiers": REAGENT_TIERS + ACADEMIC_TIER}),
    (1056, "Potassium chloride, ≥99%", "7447-40-7", "Sylvite; KCl", "S3", 21,
     "Salt for PBS, electrophysiology solutions and electrode fill.", {"tiers": REAGENT_TIERS}),
    (1057, "Magnesium chloride hexahydrate", "7791-18-6", "MgCl2·6H2O", "S3", 26,
     "Magnesium source for PCR, enzyme and cell-culture buffers.", {"tiers": REAGENT_TIERS}),
    (1058, "Calcium chloride dihydrate", "10035-04-8", "CaCl2·2H2O", "S3", 23,
     "Calcium source for competent-cell preparation and media.", {}),
    (1059, "Ammonium sulfate, ≥99%", "7783-20-2", "Diammonium sulfate", "S3", 24,
     "Salt for protein precipitation (salting out) and crystallisation screens.", {}),
    (1061, "Sodium acetate, anhydrous", "127-09-3", "Acetic acid sodium salt; NaOAc", "S3", 22,
     "Salt for ethanol precipitation of DNA and acetate buffers.", {}),
    (1062, "Sodium hydroxide, pellets", "1310-73-2", "Caustic soda; Lye; NaOH", "S3", 21,
     "Strong base for pH adjustment and alkaline lysis. Corrosive.", {"tiers": REAGENT_TIERS}),
    (1066, "Potassium phosphate monobasic", "7778-77-0", "Potassium dihydrogen phosphate; KH2PO4", "S3", 27,
     "Phosphate buffer component, acid form.", {}),
    (1068, "Sodium phosphate dibasic, anhydrous", "7558-79-4", "Disodium hydrogen phosphate; Na2HPO4", "S3", 26,
     "Phosphate salt for PBS and phosphate buffers.", {"tiers": REAGENT_TIERS}),
    (1070, "Trisodium citrate dihydrate", "6132-04-3", "Sodium citrate; Citric acid trisodium salt", "S3", 22,
     "Anticoagulant and buffer for SSC and antigen-retrieval solutions.", {}),
    (1072, "Boric acid, ≥99.5%", "10043-35-3", "Orthoboric acid; Boracic acid", "S3", 19,
     "Buffer component of TBE for nucleic-acid electrophoresis.", {"tiers": REAGENT_TIERS}),
    (1075, "Sodium azide, ≥99%", "26628-22-8", "NaN3", "SM", 34,
     "Preservative for antibody and buffer solutions at 0.02–0.1%. Highly toxic.", {}),
    # Electrophoresis and staining
    (1080, "Agarose, molecular biology grade", "9012-36-6", "Agarose LE", "SM", 49,
     "Standard-melting agarose for routine DNA and RNA gels from 0.5 to 4%.",
     {"tiers": REAGENT_TIERS + ACADEMIC_TIER}),
    (1081, "Acrylamide, ≥99%", "79-06-1", "Prop-2-enamide; Acrylic amide", "S3", 38,
     "Monomer for polyacrylamide gels. Neurotoxic: weigh in a fume hood.", {}),
    (1082, "N,N′-Methylenebisacrylamide", "110-26-9", "Bis-acrylamide; MBA", "SM", 35,
     "Crosslinker for polyacrylamide gels.", {}),
    (1083, "Ammonium persulfate, ≥98%", "7727-54-0", "APS; Ammonium peroxydisulfate", "SM", 22,
     "Radical initiator for acrylamide polymerisation; prepare fresh 10% solutions.", {}),
    (1084, "Coomassie Brilliant Blue R-250", "6104-59-2", "Acid Blue 83; Brilliant Blue R", "SS", 31,
     "Classic protein stain for polyacrylamide gels.", {}),
    (1086, "Bromophenol blue", "115-39-9", "Tetrabromophenolsulfonphthalein", "SX", 26,
     "Tracking dye for DNA and protein loading buffers.", {}),
    (1089, "DAPI dihydrochloride", "28718-90-3", "4′,6-Diamidino-2-phenylindole dihydrochloride", "MG", 89,
     "Blue-fluorescent DNA counterstain for fixed cells and tissues.", {}),
    (1092, "CHAPS, ≥98%", "75621-03-3", "3-[(3-Cholamidopropyl)dimethylammonio]-1-propanesulfonate", "SX", 56,
     "Zwitterionic detergent for isoelectric focusing and native membrane-protein work.", {}),
    (1093, "Polyethylene glycol 8000", "25322-68-3", "PEG 8000; Macrogol 8000", "S3", 32,
     "Precipitant for phage, virus and DNA, and a crowding agent in crystallisation.", {}),
    (1094, "Paraformaldehyde, prilled", "30525-89-4", "Polyoxymethylene; PFA", "S3", 29,
     "Depolymerise in warm PBS to prepare fresh formaldehyde fixative.", {}),
    (1095, "Ninhydrin, ≥99%", "485-47-2", "2,2-Dihydroxyindane-1,3-dione; Triketohydrindene hydrate", "SS", 26,
     "Reagent for detecting amino acids and primary amines.", {"product_stock": 3}),
    (1096, "Biotin, ≥99%", "58-85-5", "Vitamin B7; Vitamin H; D-Biotin", "SX", 34,
     "Vitamin supplement and the elution agent for streptavidin resins.", {}),
]

# --- Antibodies & proteins ---------------------------------------------------------------------------------------
# number, target, host and clonality, applications, price of 50 µg, one sentence of its own.
PRIMARY_ANTIBODIES = [
    (2001, "β-Actin", "Mouse monoclonal, clone HX-7A3", "WB, IHC, ICC", 189,
     "A reliable loading control for human, mouse and rat lysates."),
    (2002, "GAPDH", "Rabbit monoclonal, clone HX-14G2", "WB, IHC", 209,
     "Housekeeping-protein control with a single clean band at 36 kDa."),
    (2003, "α-Tubulin", "Mouse monoclonal, clone HX-2D9", "WB, ICC, IF", 199,
     "Stains the microtubule network crisply in fixed cells."),
    (2004, "Histone H3", "Rabbit polyclonal", "WB, ChIP", 239,
     "Recognises total histone H3 regardless of modification state."),
    (2005, "Lamin B1", "Rabbit polyclonal", "WB, IF", 249,
     "Marks the nuclear lamina; useful as a nuclear-fraction control."),
    (2006, "GFP", "Rabbit polyclonal", "WB, IP, IF", 229,
     "Detects GFP and its common derivatives such as EGFP and YFP."),
    (2007, "6×His tag", "Mouse monoclonal, clone HX-H6", "WB, ELISA", 179,
     "Detects N- and C-terminal polyhistidine tags on recombinant proteins."),
    (2008, "DYKDDDDK (FLAG) tag", "Mouse monoclonal, clone HX-F4", "WB, IP, IF", 219,
     "Binds the octapeptide tag at either terminus or internally."),
    (2009, "HA tag", "Rabbit monoclonal, clone HX-HA12", "WB, IP, IF", 219,
     "Raised against the YPYDVPDYA epitope of influenza hemagglutinin."),
    (2010, "Myc tag", "Mouse monoclonal, clone HX-M10", "WB, IP", 199, "Recognises the EQKLISEEDL epitope tag."),
    (2011, "p53", "Mouse monoclonal, clone HX-P53", "WB, IHC", 269, "Detects wild-type and mutant human p53."),
    (2012, "Ki-67", "Rabbit monoclonal, clone HX-K67", "IHC, IF", 289,
     "Proliferation marker for FFPE sections after heat-induced antigen retrieval."),
    (2013, "PCNA", "Mouse monoclonal, clone HX-PC10", "WB, IHC", 229, "Marks cells in S phase across many species."),
    (2014, "Cleaved caspase-3 (Asp175)", "Rabbit polyclonal", "WB, IHC", 319,
     "Detects only the large fragment of activated caspase-3, a hallmark of apoptosis."),
    (2015, "Phospho-ERK1/2 (Thr202/Tyr204)", "Rabbit monoclonal, clone HX-E42", "WB, ICC", 339,
     "Phospho-specific: no signal from unphosphorylated ERK."),
    (2016, "Akt (pan)", "Rabbit monoclonal, clone HX-AK1", "WB, IP", 299, "Recognises Akt1, Akt2 and Akt3."),
    (2017, "Phospho-Akt (Ser473)", "Rabbit monoclonal, clone HX-S473", "WB, IHC", 349,
     "Reports mTORC2-dependent activation of Akt."),
    (2018, "EGFR", "Rabbit monoclonal, clone HX-EG8", "WB, IHC, Flow", 309,
     "Targets the intracellular domain of EGFR."),
    (2019, "E-Cadherin", "Mouse monoclonal, clone HX-EC3", "WB, IHC, IF", 279,
     "Epithelial marker that outlines cell–cell junctions."),
    (2020, "Vimentin", "Rabbit monoclonal, clone HX-V9", "WB, IHC, IF", 259,
     "Mesenchymal intermediate-filament marker."),
    (2021, "GFAP", "Rabbit polyclonal", "IHC, IF", 249, "Labels astrocytes in brain and spinal cord sections."),
    (2022, "NeuN", "Mouse monoclonal, clone HX-N60", "IHC, IF", 329, "Stains nuclei of most post-mitotic neurons."),
]

SECONDARY_ANTIBODIES = [
    (2101, "Goat anti-Mouse IgG (H+L), HRP conjugate", 129,
     "Cross-adsorbed for minimal reactivity with rat and human."),
    (2102, "Goat anti-Rabbit IgG (H+L), HRP conjugate", 129, "Sensitive detection with chemiluminescent substrates."),
    (2103, "Goat anti-Mouse IgG (H+L), HelixFluor 488", 169, "Bright green fluorescence, excitation 495 nm."),
    (2104, "Goat anti-Rabbit IgG (H+L), HelixFluor 488", 169, "Bright green fluorescence, excitation 495 nm."),
    (2105, "Donkey anti-Goat IgG (H+L), HelixFluor 594", 179, "Red fluorescence for multiplexing with green dyes."),
    (2106, "Goat anti-Rabbit IgG (H+L), HelixFluor 647", 179, "Far-red fluorescence with low tissue autofluorescence."),
]

# number, name, CAS, synonyms, sizes (label, suffix, price), description
PROTEINS = [
    (2201, "Recombinant human EGF", "", "", [("10 µg", "10UG", 129), ("100 µg", "100UG", 689)],
     "Carrier-free epidermal growth factor expressed in E. coli, for cell culture and signalling studies."),
    (2202, "Recombinant human FGF-basic (FGF-2)", "", "bFGF; FGF2", [("10 µg", "10UG", 139), ("100 µg", "100UG", 749)],
     "Thermostable growth factor for stem-cell maintenance media."),
    (2204, "Recombinant human TNF-α", "", "Tumour necrosis factor alpha",
     [("10 µg", "10UG", 159), ("100 µg", "100UG", 829)],
     "Induces NF-κB signalling and apoptosis in sensitive cell lines."),
    (2205, "Recombinant Protein A", "", "", [("1 mg", "1MG", 119), ("5 mg", "5MG", 449)],
     "Binds the Fc region of IgG from many species; for antibody purification."),
    (2207, "Streptavidin, HRP conjugate", "", "", [("0.5 mg", "500UG", 149), ("1 mg", "1MG", 259)],
     "Detects biotinylated probes in ELISA, blots and IHC."),
    (2208, "Proteinase K, molecular biology grade", "39450-01-6", "Endopeptidase K; Tritirachium alkaline proteinase",
     [("100 mg", "100MG", 89), ("500 mg", "500MG", 349)],
     "Broad-spectrum serine protease for nucleic-acid purification; active in SDS and urea."),
    (2209, "DNase I, RNase-free", "9003-98-9", "Deoxyribonuclease I",
     [("5,000 U", "5KU", 119), ("20,000 U", "20KU", 389)],
     "Removes genomic DNA from RNA preparations."),
    (2210, "RNase A", "9001-99-4", "Ribonuclease A; Pancreatic ribonuclease",
     [("100 mg", "100MG", 79), ("1 g", "1G", 489)],
     "DNase-free ribonuclease for plasmid preparation."),
    (2211, "Lysozyme from chicken egg white", "12650-88-3", "Muramidase", [("1 g", "1G", 45), ("10 g", "10G", 289)],
     "Digests bacterial cell walls ahead of protein or DNA extraction."),
    (2212, "Bovine serum albumin, fraction V", "9048-46-8", "BSA; Albumin bovine",
     [("10 g", "10G", 59), ("50 g", "50G", 229), ("100 g", "100G", 399)],
     "Blocking agent and protein standard; protease-free."),
    (2213, "Trypsin, sequencing grade", "9002-07-7", "Trypsin (bovine pancreas)",
     [("20 µg", "20UG", 95), ("100 µg", "100UG", 389)],
     "TPCK-treated, modified trypsin for in-gel and in-solution digestion before mass spectrometry."),
]

# --- Pipettes & tips ---------------------------------------------------------------------------------------------
SINGLE_CHANNEL_RANGES = [
    ("0.1–2 µL", "2UL", 309), ("0.5–10 µL", "10UL", 289), ("2–20 µL", "20UL", 289), ("10–100 µL", "100UL", 289),
    ("20–200 µL", "200UL", 289), ("100–1000 µL", "1000UL", 289), ("0.5–5 mL", "5ML", 319), ("1–10 mL", "10ML", 329),
]  # fmt: skip

TIP_COLOURS = {"Natural": "#EFEBDD", "Yellow": "#F2C230", "Blue": "#2F7FD1"}

# --- Lab instruments ---------------------------------------------------------------------------------------------
# number, name, price, description, image, extras
INSTRUMENTS: list[tuple[int, str, float, str, str, dict[str, Any]]] = [
    (4001, "Microcentrifuge, 24 × 2.0 mL, 15,000 × g", 2490,
     "Quiet microcentrifuge with an aerosol-tight rotor and a 10-second quick-spin key.", "instrument",
     {"voltage": (14, 6)}),
    (4002, "Refrigerated microcentrifuge, −9 to 40 °C", 6890,
     "Temperature-controlled microcentrifuge that pre-cools to 4 °C in eight minutes.", "instrument", {}),
    (4003, "Benchtop centrifuge, swing-out rotor, 4 × 750 mL", 9850,
     "General-purpose centrifuge for tubes, bottles and microplates with interchangeable adapters.", "instrument",
     {"date": True}),
    (4004, "Floor-standing high-speed centrifuge, 6 × 1 L", 48500,
     "High-capacity centrifuge for large-scale harvests up to 27,000 × g. Configured and installed to order.",
     "instrument", {"quote": True}),
    (4005, "Mini centrifuge, 6,000 rpm", 349, "Palm-sized spinner for strips and microtubes.", "instrument", {}),
    (4006, "Analytical balance, 220 g × 0.1 mg", 3250,
     "Internal calibration, draft shield and GLP-compliant printouts.", "balance", {"calibration": 120}),
    (4007, "Precision balance, 2,200 g × 0.01 g", 1290, "Fast-settling top-loading balance for buffer preparation.",
     "balance", {"calibration": 120}),
    (4008, "Benchtop pH meter with electrode", 890,
     "pH/mV/temperature meter with three-point automatic buffer recognition.", "instrument",
     {"calibration": 45, "product_stock": 3}),
    (4009, "Vortex mixer, variable speed", 389, "Touch or continuous mode, 0–3,000 rpm.", "instrument", {}),
    (4010, "Magnetic stirrer hotplate, 340 °C", 749,
     "Ceramic top plate with external probe for closed-loop temperature control.", "instrument", {}),
    (4011, "Orbital shaker, 15–300 rpm", 1480, "Low-profile shaker for flasks, plates and blots.", "instrument", {}),
    (4012, "CO2 incubator, 170 L, copper interior", 8990,
     "Direct-heat incubator with IR CO2 sensor and 180 °C sterilisation cycle.", "instrument", {"date": True}),
    (4013, "Thermal cycler, 96-well gradient", 7450,
     "12-column gradient block, heated lid and protocol library on a 7-inch touch screen.", "instrument", {}),
    (4014, "UV-Vis spectrophotometer, 190–1100 nm", 11900,
     "Double-beam spectrophotometer with scanning, kinetics and quantitation modes.", "instrument",
     {"calibration": 120}),
    (4015, "Microvolume spectrophotometer", 8200,
     "Measures nucleic acids and proteins from 1 µL without dilution.", "instrument", {"calibration": 120}),
    (4016, "Multimode microplate reader", 38000,
     "Absorbance, fluorescence and luminescence in 6- to 384-well plates. Configured to order.", "instrument",
     {"quote": True}),
    (4017, "Horizontal gel electrophoresis system", 459,
     "Casting system with two combs for agarose gels; leak-free gaskets.", "instrument", {"trays": True}),
    (4018, "Electrophoresis power supply, 300 V", 690, "Constant voltage, current or power with run timer.",
     "instrument", {}),
    (4019, "Gel documentation system, blue light", 4750,
     "Safe-light imager with a 12 MP camera for DNA stains and protein gels.", "instrument", {}),
    (4020, "Dry block heater, 2 blocks, to 150 °C", 829,
     "Interchangeable blocks for tubes and vials; timer with alarm.", "instrument", {"product_stock": 0}),
    (4021, "Shaking water bath, 20 L", 2150, "Reciprocating water bath, 20–99 °C, with gable lid.", "instrument", {}),
    (4022, "Ultra-low temperature freezer, −86 °C, 490 L", 17900,
     "Upright freezer for 400 boxes with dual cooling and remote alarm contacts.", "instrument", {"quote": True}),
    (4023, "Class II biosafety cabinet, 1.2 m", 14500,
     "EN 12469 certified cabinet with UV lamp and airflow monitor. Site survey included.", "instrument",
     {"quote": True}),
]

# --- Consumables -------------------------------------------------------------------------------------------------
# number, name, price, description, image, extras
CONSUMABLES: list[tuple[int, str, float, str, str, dict[str, Any]]] = [
    (5001, "Microcentrifuge tubes, 1.5 mL, pack of 500", 24,
     "Polypropylene tubes with snap caps, certified free of DNase, RNase and pyrogens.", "tube",
     {"tiers": PACK_TIERS}),
    (5002, "Microcentrifuge tubes, 2.0 mL, pack of 500", 26,
     "Round-bottom tubes for bead-beating and homogenisation.", "tube", {"tiers": PACK_TIERS}),
    (5003, "PCR tubes, 0.2 mL, flat cap, pack of 1000", 39, "Thin-walled tubes for fast, even heat transfer.", "tube",
     {"tiers": PACK_TIERS}),
    (5004, "PCR 8-tube strips with caps, 125 strips", 64, "Optically clear caps for qPCR.", "tube", {}),
    (5005, "Conical centrifuge tubes, 15 mL, sterile, 500", 98,
     "Leak-proof screw caps, graduated, rated to 12,000 × g.",
     "tube", {}),
    (5006, "Conical centrifuge tubes, 50 mL, sterile, 500", 129, "Self-standing option not included; racked in bags.",
     "tube", {}),
    (5007, "96-well PCR plates, semi-skirted, 25", 79, "Rigid plates compatible with most cyclers and robots.",
     "plate", {}),
    (5008, "96-well microplates, flat bottom, clear, 100", 119, "Tissue-culture untreated, for ELISA and absorbance.",
     "plate", {}),
    (5009, "384-well microplates, black, 50", 149, "Low-crosstalk plates for fluorescence assays.", "plate", {}),
    (5010, "Cryogenic vials, 2 mL, external thread, 500", 89,
     "Self-standing vials with writing area, for storage in the vapour phase of liquid nitrogen.", "tube",
     {"product_stock": 0}),
    (5011, "Serological pipettes, sterile, individually wrapped", 42,
     "Polystyrene pipettes with colour-coded bands and negative graduations.", "pipette", {"serological": True}),
    (5012, "Nitrile examination gloves, powder-free, 100", 14.9,
     "Textured fingertips and 240 mm cuffs; accelerator-free.", "tube", {"gloves": True, "tiers": PACK_TIERS}),
    (5013, "Laboratory coat, polycotton", 39, "Knee-length coat with press studs and knitted cuffs.", "tube",
     {"coat": True}),
    (5014, "Safety glasses, anti-fog", 12.5, "Wraparound polycarbonate lenses to EN 166.", "tube", {}),
    (5015, "Syringe filters, PES, 0.22 µm, 33 mm, 50", 59, "Low protein binding; sterile, individually packed.",
     "tube", {}),
    (5016, "Vacuum filter units, 0.22 µm, 500 mL, 12", 119, "Bottle-top filtration of media and buffers.", "tube", {}),
    (5017, "Petri dishes, 90 mm, sterile, 500", 79, "Triple-vented polystyrene dishes.", "plate", {}),
    (5018, "Weighing boats, antistatic, 500", 29, "Flexible polystyrene boats for powders.", "plate", {}),
    (5019, "Glass beakers, low form, borosilicate", 6.9, "Graduated heavy-wall beakers with spout.", "flask",
     {"beakers": True}),
    (5020, "Media bottles with screw cap, borosilicate", 8.5,
     "Autoclavable bottles with GL 45 thread and pouring ring.", "bottle", {"bottles": True}),
    (5021, "Lint-free laboratory wipes, 15 boxes", 49, "Low-lint tissue for optics and cuvettes.", "tube", {}),
    (5022, "Laboratory sealing film, 10 cm × 38 m", 39, "Stretchable, moisture-resistant film for flasks and plates.",
     "tube", {}),
    (5023, "Semi-micro cuvettes, PS, 100", 22, "1.5 mL cuvettes for the visible range.", "tube", {}),
    (5024, "Microscope slides, frosted end, 72", 9.8, "Pre-cleaned slides, 76 × 26 mm.", "plate", {}),
    (5025, "Autoclave indicator tape", 8.9, "Stripes darken after steam sterilisation.", "tube", {}),
]

# --- Cell culture ------------------------------------------------------------------------------------------------
# number, name, CAS, synonyms, sizes (label, suffix, price) or a single price, description, image, extras
CELL_CULTURE: list[tuple[int, str, str, str, list[tuple[str, str, float]] | float, str, str, dict[str, Any]]] = [
    (6001, "DMEM, high glucose, with L-glutamine", "", "", [("500 mL", "500ML", 24), ("10 × 500 mL", "10X500ML", 209)],
     "Dulbecco's modified Eagle medium with 4.5 g/L glucose and sodium pyruvate.", "media-bottle",
     {"tiers": ACADEMIC_TIER}),
    (6002, "RPMI 1640 medium", "", "", [("500 mL", "500ML", 22), ("10 × 500 mL", "10X500ML", 189)],
     "Medium for lymphocytes, hybridomas and suspension lines.", "media-bottle", {}),
    (6003, "Minimum essential medium (MEM), Earle's salts", "", "",
     [("500 mL", "500ML", 23), ("10 × 500 mL", "10X500ML", 199)],
     "Basal medium for adherent mammalian cells.", "media-bottle", {}),
    (6004, "DMEM/F-12 medium, with HEPES", "", "", [("500 mL", "500ML", 26), ("10 × 500 mL", "10X500ML", 229)],
     "Rich 1:1 blend for serum-free and stem-cell cultures.", "media-bottle", {}),
    (6005, "Fetal bovine serum, qualified, heat-inactivated", "", "FBS; Foetal calf serum",
     [("100 mL", "100ML", 129), ("500 mL", "500ML", 549)],
     "Sterile-filtered serum tested for growth promotion, mycoplasma and endotoxin.", "media-bottle",
     {"stock": (25, 3)}),
    (6006, "Penicillin–streptomycin, 100×", "", "Pen-Strep", 19,
     "10,000 U/mL penicillin and 10 mg/mL streptomycin; 100 mL.", "media-bottle", {}),
    (6007, "L-Glutamine, 200 mM", "56-85-9", "L-Gln; Glutamine", 16,
     "Sterile 100× glutamine supplement; 100 mL. Store frozen.", "media-bottle", {}),
    (6008, "Trypsin-EDTA, 0.25%, with phenol red", "", "", [("100 mL", "100ML", 15), ("500 mL", "500ML", 49)],
     "Dissociation reagent for adherent cells.", "media-bottle", {}),
    (6009, "DPBS, without calcium and magnesium", "", "Dulbecco's phosphate-buffered saline",
     [("500 mL", "500ML", 12), ("6 × 500 mL", "6X500ML", 62)], "Isotonic rinse and dilution buffer.", "media-bottle",
     {"tiers": REAGENT_TIERS}),
    (6010, "HBSS, with calcium and magnesium", "", "Hanks' balanced salt solution",
     [("500 mL", "500ML", 14), ("6 × 500 mL", "6X500ML", 72)], "Balanced salt solution for short-term handling.",
     "media-bottle", {}),
    (6011, "Cell culture flasks, vented cap", "", "",
     [("T25, 200", "T25", 159), ("T75, 100", "T75", 139), ("T175, 40", "T175", 129)],
     "Tissue-culture treated flasks with filter caps.", "flask", {"rectangles": True}),
    (6012, "Multiwell cell culture plates, TC-treated", "", "",
     [("6-well, 50", "6W", 109), ("12-well, 50", "12W", 109), ("24-well, 50", "24W", 109), ("96-well, 50", "96W", 99)],
     "Sterile plates with lids, individually wrapped.", "plate", {"rectangles": True}),
    (6013, "Cell scrapers, 25 cm, 100", "", "", 59, "Two-position blade for harvesting adherent cells.", "flask", {}),
    (6014, "Cryopreservation medium, serum-free", "", "", 89,
     "Ready-to-use freezing medium with 10% DMSO; 50 mL.", "media-bottle", {}),
    (6015, "Dimethyl sulfoxide, cell culture grade", "67-68-5", "DMSO",
     [("50 mL", "50ML", 29), ("100 mL", "100ML", 49)],
     "Sterile-filtered DMSO tested for endotoxin, for freezing media.", "media-bottle", {}),
    (6016, "Puromycin dihydrochloride", "58-58-2", "Puromycin 2HCl", [("10 mg", "10MG", 69), ("100 mg", "100MG", 429)],
     "Selection antibiotic for pac-expressing mammalian cells.", "vial", {}),
    (6017, "G418 disulfate", "108321-42-2", "Antibiotic G418", [("1 g", "1G", 79), ("5 g", "5G", 299)],
     "Selection of cells expressing the neo resistance gene.", "vial", {}),
    (6018, "Hygromycin B solution, 50 mg/mL", "31282-04-9", "Hygromycin",
     [("20 mL", "20ML", 119), ("100 mL", "100ML", 479)],
     "Selection antibiotic for hph-expressing cells.", "vial", {}),
    (6019, "Blasticidin S hydrochloride", "3513-03-9", "Blasticidin", [("10 mg", "10MG", 89), ("50 mg", "50MG", 319)],
     "Fast-acting selection antibiotic for bsd or bsr genes.", "vial", {}),
    (6020, "Trypan blue solution, 0.4%", "72-57-1", "Direct Blue 14", 19,
     "Viability stain for cell counting; 100 mL.", "media-bottle", {}),
    (6021, "Poly-D-lysine hydrobromide", "27964-99-4", "PDL", 59,
     "Coating agent that improves attachment of neurons; 5 mg.",
     "vial", {}),
    (6022, "Collagen I, rat tail, 3 mg/mL", "9007-34-5", "Type I collagen", 149,
     "Acid-soluble collagen for coating and 3D gels; 100 mg.",
     "vial", {}),
    (6023, "Mycoplasma detection kit, PCR", "", "", 329,
     "Detects over 60 mycoplasma species from culture supernatant in three hours; 100 reactions.", "vial", {}),
    (6024, "Custom media formulation, 10 L batch", "", "", 890,
     "Your medium, made to your recipe in our GMP suite and delivered sterile-filtered. Upload the formulation "
     "protocol when ordering.", "media-bottle", {"custom": True}),
]


# fmt: on


def _chemicals() -> list[Item]:
    items = []
    for number, name, cas, synonyms, preset, price, description, extra in CHEMICALS:
        liquid = preset.startswith("L")
        stock = extra.get("stock")
        product_stock = extra.get("product_stock")
        option = pack_sizes(
            preset,
            Decimal(str(price)),
            type=OptionType.DROPDOWN if liquid else OptionType.RECTANGLES,
            stock=stock,
            disabled=extra.get("disabled", ()),
        )
        first_pack_price = option.values[0].price
        assert first_pack_price is not None  # pack_sizes prices every pack
        tracking = InventoryTracking.NONE
        if stock is not None:
            tracking = InventoryTracking.VARIANT
        elif product_stock is not None:
            tracking = InventoryTracking.PRODUCT
        items.append(
            Item(
                sku=f"HS-{number}",
                name=name,
                category="chemicals-reagents",
                description=f"{description} {LIQUID_NOTE if liquid else SOLID_NOTE}",
                price=first_pack_price,
                image=_img("bottle" if liquid else "jar"),
                cas=cas,
                synonyms=tuple(synonyms.split("; ")),
                options=(option, *extra.get("modifiers", ())),
                tiers=extra.get("tiers", ()),
                tracking=tracking,
                stock=sum(stock) if stock else (product_stock or 0),
            )
        )
    quote: _QuoteOnly = {"availability": Availability.DISABLED, "message": QUOTE_ONLY_MESSAGE}
    items += [
        Item(
            "HS-1150", "Custom peptide synthesis", "chemicals-reagents",
            "Peptides of 5 to 60 residues at 1 mg to 1 g scale, with HPLC and MS data. Upload your sequence list and "
            "purity requirements and we will send a quote within one business day.",
            _d(450), _img("vial"), options=(PROTOCOL_FILE,), **quote,
        ),
        Item(
            "HS-1151", "Custom oligonucleotide synthesis, large scale", "chemicals-reagents",
            "DNA and RNA oligonucleotides at 10 µmol scale and above, with modifications on request.",
            _d(380), _img("vial"), **quote,
        ),
        Item(
            "HS-1152", "Ethanol, absolute, 200 L drum", "chemicals-reagents",
            "Bulk absolute ethanol for pilot plants and core facilities, delivered on a pallet. Excise paperwork "
            "handled by our team.",
            _d(2950), _img("bottle"), cas="64-17-5", synonyms=("Ethyl alcohol", "EtOH"), **quote,
        ),
    ]  # fmt: skip
    return items


def _antibodies_and_proteins() -> list[Item]:
    items = []
    for number, target, host, applications, list_price, sentence in PRIMARY_ANTIBODIES:
        price = Decimal(list_price)
        sizes = [("50 µg", "50UG", _d(price)), ("100 µg", "100UG", _d(price * Decimal("1.6")))]
        stock = None
        if number == 2012:  # Ki-67: tracked per size, the large size sold out
            stock = (6, 0)
        items.append(
            Item(
                sku=f"HS-{number}",
                name=f"Anti-{target} antibody, {host.split(',')[0].lower()}",
                category="antibodies-proteins",
                description=f"{host} antibody against {target}, validated for {applications}. {sentence} "
                "Supplied in PBS with 50% glycerol and 0.02% sodium azide.",
                price=_d(price),
                image=_img("antibody"),
                options=(variant_option("Size", sizes, type=OptionType.RECTANGLES, stock=stock), LOT_REFERENCE),
                tiers=ACADEMIC_TIER if number in (2001, 2002) else (),
                tracking=InventoryTracking.VARIANT if stock else InventoryTracking.NONE,
                stock=sum(stock) if stock else 0,
            )
        )
    for number, name, list_price, sentence in SECONDARY_ANTIBODIES:
        price = Decimal(list_price)
        sizes = [("500 µg", "500UG", _d(price)), ("1 mg", "1MG", _d(price * Decimal("1.7")))]
        items.append(
            Item(
                sku=f"HS-{number}",
                name=name,
                category="antibodies-proteins",
                description=f"Affinity-purified secondary antibody for western blot, ELISA and imaging. {sentence}",
                price=_d(price),
                image=_img("antibody"),
                options=(variant_option("Size", sizes, type=OptionType.RECTANGLES), LOT_REFERENCE),
            )
        )
    for number, name, cas, synonyms, listed_sizes, description in PROTEINS:
        sizes = [(label, suffix, _d(price)) for label, suffix, price in listed_sizes]
        items.append(
            Item(
                sku=f"HS-{number}",
                name=name,
                category="antibodies-proteins",
                description=description,
                price=sizes[0][2],
                image=_img("vial"),
                cas=cas,
                synonyms=tuple(synonyms.split("; ")) if synonyms else (),
                options=(variant_option("Size", sizes, type=OptionType.RECTANGLES),),
                tiers=ACADEMIC_TIER if number == 2212 else (),
            )
        )
    items.append(
        Item(
            "HS-2900", "Custom rabbit polyclonal antibody production", "antibodies-proteins",
            "Immunisation of two rabbits with your antigen, ELISA titres and affinity purification. Timelines and "
            "price depend on the antigen: ask for a quote.",
            _d(3900), _img("antibody"), availability=Availability.DISABLED, message=QUOTE_ONLY_MESSAGE,
            options=(PROTOCOL_FILE,),
        )
    )  # fmt: skip
    return items


def _pipettes_and_tips() -> list[Item]:
    category = "pipettes-tips"
    pipette_modifiers = (calibration(45), ENGRAVING)

    def ranges(entries):
        return [(label, suffix, _d(price)) for label, suffix, price in entries]

    items = [
        Item(
            "HS-3001", "LabPro single-channel adjustable pipette", category,
            "Lightweight adjustable pipette with a four-digit volume counter and a soft-touch plunger. Fully "
            "autoclavable; delivered with an individual test report.",
            _d(289), _img("pipette"),
            options=(variant_option("Volume range", ranges(SINGLE_CHANNEL_RANGES), type=OptionType.RADIO_BUTTONS),
                     *pipette_modifiers),
        ),
        Item(
            "HS-3002", "LabPro 8-channel pipette", category,
            "Eight independently sprung nozzles for even tip loading across a plate row.",
            _d(649), _img("pipette"),
            options=(variant_option("Volume range", ranges([("0.5–10 µL", "10UL", 649), ("10–100 µL", "100UL", 649),
                                                            ("30–300 µL", "300UL", 679)]),
                                    type=OptionType.RECTANGLES), *pipette_modifiers),
        ),
        Item(
            "HS-3003", "LabPro 12-channel pipette", category,
            "Twelve-channel pipette with a rotating manifold for 96-well work.",
            _d(719), _img("pipette"),
            options=(variant_option("Volume range", ranges([("0.5–10 µL", "10UL", 719), ("10–100 µL", "100UL", 719),
                                                            ("30–300 µL", "300UL", 749)]),
                                    type=OptionType.RECTANGLES), *pipette_modifiers),
        ),
        Item(
            "HS-3004", "VoltaPette electronic pipette, single-channel", category,
            "Motorised pipette with pipetting, multi-dispense and mixing modes; charges over USB-C.",
            _d(549), _img("pipette"), tracking=InventoryTracking.VARIANT, stock=15,
            options=(variant_option("Volume range", ranges([("0.2–10 µL", "10UL", 549), ("5–200 µL", "200UL", 549),
                                                            ("50–1000 µL", "1000UL", 549), ("0.2–5 mL", "5ML", 579)]),
                                    type=OptionType.RADIO_BUTTONS, stock=(5, 6, 4, 0)), *pipette_modifiers),
        ),
        Item(
            "HS-3005", "Fixed-volume pipette", category,
            "Single-volume pipette for repetitive routine steps; no setting errors.",
            _d(179), _img("pipette"),
            options=(variant_option("Volume", ranges([(f"{v} µL", f"{v}UL", 179) for v in (10, 20, 50, 100, 200, 500,
                                                                                            1000)])),
                     calibration(45)),
        ),
        Item(
            "HS-3006", "Pipette controller, cordless", category,
            "Controller for serological pipettes from 1 to 100 mL, with two speed modes and a replaceable 0.45 µm "
            "filter. Pick the housing colour that matches your lab.",
            _d(229), _img("pipette"),
            options=(Option(OptionType.SWATCH, "Housing colour", tuple(
                Value(label, is_default=label == "Grey", value_data={"colors": [colour]})
                for label, colour in (("Grey", "#8A96A3"), ("Blue", "#2F7FD1"), ("Orange", "#E07B18"))
            ), required=True),),
        ),
        Item(
            "HS-3007", "Repeating dispenser", category,
            "Dispenses up to 49 equal aliquots from one filling, with automatic tip recognition.",
            _d(329), _img("pipette"),
        ),
        Item(
            "HS-3008", "Bottle-top dispenser", category,
            "Adjustable dispenser for acids, bases and solvents with a recirculation valve.",
            _d(389), _img("bottle"),
            options=(variant_option("Volume range", ranges([("0.5–5 mL", "5ML", 389), ("2.5–25 mL", "25ML", 399),
                                                            ("5–50 mL", "50ML", 419)])),),
        ),
        Item("HS-3009", "Linear pipette stand, 6 places", category,
             "Keeps six pipettes upright and the bench clear.", _d(69), _img("pipette")),
        Item("HS-3010", "Pipette carousel, 6 places", category,
             "Rotating stand for six pipettes of any brand.", _d(119), _img("pipette"),
             tracking=InventoryTracking.PRODUCT, stock=0),
    ]  # fmt: skip
    racked = [
        ("HS-3101", "Universal pipette tips, 10 µL, racked, 10 × 96", 11.9),
        ("HS-3102", "Universal pipette tips, 200 µL, racked, 10 × 96", 11.9),
        ("HS-3103", "Universal pipette tips, 1000 µL, racked, 10 × 96", 13.9),
        ("HS-3106", "Filter tips, 10 µL, sterile, racked, 10 × 96", 19.9),
        ("HS-3107", "Filter tips, 20 µL, sterile, racked, 10 × 96", 19.9),
        ("HS-3108", "Filter tips, 200 µL, sterile, racked, 10 × 96", 19.9),
        ("HS-3109", "Filter tips, 1000 µL, sterile, racked, 10 × 96", 21.9),
        ("HS-3110", "Low-retention filter tips, 200 µL, racked, 10 × 96", 27.9),
        ("HS-3111", "Low-retention filter tips, 1000 µL, racked, 10 × 96", 29.9),
        ("HS-3112", "Extended-length tips, 10 µL, racked, 10 × 96", 15.9),
    ]
    for sku, name, price in racked:
        options: tuple[Option, ...] = ()
        tiers: tuple[Tier, ...] = ()
        if sku == "HS-3101":
            # Every discount type on one product (business §9), plus a group tier for the Academic price list.
            tiers = (
                Tier(5, 9, DiscountType.PRICE, _d(1)),
                Tier(10, 19, DiscountType.PERCENT, _d(5)),
                Tier(20, 0, DiscountType.FIXED, _d("8.50")),
                Tier(20, 0, DiscountType.FIXED, _d("7.90"), group="Academic"),
            )
        elif sku in ("HS-3102", "HS-3103"):
            tiers = (Tier(20, 0, DiscountType.FIXED, _d(Decimal(str(price)) - Decimal("3.40"))),)
        elif sku == "HS-3109":
            options = (boxes_per_carton(required=True),)
        elif sku in ("HS-3110", "HS-3111"):
            options = (boxes_per_carton(), DELIVERY_DATE)
        filtered = "Filter" in name or "filter" in name
        description = (
            "Racked tips with a universal fit, certified free of DNase, RNase, human DNA and endotoxin."
            if not filtered
            else "Sterile tips with a self-sealing filter that blocks aerosols and protects the pipette shaft."
        )
        if "Low-retention" in name:
            description += " The hydrophobic inner surface leaves less sample behind with detergents and glycerol."
        items.append(Item(sku, name, category, description, _d(price), _img("tip-box"), options=options, tiers=tiers))
    for sku, name, price, colours in (
        ("HS-3104", "Universal pipette tips, 200 µL, bulk bag of 1000", 18.5, ("Natural", "Yellow", "Blue")),
        ("HS-3105", "Universal pipette tips, 1000 µL, bulk bag of 1000", 21.5, ("Natural", "Blue")),
    ):
        entries = [(colour, colour[:3].upper(), _d(price)) for colour in colours]
        items.append(
            Item(
                sku, name, category,
                "Economical bulk tips for racking yourself; colour-coded by volume if you like.",
                _d(price), _img("tip-box"),
                options=(variant_option("Colour", entries, type=OptionType.SWATCH, colors=TIP_COLOURS),
                         MATCHING_RACK),
                tiers=PACK_TIERS,
            )
        )  # fmt: skip
    items += [
        Item("HS-3113", "Gel-loading tips, 1–200 µL, bulk bag of 1000", category,
             "Round, thin tips for loading narrow gel wells.", _d(24), _img("tip-box"), tiers=PACK_TIERS),
        Item("HS-3201", "Empty tip rack, 200 µL format", category,
             "Autoclavable rack with hinged lid for refilling 200 µL tips.", _d("6.90"), _img("tip-box")),
        Item("HS-3202", "Empty tip rack, 1000 µL format", category,
             "Autoclavable rack with hinged lid for refilling 1000 µL tips.", _d("7.40"), _img("tip-box")),
        Item("HS-3203", "Reagent reservoirs, 25 mL, sterile, 50", category,
             "V-bottom reservoirs for multichannel pipetting.", _d(34), _img("plate"), tiers=PACK_TIERS),
        Item("HS-3301", "Pipette calibration service, per pipette", category,
             "Gravimetric calibration to ISO 8655 with as-found and as-left data, including seals and cleaning. Upload "
             "your in-house protocol if you need extra test volumes.",
             _d(65), _img("pipette"),
             options=(PROTOCOL_FILE, Option(OptionType.DATE, "Preferred collection date", required=True))),
    ]  # fmt: skip
    return items


def _instruments() -> list[Item]:
    items = []
    for number, name, price, description, image, extra in INSTRUMENTS:
        if extra.get("quote"):
            items.append(
                Item(
                    f"HS-{number}", name, "lab-instruments", description, _d(price), _img(image),
                    brand="Quillon Instruments", availability=Availability.DISABLED, message=QUOTE_ONLY_MESSAGE,
                    options=(DELIVERY_DATE,),
                )
            )  # fmt: skip
            continue
        options: list[Option] = []
        tracking, stock = InventoryTracking.NONE, 0
        if "voltage" in extra:
            levels = extra["voltage"]
            entries = [("115 V, US plug", "115V", _d(price)), ("230 V, EU plug", "230V", _d(price))]
            options.append(variant_option("Power supply", entries, stock=levels))
            tracking, stock = InventoryTracking.VARIANT, sum(levels)
        if extra.get("trays"):
            entries = [("7 × 7 cm tray", "7X7", _d(price)), ("7 × 10 cm tray", "7X10", _d(price + 30)),
                       ("15 × 10 cm tray", "15X10", _d(price + 90))]  # fmt: skip
            options.append(variant_option("Gel tray size", entries, type=OptionType.RADIO_BUTTONS))
        options.append(WARRANTY)
        if "calibration" in extra:
            options.append(calibration(extra["calibration"]))
        if extra.get("date"):
            options.append(DELIVERY_DATE)
        if "product_stock" in extra:
            tracking, stock = InventoryTracking.PRODUCT, extra["product_stock"]
        items.append(
            Item(
                f"HS-{number}", name, "lab-instruments", description, _d(price), _img(image),
                brand="Quillon Instruments" if price > 5000 else "Helix", options=tuple(options),
                tracking=tracking, stock=stock,
            )
        )  # fmt: skip
    return items


def _consumables() -> list[Item]:
    items = []
    for number, name, list_price, description, image, extra in CONSUMABLES:
        price = _d(list_price)
        sizes: tuple[tuple[str, str, float], ...]
        options: tuple[Option, ...] = ()
        tracking, stock = InventoryTracking.NONE, 0
        if extra.get("serological"):
            entries = [("5 mL, 200", "5ML", price), ("10 mL, 200", "10ML", _d(46)), ("25 mL, 150", "25ML", _d(58))]
            options = (variant_option("Volume", entries),)
        elif extra.get("gloves"):
            entries = [(size, size, price) for size in ("S", "M", "L", "XL")]
            levels = (40, 120, 85, 0)
            options = (variant_option("Size", entries, type=OptionType.RECTANGLES, stock=levels),)
            tracking, stock = InventoryTracking.VARIANT, sum(levels)
        elif extra.get("coat"):
            entries = [(size, size, price) for size in ("S", "M", "L", "XL", "XXL")]
            options = (variant_option("Size", entries, type=OptionType.RECTANGLES),)
        elif extra.get("beakers"):
            sizes = (("50 mL", "50ML", 6.9), ("100 mL", "100ML", 7.4), ("250 mL", "250ML", 8.2),
                     ("600 mL", "600ML", 10.9), ("1000 mL", "1000ML", 14.5))  # fmt: skip
            options = (variant_option("Capacity", [(label, suffix, _d(p)) for label, suffix, p in sizes]),)
        elif extra.get("bottles"):
            sizes = (("100 mL", "100ML", 8.5), ("250 mL", "250ML", 9.9), ("500 mL", "500ML", 11.9),
                     ("1000 mL", "1000ML", 15.9))  # fmt: skip
            options = (variant_option("Capacity", [(label, suffix, _d(p)) for label, suffix, p in sizes]),)
        if "product_stock" in extra:
            tracking, stock = InventoryTracking.PRODUCT, extra["product_stock"]
        items.append(
            Item(
                f"HS-{number}", name, "consumables", description, price, _img(image),
                brand="Tarnwell Labware", options=options, tiers=extra.get("tiers", ()), tracking=tracking,
                stock=stock,
            )
        )  # fmt: skip
    return items


def _cell_culture() -> list[Item]:
    items = []
    for number, name, cas, synonyms, sizes, description, image, extra in CELL_CULTURE:
        options: tuple[Option, ...] = ()
        tracking, stock = InventoryTracking.NONE, 0
        if isinstance(sizes, list):
            entries = [(label, suffix, _d(price)) for label, suffix, price in sizes]
            levels = extra.get("stock")
            kind = OptionType.RECTANGLES if extra.get("rectangles") else OptionType.DROPDOWN
            name_of_option = "Format" if extra.get("rectangles") else "Pack size"
            options = (variant_option(name_of_option, entries, type=kind, stock=levels),)
            price = entries[0][2]
            if levels:
                tracking, stock = InventoryTracking.VARIANT, sum(levels)
        else:
            price = _d(sizes)
        if extra.get("custom"):
            options = (
                Option(PROTOCOL_FILE.type, PROTOCOL_FILE.name, required=True, config=PROTOCOL_FILE.config),
                DELIVERY_DATE,
            )
        items.append(
            Item(
                f"HS-{number}", name, "cell-culture", description, price, _img(image),
                brand="Brightfield Bio", cas=cas, synonyms=tuple(synonyms.split("; ")) if synonyms else (),
                options=options, tiers=extra.get("tiers", ()), tracking=tracking, stock=stock,
            )
        )  # fmt: skip
    return items


def catalog_items() -> list[Item]:
    """The whole demo catalog, as data (no database access)."""
    return [
        *_chemicals(),
        *_antibodies_and_proteins(),
        *_pipettes_and_tips(),
        *_instruments(),
        *_consumables(),
        *_cell_culture(),
    ]


# ---------------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------------

_TRANSLITERATION = {"µ": "u", "β": "beta", "α": "alpha", "ε": "epsilon", "κ": "kappa", "×": "x", "–": "-"}


def product_slug(name: str) -> str:
    for char, ascii_text in _TRANSLITERATION.items():
        name = name.replace(char, f" {ascii_text} " if len(ascii_text) > 1 else ascii_text)
    return slugify(name)


# ---------------------------------------------------------------------------------------------------------------
# Seeding
# ---------------------------------------------------------------------------------------------------------------


def seed_categories() -> dict[str, Category]:
    existing = {category.slug: category for category in Category.objects.filter(slug__in=[c[0] for c in CATEGORIES])}
    missing = [
        Category(slug=slug, name=name, description=description, sort_order=index)
        for index, (slug, name, description) in enumerate(CATEGORIES)
        if slug not in existing
    ]
    for category in Category.objects.bulk_create(missing):
        existing[category.slug] = category
    if missing:
        catalog_data_changed()  # bulk_create sends no signal (pricing/search_cache.py)
    return existing


def seed_price_lists() -> dict[str, PriceList]:
    """One price list per customer group (business §3); the groups themselves come from `accounts.demo`."""
    price_lists = {}
    for name in PRICE_LIST_RATES:
        group, _ = CustomerGroup.objects.get_or_create(name=name)
        price_lists[name], _ = PriceList.objects.get_or_create(
            customer_group=group, defaults={"name": f"{name} price list"}
        )
    return price_lists


@transaction.atomic
def seed_catalog() -> int:
    """Create the demo products that are missing (by SKU), with everything that hangs on them. Returns how many."""
    categories = seed_categories()
    price_lists = seed_price_lists()
    existing = dict(Product.objects.values_list("sku", "slug"))
    items = [item for item in catalog_items() if item.sku not in existing]
    if not items:
        return 0
    taken_slugs = set(existing.values())
    taken_variant_skus = set(ProductVariant.objects.values_list("sku", flat=True))
    tax_classes: dict[str, TaxClass] = {}
    for tax_class in TaxClass.objects.filter(name__in=["Default", "Lab equipment", "Reagents"]).order_by("pk"):
        tax_classes.setdefault(tax_class.name, tax_class)

    # Products
    products = []
    for item in items:
        slug = product_slug(item.name)
        if slug in taken_slugs:
            slug = f"{slug}-{item.sku.lower()}"
        taken_slugs.add(slug)
        products.append(
            Product(
                name=item.name,
                sku=item.sku,
                slug=slug,
                description=item.description,
                brand=item.brand,
                base_price=item.price,
                tax_class=tax_classes.get(TAX_CLASS_BY_CATEGORY.get(item.category, "Default")),
                availability=item.availability,
                purchasing_disabled_message=item.message,
                inventory_tracking=item.tracking,
                inventory_level=item.stock,
                cas_number=item.cas,
                synonyms="\n".join(item.synonyms),
                image=item.image,
            )
        )
    products = Product.objects.bulk_create(products)
    by_sku = {product.sku: product for product in products}
    Product.categories.through.objects.bulk_create(
        Product.categories.through(product_id=by_sku[item.sku].pk, category_id=categories[item.category].pk)
        for item in items
    )

    # Options and their values. Product-list values point at products that may predate this run.
    references = {value.product_ref for item in items for o in item.options for value in o.values if value.product_ref}
    referenced = {p.sku: p for p in Product.objects.filter(sku__in=references)}
    options, option_specs = [], []
    for item in items:
        for position, spec in enumerate(item.options):
            options.append(
                ProductOption(
                    product=by_sku[item.sku],
                    type=spec.type,
                    display_name=spec.name,
                    required=spec.required,
                    is_variant_option=spec.variant,
                    sort_order=position,
                    **spec.config,
                )
            )
            option_specs.append((item, spec))
    options = ProductOption.objects.bulk_create(options)
    values, value_specs = [], []
    for option, (item, spec) in zip(options, option_specs, strict=True):
        for position, value in enumerate(spec.values):
            value_data, adjuster, adjustment = dict(value.value_data), value.adjuster, value.adjustment
            if value.product_ref:
                target = referenced.get(value.product_ref)
                if target is None:
                    continue
                value_data.update(product_id=target.pk, image_url=target.image)
                adjuster, adjustment = PriceAdjuster.RELATIVE, target.base_price
            values.append(
                OptionValue(
                    option=option,
                    label=value.label,
                    sort_order=position,
                    is_default=value.is_default,
                    value_data=value_data,
                    price_adjuster=adjuster,
                    price_adjustment=adjustment,
                )
            )
            value_specs.append((item, spec, value))
    values = OptionValue.objects.bulk_create(values)

    # Variants: one per value of the variant option, or one base variant (the product's own SKU) without options.
    variants: list[ProductVariant] = []
    variant_values: list[tuple[str, str, str] | None] = []
    for item in items:
        variant_spec = item.variant_option
        if variant_spec is None:
            if item.sku not in taken_variant_skus:
                variants.append(
                    ProductVariant(product=by_sku[item.sku], sku=item.sku, image=item.image, inventory_level=item.stock)
                )
                variant_values.append(None)
            continue
        for position, value in enumerate(variant_spec.values):
            sku = f"{item.sku}-{value.sku_suffix}"
            if sku in taken_variant_skus:
                continue
            variants.append(
                ProductVariant(
                    product=by_sku[item.sku],
                    sku=sku,
                    price=value.price,
                    image=item.image,
                    inventory_level=value.stock,
                    purchasing_disabled=value.disabled,
                    sort_order=position,
                )
            )
            variant_values.append((item.sku, variant_spec.name, value.label))
    variants = ProductVariant.objects.bulk_create(variants)
    value_by_key = {
        (item.sku, spec.name, value.label): created
        for created, (item, spec, value) in zip(values, value_specs, strict=True)
    }
    ProductVariant.option_values.through.objects.bulk_create(
        ProductVariant.option_values.through(productvariant_id=variant.pk, optionvalue_id=value_by_key[key].pk)
        for variant, key in zip(variants, variant_values, strict=True)
        if key is not None
    )

    # Price lists (business §3) and bulk tiers (business §9).
    item_by_sku = {item.sku: item for item in items}
    records = []
    for variant in variants:
        item = item_by_sku[variant.product.sku]
        if item.quote_only:
            continue
        list_price = variant.price if variant.price is not None else item.price
        for group, rates in PRICE_LIST_RATES.items():
            rate = rates.get(item.category)
            if rate is not None:
                records.append(
                    PriceListRecord(
                        price_list=price_lists[group], variant=variant, price=(list_price * rate).quantize(CENT)
                    )
                )
    PriceListRecord.objects.bulk_create(records)
    BulkPricingTier.objects.bulk_create(
        BulkPricingTier(
            product=by_sku[item.sku],
            price_list=price_lists[tier.group] if tier.group else None,
            min_quantity=tier.min,
            max_quantity=tier.max,
            discount_type=tier.type,
            amount=tier.amount,
        )
        for item in items
        for tier in item.tiers
    )
    _refresh_search_text(products)
    return len(products)


def _refresh_search_text(products: list[Product]) -> None:
    """The search text of the seeded products, through `pricing.services` like any other product's."""
    from pricing import services

    services.product_search_text_refresh_all(products=products)
