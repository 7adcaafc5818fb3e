from __future__ import annotations

from typing import Annotated

import strawberry

from portal.errors import ErrorCode, InputError, field_error
from tracking import selectors
from tracking.graphql.types import TrackingNumber

# An input bound of the API (ARCHITECTURE §5): enough for a pasted e-mail or a list of numbers.
MAX_TRACKING_TEXT_LENGTH = 10_000


@strawberry.type
class Query:
    @strawberry.field(
        description="The tracking numbers in a text (one number, a list or free text), each with its "
        "courier, format and tracking link; a number valid in several formats comes once per format. "
        "Guest-allowed."
    )
    def tracking_numbers(
        self,
        text: Annotated[
            str,
            strawberry.argument(
                description=f"A tracking number or free text, at most {MAX_TRACKING_TEXT_LENGTH} characters."
            ),
        ],
    ) -> list[TrackingNumber]:
        if len(text) > MAX_TRACKING_TEXT_LENGTH:
            raise InputError(
                f"The text is longer than {MAX_TRACKING_TEXT_LENGTH} characters.",
                fields=field_error("text", f"Enter at most {MAX_TRACKING_TEXT_LENGTH} characters.", code="max_length"),
                code=ErrorCode.BAD_USER_INPUT,
            )
        return [TrackingNumber.from_match(match) for match in selectors.tracking_numbers_in_text(text=text)]
