"""Records what a masquerading super admin changes through the API (issue 5 audit log): every mutation they run
while masquerading becomes an audit event of their masquerade session, whichever app it belongs to."""

from __future__ import annotations

from collections.abc import Iterator

from graphql import FieldNode, FragmentSpreadNode, OperationDefinitionNode, OperationType
from strawberry.extensions import SchemaExtension

# Recorded by the masquerade services themselves.
_SELF_RECORDING = {"superAdminBeginMasquerade", "superAdminEndMasquerade"}


class MasqueradeAuditExtension(SchemaExtension):
    def on_execute(self) -> Iterator[None]:
        yield
        context = self.execution_context
        operation = _operation(context)
        if operation is None or operation.operation != OperationType.MUTATION:
            return
        actor = getattr(context.context, "actor", None)
        if actor is None or getattr(actor, "masquerade", None) is None:
            return
        fields = [
            selection.name.value
            for selection in operation.selection_set.selections
            if isinstance(selection, FieldNode | FragmentSpreadNode)  # the named selections (not inline fragments)
        ]
        fields = [name for name in fields if name not in _SELF_RECORDING and not name.startswith("__")]
        if not fields:
            return
        from accounts.models import AuditAction
        from accounts.services import audit_record

        result = context.result
        failed = bool(result is not None and getattr(result, "errors", None))
        audit_record(
            action=AuditAction.MASQUERADE_ACTION,
            summary=f"{actor.user.email} as {actor.masquerade.company_name}: {', '.join(fields)}"
            + (" (refused or failed)" if failed else ""),
            actor=actor,
            changes={"operations": fields, "failed": failed},
        )


def _operation(context) -> OperationDefinitionNode | None:
    document = context.graphql_document
    if document is None:
        return None
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    if context.operation_name:
        operations = [o for o in operations if o.name is not None and o.name.value == context.operation_name]
    return operations[0] if len(operations) == 1 else None
