"""The demo store's documents (issue 36 item 12): a certificate of analysis per lot and a safety data sheet per
chemical, as PDFs in the store's letterhead (portal.pdf, WeasyPrint, like the quote and the order).

A safety data sheet has the sixteen sections of the GHS (Globally Harmonized System, annex 4): identification,
hazards, composition, first aid, fire-fighting, accidental release, handling and storage, exposure controls,
physical and chemical properties, stability and reactivity, toxicology, ecology, disposal, transport, regulations and
other information. Every sheet is written by one function, `safety_data_sheet_sections`, from the product (name,
catalog number, CAS number, synonyms, description) and the substance's profile below: its physical state, its GHS
hazard statements and, for dangerous goods, its UN transport entry. A substance without hazard statements gets a
sheet all the same, which says that it is not classified as hazardous under GHS.

The profiles are the demo's sample data, written for the demo catalog's chemicals (pricing/demo.py CHEMICALS); a real
store uploads the sheets its manufacturers wrote (Product.safety_data_sheet).
"""

from __future__ import annotations

import datetime
import re
import zlib
from dataclasses import dataclass, field
from functools import lru_cache

from portal.models import Store
from portal.pdf import logo_data_uri, template_to_pdf

DANGER, WARNING = "Danger", "Warning"

# GHS pictograms (annex 3): code → what it shows.
PICTOGRAMS = {
    "GHS02": "Flame",
    "GHS03": "Flame over circle",
    "GHS05": "Corrosion",
    "GHS06": "Skull and crossbones",
    "GHS07": "Exclamation mark",
    "GHS08": "Health hazard",
    "GHS09": "Environment",
}


@dataclass(frozen=True)
class Hazard:
    code: str  # the hazard statement's code
    hazard_class: str  # the GHS hazard class and category
    statement: str
    pictogram: str  # "" when the category has none
    signal: str  # "" when the category has none
    endpoint: str  # where sections 9, 11 and 12 report it


_H = Hazard
HAZARDS = {
    h.code: h
    for h in (
        _H("H225", "Flammable liquids, category 2", "Highly flammable liquid and vapour.", "GHS02", DANGER, "fire"),
        _H("H226", "Flammable liquids, category 3", "Flammable liquid and vapour.", "GHS02", WARNING, "fire"),
        _H("H227", "Flammable liquids, category 4", "Combustible liquid.", "", WARNING, "fire"),
        _H("H228", "Flammable solids, category 2", "Flammable solid.", "GHS02", WARNING, "fire"),
        _H("H272", "Oxidizing solids, category 3", "May intensify fire; oxidizer.", "GHS03", WARNING, "oxidizer"),
        _H("H290", "Corrosive to metals, category 1", "May be corrosive to metals.", "GHS05", WARNING, "metal"),
        _H("H300", "Acute toxicity (oral), category 2", "Fatal if swallowed.", "GHS06", DANGER, "oral"),
        _H("H301", "Acute toxicity (oral), category 3", "Toxic if swallowed.", "GHS06", DANGER, "oral"),
        _H("H302", "Acute toxicity (oral), category 4", "Harmful if swallowed.", "GHS07", WARNING, "oral"),
        _H("H310", "Acute toxicity (dermal), category 2", "Fatal in contact with skin.", "GHS06", DANGER, "dermal"),
        _H("H311", "Acute toxicity (dermal), category 3", "Toxic in contact with skin.", "GHS06", DANGER, "dermal"),
        _H("H312", "Acute toxicity (dermal), category 4", "Harmful in contact with skin.", "GHS07", WARNING, "dermal"),
        _H("H314", "Skin corrosion, category 1B", "Causes severe skin burns and eye damage.", "GHS05", DANGER, "skin"),
        _H("H315", "Skin irritation, category 2", "Causes skin irritation.", "GHS07", WARNING, "skin"),
        _H("H317", "Skin sensitization, category 1", "May cause an allergic skin reaction.", "GHS07", WARNING,
           "sensitization"),
        _H("H318", "Serious eye damage, category 1", "Causes serious eye damage.", "GHS05", DANGER, "eye"),
        _H("H319", "Eye irritation, category 2A", "Causes serious eye irritation.", "GHS07", WARNING, "eye"),
        _H("H330", "Acute toxicity (inhalation), category 2", "Fatal if inhaled.", "GHS06", DANGER, "inhalation"),
        _H("H331", "Acute toxicity (inhalation), category 3", "Toxic if inhaled.", "GHS06", DANGER, "inhalation"),
        _H("H332", "Acute toxicity (inhalation), category 4", "Harmful if inhaled.", "GHS07", WARNING, "inhalation"),
        _H("H334", "Respiratory sensitization, category 1",
           "May cause allergy or asthma symptoms or breathing difficulties if inhaled.", "GHS08", DANGER,
           "sensitization"),
        _H("H335", "Specific target organ toxicity, single exposure, category 3 (respiratory tract irritation)",
           "May cause respiratory irritation.", "GHS07", WARNING, "stot_se"),
        _H("H336", "Specific target organ toxicity, single exposure, category 3 (narcotic effects)",
           "May cause drowsiness or dizziness.", "GHS07", WARNING, "stot_se"),
        _H("H340", "Germ cell mutagenicity, category 1B", "May cause genetic defects.", "GHS08", DANGER,
           "mutagenicity"),
        _H("H341", "Germ cell mutagenicity, category 2", "Suspected of causing genetic defects.", "GHS08", WARNING,
           "mutagenicity"),
        _H("H350", "Carcinogenicity, category 1B", "May cause cancer.", "GHS08", DANGER, "carcinogenicity"),
        _H("H351", "Carcinogenicity, category 2", "Suspected of causing cancer.", "GHS08", WARNING, "carcinogenicity"),
        _H("H360", "Reproductive toxicity, category 1B", "May damage fertility or the unborn child.", "GHS08", DANGER,
           "reproduction"),
        _H("H361", "Reproductive toxicity, category 2", "Suspected of damaging fertility or the unborn child.", "GHS08",
           WARNING, "reproduction"),
        _H("H370", "Specific target organ toxicity, single exposure, category 1", "Causes damage to organs.", "GHS08",
           DANGER, "stot_se"),
        _H("H372", "Specific target organ toxicity, repeated exposure, category 1",
           "Causes damage to organs through prolonged or repeated exposure.", "GHS08", DANGER, "stot_re"),
        _H("H373", "Specific target organ toxicity, repeated exposure, category 2",
           "May cause damage to organs through prolonged or repeated exposure.", "GHS08", WARNING, "stot_re"),
        _H("H410", "Hazardous to the aquatic environment, chronic, category 1",
           "Very toxic to aquatic life with long lasting effects.", "GHS09", WARNING, "aquatic"),
        _H("H411", "Hazardous to the aquatic environment, chronic, category 2",
           "Toxic to aquatic life with long lasting effects.", "GHS09", "", "aquatic"),
        _H("H412", "Hazardous to the aquatic environment, chronic, category 3",
           "Harmful to aquatic life with long lasting effects.", "", "", "aquatic"),
    )
}  # fmt: skip

# The acute toxicity estimate each category stands for (GHS table 3.1.1), by hazard statement.
ACUTE_RANGES = {
    "H300": "LD50 (oral) at most 50 mg/kg body weight",
    "H301": "LD50 (oral) above 50 and at most 300 mg/kg body weight",
    "H302": "LD50 (oral) above 300 and at most 2,000 mg/kg body weight",
    "H310": "LD50 (dermal) at most 200 mg/kg body weight",
    "H311": "LD50 (dermal) above 200 and at most 1,000 mg/kg body weight",
    "H312": "LD50 (dermal) above 1,000 and at most 2,000 mg/kg body weight",
    "H330": "LC50 (inhalation, vapour) at most 2 mg/L over 4 hours",
    "H331": "LC50 (inhalation, vapour) above 2 and at most 10 mg/L over 4 hours",
    "H332": "LC50 (inhalation, vapour) above 10 and at most 20 mg/L over 4 hours",
}
# What a flammability category says of the flash point (GHS table 2.6.1); a solid is classified by its burning rate.
FLASH_POINTS = {
    "H225": "Below 23 °C (flammable liquid, category 2)",
    "H226": "From 23 °C to 60 °C (flammable liquid, category 3)",
    "H227": "Above 60 °C and at most 93 °C (flammable liquid, category 4)",
}


@dataclass(frozen=True)
class Transport:
    """A dangerous good's entry in the UN Model Regulations (DOT, IATA, IMDG and ADR use the same one)."""

    un_number: str
    shipping_name: str
    hazard_class: str
    packing_group: str


@dataclass(frozen=True)
class Profile:
    state: str  # "liquid" or "solid"
    hazards: tuple[str, ...] = ()
    transport: Transport | None = None
    appearance: str = ""  # when not the state's usual colourless liquid or white solid
    # A mixture's ingredients (name, CAS number, concentration); a substance is itself.
    components: tuple[tuple[str, str, str], ...] = ()


L, S = "liquid", "solid"
WATER = ("Water", "7732-18-5", "balance")


def _t(un: str, name: str, hazard_class: str, group: str) -> Transport:
    return Transport(f"UN{un}", name, hazard_class, group)


# The demo catalog's chemicals by CAS number (pricing/demo.py CHEMICALS).
PROFILES: dict[str, Profile] = {
    "64-17-5": Profile(L, ("H225", "H319"), _t("1170", "ETHANOL", "3", "II")),
    "67-56-1": Profile(L, ("H225", "H301", "H311", "H331", "H370"), _t("1230", "METHANOL", "3 (6.1)", "II")),
    "75-05-8": Profile(L, ("H225", "H302", "H312", "H332", "H319"), _t("1648", "ACETONITRILE", "3", "II")),
    "67-64-1": Profile(L, ("H225", "H319", "H336"), _t("1090", "ACETONE", "3", "II")),
    "67-63-0": Profile(L, ("H225", "H319", "H336"), _t("1219", "ISOPROPANOL", "3", "II")),
    "67-68-5": Profile(L, ("H227",)),
    "67-66-3": Profile(
        L, ("H302", "H331", "H315", "H319", "H336", "H351", "H361", "H372"), _t("1888", "CHLOROFORM", "6.1", "III"),
        components=(("Chloroform", "67-66-3", "≥ 99 %"), ("Ethanol (stabiliser)", "64-17-5", "0.5–1 %")),
    ),
    "64-19-7": Profile(L, ("H226", "H314"), _t("2789", "ACETIC ACID, GLACIAL", "8 (3)", "II")),
    "7647-01-0": Profile(
        L, ("H290", "H314", "H335"), _t("1789", "HYDROCHLORIC ACID", "8", "II"),
        components=(("Hydrogen chloride", "7647-01-0", "36–38 %"), WATER),
    ),
    "50-00-0": Profile(
        L, ("H226", "H301", "H311", "H331", "H314", "H317", "H335", "H341", "H350", "H370"),
        _t("1198", "FORMALDEHYDE SOLUTION, FLAMMABLE", "3 (8)", "III"),
        components=(("Formaldehyde", "50-00-0", "36.5–38 %"), ("Methanol (stabiliser)", "67-56-1", "10–15 %"), WATER),
    ),
    "60-24-2": Profile(
        L, ("H301", "H310", "H330", "H315", "H317", "H318", "H361", "H373", "H410"),
        _t("2966", "THIOGLYCOL", "6.1", "II"),
    ),
    "56-81-5": Profile(L, appearance="Clear, colourless, viscous liquid"),
    "9005-64-5": Profile(L, appearance="Clear, pale yellow, viscous liquid"),
    "9036-19-5": Profile(
        L, ("H302", "H318", "H411"),
        _t("3082", "ENVIRONMENTALLY HAZARDOUS SUBSTANCE, LIQUID, N.O.S. (Octoxynol-9)", "9", "III"),
        appearance="Clear, colourless to pale yellow, viscous liquid",
    ),
    "110-18-9": Profile(
        L, ("H225", "H302", "H332", "H314"), _t("2372", "1,2-DI-(DIMETHYLAMINO)ETHANE", "3", "II")
    ),
    "108-95-2": Profile(
        S, ("H301", "H311", "H331", "H314", "H341", "H373", "H411"), _t("1671", "PHENOL, SOLID", "6.1", "II"),
        appearance="Colourless to pale pink crystals",
    ),
    "1239-45-8": Profile(
        L, ("H332", "H341"), appearance="Dark red liquid",
        components=(("Ethidium bromide", "1239-45-8", "1 % (10 mg/mL)"), WATER),
    ),
    "77-86-1": Profile(S, ("H315", "H319", "H335")),
    "1185-53-1": Profile(S, ("H315", "H319", "H335")),
    "7365-45-9": Profile(S),
    "1132-61-2": Profile(S, ("H315", "H319", "H335")),
    "4432-31-9": Profile(S),
    "56-40-6": Profile(S),
    "60-00-4": Profile(S, ("H332", "H373")),
    "6381-92-6": Profile(S, ("H332", "H373")),
    "57-13-6": Profile(S),
    "288-32-4": Profile(
        S, ("H302", "H314", "H360"), _t("3263", "CORROSIVE SOLID, BASIC, ORGANIC, N.O.S. (Imidazole)", "8", "III")
    ),
    "151-21-3": Profile(
        S, ("H228", "H302", "H332", "H315", "H318", "H335", "H412"),
        _t("1325", "FLAMMABLE SOLID, ORGANIC, N.O.S. (Sodium dodecyl sulfate)", "4.1", "III"),
    ),
    "50-99-7": Profile(S),
    "57-50-1": Profile(S),
    "3483-12-3": Profile(S, ("H302", "H315", "H319", "H335")),
    "367-93-1": Profile(S),
    "69-52-3": Profile(S, ("H317", "H334")),
    "25389-94-0": Profile(S, ("H360",)),
    "7647-14-5": Profile(S, appearance="White crystals or crystalline powder"),
    "7447-40-7": Profile(S, appearance="White crystals or crystalline powder"),
    "7791-18-6": Profile(S, appearance="White, hygroscopic crystals"),
    "10035-04-8": Profile(S, ("H319",), appearance="White, hygroscopic crystals"),
    "7783-20-2": Profile(S),
    "127-09-3": Profile(S),
    "1310-73-2": Profile(S, ("H290", "H314"), _t("1823", "SODIUM HYDROXIDE, SOLID", "8", "II"),
                         appearance="White pellets"),
    "7778-77-0": Profile(S),
    "7558-79-4": Profile(S),
    "6132-04-3": Profile(S),
    "10043-35-3": Profile(S, ("H360",)),
    "26628-22-8": Profile(S, ("H300", "H310", "H373", "H410"), _t("1687", "SODIUM AZIDE", "6.1", "II")),
    "9012-36-6": Profile(S, appearance="White to off-white powder"),
    "79-06-1": Profile(
        S, ("H301", "H312", "H332", "H315", "H317", "H319", "H340", "H350", "H361", "H372"),
        _t("2074", "ACRYLAMIDE, SOLID", "6.1", "III"),
    ),
    "110-26-9": Profile(S, ("H302", "H373")),
    "7727-54-0": Profile(
        S, ("H272", "H302", "H315", "H317", "H319", "H334", "H335"), _t("1444", "AMMONIUM PERSULPHATE", "5.1", "III")
    ),
    "6104-59-2": Profile(S, appearance="Dark blue to violet powder"),
    "115-39-9": Profile(S, appearance="Pink to reddish-brown powder"),
    "28718-90-3": Profile(S, ("H315", "H319", "H335"), appearance="Yellow powder"),
    "75621-03-3": Profile(S),
    "25322-68-3": Profile(S, appearance="White flakes or powder"),
    "30525-89-4": Profile(
        S, ("H228", "H302", "H332", "H315", "H317", "H318", "H335", "H341", "H350"),
        _t("2213", "PARAFORMALDEHYDE", "4.1", "III"),
    ),
    "485-47-2": Profile(S, ("H302", "H315", "H319", "H335"), appearance="White to pale yellow crystalline powder"),
    "58-85-5": Profile(S),
}  # fmt: skip

NOT_CLASSIFIED = "This substance is not classified as hazardous under GHS (Rev. 10) or OSHA HazCom 2012."
CRITERIA_NOT_MET = "Based on available data, the classification criteria are not met."
NO_DATA = "No data available"


@dataclass
class Section:
    number: int
    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)  # (label, text); an empty label is a paragraph

    def add(self, label: str, text: str) -> Section:
        self.rows.append((label, text))
        return self


SECTION_TITLES = (
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
)


def profile_of(cas_number: str) -> Profile | None:
    """The demo profile of a substance; None for a product the demo writes no sheet for."""
    return PROFILES.get((cas_number or "").strip())


def _purity(name: str) -> str:
    """ "Ethanol, absolute, ≥99.8%" → "≥ 99.8 %"; a name without a purity: the substance as a whole."""
    match = re.search(r"≥\s*(\d+(?:\.\d+)?)\s*%", name)
    return f"≥ {match.group(1)} %" if match else "≤ 100 %"


def _substance_name(name: str) -> str:
    """The chemical's name without its grade: "Ethanol, absolute, ≥99.8%" → "Ethanol"."""
    return name.split(",")[0].strip()


def safety_data_sheet_sections(
    *,
    name: str,
    sku: str,
    cas_number: str,
    synonyms: str,
    description: str,
    profile: Profile,
    supplier: str,
    phone: str,
) -> list[Section]:
    """The sixteen GHS sections of the product's safety data sheet, from its data and its substance's profile."""
    hazards = [HAZARDS[code] for code in profile.hazards]
    codes = set(profile.hazards)
    by_endpoint: dict[str, list[Hazard]] = {}
    for hazard in hazards:
        by_endpoint.setdefault(hazard.endpoint, []).append(hazard)
    liquid = profile.state == L
    flammable = "fire" in by_endpoint
    corrosive = bool(codes & {"H314", "H318", "H290"})
    toxic = bool(codes & {"H300", "H301", "H310", "H311", "H330", "H331", "H370"})
    cmr = bool(codes & {"H340", "H341", "H350", "H351", "H360", "H361"})
    inhalation = bool(codes & {"H330", "H331", "H332", "H334", "H335", "H336", "H370"})
    aquatic = "aquatic" in by_endpoint
    classified = bool(hazards)
    sections = [Section(number, title) for number, title in enumerate(SECTION_TITLES, start=1)]
    s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16 = sections

    s1.add("Product name", name).add("Catalog number", sku).add("CAS number", cas_number)
    if synonyms.strip():
        s1.add("Synonyms", "; ".join(line.strip() for line in synonyms.splitlines() if line.strip()))
    s1.add("Recommended use", description or "Laboratory chemical.")
    s1.add(
        "Uses advised against",
        "For research and laboratory use only. Not for use in drugs, food, household products or on humans or animals.",
    )
    s1.add("Supplier", supplier).add("Emergency telephone", f"{phone} (24 hours)")

    if classified:
        s2.add("Classification", "; ".join(h.hazard_class for h in hazards) + ".")
        signal = (
            DANGER
            if any(h.signal == DANGER for h in hazards)
            else (WARNING if any(h.signal for h in hazards) else "None")
        )
        s2.add("Signal word", signal)
        pictograms = {h.pictogram for h in hazards if h.pictogram}
        if "GHS06" in pictograms:  # GHS 1.4.10.5.3.1: the skull replaces the exclamation mark
            pictograms.discard("GHS07")
        s2.add(
            "Pictograms",
            ", ".join(f"{code} ({PICTOGRAMS[code].lower()})" for code in sorted(pictograms)) or "None required",
        )
        s2.add("Hazard statements", " ".join(f"{h.code}: {h.statement}" for h in hazards))
        s2.add("Precautionary statements", " ".join(_precautions(codes, flammable, corrosive, toxic, cmr, aquatic)))
    else:
        s2.add("Classification", NOT_CLASSIFIED)
        s2.add("Label elements", "No signal word, pictogram or hazard statement is required.")
        s2.add(
            "Precautionary statements",
            "Observe good laboratory practice: avoid contact with skin and eyes and avoid breathing dust or vapour.",
        )
    s2.add("Other hazards", "None known. The substance does not meet the criteria for PBT or vPvB.")

    components = profile.components or ((_substance_name(name), cas_number, _purity(name)),)
    s3.add("Type", "Mixture" if profile.components else "Substance")
    for component, cas, amount in components:
        s3.add(component, f"CAS {cas}, {amount}")

    s4.add(
        "General advice",
        "Show this safety data sheet to the doctor in attendance."
        + (" Call a poison center or doctor immediately." if toxic or corrosive else ""),
    )
    s4.add(
        "If inhaled",
        "Move the person into fresh air and keep at rest in a position comfortable for breathing."
        + (
            " Get medical attention at once."
            if inhalation and (toxic or corrosive)
            else " Get medical advice if symptoms persist."
        ),
    )
    s4.add(
        "Skin contact",
        "Take off contaminated clothing at once. "
        + (
            "Rinse the skin with plenty of water for at least 15 minutes and get medical attention at once."
            if corrosive or "dermal" in by_endpoint
            else "Wash the skin with soap and water."
        ),
    )
    s4.add(
        "Eye contact",
        "Rinse cautiously with water for several minutes; remove contact lenses if easy to do and "
        "continue rinsing." + (" Call an ophthalmologist immediately." if "eye" in by_endpoint else ""),
    )
    s4.add(
        "If swallowed",
        "Rinse the mouth with water. "
        + (
            "Do NOT induce vomiting: the substance is corrosive. Call a doctor immediately."
            if corrosive
            else "Call a poison center or doctor immediately."
            if toxic
            else "Get medical advice if you feel unwell."
        ),
    )
    s4.add(
        "Most important symptoms",
        " ".join(h.statement for h in hazards if h.endpoint not in {"fire", "oxidizer", "metal", "aquatic"})
        or "No symptoms are known. Large amounts may irritate the eyes, skin or digestive tract.",
    )

    if flammable:
        s5.add(
            "Suitable extinguishing media",
            "Alcohol-resistant foam, carbon dioxide, dry chemical powder; water spray to cool closed containers.",
        )
        s5.add("Unsuitable extinguishing media", "A full water jet, which spreads the fire.")
        s5.add(
            "Specific hazards",
            (
                "Vapours are heavier than air, spread along floors and form explosive mixtures "
                "with air; flashback is possible over a distance."
                if liquid
                else "Fine dust dispersed in air can form explosive mixtures."
            ),
        )
    elif "oxidizer" in by_endpoint:
        s5.add("Suitable extinguishing media", "Plenty of water. Do not use dry chemical powder or foam.")
        s5.add("Specific hazards", "An oxidizer: contact with combustible material may cause or intensify fire.")
    else:
        s5.add("Suitable extinguishing media", "Use extinguishing media suited to the surrounding fire.")
        s5.add(
            "Specific hazards",
            "The product itself does not burn readily"
            + ("; it is combustible when heated." if "H227" in codes else "."),
        )
    s5.add(
        "Hazardous combustion products",
        "Carbon oxides and other irritating fumes"
        + (", hydrogen chloride" if "7647-01-0" in cas_number or "Chloro" in name else "")
        + ".",
    )
    s5.add("Advice for firefighters", "Wear self-contained breathing apparatus and full protective clothing.")

    s6.add(
        "Personal precautions",
        "Keep unprotected people away. Wear the protective equipment of section 8"
        + ("; remove all sources of ignition and ventilate the area." if flammable else "."),
    )
    s6.add(
        "Environmental precautions",
        "Do not let the product enter drains, surface water or the soil."
        + (" Inform the authorities if it does." if aquatic else ""),
    )
    s6.add(
        "Containment and cleaning up",
        (
            "Soak up with an inert absorbent (sand, diatomaceous earth, universal binder) and place in closed "
            "containers for disposal."
            if liquid
            else "Sweep or vacuum up without raising dust and place in closed containers for disposal."
        )
        + (" Neutralise residues with a suitable agent before rinsing." if corrosive else ""),
    )

    handling = ["Work under a fume hood." if inhalation or toxic or cmr else "Provide good ventilation."]
    if flammable:
        handling.append(
            "Keep away from heat, sparks and open flames; use non-sparking tools and ground containers "
            "when transferring."
        )
    if cmr:
        handling.append(
            "Obtain special instructions before use; do not handle until all safety precautions have "
            "been read and understood."
        )
    handling.append("Do not eat, drink or smoke while working. Wash hands after handling.")
    s7.add("Safe handling", " ".join(handling))
    storage = ["Keep the container tightly closed in a dry, well-ventilated place at 15–25 °C."]
    if flammable:
        storage.append("Store in a flammables cabinet.")
    if corrosive:
        storage.append(
            "Store in a corrosion-resistant cabinet, away from metals"
            + (" and bases." if "acid" in name.lower() else " and acids.")
        )
    if toxic or cmr:
        storage.append("Store locked up, accessible only to qualified people.")
    if "oxidizer" in by_endpoint:
        storage.append("Keep away from combustible materials and reducing agents.")
    s7.add("Storage", " ".join(storage))

    s8.add(
        "Exposure limits",
        "The supplier sets no occupational exposure limit for this product; apply the limits "
        "of your jurisdiction (for example OSHA PEL, ACGIH TLV or EU IOELV) where one is listed.",
    )
    s8.add(
        "Engineering controls",
        "A fume hood or local exhaust ventilation."
        if inhalation or toxic or cmr or flammable
        else "General laboratory ventilation.",
    )
    s8.add(
        "Eye and face protection",
        "Tightly fitting safety goggles and a face shield." if corrosive else "Safety glasses with side shields.",
    )
    s8.add(
        "Hand protection",
        "Chemical-resistant gloves tested to EN ISO 374 (nitrile rubber, at least 0.11 mm; "
        "change them at once when contaminated)."
        if classified
        else "Nitrile gloves as a good laboratory practice.",
    )
    s8.add("Body protection", "Flame-retardant laboratory coat." if flammable else "Laboratory coat.")
    s8.add(
        "Respiratory protection",
        "A respirator with a filter for organic vapours or particles (type ABEK-P3) when the fume hood is not enough."
        if inhalation or toxic
        else "Not needed under normal use; a particle mask (P2) where dust forms."
        if not liquid
        else "Not needed under normal use with good ventilation.",
    )

    s9.add("Physical state", "Liquid" if liquid else "Solid")
    s9.add("Appearance", profile.appearance or ("Clear, colourless liquid" if liquid else "White powder or crystals"))
    s9.add("Odour", "Characteristic" if liquid and (flammable or inhalation) else NO_DATA)
    s9.add(
        "Flash point",
        next(
            (FLASH_POINTS[c] for c in profile.hazards if c in FLASH_POINTS),
            ("Not flammable under GHS criteria" if liquid else "Not applicable (solid)"),
        ),
    )
    s9.add(
        "Flammability (solid)",
        "Flammable solid (GHS category 2)"
        if "H228" in codes
        else "Not applicable (liquid)"
        if liquid
        else "Not flammable under GHS criteria",
    )
    s9.add("Oxidizing properties", "Oxidizing solid (GHS category 3)" if "H272" in codes else "None")
    s9.add(
        "Melting point, boiling point, vapour pressure, density, solubility",
        "See the certificate of analysis of the lot for measured values; no other data available.",
    )

    s10.add(
        "Reactivity",
        "Reacts with strong oxidizers."
        if flammable
        else "Reacts violently with reducing agents and combustible materials."
        if "oxidizer" in by_endpoint
        else "Reacts with metals, releasing hydrogen."
        if "H290" in codes
        else "No dangerous reaction known under normal conditions of use.",
    )
    s10.add("Chemical stability", "Stable under the recommended storage conditions.")
    s10.add(
        "Conditions to avoid",
        "Heat, open flames, sparks and direct sunlight." if flammable else "Moisture and strong heating.",
    )
    s10.add(
        "Incompatible materials",
        "Strong oxidizing agents, strong acids and alkali metals."
        if flammable
        else "Strong bases, metals and oxidizing agents."
        if corrosive and "acid" in name.lower()
        else "Strong acids, metals and organic materials."
        if corrosive
        else "Combustible materials, reducing agents and metal powders."
        if "oxidizer" in by_endpoint
        else "Strong oxidizing agents.",
    )
    s10.add("Hazardous decomposition products", "Carbon oxides and other irritating gases in a fire (section 5).")

    def classified_as(*endpoints: str) -> str:
        found = [h for e in endpoints for h in by_endpoint.get(e, [])]
        if not found:
            return CRITERIA_NOT_MET
        return " ".join(
            f"{h.statement} ({h.hazard_class}{'; ' + ACUTE_RANGES[h.code] if h.code in ACUTE_RANGES else ''}.)"
            for h in found
        )

    s11.add("Acute toxicity, oral", classified_as("oral"))
    s11.add("Acute toxicity, dermal", classified_as("dermal"))
    s11.add("Acute toxicity, inhalation", classified_as("inhalation"))
    s11.add("Skin corrosion / irritation", classified_as("skin"))
    s11.add("Serious eye damage / irritation", classified_as("eye"))
    s11.add("Respiratory or skin sensitization", classified_as("sensitization"))
    s11.add("Germ cell mutagenicity", classified_as("mutagenicity"))
    s11.add("Carcinogenicity", classified_as("carcinogenicity"))
    s11.add("Reproductive toxicity", classified_as("reproduction"))
    s11.add("Specific target organ toxicity, single exposure", classified_as("stot_se"))
    s11.add("Specific target organ toxicity, repeated exposure", classified_as("stot_re"))
    s11.add("Aspiration hazard", CRITERIA_NOT_MET)

    s12.add(
        "Aquatic toxicity",
        classified_as("aquatic") if aquatic else "Not classified as hazardous to the aquatic environment.",
    )
    s12.add("Persistence and degradability, bioaccumulation, mobility in soil", NO_DATA)
    s12.add(
        "Other adverse effects",
        "Do not release into the environment in large amounts."
        if not aquatic
        else "Avoid any release to the environment.",
    )

    s13.add(
        "Waste treatment",
        (
            "Dispose of as hazardous waste through a licensed disposal company, in the original "
            "or a labelled container, under local and national regulations."
            if classified
            else "Dispose of as non-hazardous chemical waste under local regulations; do not empty "
            "into drains in large amounts."
        ),
    )
    s13.add("Contaminated packaging", "Dispose of as the product itself; rinsed containers may be recycled.")

    if profile.transport is not None:
        t = profile.transport
        s14.add("UN number", t.un_number).add("UN proper shipping name", t.shipping_name)
        s14.add("Transport hazard class", t.hazard_class).add("Packing group", t.packing_group)
        s14.add("Environmental hazards", "Marine pollutant" if aquatic else "None")
        s14.add("Regulations", "US DOT 49 CFR, IATA DGR, IMDG Code, ADR/RID: the same entry applies.")
    else:
        s14.add("Classification", "Not dangerous goods under US DOT, IATA, IMDG or ADR/RID.")

    s15.add(
        "Classified under",
        "The GHS (UN, Rev. 10), the US OSHA Hazard Communication Standard (29 CFR "
        "1910.1200) and the EU CLP Regulation (EC) No 1272/2008.",
    )
    s15.add(
        "Inventories",
        f"CAS {cas_number}. Check the listing on TSCA, REACH or your national inventory for the "
        "use you intend; the product is supplied for research and development.",
    )
    if cmr:
        s15.add(
            "Restrictions",
            "A carcinogenic, mutagenic or reprotoxic substance: workplace rules on CMR substances "
            "apply (minimised exposure, exposure register).",
        )

    s16.add("Full text of the hazard statements", " ".join(f"{h.code}: {h.statement}" for h in hazards) or "None.")
    s16.add(
        "Abbreviations",
        "GHS: Globally Harmonized System; CAS: Chemical Abstracts Service; LD50/LC50: lethal "
        "dose/concentration for 50 % of a test population; PBT/vPvB: persistent, bioaccumulative and toxic / very "
        "persistent and very bioaccumulative.",
    )
    s16.add(
        "Notice",
        "This sheet belongs to the demonstration data of the Helix Scientific store. The information is "
        "believed to be accurate for the product named, but it is not a warranty; users determine the suitability "
        "of the product for their purposes.",
    )
    return sections


def _precautions(codes: set[str], flammable: bool, corrosive: bool, toxic: bool, cmr: bool, aquatic: bool) -> list[str]:
    out = []
    if cmr:
        out.append("P201: Obtain special instructions before use.")
    if flammable:
        out.append(
            "P210: Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking."
        )
    if codes & {"H330", "H331", "H332", "H334", "H335", "H336"}:
        out.append("P261: Avoid breathing dust, fume, gas, mist, vapours or spray.")
    if aquatic:
        out.append("P273: Avoid release to the environment.")
    out.append("P280: Wear protective gloves, protective clothing, eye protection and face protection.")
    if toxic or codes & {"H302", "H312", "H332"}:
        out.append(
            "P301+P310: IF SWALLOWED: immediately call a POISON CENTER or doctor."
            if toxic
            else "P301+P312: IF SWALLOWED: call a POISON CENTER or doctor if you feel unwell."
        )
    if corrosive or codes & {"H319", "H315"}:
        out.append(
            "P305+P351+P338: IF IN EYES: rinse cautiously with water for several minutes. Remove contact "
            "lenses, if present and easy to do. Continue rinsing."
        )
    if toxic or cmr:
        out.append("P405: Store locked up.")
    out.append("P501: Dispose of contents and container to an approved waste disposal plant.")
    return out


# --- the PDFs ------------------------------------------------------------------------------------------------------


def store_for_documents() -> Store | None:
    """The store whose letterhead the documents carry (read once by a caller that writes several)."""
    return Store.objects.order_by("pk").first()


def _supplier(store: Store | None) -> tuple[str, str]:
    supplier = "Helix Scientific Inc., 400 Discovery Drive, Cambridge, MA 02142, United States"
    if store is not None and store.address.strip():
        supplier = f"{store.name}, " + ", ".join(line.strip() for line in store.address.splitlines() if line.strip())
    phone = (store.support_phone if store is not None else "") or "+1 617 555 0199"
    return supplier, phone


def safety_data_sheet_pdf(product, *, revised_on: datetime.date, store: Store | None) -> bytes:
    """The product's safety data sheet (the 16 GHS sections) as a PDF. The product needs a demo profile."""
    profile = profile_of(product.cas_number)
    if profile is None:
        raise ValueError(f"No demo safety data for CAS {product.cas_number!r}.")
    supplier, phone = _supplier(store)
    sections = safety_data_sheet_sections(
        name=product.name, sku=product.sku, cas_number=product.cas_number, synonyms=product.synonyms,
        description=product.description, profile=profile, supplier=supplier, phone=phone,
    )  # fmt: skip
    return _render(
        "orders/demo_safety_data_sheet.html",
        (("title", f"Safety data sheet: {product.name}"), ("sku", product.sku),
         ("revised_on", revised_on), ("sections", _frozen(sections))),
        store,
    )  # fmt: skip


@dataclass(frozen=True)
class TestResult:
    test: str
    specification: str
    result: str


def certificate_results(*, name: str, cas_number: str, lot_number: str) -> list[TestResult]:
    """The tests a lot was released on, with results that vary by lot (deterministic: the same lot, the same
    certificate)."""
    profile = profile_of(cas_number)
    liquid = profile.state == L if profile is not None else False
    seed = zlib.crc32(lot_number.encode())
    purity = re.search(r"≥\s*(\d+(?:\.\d+)?)\s*%", name)
    if purity:
        floor = float(purity.group(1))
        assay = min(99.99, floor + (seed % 9 + 1) * (100 - floor) / 12)
        assay_row = TestResult(
            "Assay (GC)" if liquid else "Assay (titration)", f"≥ {purity.group(1)} %", f"{assay:.2f} %"
        )
    else:
        assay_row = TestResult("Assay", "Meets the grade", "Conforms")
    water = (seed >> 8) % 15 + 2  # hundredths of a percent
    rows = [
        TestResult(
            "Appearance",
            (
                profile.appearance
                if profile and profile.appearance
                else "Clear, colourless liquid"
                if liquid
                else "White powder or crystals"
            ),
            "Conforms",
        ),
        TestResult("Identity (IR)", "Conforms to structure", "Conforms"),
        assay_row,
        TestResult("Water (Karl Fischer)" if liquid else "Loss on drying", "≤ 0.20 %", f"0.{water:02d} %"),
        TestResult(
            "Residue on evaporation" if liquid else "Insoluble matter", "≤ 0.005 %", f"0.00{(seed >> 16) % 4 + 1} %"
        ),
    ]
    return rows


def certificate_pdf(lot, *, store: Store | None) -> bytes:
    """A lot's certificate of analysis as a PDF: the product, the lot and its dates, and a table of the release
    tests with their specifications and results."""
    product = lot.product
    results = certificate_results(name=product.name, cas_number=product.cas_number, lot_number=lot.number)
    return _render(
        "orders/demo_certificate.html",
        (("title", "Certificate of analysis"), ("name", product.name), ("sku", product.sku),
         ("cas_number", product.cas_number or "n/a"), ("lot_number", lot.number),
         ("manufactured_on", lot.manufactured_on), ("expires_on", lot.expires_on),
         ("results", tuple(results))),
        store,
    )  # fmt: skip


def _frozen(sections: list[Section]) -> tuple:
    return tuple((s.number, s.title, tuple(s.rows)) for s in sections)


def _render(template: str, context: tuple, store: Store | None) -> bytes:
    logo = logo_data_uri(store)
    store_key = (store.name, store.address, store.support_email, store.support_phone) if store is not None else None
    return _render_cached(template, context, store_key, logo)


@lru_cache(maxsize=64)
def _render_cached(template: str, context: tuple, store_key: tuple | None, logo: str | None) -> bytes:
    """Rendering takes WeasyPrint a good part of a second: a process that seeds the demo again (the browser tests
    seed it for each test) renders each document once. The key is everything the document shows."""
    values = dict(context)
    if "sections" in values:
        values["sections"] = [{"number": n, "title": t, "rows": rows} for n, t, rows in values["sections"]]
    store = None
    if store_key is not None:
        name, address, email, phone = store_key
        store = {"name": name, "address": address, "support_email": email, "support_phone": phone}
    return template_to_pdf(template, {**values, "store": store, "logo": logo})
