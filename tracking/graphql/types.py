from __future__ import annotations

import strawberry

from tracking.engine import TrackingMatch


# business §3 "Tracking result".
@strawberry.type(description="A tracking number read as one courier format.")
class TrackingNumber:
    name: str = strawberry.field(description="The name of the format, e.g. 'UPS' or 'FedEx Ground 96'.")
    tracking_url: str = strawberry.field(description="The courier's public tracking page for this number.")
    description: str = strawberry.field(
        description="What the number is, with what its lookups say (a UPS service, an S10 postal operator)."
    )
    tracking_number: str = strawberry.field(description="The number, alphanumerics only, upper case.")
    courier_name: str = strawberry.field(description="The courier's name, e.g. 'FedEx'.")
    courier_code: str = strawberry.field(description="The courier's stable code, e.g. 'fedex', 'ups', 's10'.")
    format: str = strawberry.field(description="The format's stable id, e.g. 'ups_1z', 'fedex_ground_96'.")

    @classmethod
    def from_match(cls, match: TrackingMatch) -> TrackingNumber:
        return cls(
            name=match.name,
            tracking_url=match.tracking_url,
            description=match.description,
            tracking_number=match.tracking_number,
            courier_name=match.courier_name,
            courier_code=match.courier_code,
            format=match.format,
        )
