"""Every storefront config key of shell §3 with its default (shell §9 and business §9 give the defaults).

Where the spec gives no default we chose one (docs/decisions.md): quote switches on, pricing blocking off.
"""

from typing import Any

_PLACEMENT = {
    "locationSelector": ".add-to-cart-buttons",
    "classSelector": "button",
    "customCss": "margin-top: 0.5rem;",
}

CONFIG_DEFAULTS: dict[str, tuple[str, dict[str, Any]]] = {
    # Keys with placement extra fields.
    "quote_on_product_page": ("1", {**_PLACEMENT, "color": "#3385D6", "buttonText": "Add to Quote"}),
    "quote_on_non_purchasable_product_page": (
        "1",
        {**_PLACEMENT, "color": "#3385D6", "buttonText": "Add to Quote"},
    ),
    "quote_on_cart_page": (
        "1",
        {
            "locationSelector": ".cart-actions",
            "classSelector": "button",
            "customCss": "margin-top: 0.5rem;",
            "color": "#3385D6",
            "buttonText": "Add All to Quote",
        },
    ),
    "shopping_list_on_product_page": (
        "1",
        {
            **_PLACEMENT,
            "color": "#3385D6",
            "buttonText": "Add to Shopping List",
            "enableForGuest": "0",
            "enableForIndividual": "1",
            "enableForB2B": "1",
        },
    ),
    "masquerade_button": (
        "1",
        {
            "color": "#ED6C02",
            "location": "bottomLeft",
            "horizontalPadding": "",
            "verticalPadding": "",
            "buttonText": "END MASQUERADE",
        },
    ),
    "quote_floating_action_button": (
        "1",
        {
            "color": "#E00F36",
            "location": "bottomRight",
            "horizontalPadding": "",
            "verticalPadding": "",
            "buttonText": "Finish quote",
        },
    ),
    # Sign-in page.
    "login_page_html": ("0", {"html": ""}),
    "login_page_display": ("1", {}),
    "login_page_button": ("1", {}),
    "account_login_registration": ("1", {"b2b": "1", "b2c": "1"}),
    "portal_style": ("1", {"primaryColor": "#3385D6"}),
    "css_override": ("0", {"css": ""}),
    # Quotes.
    "quote_customer": ("1", {}),
    "quote_for_guest": ("1", {}),
    "quote_for_individual_customer": ("1", {}),
    "quote_for_b2b": ("1", {}),
    "quote_logo": ("1", {}),
    "non_purchasable_quote": ("1", {}),
    "buyer_non_purchasable_quote": ("1", {}),
    "quote_auto_quoting": ("0", {}),
    "quote_submission_response": (
        "1",
        {
            "title": "Thank you for your quote request",
            "message": "Our sales team will review it and reply by e-mail, usually within one business day.",
        },
    ),
    # Registration and pending accounts (shell §1, §9).
    "company_auto_approval": ("1", {}),
    "block_pending_account_order_creation": ("1", {}),
    "block_pending_account_seeing_products_pricing": ("0", {}),
    "login_landing_location": ("0", {}),
    "junior_place_order": ("0", {}),
}
