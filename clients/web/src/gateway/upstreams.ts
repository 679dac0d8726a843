// The kibitzerd servers behind the gateway: which one takes a call, which holds a position and
// which runs a search.
import type { Client } from "@connectrpc/connect";
import { Code, ConnectError } from "@connectrpc/connect";

import type { Bridge, Kibitzer, SearchReport, StopRequest, StopResponse } from "../gen/kibitzer/v1/kibitzer_pb.js";

export interface Upstream {
  address: string;
  kibitzer: Client<typeof Kibitzer>;
  bridge: Client<typeof Bridge>;
}

// The upstream's error as the caller's: its code, message and details (the google.rpc.BadRequest
// naming the field), not the upstream response's headers (which would otherwise be sent back as
// this response's own, content-type included). An upstream call that ended "canceled" or "aborted"
// (a reset connection) though the caller did not cancel lost its server (kibitzerd, which never
// answers either itself, died or closed the connection): UNAVAILABLE, which a client may retry.
export function clean(e: unknown, signal?: AbortSignal): ConnectError {
  const error = ConnectError.from(e);
  const lost = error.code === Code.Canceled || error.code === Code.Aborted;
  if (lost && signal !== undefined && !signal.aborted) {
    return new ConnectError(`kibitzerd went away during the call: ${error.rawMessage}`, Code.Unavailable);
  }
  const copy = new ConnectError(error.rawMessage, error.code);
  copy.details.push(...error.details);
  return copy;
}

// Runs an upstream call for a caller whose cancellation is `signal`, its error made the caller's.
export async function relay<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw clean(e, signal);
  }
}

// Position ids remembered (the oldest forgotten first): past this a held position's calls go to
// any server, which answers NOT_FOUND if it does not hold it.
const MAX_POSITIONS = 100_000;

export class Upstreams {
  private turn = 0;
  private readonly positions = new Map<string, Upstream>();
  private readonly searches = new Map<string, Upstream>();

  constructor(private readonly all: Upstream[]) {}

  // The servers in turn.
  next(): Upstream {
    const upstream = this.all[this.turn % this.all.length];
    this.turn = (this.turn + 1) % this.all.length;
    return upstream;
  }

  holds(positionId: string, upstream: Upstream) {
    if (this.all.length === 1 || positionId === "") return;
    this.positions.delete(positionId);
    this.positions.set(positionId, upstream);
    if (this.positions.size > MAX_POSITIONS) {
      this.positions.delete(this.positions.keys().next().value as string);
    }
  }

  // The server holding a position id, or the next one for a position given inline.
  forPosition(positionId: string | undefined): Upstream {
    return (positionId !== undefined && this.positions.get(positionId)) || this.next();
  }

  // Passes a search's reports on, remembering which server runs it while it runs.
  async *stream(signal: AbortSignal, upstream: Upstream, reports: AsyncIterable<SearchReport>): AsyncGenerator<SearchReport> {
    let id = "";
    try {
      for await (const report of reports) {
        if (id === "" && report.searchId !== "") {
          id = report.searchId;
          if (this.all.length > 1) this.searches.set(id, upstream);
        }
        yield report;
      }
    } catch (e) {
      throw clean(e, signal);
    } finally {
      if (id !== "") this.searches.delete(id);
    }
  }

  // Stop goes to the server running the search; an id the gateway does not know is tried on each.
  async stop(request: StopRequest, options: { headers: Headers; signal: AbortSignal }): Promise<StopResponse> {
    const running = this.searches.get(request.searchId);
    if (running !== undefined || this.all.length === 1) {
      return relay(options.signal, () => (running ?? this.all[0]).kibitzer.stop(request, options));
    }
    let last = new ConnectError("search_id: no such search", Code.NotFound);
    for (const upstream of this.all) {
      try {
        return await upstream.kibitzer.stop(request, options);
      } catch (e) {
        last = clean(e, options.signal);
        if (last.code !== Code.NotFound) throw last;
      }
    }
    throw last;
  }
}
