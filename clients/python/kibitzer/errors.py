"""Typed errors: every failed call raises a KibitzerError subclass named after its gRPC status.

The server names the field at fault at the start of its message ("position.notation: ..."); the
error keeps it apart in `field` so that a front end can show the message beside that field.
"""
import re

import grpc

# "position.notation: why", "limits.candidate_moves[2]: why", "options[constraints]: why"
_PART = r"[A-Za-z_][A-Za-z0-9_]*(?:\[[A-Za-z0-9_]+\])?"
_FIELD = re.compile(rf"^({_PART}(?:\.{_PART})*): ")


class KibitzerError(Exception):
    """A call that failed: `code` (grpc.StatusCode), `field` (may be ""), `reason` and `address`."""

    def __init__(self, code, message, address=""):
        self.code = code
        self.message = message
        self.address = address
        match = _FIELD.match(message)
        self.field = match.group(1) if match else ""
        self.reason = message[match.end():] if match else message
        super().__init__(f"{code.name}: {message}" if code is not None else message)


class InvalidArgument(KibitzerError):
    """The request is wrong; `field` names the part at fault."""


class NotFound(KibitzerError):
    """A position id or search id the server does not hold (expired, finished or never made)."""


class ResourceExhausted(KibitzerError):
    """The server (or this client's share of it) is full; try later or elsewhere."""


class Unavailable(KibitzerError):
    """The server cannot be reached, or is shutting down."""


class Cancelled(KibitzerError):
    """The call was cancelled."""


class DeadlineExceeded(KibitzerError):
    """The call's deadline passed."""


class PermissionDenied(KibitzerError):
    """The search or position belongs to another client."""


class Unauthenticated(KibitzerError):
    """The server wants a token (or a client certificate) this client did not give."""


_BY_CODE = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgument,
    grpc.StatusCode.NOT_FOUND: NotFound,
    grpc.StatusCode.RESOURCE_EXHAUSTED: ResourceExhausted,
    grpc.StatusCode.UNAVAILABLE: Unavailable,
    grpc.StatusCode.CANCELLED: Cancelled,
    grpc.StatusCode.DEADLINE_EXCEEDED: DeadlineExceeded,
    grpc.StatusCode.PERMISSION_DENIED: PermissionDenied,
    grpc.StatusCode.UNAUTHENTICATED: Unauthenticated,
}

# Failures another replica may not share: a batch chunk that meets one is sent elsewhere.
RETRYABLE = (Unavailable, ResourceExhausted)


def from_rpc_error(error, address=""):
    """The KibitzerError for a grpc.RpcError."""
    code = error.code() if hasattr(error, "code") else None
    details = error.details() if hasattr(error, "details") else str(error)
    return _BY_CODE.get(code, KibitzerError)(code, details or "", address)
