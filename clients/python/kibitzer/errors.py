"""Typed errors: every failed call raises a KibitzerError subclass named after its gRPC status.

The server sends, with every refusal of a client's input, a google.rpc.Status whose
google.rpc.BadRequest names the field at fault ("position.position.notation") and what is wrong;
the error keeps them as `field` and `reason` so that a front end can show the reason beside that
field. Errors that carry no details (the transport's own) have `field` "" and their message as
`reason`.
"""
import grpc

from kibitzer.rpc import error_details_pb2, status_pb2

_DETAILS_KEY = "grpc-status-details-bin"


class KibitzerError(Exception):
    """A call that failed: `code` (grpc.StatusCode), `field` (may be ""), `reason`, `address`, and
    `violations`, every (field, description) the server named."""

    def __init__(self, code, message, address="", violations=()):
        self.code = code
        self.message = message
        self.address = address
        self.violations = list(violations)
        self.field = self.violations[0][0] if self.violations else ""
        self.reason = self.violations[0][1] if self.violations else message
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


def violations_of(error):
    """The (field, description) pairs of the google.rpc.BadRequest in a grpc.RpcError's details."""
    trailers = error.trailing_metadata() if hasattr(error, "trailing_metadata") else None
    for key, value in trailers or ():
        if key != _DETAILS_KEY:
            continue
        status = status_pb2.Status.FromString(value)
        out = []
        for detail in status.details:
            bad = error_details_pb2.BadRequest()
            if detail.Unpack(bad):
                out.extend((v.field, v.description) for v in bad.field_violations)
        return out
    return []


def from_rpc_error(error, address=""):
    """The KibitzerError for a grpc.RpcError."""
    code = error.code() if hasattr(error, "code") else None
    details = error.details() if hasattr(error, "details") else str(error)
    return _BY_CODE.get(code, KibitzerError)(code, details or "", address, violations_of(error))
