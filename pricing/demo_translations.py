"""The demo catalog's option texts in the portal's other six languages (issue 36 item 13): a buyer reading the portal
in German sees "Packungsgröße" and "3 Jahre" where the catalog says "Pack size" and "3 years" (pricing.translations).
Pack sizes and volumes ("500 mL", "0.5–10 µL") read the same in every language and keep their English label.

Idempotent: a text is added where the option or value has none in that language; staff edits are kept.
"""

from __future__ import annotations

import re

from portal.startup_cache import catalog_data_changed
from pricing.models import OptionValue, OptionValueTranslation, ProductOption, ProductOptionTranslation

LANGUAGES = ("zh", "fr", "nl", "de", "it", "es")

# English name → its translations, in LANGUAGES order.
OPTION_NAMES: dict[str, tuple[str, ...]] = {
    "Pack size": ("包装规格", "Conditionnement", "Verpakkingsgrootte", "Packungsgröße", "Confezione",
                  "Tamaño del envase"),
    "Size": ("尺寸", "Taille", "Maat", "Größe", "Taglia", "Talla"),
    "Lot reference (optional)": ("批号参考（可选）", "Référence de lot (facultatif)", "Lotreferentie (optioneel)",
                                 "Chargenreferenz (optional)", "Riferimento lotto (facoltativo)",
                                 "Referencia de lote (opcional)"),
    "Warranty": ("保修", "Garantie", "Garantie", "Garantie", "Garanzia", "Garantía"),
    "Calibration certificate": ("校准证书", "Certificat d'étalonnage", "Kalibratiecertificaat", "Kalibrierzertifikat",
                                "Certificato di taratura", "Certificado de calibración"),
    "Preferred delivery date": ("期望交货日期", "Date de livraison souhaitée", "Gewenste leverdatum",
                                "Gewünschtes Lieferdatum", "Data di consegna preferita", "Fecha de entrega preferida"),
    "Volume range": ("容量范围", "Plage de volume", "Volumebereik", "Volumenbereich", "Intervallo di volume",
                     "Rango de volumen"),
    "Upload your protocol (PDF)": ("上传您的实验方案（PDF）", "Téléversez votre protocole (PDF)",
                                   "Upload uw protocol (pdf)", "Ihr Protokoll hochladen (PDF)",
                                   "Carica il tuo protocollo (PDF)", "Suba su protocolo (PDF)"),
    "Engraving text": ("刻字内容", "Texte à graver", "Graveertekst", "Gravurtext", "Testo da incidere",
                       "Texto del grabado"),
    "Quantity of boxes per carton": ("每箱盒数", "Nombre de boîtes par carton", "Aantal doosjes per omdoos",
                                     "Anzahl Schachteln pro Karton", "Numero di scatole per cartone",
                                     "Número de cajas por cartón"),
    "Volume": ("体积", "Volume", "Volume", "Volumen", "Volume", "Volumen"),
    "Colour": ("颜色", "Couleur", "Kleur", "Farbe", "Colore", "Color"),
    "Add a matching rack": ("添加配套架", "Ajouter un portoir assorti", "Bijpassend rek toevoegen",
                            "Passendes Rack hinzufügen", "Aggiungi un rack abbinato", "Añadir una gradilla a juego"),
    "Capacity": ("容量", "Capacité", "Capaciteit", "Kapazität", "Capacità", "Capacidad"),
    "Format": ("规格", "Format", "Formaat", "Format", "Formato", "Formato"),
    "Printed certificate of analysis": ("纸质分析证书", "Certificat d'analyse imprimé", "Gedrukt analysecertificaat",
                                        "Gedrucktes Analysenzertifikat", "Certificato di analisi stampato",
                                        "Certificado de análisis impreso"),
    "Housing colour": ("外壳颜色", "Couleur du boîtier", "Kleur van de behuizing", "Gehäusefarbe",
                       "Colore dell'alloggiamento", "Color de la carcasa"),
    "Preferred collection date": ("期望取件日期", "Date d'enlèvement souhaitée", "Gewenste ophaaldatum",
                                  "Gewünschtes Abholdatum", "Data di ritiro preferita", "Fecha de recogida preferida"),
    "Power supply": ("电源", "Alimentation électrique", "Voeding", "Netzteil", "Alimentazione",
                     "Fuente de alimentación"),
    "Gel tray size": ("凝胶托盘尺寸", "Taille du plateau à gel", "Afmeting gelbak", "Größe der Gelwanne",
                      "Dimensione del vassoio per gel", "Tamaño de la bandeja de gel"),
}  # fmt: skip

# A checkbox option's label (what the box says), by its English text.
CHECKBOX_LABELS: dict[str, tuple[str, ...]] = {
    "Add a traceable calibration certificate": (
        "添加可溯源的校准证书", "Ajouter un certificat d'étalonnage traçable", "Herleidbaar kalibratiecertificaat "
        "toevoegen", "Rückführbares Kalibrierzertifikat hinzufügen", "Aggiungi un certificato di taratura "
        "riferibile", "Añadir un certificado de calibración trazable",
    ),
    "Ship a signed, printed certificate of analysis with the order": (
        "随订单寄送经签字的纸质分析证书", "Joindre à la commande un certificat d'analyse imprimé et signé",
        "Een ondertekend, gedrukt analysecertificaat met de bestelling meesturen",
        "Ein unterschriebenes, gedrucktes Analysenzertifikat mit der Bestellung senden",
        "Spedire con l'ordine un certificato di analisi stampato e firmato",
        "Enviar con el pedido un certificado de análisis impreso y firmado",
    ),
}  # fmt: skip

VALUE_LABELS: dict[str, tuple[str, ...]] = {
    "Yes": ("是", "Oui", "Ja", "Ja", "Sì", "Sí"),
    "No": ("否", "Non", "Nee", "Nein", "No", "No"),
    "1 year included": ("含 1 年", "1 an inclus", "1 jaar inbegrepen", "1 Jahr inklusive", "1 anno incluso",
                        "1 año incluido"),
    "3 years": ("3 年", "3 ans", "3 jaar", "3 Jahre", "3 anni", "3 años"),
    "5 years": ("5 年", "5 ans", "5 jaar", "5 Jahre", "5 anni", "5 años"),
    "Blue": ("蓝色", "Bleu", "Blauw", "Blau", "Blu", "Azul"),
    "Natural": ("本色", "Naturel", "Naturel", "Natur", "Naturale", "Natural"),
    "Grey": ("灰色", "Gris", "Grijs", "Grau", "Grigio", "Gris"),
    "Orange": ("橙色", "Orange", "Oranje", "Orange", "Arancione", "Naranja"),
    "Yellow": ("黄色", "Jaune", "Geel", "Gelb", "Giallo", "Amarillo"),
    "115 V, US plug": ("115 V，美式插头", "115 V, prise américaine", "115 V, Amerikaanse stekker", "115 V, US-Stecker",
                       "115 V, spina USA", "115 V, enchufe estadounidense"),
    "230 V, EU plug": ("230 V，欧式插头", "230 V, prise européenne", "230 V, Europese stekker", "230 V, EU-Stecker",
                       "230 V, spina UE", "230 V, enchufe europeo"),
}  # fmt: skip
# Labels with a measure in them, by their English pattern: the measure is kept.
VALUE_PATTERNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"^Empty tip rack, (?P<m>.+) format$",
     ("空吸头架，{m} 规格", "Portoir à cônes vide, format {m}", "Leeg tiprek, formaat {m}", "Leeres Spitzenrack, "
      "Format {m}", "Rack per puntali vuoto, formato {m}", "Gradilla de puntas vacía, formato {m}")),
    (r"^(?P<m>.+) tray$",
     ("{m} 托盘", "Plateau de {m}", "Gelbak van {m}", "Gelwanne {m}", "Vassoio da {m}", "Bandeja de {m}")),
)  # fmt: skip


def value_translations(label: str) -> tuple[str, ...] | None:
    """A value label's six translations, or None when it reads the same in every language (a measure)."""
    if label in VALUE_LABELS:
        return VALUE_LABELS[label]
    for pattern, templates in VALUE_PATTERNS:
        match = re.match(pattern, label)
        if match:
            return tuple(template.format(m=match.group("m")) for template in templates)
    return None


def seed_option_translations() -> int:
    """Adds the demo's translations where an option or value has none in a language. Returns how many were added."""
    options = ProductOption.objects.filter(display_name__in=OPTION_NAMES).values_list(
        "pk", "display_name", "checkbox_label"
    )
    have_options = set(ProductOptionTranslation.objects.values_list("option_id", "language"))
    new_options = [
        ProductOptionTranslation(
            option_id=pk,
            language=language,
            display_name=OPTION_NAMES[name][index],
            checkbox_label=CHECKBOX_LABELS[checkbox][index] if checkbox in CHECKBOX_LABELS else "",
        )
        for pk, name, checkbox in options
        for index, language in enumerate(LANGUAGES)
        if (pk, language) not in have_options
    ]
    have_values = set(OptionValueTranslation.objects.values_list("value_id", "language"))
    new_values = []
    for pk, label in OptionValue.objects.values_list("pk", "label"):
        translations = value_translations(label)
        if translations is None:
            continue
        new_values += [
            OptionValueTranslation(value_id=pk, language=language, label=translations[index])
            for index, language in enumerate(LANGUAGES)
            if (pk, language) not in have_values
        ]
    ProductOptionTranslation.objects.bulk_create(new_options)
    OptionValueTranslation.objects.bulk_create(new_values)
    if new_options or new_values:
        catalog_data_changed()  # bulk_create sends no save signal (pricing/search_cache.py)
    return len(new_options) + len(new_values)
