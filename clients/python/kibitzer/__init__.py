"""kibitzer: a client for the kibitzer analysis server (bridge, tarok, Big Two, Scrabble, ...).

    import kibitzer
    with kibitzer.Client("127.0.0.1:50051") as k:
        print(k.tables(["N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984"]))
"""
from kibitzer.client import Analysis, Client
from kibitzer.errors import (Cancelled, DeadlineExceeded, InvalidArgument, KibitzerError,
                             NotFound, PermissionDenied, ResourceExhausted, Unauthenticated,
                             Unavailable)
from kibitzer.types import (Deals, MoveValue, PlayAnalysis, PlayedCard, Position, Report, Setup,
                            Table, TableHand, TableView)

__all__ = [
    "Analysis", "Cancelled", "Client", "DeadlineExceeded", "Deals", "InvalidArgument",
    "KibitzerError", "MoveValue", "NotFound", "PermissionDenied", "PlayAnalysis", "PlayedCard",
    "Position", "Report", "ResourceExhausted", "Setup", "Table", "TableHand", "TableView",
    "Unauthenticated", "Unavailable",
]
