"""The catalog's option names and value labels in the buyer's language (issue 36 item 13).

Staff write an option's name and its values' labels in English, the portal's base language, and add their wording in
the other six languages in admin (ProductOptionTranslation, OptionValueTranslation). The API answers in the request's
language — the overlay sends its language as `Accept-Language`, which Django's LocaleMiddleware reads — with the
English text where there is no translation. An English request reads nothing more.

A language's texts are read in two queries and kept with the catalog's cached data (portal.startup_cache
`catalog_cached`): a translation's save or delete replaces the catalog generation (pricing/search_cache.py), like any
other catalog change.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import translation

from portal.startup_cache import catalog_cached
from pricing.models import TRANSLATED_LANGUAGES, OptionValueTranslation, ProductOptionTranslation

TRANSLATED = frozenset(code for code, _ in TRANSLATED_LANGUAGES)


@dataclass(frozen=True)
class OptionTexts:
    """One language's option texts: option id → (name, checkbox label or ""), value id → label."""

    options: dict[int, tuple[str, str]] = field(default_factory=dict)
    values: dict[int, str] = field(default_factory=dict)

    def option_name(self, option_id: int, english: str) -> str:
        own = self.options.get(option_id)
        return own[0] if own else english

    def checkbox_label(self, option_id: int, english: str) -> str:
        own = self.options.get(option_id)
        return own[1] if own and own[1] else english

    def value_label(self, value_id: int, english: str) -> str:
        return self.values.get(value_id, english)


def request_language() -> str:
    """The language of the request being answered (LocaleMiddleware: Accept-Language, else English), cut to its
    base language ("de-CH" → "de")."""
    return (translation.get_language() or "en").split("-")[0].lower()


def option_texts(language: str | None = None) -> OptionTexts | None:
    """The option texts of `language` (the request's when not given); None for English or a language without
    translations: the English texts stand."""
    language = language if language is not None else request_language()
    if language not in TRANSLATED:
        return None

    def build() -> OptionTexts:
        options = ProductOptionTranslation.objects.filter(language=language).values_list(
            "option_id", "display_name", "checkbox_label"
        )
        values = OptionValueTranslation.objects.filter(language=language).values_list("value_id", "label")
        return OptionTexts(options={pk: (name, label) for pk, name, label in options}, values=dict(values))

    texts = catalog_cached(f"option-texts:{language}", build)
    return texts if texts.options or texts.values else None


def _option(option: dict, texts: OptionTexts) -> dict:
    """A productsSearch option (pricing/graphql/search.py `_option`) in the language: a new dict, since the cached
    answer's options are shared."""
    translated = {**option, "displayName": texts.option_name(option["id"], option["displayName"])}
    label = option["config"]["checkboxLabel"]
    if label or option["id"] in texts.options:
        translated["config"] = {**option["config"], "checkboxLabel": texts.checkbox_label(option["id"], label)}
    translated["optionValues"] = [
        {**value, "label": texts.value_label(value["id"], value["label"])} for value in option["optionValues"]
    ]
    return translated


def search_answer_translated(products: list[dict], texts: OptionTexts | None) -> list[dict]:
    """productsSearch's products (each the caller's own dict, with its own variant dicts) with their options' names
    and values' labels in the language of `texts`; as they are when it is None."""
    if texts is None:
        return products
    for product in products:
        translated = {id(option): _option(option, texts) for option in product["allOptions"]}

        def each(options: list[dict], translated: dict = translated) -> list[dict]:
            return [translated.get(id(option)) or _option(option, texts) for option in options]

        product["allOptions"] = each(product["allOptions"])
        product["options"] = each(product["options"])
        product["modifiers"] = each(product["modifiers"])
        for variant in product["variants"]:
            variant["optionValues"] = [
                {
                    **value,
                    "label": texts.value_label(value["id"], value["label"]),
                    "optionDisplayName": texts.option_name(value["optionId"], value["optionDisplayName"]),
                }
                for value in variant["optionValues"]
            ]
    return products
