"""Plain Python data for what the calls take and return (converted from the generated messages)."""
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from kibitzer.v1 import kibitzer_pb2 as pb


@dataclass
class Position:
    """A position as the server takes it (see GetEngineInfo for each game's notation)."""
    game: str
    notation: str = ""
    moves: Tuple[str, ...] = ()
    seat: str = ""
    variant: str = ""
    options: Dict[str, str] = field(default_factory=dict)

    def to_proto(self):
        return pb.Position(game=self.game, notation=self.notation, moves=list(self.moves),
                           seat=self.seat, variant=self.variant, options=dict(self.options))

    @staticmethod
    def from_proto(p):
        return Position(game=p.game, notation=p.notation, moves=tuple(p.moves), seat=p.seat,
                        variant=p.variant, options=dict(p.options))


@dataclass
class TableHand:
    """A seat's hand on the table: its cards where the asking seat knows them, else how many."""
    seat: str
    cards: List[str]
    count: int
    known: bool


@dataclass
class TableGroup:
    """Cards set aside (tarok's talon groups); `move` takes the group where one does now."""
    name: str
    cards: List[str]
    move: str


@dataclass
class TableView:
    """A card game's position as a card table shows it (SetupPositionResponse.table)."""
    hands: List[TableHand] = field(default_factory=list)
    table: List[Tuple[str, List[str]]] = field(default_factory=list)  # (seat, cards) in play order
    groups: List[TableGroup] = field(default_factory=list)
    facts: Dict[str, str] = field(default_factory=dict)  # in the game's order

    @classmethod
    def from_proto(cls, t):
        return cls(hands=[TableHand(h.seat, list(h.cards), h.count, h.known) for h in t.hands],
                   table=[(p.seat, list(p.cards)) for p in t.table],
                   groups=[TableGroup(g.name, list(g.cards), g.move) for g in t.groups],
                   facts={f.name: f.value for f in t.facts})


@dataclass
class Setup:
    """SetupPosition's answer: the id to use in later calls and the position in canonical form."""
    position_id: str
    position: Position
    side_to_move: str
    legal_moves: List[str]
    terminal: bool
    outcome: str
    known: List[str]
    hidden: List[str]
    hidden_cards: int
    ttl_seconds: int
    record: str
    table: TableView = field(default_factory=TableView)


@dataclass
class Deals:
    """Deal's answer: the layouts (full positions), the candidates the constraints refused, and
    whether the layouts are every consistent one rather than a sample."""
    layouts: List[Position]
    rejected: int
    exhaustive: bool


@dataclass
class MoveValue:
    """One move's value; `metrics` maps each further measure's name to its value."""
    move: str
    value: float
    bound: str  # EXACT, LOWER, UPPER or ESTIMATE
    display: str
    depth: int = 0
    pv: List[str] = field(default_factory=list)
    samples: int = 0
    std_error: float = 0.0
    metrics: Dict[str, float] = field(default_factory=dict)
    unit: str = ""  # the value's unit: TRICKS, PROBABILITY, CARD_POINTS, SPREAD, ... (ValueUnit)
    metric_units: Dict[str, str] = field(default_factory=dict)


@dataclass
class MoveReview:
    """One move of a reviewed game: the played move's value against the best move's there."""
    index: int  # the move's place in the game, from 0
    seat: str  # who chose it (bridge: declarer for dummy's cards)
    played: str
    valued: bool  # False: not valued, `note` says why (the values are then None)
    played_value: Optional[MoveValue]
    best: Optional[MoveValue]
    cost: float  # best.value - played_value.value, in `unit`
    unit: str
    objective: str
    grade: str  # best, small, medium, large
    stop_reason: str
    note: str


@dataclass
class Report:
    """One report of an Analyze or BestMove stream; the last has final=True and a stop_reason."""
    search_id: str
    sequence: int
    final: bool
    stop_reason: str  # "" while running, then COMPLETED, TIME_LIMIT, STOPPED, CANCELLED, ...
    moves: List[MoveValue]
    best_move: str
    depth: int
    nodes: int
    samples: int
    elapsed_ms: int
    statistics: Dict[str, float]
    message: str
    unit: str = ""  # the unit of every move's value (ValueUnit without its prefix)
    objective: str = ""  # what the moves are ranked by: tricks, make, spread, win, ...
    target: Dict[str, int] = field(default_factory=dict)  # samples, nodes, time_ms, depth
    # A Review's stream: every move reviewed so far, and how many it values in all.
    reviews: List[MoveReview] = field(default_factory=list)
    review_total: int = 0


@dataclass
class Table:
    """A deal's double-dummy table: tricks[strain][declarer], strains S H D C NT, seats N E S W."""
    deal: str
    tricks: Dict[str, Dict[str, int]]
    par_score: int
    par_contracts: List[str]
    dealer: str
    vulnerable: str

    @classmethod
    def from_json(cls, d: Dict) -> "Table":
        """A table as written to a batch's output (dataclasses.asdict)."""
        return cls(**d)


@dataclass
class PlayedCard:
    card: str
    seat: str
    tricks_before: int
    tricks_after: int
    cost: int


@dataclass
class PlayAnalysis:
    """AnalyzePlay's answer: declarer's double-dummy tricks before and after every card."""
    contract: str
    declarer: str
    start_tricks: int
    cards: List[PlayedCard]
    # A claim that ends the record: declarer's tricks in all by it, and with double-dummy play
    # from there (None without a claim).
    claim_tricks: Optional[int] = None
    claim_double_dummy: Optional[int] = None


STRAINS = ("S", "H", "D", "C", "NT")  # as the CLI and the proto name them
SEATS = ("N", "E", "S", "W")


def _enum_suffix(enum_type, number, prefix):
    name = enum_type.Name(number)
    return "" if name.endswith("UNSPECIFIED") else name[len(prefix):]


def setup_from_proto(r):
    return Setup(position_id=r.position_id, position=Position.from_proto(r.position),
                 side_to_move=r.side_to_move, legal_moves=list(r.legal_moves),
                 terminal=r.terminal, outcome=r.outcome, known=list(r.knowledge.known),
                 hidden=list(r.knowledge.hidden), hidden_cards=r.knowledge.hidden_cards,
                 ttl_seconds=r.ttl_seconds, record=r.record, table=TableView.from_proto(r.table))


def _unit(value):
    return _enum_suffix(pb.ValueUnit, value, "VALUE_UNIT_")


def _move_value(m):
    return MoveValue(move=m.move, value=m.value, bound=_enum_suffix(pb.Bound, m.bound, "BOUND_"),
                     display=m.display, depth=m.depth, pv=list(m.pv), samples=m.samples,
                     std_error=m.std_error, metrics={s.name: s.value for s in m.metrics},
                     unit=_unit(m.unit), metric_units={s.name: _unit(s.unit) for s in m.metrics})


def _review(v):
    return MoveReview(index=v.index, seat=v.seat, played=v.played, valued=v.valued,
                      played_value=_move_value(v.played_value) if v.valued else None,
                      best=_move_value(v.best) if v.valued else None, cost=v.cost,
                      unit=_unit(v.unit), objective=v.objective, grade=v.grade,
                      stop_reason=_enum_suffix(pb.StopReason, v.stop_reason, "STOP_REASON_"),
                      note=v.note)


def report_from_proto(r):
    moves = [_move_value(m) for m in r.moves]
    target = {"samples": r.target.samples, "nodes": r.target.nodes, "time_ms": r.target.time_ms,
              "depth": r.target.depth}
    return Report(search_id=r.search_id, sequence=r.sequence, final=r.final,
                  stop_reason=_enum_suffix(pb.StopReason, r.stop_reason, "STOP_REASON_"),
                  moves=moves, best_move=r.best_move, depth=r.depth, nodes=r.nodes,
                  samples=r.samples, elapsed_ms=r.elapsed_ms,
                  statistics={s.name: s.value for s in r.statistics}, message=r.message,
                  unit=_unit(r.unit), objective=r.objective, target=target,
                  reviews=[_review(v) for v in r.reviews], review_total=r.review_total)


def table_from_proto(t):
    values = list(t.tricks)
    tricks = {strain: {seat: values[4 * i + j] for j, seat in enumerate(SEATS)}
              for i, strain in enumerate(STRAINS)}
    return Table(deal=t.deal, tricks=tricks, par_score=t.par_score,
                 par_contracts=list(t.par_contracts), dealer=t.dealer, vulnerable=t.vulnerable)


def board_from_proto(b):
    """A position's card values: {card: tricks}, best first."""
    return {c.card: c.tricks for c in b.cards}


def play_from_proto(r):
    return PlayAnalysis(contract=r.contract, declarer=r.declarer, start_tricks=r.start_tricks,
                        cards=[PlayedCard(c.card, c.seat, c.tricks_before, c.tricks_after, c.cost)
                               for c in r.cards],
                        claim_tricks=r.claim_tricks if r.claimed else None,
                        claim_double_dummy=r.claim_double_dummy if r.claimed else None)


def info_to_dict(info):
    """EngineInfo as plain dicts and lists, field names as in the proto."""
    from google.protobuf import json_format
    return json_format.MessageToDict(info, preserving_proto_field_name=True,
                                     including_default_value_fields=True)
