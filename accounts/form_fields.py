"""The built-in fields of the registration forms (`accountFormFields`, shell §3 account form field). A migration
creates them; staff relabel, reorder, hide or un-require them (except the essential ones) and add custom extra
fields in Django admin. Pure data: the migration imports it."""

from __future__ import annotations

from accounts.uploads import ACCEPTED_EXTENSIONS, MAX_FILE_BYTES, MAX_FILES

BUSINESS, PERSONAL = 1, 2
CONTACT, ADDITIONAL, COMPANY, ADDRESS, PASSWORD = 1, 2, 3, 4, 5

_PASSWORD_RULE = {"minLength": 7, "needsLetter": True, "needsDigit": True}
_ATTACHMENTS = {
    "maxFiles": MAX_FILES,
    "maxSize": MAX_FILE_BYTES,
    "accept": list(ACCEPTED_EXTENSIONS),
    "requestType": "companyAttachedFile",
}


def _field(form_type, group, order, name, label, field_type="text", required=False, configs=None) -> dict:
    return {
        "form_type": form_type,
        "group": group,
        "order": order,
        "field_name": name,
        "label": label,
        "field_type": field_type,
        "is_required": required,
        "visible": True,
        "value_configs": configs or {},
    }


def _contact(form_type: int) -> list[dict]:
    return [
        _field(form_type, CONTACT, 10, "firstName", "First name", required=True, configs={"maxLength": 150}),
        _field(form_type, CONTACT, 20, "lastName", "Last name", required=True, configs={"maxLength": 150}),
        _field(form_type, CONTACT, 30, "email", "Email address", "email", required=True),
        _field(form_type, CONTACT, 40, "phoneNumber", "Phone number", "phone"),
        _field(form_type, PASSWORD, 10, "password", "Password", "password", required=True, configs=_PASSWORD_RULE),
    ]


BUILTIN_FIELDS: list[dict] = [
    *_contact(BUSINESS),
    _field(BUSINESS, COMPANY, 10, "companyName", "Company name", required=True, configs={"maxLength": 200}),
    _field(BUSINESS, COMPANY, 20, "companyEmail", "Company email", "email", required=True),
    _field(BUSINESS, COMPANY, 30, "companyPhoneNumber", "Company phone number", "phone", required=True),
    _field(BUSINESS, COMPANY, 900, "fileList", "Attachments", "files", configs=_ATTACHMENTS),
    _field(BUSINESS, ADDRESS, 10, "country", "Country", "country", required=True),
    _field(BUSINESS, ADDRESS, 20, "addressLine1", "Address line 1", required=True, configs={"maxLength": 200}),
    _field(BUSINESS, ADDRESS, 30, "addressLine2", "Address line 2", configs={"maxLength": 200}),
    _field(BUSINESS, ADDRESS, 40, "city", "City", required=True, configs={"maxLength": 100}),
    # Required only when the chosen country has a state list (`countries`).
    _field(BUSINESS, ADDRESS, 50, "state", "State / province", "state", required=True),
    _field(BUSINESS, ADDRESS, 60, "zipCode", "ZIP / postal code", required=True, configs={"maxLength": 20}),
    *_contact(PERSONAL),
]

# Custom extra fields of the demo store (seed_demo adds them when missing).
DEMO_CUSTOM_FIELDS: list[dict] = [
    _field(
        BUSINESS, COMPANY, 40, "institutionType", "Institution type", "dropdown", required=True,
        configs={"options": [
            {"label": "Academic or research institute", "value": "academic"},
            {"label": "Industry", "value": "industry"},
            {"label": "Government laboratory", "value": "government"},
            {"label": "Hospital or clinic", "value": "clinical"},
            {"label": "Other", "value": "other"},
        ]},
    ),
    _field(BUSINESS, COMPANY, 50, "taxId", "VAT or tax ID", configs={"maxLength": 40}),
]  # fmt: skip
