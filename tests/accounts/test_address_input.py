"""What an address must be (issue 16): required fields, lengths, the country and state from the store's lists, the
shell §5 phone rule, shipping and/or billing, the store's custom address fields; bad input is a coded error, never a
500, and changes nothing."""

import pytest
from django.core.exceptions import ValidationError

from accounts import services
from accounts.models import AccountFormField, Address, FormGroup, FormType
from accounts.selectors import actor_for_user
from tests.accounts.address_support import CREATE, NEW_ADDRESS, UPDATE, address_books_build, snapshot
from tests.helpers import error_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def book(demo_store):
    return address_books_build()


@pytest.fixture
def admin_token(book, login):
    return login("admin@acme.test")


def refused_fields(body: dict) -> tuple[dict, dict]:
    assert error_code(body) == "VALIDATION_ERROR", body
    assert body["data"] is None
    extensions = body["errors"][0]["extensions"]
    return extensions["fields"], extensions.get("fieldCodes", {})


def test_an_empty_address_names_every_required_field(book, admin_token, graphql):
    before = snapshot()

    fields, codes = refused_fields(graphql(CREATE, {"a": {}}, token=admin_token))

    assert fields == {
        "firstName": ["First name is required."],
        "lastName": ["Last name is required."],
        "addressLine1": ["Address line 1 is required."],
        "city": ["City is required."],
        "zipCode": ["ZIP / postal code is required."],
        "country": ["Country is required."],
    }
    assert codes == {name: ["required"] for name in fields}
    assert snapshot() == before


def test_a_complete_address_is_stored_as_entered_with_country_and_state_codes(book, admin_token, graphql):
    sent = {**NEW_ADDRESS, "country": "united states", "state": "Massachusetts", "firstName": "  Barbara  "}

    created = graphql(CREATE, {"a": sent}, token=admin_token)["data"]["addressCreate"]["address"]

    assert {key: created[key] for key in ("firstName", "country", "countryName", "state", "stateName")} == {
        "firstName": "Barbara",
        "country": "US",
        "countryName": "United States",
        "state": "MA",
        "stateName": "Massachusetts",
    }
    assert created["postalLines"] == [
        "Barbara McClintock", "Acme Labs", "7 Cold Spring Road", "Basement", "Boston, MA 02115", "United States",
    ]  # fmt: skip
    assert created["createdBy"] == {
        "id": book.dock.created_by.pk, "name": "Alice Admin", "email": "admin@acme.test",
    }  # fmt: skip
    assert (created["isShipping"], created["isBilling"], created["isDefaultShipping"]) == (True, True, False)


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"country": "XX"}, "country", "invalid_choice"),
        ({"country": "Atlantis"}, "country", "invalid_choice"),
        ({"state": ""}, "state", "required"),  # the United States have a state list
        ({"state": "ZZ"}, "state", "invalid_choice"),
        ({"phoneNumber": "call me"}, "phoneNumber", "invalid_phone"),
        ({"phoneNumber": "12"}, "phoneNumber", "invalid_phone"),
        ({"label": "L" * 101}, "label", "max_length"),
        ({"firstName": "F" * 151}, "firstName", "max_length"),
        ({"zipCode": "1" * 21}, "zipCode", "max_length"),
        ({"isShipping": False, "isBilling": False}, "isShipping", "address_kind"),
    ],
)
def test_each_rule_is_a_field_error_with_its_code(book, admin_token, graphql, change, field, code):
    before = snapshot()

    fields, codes = refused_fields(graphql(CREATE, {"a": {**NEW_ADDRESS, **change}}, token=admin_token))

    assert list(fields) == [field]
    assert codes == {field: [code]}
    assert snapshot() == before


def test_an_edit_is_checked_as_a_new_address_is(book, admin_token, graphql):
    before = snapshot()

    body = graphql(UPDATE, {"id": book.dock.pk, "a": {**NEW_ADDRESS, "phoneNumber": "n/a"}}, token=admin_token)

    assert refused_fields(body)[1] == {"phoneNumber": ["invalid_phone"]}
    assert snapshot() == before


def test_a_country_without_states_takes_any_state_or_none(book, admin_token, graphql):
    dutch = {**NEW_ADDRESS, "country": "Netherlands", "state": "", "city": "Leiden", "zipCode": "2333 CC",
             "phoneNumber": "+31 71 527 2727"}  # fmt: skip

    created = graphql(CREATE, {"a": dutch}, token=admin_token)["data"]["addressCreate"]["address"]
    with_region = graphql(CREATE, {"a": {**dutch, "state": "Zuid-Holland"}}, token=admin_token)

    assert (created["country"], created["state"]) == ("NL", "")
    assert "2333 CC Leiden" in created["postalLines"]
    assert with_region["data"]["addressCreate"]["address"]["stateName"] == "Zuid-Holland"


def test_a_state_of_another_countrys_list_is_refused(book, admin_token, graphql):
    german = {**NEW_ADDRESS, "country": "DE", "state": "MA", "city": "Heidelberg", "zipCode": "69117"}

    refused = graphql(CREATE, {"a": german}, token=admin_token)
    created = graphql(CREATE, {"a": {**german, "state": "Baden-Württemberg"}}, token=admin_token)

    assert refused_fields(refused)[1] == {"state": ["invalid_choice"]}
    assert created["data"]["addressCreate"]["address"]["state"] == "BW"


@pytest.mark.parametrize("field", ["label", "firstName", "addressLine1", "city"])
def test_a_nul_character_is_refused_before_anything_runs(book, admin_token, graphql, field):
    before = snapshot()

    body = graphql(CREATE, {"a": {**NEW_ADDRESS, field: "Dock\u0000 B"}}, token=admin_token)

    assert error_code(body) == "BAD_USER_INPUT"
    assert snapshot() == before


def test_the_service_refuses_a_nul_character_too(book):
    actor = actor_for_user(book.dock.created_by)
    data = services.AddressData(
        first_name="Ada\x00", last_name="L", country="US", state="MA", address_line1="1 Main", city="Boston",
        zip_code="02115",
    )  # fmt: skip

    with pytest.raises(ValidationError) as refused:
        services.address_create(actor=actor, data=data)

    assert refused.value.error_dict["firstName"][0].code == "invalid"


def test_an_oversized_text_is_refused_before_the_rules_run(book, admin_token, graphql):
    before = snapshot()

    body = graphql(CREATE, {"a": {**NEW_ADDRESS, "city": "x" * 100_000}}, token=admin_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {"city": ["Use at most 1000 characters."]}
    assert snapshot() == before


def test_too_many_extra_fields_are_refused(book, admin_token, graphql):
    extra = [{"fieldName": f"f{i}", "fieldValue": "x"} for i in range(51)]

    body = graphql(CREATE, {"a": {**NEW_ADDRESS, "extraFields": extra}}, token=admin_token)

    assert body["errors"][0]["extensions"]["fields"] == {"extraFields": ["Send at most 50 fields."]}


@pytest.mark.parametrize("address_id", [0, -1, 2_147_483_647])
def test_an_unknown_id_is_not_found(book, admin_token, graphql, address_id):
    body = graphql(UPDATE, {"id": address_id, "a": NEW_ADDRESS}, token=admin_token)

    assert error_code(body) == "NOT_FOUND"


def test_an_id_beyond_the_api_integers_is_bad_input(book, admin_token, graphql):
    body = graphql("mutation($id: Int!) { addressDelete(id: $id) { id } }", {"id": 2**40}, token=admin_token)

    assert error_code(body) == "BAD_USER_INPUT"


def test_the_address_book_has_a_limit(book, admin_token, graphql, monkeypatch):
    monkeypatch.setattr(services.addresses, "MAX_ADDRESSES_PER_BOOK", 3)  # Acme holds three
    before = snapshot()

    body = graphql(CREATE, {"a": NEW_ADDRESS}, token=admin_token)

    assert error_code(body) == "ADDRESS_BOOK_FULL"
    assert body["errors"][0]["message"] == (
        "The address book is full. Delete an address you no longer need, then add the new one."
    )
    assert snapshot() == before


# --- the store's custom address fields (accountFormFields, group 4) ----------------------------------------------


@pytest.fixture
def dock_hours(book):
    """A required custom address field of the business form, and an optional one of the personal form."""
    AccountFormField.objects.create(
        form_type=FormType.BUSINESS, group=FormGroup.ADDRESS, field_name="dockHours", label="Dock hours",
        field_type="dropdown", is_required=True,
        value_configs={"options": [{"label": "Mornings", "value": "am"}, {"label": "Afternoons", "value": "pm"}]},
    )  # fmt: skip
    AccountFormField.objects.create(
        form_type=FormType.PERSONAL, group=FormGroup.ADDRESS, field_name="gateCode", label="Gate code",
        field_type="number",
    )  # fmt: skip


def test_a_company_address_answers_the_business_forms_address_fields(dock_hours, admin_token, graphql):
    missing = graphql(CREATE, {"a": NEW_ADDRESS}, token=admin_token)
    wrong = graphql(CREATE, {"a": {**NEW_ADDRESS, "extraFields": [{"fieldName": "dockHours", "fieldValue": "noon"},
                                                                  {"fieldName": "gateCode", "fieldValue": "1"}]}},
                    token=admin_token)  # fmt: skip
    answered = graphql(
        CREATE, {"a": {**NEW_ADDRESS, "extraFields": [{"fieldName": "dockHours", "fieldValue": "am"}]}},
        token=admin_token,
    )  # fmt: skip

    assert refused_fields(missing)[1] == {"extraFields.dockHours": ["required"]}
    assert refused_fields(wrong)[1] == {
        "extraFields.gateCode": ["unknown_field"],
        "extraFields.dockHours": ["invalid_choice"],
    }
    created = answered["data"]["addressCreate"]["address"]
    assert created["extraFields"] == [{"fieldName": "dockHours", "fieldValue": "am"}]
    assert Address.objects.get(pk=created["id"]).extra_fields == {"dockHours": "am"}


def test_an_individuals_address_answers_the_personal_forms_address_fields(dock_hours, login, graphql):
    token = login("b2c@demo.test")

    wrong = graphql(CREATE, {"a": {**NEW_ADDRESS, "extraFields": [{"fieldName": "gateCode", "fieldValue": "12a"}]}},
                    token=token)  # fmt: skip
    answered = graphql(CREATE, {"a": {**NEW_ADDRESS, "extraFields": [{"fieldName": "gateCode", "fieldValue": "1234"}]}},
                       token=token)  # fmt: skip

    assert refused_fields(wrong)[1] == {"extraFields.gateCode": ["digits_only"]}
    assert answered["data"]["addressCreate"]["address"]["extraFields"] == [
        {"fieldName": "gateCode", "fieldValue": "1234"}
    ]
