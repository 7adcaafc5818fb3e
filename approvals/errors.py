"""The codes of the approvals app's refusals (ARCHITECTURE §5)."""

from django.db import models

from portal.errors import api_codes_declare


class ApprovalErrorCode(models.TextChoices):
    BUDGET_EXCEEDED = "BUDGET_EXCEEDED", "The order is more than what is left of a budget."
    REQUEST_NOT_PENDING = "REQUEST_NOT_PENDING", "The purchase request was decided already."
    NOT_YOUR_TURN = "NOT_YOUR_TURN", "The purchase request waits for other approvers."
    PRICES_EXPIRED = "PRICES_EXPIRED", "The prices of the purchase request are no longer held."
    OVERRIDE_NOT_ALLOWED = "OVERRIDE_NOT_ALLOWED", "No rule of this request lets an admin override it."


api_codes_declare(ApprovalErrorCode)
