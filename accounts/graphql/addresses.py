"""The address book's API (issue 16): types, queries and mutations, merged into the schema in portal/schema.py.

Every root field is gated by its shell §6 code (`requires`); the selectors scope what the caller reaches (the company
they work in or masquerade as, or an individual customer's own addresses) and the services decide the rest. In a
company tree (issue 40) the book of a unit also lists the addresses of the units above it (read-only, `isInherited`)
and, for a caller whose permissions reach them, those of the units below it (`companyId`, `unitName`)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Annotated, cast

import strawberry
import strawberry_django
from django.core.exceptions import ValidationError

from accounts import selectors, services
from accounts.countries import country_find, postal_address_lines, state_find
from accounts.graphql.types import ExtraFieldInput
from accounts.models import Address
from accounts.permissions import Code
from portal.errors import InputError, field_errors
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import requires

MAX_PAGE_SIZE = 100
MAX_SEARCH = 100
MAX_TEXT = 1000  # far above every field's own limit, which the service checks with a field code
MAX_EXTRA_FIELDS = 50


@strawberry.enum(description="Which default address of the book.")
class AddressDefaultKind(Enum):
    SHIPPING = "shipping"
    BILLING = "billing"


@strawberry.type(description="Who added an address.")
class AddressPerson:
    id: int
    name: str
    email: str


@strawberry.type(description="The answer to one of the store's custom address fields (`accountFormFields` group 4).")
class AddressExtraField:
    field_name: str
    field_value: str


@strawberry_django.type(
    Address,
    name="Address",
    description="An address of the address book: the company's (shared by its users) or an individual customer's.",
)
class AddressType:
    id: int = strawberry_django.field(description="The address's id (the quote draft's addressId).")
    label: str = strawberry_django.field(description="A name for the address, e.g. “Receiving dock”; may be empty.")
    first_name: str
    last_name: str
    company_name: str
    country: str = strawberry_django.field(field_name="country_code", description="ISO 3166-1 alpha-2 code.")
    state: str = strawberry_django.field(
        description="The state's code where the country has a list (`countries`), else as entered; may be empty."
    )
    address_line1: str
    address_line2: str
    city: str
    zip_code: str
    phone_number: str = strawberry_django.field(field_name="phone")
    is_shipping: bool
    is_billing: bool
    created_at: datetime
    updated_at: datetime

    @strawberry_django.field(
        description="The default shipping address of its book. A unit's own default overrides the one it inherits "
        "from the units above it: an inherited default is the book's only when the unit has none of its own."
    )
    def is_default_shipping(self, root: Address) -> bool:
        return selectors.address_is_book_default(root, "shipping")

    @strawberry_django.field(description="The default billing address of its book (as isDefaultShipping).")
    def is_default_billing(self, root: Address) -> bool:
        return selectors.address_is_book_default(root, "billing")

    @strawberry_django.field(
        description="The company (unit) whose book holds it: the caller's, one above it (inherited) or one below it "
        "(issue 40); null for an individual customer's."
    )
    def company_id(self, root: Address) -> int | None:
        return root.company_id

    @strawberry_django.field(
        description="The name of the company (unit) whose book holds it — the list's company column (companyName is "
        "the address's own company line); null for an individual customer's."
    )
    def unit_name(self, root: Address) -> str | None:
        return root.company.name if root.company is not None else None

    @strawberry_django.field(
        description="Shared by a unit above the one the caller works in (a department's ship-to in its lab's book): "
        "read-only here, changed in its own unit (inheritedFrom names it)."
    )
    def is_inherited(self, root: Address, info: strawberry.Info) -> bool:
        return _inherited(root, info)

    @strawberry_django.field(description="The name of the unit above whose address it is, when isInherited; else null.")
    def inherited_from(self, root: Address, info: strawberry.Info) -> str | None:
        return root.company.name if root.company is not None and _inherited(root, info) else None

    @strawberry_django.field(only=["country_code"], description="The country's name in the store's list.")
    def country_name(self, root: Address) -> str:
        country = country_find(root.country_code)
        return country.country_name if country else root.country_code

    @strawberry_django.field(only=["country_code", "state"], description="The state's name (or the state as entered).")
    def state_name(self, root: Address) -> str:
        country = country_find(root.country_code)
        state = state_find(country, root.state) if country and root.state else None
        return state.state_name if state else root.state

    @strawberry_django.field(
        only=["extra_fields"], description="Answers to the store's custom address fields, in no particular order."
    )
    def extra_fields(self, root: Address) -> list[AddressExtraField]:
        answers = root.extra_fields if isinstance(root.extra_fields, dict) else {}
        return [AddressExtraField(field_name=str(k), field_value=str(v)) for k, v in answers.items()]

    @strawberry_django.field(
        description="The address as the post of its country writes it (name, company, street, the city line, the "
        "country), for cards and pickers."
    )
    def postal_lines(self, root: Address) -> list[str]:
        return postal_address_lines(
            name=f"{root.first_name} {root.last_name}".strip(),
            company=root.company_name,
            street=root.address_line1,
            street2=root.address_line2,
            city=root.city,
            state=root.state,
            postcode=root.zip_code,
            country=root.country_code,
        )

    @strawberry_django.field(description="Who added it (null when that account is gone).")
    def created_by(self, root: Address) -> AddressPerson | None:
        user = root.created_by
        if user is None:
            return None
        return AddressPerson(id=user.pk, name=user.get_full_name() or user.email, email=user.email)


def _inherited(address: Address, info: strawberry.Info) -> bool:
    """The address is one of a unit above the one the caller works in (read from the unit's path: no query)."""
    company = info.context.actor.b2b_company
    return company is not None and address.company_id is not None and address.company_id in company.ancestor_ids


def _node(address: Address) -> AddressType:
    """The API's Address of a model address: strawberry_django resolves AddressType's fields from the instance."""
    return cast(AddressType, address)


def _optional_node(address: Address | None) -> AddressType | None:
    return _node(address) if address is not None else None


@strawberry.type
class AddressEdge:
    node: AddressType


@strawberry.type(description="A page of addresses (offset, first, totalCount).")
class AddressList:
    total_count: int
    edges: list[AddressEdge]


@strawberry.input(description="An address as the add / edit dialog sends it (addressCreate, addressUpdate).")
class AddressInput:
    label: str = ""
    first_name: str = ""
    last_name: str = ""
    company_name: str = ""
    country: str = strawberry.field(default="", description="ISO country code (or name), from `countries`.")
    state: str = strawberry.field(
        default="", description="State code (or name) when the country has states; otherwise free text."
    )
    address_line1: str = ""
    address_line2: str = ""
    city: str = ""
    zip_code: str = ""
    phone_number: str = strawberry.field(default="", description="shell §5 phone rule; may be empty.")
    is_shipping: bool = True
    is_billing: bool = True
    is_default_shipping: bool | None = strawberry.field(
        default=None, description="Make it the default shipping address (true), stop (false), or leave it (null)."
    )
    is_default_billing: bool | None = strawberry.field(
        default=None, description="Make it the default billing address (true), stop (false), or leave it (null)."
    )
    extra_fields: list[ExtraFieldInput] = strawberry.field(
        default_factory=list, description="Answers to the store's custom address fields."
    )


@strawberry.type
class AddressPayload:
    address: AddressType


@strawberry.type
class AddressDeleteResult:
    id: int
    message: str


def _address_data(data: AddressInput) -> services.AddressData:
    """The input as the service takes it, after the API's own bounds (the service checks every field's rule)."""
    texts = {
        "label": data.label, "firstName": data.first_name, "lastName": data.last_name,
        "companyName": data.company_name, "country": data.country, "state": data.state,
        "addressLine1": data.address_line1, "addressLine2": data.address_line2, "city": data.city,
        "zipCode": data.zip_code, "phoneNumber": data.phone_number,
    }  # fmt: skip
    too_long = {
        name: [ValidationError(f"Use at most {MAX_TEXT} characters.", code="max_length")]
        for name, value in texts.items()
        if len(value) > MAX_TEXT
    }
    if len(data.extra_fields) > MAX_EXTRA_FIELDS:
        too_long["extraFields"] = [ValidationError(f"Send at most {MAX_EXTRA_FIELDS} fields.", code="too_many_fields")]
    elif any(len(item.field_name) > 100 or len(item.field_value) > 5000 for item in data.extra_fields):
        message = "Use at most 100 characters for a field's name and 5000 for its value."
        too_long["extraFields"] = [ValidationError(message, code="max_length")]
    if too_long:
        raise InputError(fields=field_errors(too_long))
    return services.AddressData(
        label=data.label,
        first_name=data.first_name,
        last_name=data.last_name,
        company_name=data.company_name,
        country=data.country,
        state=data.state,
        address_line1=data.address_line1,
        address_line2=data.address_line2,
        city=data.city,
        zip_code=data.zip_code,
        phone=data.phone_number,
        is_shipping=data.is_shipping,
        is_billing=data.is_billing,
        is_default_shipping=data.is_default_shipping,
        is_default_billing=data.is_default_billing,
        extra_fields=tuple((item.field_name, item.field_value) for item in data.extra_fields),
    )


@strawberry.type
class AddressQuery:
    @strawberry.field(
        permission_classes=[requires(Code.GET_ADDRESSES)],
        description="The caller's address book (get_addresses: level 2 the company's with those it inherits from the "
        "units above it (isInherited) and, for a caller whose permissions reach them, the books of the units below "
        "it (companyId, unitName); level 1 the addresses the caller added; an individual customer's own), one page. "
        "companyId narrows to one unit's own addresses (a unit the caller reaches, else companyId: invalid_choice). "
        "orderBy is required ('Invalid query: orderBy "
        "property is required'): label, firstName, lastName, companyName, country, state, city, zipCode, createdAt "
        "or updatedAt, prefixed - for descending. search: every word in the label, names, company, lines, city, "
        "ZIP or phone; country and state match codes, city a name (any case); isShipping / isBilling narrow to "
        "one kind (the pickers of the quote draft and the checkout).",
    )
    def addresses(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: int = 0,
        search: str | None = None,
        country: str | None = None,
        state: str | None = None,
        city: str | None = None,
        is_shipping: bool | None = None,
        is_billing: bool | None = None,
        order_by: str | None = None,
        company_id: int | None = None,
        own_book: Annotated[
            bool,
            strawberry.argument(
                description="Only the book of the unit the caller acts for: its own addresses and those it inherits, "
                "not those of the units below it (the pickers of the checkout and the quote draft)."
            ),
        ] = False,
    ) -> AddressList:
        page_arguments_checked(
            first,
            offset,
            max_first=MAX_PAGE_SIZE,
            noun="addresses",
            texts={"search": search, "country": country, "state": state, "city": city},
            max_text=MAX_SEARCH,
        )
        filters = selectors.AddressFilters(
            search=search or "", country=country or "", state=state or "", city=city or "",
            is_shipping=is_shipping, is_billing=is_billing, order_by=order_by or "", company_id=company_id,
            own_book=own_book,
        )  # fmt: skip
        addresses = selectors.address_list(actor=info.context.actor, filters=filters)
        total = addresses.count()
        page = list(addresses[offset : offset + first]) if first else []
        return AddressList(total_count=total, edges=[AddressEdge(node=_node(address)) for address in page])

    @strawberry.field(
        permission_classes=[requires(Code.GET_ADDRESS_DETAIL)],
        description="One address of the caller's book (get_address_detail at its level; inherited ones and those of "
        "the units below it as the list has them); another company's is NOT_FOUND.",
    )
    def address(self, info: strawberry.Info, id: int) -> AddressType:
        return _node(selectors.address_get(actor=info.context.actor, address_id=id, code=Code.GET_ADDRESS_DETAIL))

    @strawberry.field(
        permission_classes=[requires(Code.GET_DEFAULT_SHIPPING)],
        description="The book's default shipping address, or null (get_default_shipping): what the checkout and "
        "the quote draft preselect. A unit without one of its own has the nearest unit's above it.",
    )
    def default_shipping_address(self, info: strawberry.Info) -> AddressType | None:
        return _optional_node(selectors.address_default(actor=info.context.actor, kind=services.AddressKind.SHIPPING))

    @strawberry.field(
        permission_classes=[requires(Code.GET_DEFAULT_BILLING)],
        description="The book's default billing address, or null (get_default_billing).",
    )
    def default_billing_address(self, info: strawberry.Info) -> AddressType | None:
        return _optional_node(selectors.address_default(actor=info.context.actor, kind=services.AddressKind.BILLING))


@strawberry.type
class AddressMutation:
    @strawberry.mutation(
        permission_classes=[requires(Code.CREATE_ADDRESS)],
        description="Add an address to the caller's book (create_address). isDefaultShipping / isDefaultBilling "
        "true makes it the default (the previous one stops being it; in a company this needs create_address at "
        "level 2). Errors: VALIDATION_ERROR with fields and fieldCodes, ADDRESS_BOOK_FULL (1,000 addresses).",
    )
    def address_create(self, info: strawberry.Info, address_data: AddressInput) -> AddressPayload:
        address = services.address_create(actor=info.context.actor, data=_address_data(address_data))
        return AddressPayload(address=_node(address))

    @strawberry.mutation(
        permission_classes=[requires(Code.UPDATE_ADDRESS)],
        description="Replace an address's fields with the edit dialog's (update_address at its level). Changing "
        "its default flags in a company needs update_address at level 2. Another company's address is NOT_FOUND; "
        "one inherited from a unit above is PERMISSION_DENIED (it is changed in its own unit).",
    )
    def address_update(self, info: strawberry.Info, id: int, address_data: AddressInput) -> AddressPayload:
        address = services.address_update(actor=info.context.actor, address_id=id, data=_address_data(address_data))
        return AddressPayload(address=_node(address))

    @strawberry.mutation(
        permission_classes=[requires(Code.DELETE_ADDRESS)],
        description="Delete an address (delete_address at its level). Deleting a default leaves the book without "
        "that default. Quotes and orders keep their own copy of the address. One inherited from a unit above is "
        "PERMISSION_DENIED.",
    )
    def address_delete(self, info: strawberry.Info, id: int) -> AddressDeleteResult:
        services.address_delete(actor=info.context.actor, address_id=id)
        return AddressDeleteResult(id=id, message="The address was deleted.")

    @strawberry.mutation(
        permission_classes=[requires(Code.UPDATE_ADDRESS)],
        description="Make an address the book's default shipping or billing address (update_address; level 2 in a "
        "company); the previous default stops being it, and the address becomes a shipping (billing) address.",
    )
    def address_set_default(self, info: strawberry.Info, id: int, kind: AddressDefaultKind) -> AddressPayload:
        address = services.address_set_default(actor=info.context.actor, address_id=id, kind=kind.value)
        return AddressPayload(address=_node(address))
