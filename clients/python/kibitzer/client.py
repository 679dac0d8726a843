"""kibitzer's Python client: every call of the Kibitzer and Bridge services, with plain data in and
out, typed errors, and batches spread over several servers."""
from __future__ import annotations

import concurrent.futures
import dataclasses
import hashlib
import json
import os
import socket
import threading
import time
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Union

import grpc

from kibitzer import errors, types
from kibitzer.v1 import kibitzer_pb2 as pb
from kibitzer.v1 import kibitzer_pb2_grpc as pb_grpc

PositionLike = Union["types.Position", str]  # a Position, or a held position's id
Progress = Callable[[int, int], None]  # (done, total) after each chunk

_ROUND_ROBIN = json.dumps({"loadBalancingConfig": [{"round_robin": {}}]})


def _signature(call: str, items: Sequence[str], **settings: str) -> str:
    """What a batch's output belongs to: the call, its settings and a hash of its input."""
    digest = hashlib.sha256()
    for item in items:
        digest.update(item.encode())
        digest.update(b"\0")
    return json.dumps({"call": call, "settings": settings, "items": len(items),
                       "input_sha256": digest.hexdigest()}, sort_keys=True)


def _as_json(result: Any) -> str:
    return json.dumps(dataclasses.asdict(result) if dataclasses.is_dataclass(result) else result)


def _load_kept(path: str, signature: str, start: int, decode: Callable[[Any], Any]) -> dict:
    """The results an earlier run of this batch kept past a failed chunk (OUTPUT.kibitz-kept),
    by item counted from `start`; none when the file is another batch's."""
    kept = {}
    try:
        with open(path, encoding="utf-8") as f:
            if f.readline().strip() != signature:
                return {}
            for line in f:
                entry = json.loads(line)
                if entry["item"] >= start:
                    kept[entry["item"] - start] = decode(entry["result"])
    except (FileNotFoundError, ValueError, KeyError, TypeError):
        return {}
    return kept


def _save_kept(path: str, signature: str, start: int, kept: dict) -> None:
    if not kept:
        if os.path.exists(path):
            os.remove(path)
        return
    with open(path, "w", encoding="utf-8") as f:
        f.write(signature + "\n")
        for item in sorted(kept):
            f.write(json.dumps({"item": item + start, "result": json.loads(_as_json(kept[item]))})
                    + "\n")


def _resumed(output: str, signature: str, total: int, decode: Callable[[Any], Any],
             run: Callable[[int, dict], Iterator[Any]]) -> Iterator[Any]:
    """A batch written to `output` as JSON lines, resumed: the results already there (checked
    to be this batch's by the side file OUTPUT.kibitz) first, then run(done, kept)'s, each written
    as it comes. A line cut short by an interrupted run is dropped and redone. `kept`: the results
    an earlier run finished after a chunk the servers failed (OUTPUT.kibitz-kept), which run does
    not send again and refills with what it finishes after a failed chunk of its own."""
    side = output + ".kibitz"
    done = []
    if os.path.exists(output) and os.path.getsize(output) > 0:
        try:
            with open(side, encoding="utf-8") as f:
                found = f.read().strip()
        except FileNotFoundError:
            raise ValueError(f"output: {output} holds lines but no {side}: not a kibitzer batch's "
                             "output; give another file") from None
        if found != signature:
            raise ValueError(f"output: {output} holds the results of another input or other "
                             f"settings ({side} differs); give another file")
        with open(output, "rb") as f:
            data = f.read()
        whole = data[:data.rfind(b"\n") + 1]  # a last line without its newline was cut short
        done = [decode(json.loads(line)) for line in whole.decode().splitlines()]
        if len(done) > total:
            raise ValueError(f"output: {output} holds {len(done)} results, more than the "
                             f"{total} items")
        with open(output, "r+b") as f:
            f.truncate(len(whole))
    with open(side, "w", encoding="utf-8") as f:
        f.write(signature + "\n")

    def generate():
        yield from done
        start = len(done)
        kept_path = output + ".kibitz-kept"
        kept = _load_kept(kept_path, signature, start, decode)
        written = 0
        try:
            with open(output, "a", encoding="utf-8") as f:
                for result in run(start, kept):
                    f.write(_as_json(result) + "\n")
                    f.flush()
                    written += 1
                    yield result
        except errors.KibitzerError as e:
            _save_kept(kept_path, signature, start, kept)
            if kept and hasattr(e, "add_note"):
                e.add_note(f"{len(kept)} results after the failed chunk are kept in {kept_path}: "
                           "the same call again sends only the rest")
            raise
        _save_kept(kept_path, signature, start, {})
    return generate()


class _Server:
    """One address: a channel (one connection per resolved server) and the stubs on it."""

    def __init__(self, address, credentials, max_message_bytes):
        self.address = address
        options = [("grpc.service_config", _ROUND_ROBIN),
                   ("grpc.max_receive_message_length", max_message_bytes),
                   ("grpc.max_send_message_length", max_message_bytes),
                   # A server that stops answering (dead, stopped, cut off) fails its calls.
                   ("grpc.keepalive_time_ms", 20_000),
                   ("grpc.keepalive_timeout_ms", 10_000)]
        self.channel = (grpc.secure_channel(address, credentials, options) if credentials
                        else grpc.insecure_channel(address, options))
        self.kibitzer = pb_grpc.KibitzerStub(self.channel)
        self.bridge = pb_grpc.BridgeStub(self.channel)

    def call(self, method, request, metadata, timeout):
        """A unary call; its failure as a KibitzerError."""
        try:
            return method(request, metadata=metadata, timeout=timeout)
        except grpc.RpcError as e:
            raise errors.from_rpc_error(e, self.address) from None


def addresses_of(target):
    """How many servers an address stands for: the addresses its host resolves to now (at least
    1; "unix:" and literal "ipv4:"/"ipv6:" targets are one)."""
    if target.startswith(("unix:", "ipv4:", "ipv6:")):
        return 1
    rest = target[len("dns:///"):] if target.startswith("dns:///") else target
    rest = rest[len("dns:"):] if rest.startswith("dns:") else rest
    host = rest.rsplit(":", 1)[0] if ":" in rest else rest
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return 1
    return max(1, len({a[4][0] for a in found}))


class Analysis:
    """A running Analyze or BestMove: iterate for its reports (the last one final). close()
    cancels it (so does leaving a `with` block); stop() asks the server to stop it, after which
    the stream still ends with its final report."""

    def __init__(self, client: Client, server: _Server, call: Any) -> None:
        self._client = client
        self._server = server
        self._call = call
        self.search_id = ""
        self.final = None

    def __iter__(self) -> Analysis:
        return self

    def __next__(self) -> types.Report:
        if self.final is not None:
            raise StopIteration
        try:
            report = types.report_from_proto(next(self._call))
        except grpc.RpcError as e:
            raise errors.from_rpc_error(e, self._server.address) from None
        if report.search_id:
            self.search_id = report.search_id
        if report.final:
            self.final = report
        return report

    def result(self, progress: Optional[Callable[[types.Report], None]] = None
               ) -> Optional[types.Report]:
        """Reads the stream to its end; returns the final report (progress(report) on each)."""
        for report in self:
            if progress is not None:
                progress(report)
        return self.final

    def stop(self) -> bool:
        """Stops the search on the server that runs it; True when it was still running."""
        if not self.search_id:
            next(self)  # the opening report carries the id
        return self._client._stop_on(self._server, self.search_id)

    def close(self) -> None:
        self._call.cancel()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self._call.cancel()
        except Exception:  # the interpreter may be shutting down
            pass


class Client:
    """A client of one or several kibitzerd servers.

    address: "host:port", "dns:///name:port" (every address the name resolves to, round robin),
    "unix:/path", or a list of such. Single calls go to the servers in turn (a held position's
    calls to the server that holds it); batches (tables, solve) are cut into chunks sent to every
    server at once, a chunk whose server fails or is full being sent to another.
    token: the bearer token the server asks for. root_certificates: PEM bytes to trust for TLS
    (TLS is used when given, or when tls=True). client_name: the `kibitzer-client` name that
    divides this connection's turns among its parts. timeout: seconds for each unary call.
    in_flight: a batch's chunks in flight at once on each address (default two for each address
    its name resolves to; behind a balancer give about two per replica). chunk_timeout: seconds
    for each chunk of a batch (default 600: a stuck server's chunk then goes to another).
    """

    def __init__(self, address: Union[str, Sequence[str]] = "127.0.0.1:50051", *,
                 token: Optional[str] = None, tls: bool = False,
                 root_certificates: Optional[bytes] = None, client_name: Optional[str] = None,
                 timeout: Optional[float] = None, max_message_bytes: int = 64 << 20,
                 in_flight: Optional[int] = None, chunk_timeout: float = 600.0) -> None:
        addresses = [address] if isinstance(address, str) else list(address)
        if not addresses:
            raise ValueError("address: give at least one server address")
        credentials = None
        if tls or root_certificates is not None:
            credentials = grpc.ssl_channel_credentials(root_certificates=root_certificates)
        self._servers = [_Server(a, credentials, max_message_bytes) for a in addresses]
        self._metadata = []
        if token:
            self._metadata.append(("authorization", "Bearer " + token))
        if client_name:
            self._metadata.append(("kibitzer-client", client_name))
        self._timeout = timeout
        if in_flight is not None and in_flight < 1:
            raise ValueError("in_flight: must be at least 1")
        self._in_flight = in_flight
        self._chunk_timeout = chunk_timeout
        self._lock = threading.Lock()
        self._next = 0
        self._holders = {}  # position id -> the server that holds it

    @property
    def addresses(self) -> list[str]:
        return [s.address for s in self._servers]

    def close(self) -> None:
        for s in self._servers:
            s.channel.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # --- the Kibitzer service -------------------------------------------------------------------

    def info(self) -> dict[str, Any]:
        """GetEngineInfo as plain dicts: games (options, notations, seats), limits."""
        server = self._pick()
        return types.info_to_dict(server.call(server.kibitzer.GetEngineInfo,
                                              pb.GetEngineInfoRequest(), self._metadata,
                                              self._timeout))

    def setup(self, position: Optional[types.Position] = None, **fields: Any) -> types.Setup:
        """SetupPosition: setup(Position(...)) or setup(game=..., notation=..., moves=..., seat=...).
        Returns a Setup; its position_id stands for the position in later calls."""
        position = self._position(position, fields)
        server = self._pick()
        response = server.call(server.kibitzer.SetupPosition,
                               pb.SetupPositionRequest(position=position.to_proto()),
                               self._metadata, self._timeout)
        with self._lock:
            self._holders[response.position_id] = server
        return types.setup_from_proto(response)

    def deal(self, position: PositionLike, *, fixed: Iterable[str] = (), constraints: str = "",
             count: int = 1, seed: int = 0) -> types.Deals:
        """Deal: layouts completing the hidden cards of a position (a Position or a position id)."""
        ref, server = self._ref(position)
        response = server.call(server.kibitzer.Deal,
                               pb.DealRequest(position=ref, fixed=list(fixed),
                                              constraints=constraints, count=count, seed=seed),
                               self._routed(ref.position_id), self._timeout)
        return types.Deals(layouts=[types.Position.from_proto(p) for p in response.layouts],
                           rejected=response.rejected, exhaustive=response.exhaustive)

    def analyze(self, position: PositionLike, **search: Any) -> Analysis:
        """Analyze: an Analysis to iterate (a report per progress interval, the last final).

        Keywords: time_ms, nodes, depth, samples, candidates, seed, threads, hash_mb, options,
        fixed, progress_interval_ms (default 250), priority, timeout (seconds for the stream)."""
        return self._search("Analyze", pb.AnalyzeRequest, position, search)

    def best_move(self, position: PositionLike,
                  progress: Optional[Callable[[types.Report], None]] = None,
                  **search: Any) -> Optional[types.Report]:
        """BestMove to its end: the final Report (its best_move). Keywords as for analyze."""
        with self._search("BestMove", pb.BestMoveRequest, position, search) as analysis:
            return analysis.result(progress)

    def review(self, position: PositionLike, *, reviewed_seat: str = "", from_move: int = 0,
               **search: Any) -> Analysis:
        """Review of a played game (a record in the notation and/or moves): an Analysis whose
        reports carry `reviews`, every move valued so far against the best move there. With the
        position's seat, that seat's moves from its own view; else reviewed_seat's (or all).
        from_move: the first move reviewed (by its index; the moves before are only played).
        Keywords as for analyze (limits for each move; no candidates, no fixed)."""
        return self._search("Review", pb.ReviewRequest, position, search,
                            reviewed_seat=reviewed_seat, from_move=from_move)

    def stop(self, search_id: str) -> bool:
        """Stop: True when the search was running and has been told to stop."""
        last = None
        for server in self._servers:
            try:
                return self._stop_on(server, search_id)
            except errors.NotFound as e:  # perhaps another server's
                last = e
        raise last

    # --- the Bridge service ---------------------------------------------------------------------

    def tables(self, deals: Iterable[str], *, dealer: str = "", vulnerable: str = "",
               chunk_size: int = 50, progress: Optional[Progress] = None,
               output: Optional[str] = None) -> list[types.Table]:
        """Double-dummy tables and par of deals (PBN deals, PBN records or LIN), in input order.
        progress(done, total) after each chunk. output: a file the tables are written to as JSON
        lines and resumed from (see iter_tables)."""
        return list(self.iter_tables(deals, dealer=dealer, vulnerable=vulnerable,
                                     chunk_size=chunk_size, progress=progress, output=output))

    def iter_tables(self, deals: Iterable[str], *, dealer: str = "", vulnerable: str = "",
                    chunk_size: int = 50, progress: Optional[Progress] = None,
                    output: Optional[str] = None) -> Iterator[types.Table]:
        """tables() as a generator: each table in input order as soon as it and those before it
        are done, so that a long batch can be written out (and a run cut short keeps them).

        output: each table is also written to this file as a JSON line as it comes; a run that
        finds the file holding tables of this same input and settings (its side file
        OUTPUT.kibitz says which) yields those again and goes on after them; a file of another
        input or settings is refused (ValueError), never extended. A chunk the servers fail for
        good (down, stuck, busy through every try) ends the run at it, but the chunks after it go
        on and their tables are kept in OUTPUT.kibitz-kept: the same call again sends only the
        rest."""
        def send(server, chunk):
            request = pb.SolveTablesRequest(deals=chunk, dealer=dealer, vulnerable=vulnerable)
            response = server.call(server.bridge.SolveTables, request, self._metadata,
                                   self._chunk_timeout)
            return [types.table_from_proto(t) for t in response.tables]
        deals = list(deals)
        if output is None:
            return self._spread(deals, chunk_size, send, progress)
        signature = _signature("tables", deals, dealer=dealer, vulnerable=vulnerable)
        return _resumed(output, signature, len(deals), types.Table.from_json,
                        lambda start, kept: self._spread(deals[start:], chunk_size, send,
                                                         progress, kept=kept))

    def solve(self, positions: Iterable[Union[types.Position, str]], *, chunk_size: int = 50,
              progress: Optional[Progress] = None,
              output: Optional[str] = None) -> list[dict[str, int]]:
        """Every legal card's double-dummy tricks in each bridge position (a Position or a PBN
        notation string): a list of {card: tricks}, best first, in input order. output: written
        to and resumed from as with iter_tables."""
        def send(server, chunk):
            request = pb.SolveBoardsRequest(
                positions=[self._position(p, {}, game="bridge").to_proto() for p in chunk])
            response = server.call(server.bridge.SolveBoards, request, self._metadata,
                                   self._chunk_timeout)
            return [types.board_from_proto(b) for b in response.boards]
        positions = list(positions)
        if output is None:
            return list(self._spread(positions, chunk_size, send, progress))
        keys = [p if isinstance(p, str) else json.dumps(dataclasses.asdict(p), sort_keys=True)
                for p in positions]
        return list(_resumed(output, _signature("solve", keys), len(positions), dict,
                             lambda start, kept: self._spread(positions[start:], chunk_size,
                                                              send, progress, kept=kept)))

    def analyze_play(self, record: str) -> types.PlayAnalysis:
        """AnalyzePlay: the double-dummy cost of every card of a played deal (PBN or LIN)."""
        server = self._pick()
        response = server.call(server.bridge.AnalyzePlay, pb.AnalyzePlayRequest(record=record),
                               self._metadata, self._timeout)
        return types.play_from_proto(response)

    # --- inside ---------------------------------------------------------------------------------

    def _pick(self):
        with self._lock:
            server = self._servers[self._next % len(self._servers)]
            self._next += 1
        return server

    @staticmethod
    def _position(position, fields, game=None):
        if position is None:
            return types.Position(**fields)
        if isinstance(position, types.Position):
            return position
        if isinstance(position, dict):
            return types.Position(**position)
        if isinstance(position, str) and game:
            return types.Position(game=game, notation=position)
        raise TypeError("position: give a kibitzer.Position, a dict of its fields"
                        + (" or a notation string" if game else ""))

    def _ref(self, position):
        """A PositionRef and the server to ask: a position id goes to the server holding it."""
        if isinstance(position, str):
            with self._lock:
                server = self._holders.get(position)
            return pb.PositionRef(position_id=position), server or self._pick()
        return pb.PositionRef(position=self._position(position, {}).to_proto()), self._pick()

    def _search(self, method, request_type, position, search, **extra):
        ref, server = self._ref(position)
        limits = pb.Limits(time_ms=search.pop("time_ms", 0), nodes=search.pop("nodes", 0),
                           depth=search.pop("depth", 0), samples=search.pop("samples", 0),
                           candidate_moves=list(search.pop("candidates", ())))
        timeout = search.pop("timeout", None)
        if method != "Review":
            extra["fixed"] = list(search.pop("fixed", ()))
        request = request_type(position=ref, limits=limits,
                               progress_interval_ms=search.pop("progress_interval_ms", 250),
                               priority=search.pop("priority", 0), seed=search.pop("seed", 0),
                               threads=search.pop("threads", 0),
                               hash_mb=search.pop("hash_mb", 0),
                               options=dict(search.pop("options", None) or {}), **extra)
        if search:
            raise TypeError(f"{method}: unknown keyword {sorted(search)[0]}")
        call = getattr(server.kibitzer, method)(request, metadata=self._routed(ref.position_id),
                                                timeout=timeout)
        return Analysis(self, server, call)

    def _stop_on(self, server, search_id):
        return server.call(server.kibitzer.Stop, pb.StopRequest(search_id=search_id),
                           self._routed(search_id), self._timeout).stopped

    def _routed(self, held_id):
        """The call's metadata; with the id of a search or held position in `kibitzer-route`, by
        which a balancer sends the call to the replica that has it (deploy/nginx)."""
        return self._metadata + [("kibitzer-route", held_id)] if held_id else self._metadata

    def _spread(self, items, chunk_size, send, progress, sleep=time.sleep, kept=None):
        """send(server, chunk) for every chunk of items, every server kept busy with its in-flight
        chunks; a chunk whose server is unreachable or stuck (UNAVAILABLE, DEADLINE_EXCEEDED) goes
        to the next server (at most twice per server, and at least four times in all: behind a
        balancer, one address is many servers); one refused as busy (RESOURCE_EXHAUSTED) waits,
        doubling its wait from 0.1 s to 5 s, and is sent again without using a try (at most 64
        times). A generator: the results in input order, each chunk's as soon as it and those
        before it are done.

        kept (a dict, item index: result): results an earlier run finished; a chunk whose items
        are all there is not sent. Given, a chunk that fails for good for the servers' sake does
        not waste the work after it: the later chunks go on (until three chunks in a row have
        failed: the servers are gone) and, when the error is raised, kept holds the results of
        the items finished after the failed chunk."""
        if chunk_size < 1:
            raise ValueError("chunk_size: must be at least 1")
        chunks = [items[i:i + chunk_size] for i in range(0, len(items), chunk_size)]
        results = [None] * len(chunks)
        if kept:
            for index in range(len(chunks)):
                first = index * chunk_size
                if all(first + k in kept for k in range(len(chunks[index]))):
                    results[index] = [kept[first + k] for k in range(len(chunks[index]))]
        done = [0]
        failed_in_a_row = [0]
        server_trouble = (errors.Unavailable, errors.DeadlineExceeded, errors.ResourceExhausted)
        servers = self._servers
        # The workers: each address's chunks in flight (chunk i starts on server i mod count).
        slots = sum(self._in_flight or 2 * addresses_of(s.address) for s in servers)

        def run(index):
            if results[index] is not None:  # an earlier run's
                return
            if kept is not None and failed_in_a_row[0] >= 3:
                raise errors.Unavailable(None, "not sent: the servers are gone", "")
            try:
                attempts(index)
            except server_trouble:
                with self._lock:
                    failed_in_a_row[0] += 1
                raise
            with self._lock:
                failed_in_a_row[0] = 0

        def attempts(index):
            last, attempt, busy = None, 0, 0
            while attempt < max(4, 2 * len(servers)):
                server = servers[(index + attempt) % len(servers)]
                try:
                    results[index] = send(server, chunks[index])
                    break
                except errors.ResourceExhausted:
                    busy += 1
                    if busy >= 64:
                        raise
                    sleep(min(5.0, 0.1 * 2 ** min(busy - 1, 10)))
                except (errors.Unavailable, errors.DeadlineExceeded) as e:
                    last = e
                    attempt += 1
            else:
                raise last
            if progress is not None:
                with self._lock:
                    done[0] += len(chunks[index])
                    progress(done[0], len(items))

        workers = max(1, min(len(chunks), slots))
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run, i) for i in range(len(chunks))]
            try:
                # In input order, each chunk as soon as it and those before it are done.
                for index, f in enumerate(futures):
                    try:
                        f.result()
                    except server_trouble:
                        if kept is not None:  # the later chunks go on; their results are kept
                            concurrent.futures.wait(futures[index + 1:])
                            kept.clear()
                            for later in range(index + 1, len(chunks)):
                                for k, result in enumerate(results[later] or ()):
                                    kept[later * chunk_size + k] = result
                        raise
                    yield from results[index]
                    results[index] = None
            except BaseException:  # an error, or the caller closed the generator
                for f in futures:
                    f.cancel()
                raise
