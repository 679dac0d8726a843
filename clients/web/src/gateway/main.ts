// kibitzer's web gateway: serves the page, speaks Connect, gRPC-Web and gRPC to browsers and other
// clients, and gRPC to one or several kibitzerd servers.
//
//   node dist/gateway.mjs [--listen=127.0.0.1:8080] [--kibitzerd=127.0.0.1:50051[,HOST:PORT...]]
//                         [--front-door-secret=FILE] [--hosts=NAME,...] [--cors-origins=ORIGIN,...]
//                         [--max-body-bytes=1048576] [--session-streams=4] [--static=DIR]
//
// Every call is passed on as it came (messages, errors and their codes unchanged). Each browser is
// a session (a random id in an HttpOnly cookie); with the front door secret kibitzerd also knows
// (--front-door-secret on both), each session is a client of its own there: its own share, turns,
// searches and held positions, which no other browser can stop or read. Calls go to the servers in
// turn; a held position's calls go to the server that holds it, and Stop to the server that runs
// the search. A browser that goes away cancels its call, and kibitzerd then ends the search.
// Requests are bounded (--max-body-bytes, --session-streams); only the hosts named are served, and
// other pages may call only from the origins named.
import { readFileSync, readdirSync } from "node:fs";
import * as http from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { createClient, createContextKey, createContextValues } from "@connectrpc/connect";
import { connectNodeAdapter, createGrpcTransport } from "@connectrpc/connect-node";

import { Bridge, Kibitzer } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { admit } from "./guard.js";
import { parseOptions } from "./options.js";
import { ensureSession, StreamQuota } from "./sessions.js";
import { relay, Upstreams } from "./upstreams.js";

function fail(message: string): never {
  process.stderr.write(`gateway: ${message}\n`);
  process.exit(2);
}

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (e) {
  fail((e as Error).message);
}
const { listen, frontDoorSecret } = options;
if (frontDoorSecret === undefined) {
  process.stderr.write(
    "gateway: warning: no --front-door-secret: kibitzerd sees every browser as the gateway's one client " +
      "(one share, and searches and positions any browser can reach by id)\n",
  );
}

const upstreams = new Upstreams(
  options.kibitzerd.map((address) => {
    const transport = createGrpcTransport({ baseUrl: `http://${address}`, readMaxBytes: 64 << 20 });
    return { address, kibitzer: createClient(Kibitzer, transport), bridge: createClient(Bridge, transport) };
  }),
);
const quota = new StreamQuota(options.sessionStreams);
const sessionKey = createContextKey<string>("", { description: "the browser's session" });
const sessions = new WeakMap<http.IncomingMessage, string>();

// What the upstream call carries of the caller's: its token, its session (with the front door's
// secret that lets the gateway name it), its cancellation; and the id of the search or held
// position it is about, by which a balancer in front of the replicas (deploy/nginx) sends it to
// the replica that has it.
function forward(ctx: HandlerContext, route?: string) {
  const headers = new Headers();
  const token = ctx.requestHeader.get("authorization");
  if (token !== null) headers.set("authorization", token);
  const session = ctx.values.get(sessionKey);
  if (frontDoorSecret !== undefined) {
    headers.set("kibitzer-front-door", frontDoorSecret);
    headers.set("kibitzer-session", session);
  }
  headers.set("kibitzer-client", `web-${session}`);
  if (route) headers.set("kibitzer-route", route);
  return { headers, signal: ctx.signal };
}

function positionId(request: { position?: { source: { case: string | undefined; value?: unknown } } }) {
  const source = request.position?.source;
  return source?.case === "positionId" ? (source.value as string) : undefined;
}

// A search's stream, within its session's share of streams.
async function* search<T>(ctx: HandlerContext, run: () => AsyncGenerator<T>): AsyncGenerator<T> {
  const release = quota.take(ctx.values.get(sessionKey));
  try {
    yield* run();
  } finally {
    release();
  }
}

function routes(router: ConnectRouter) {
  router.service(Kibitzer, {
    getEngineInfo: (req, ctx) => relay(ctx.signal, () => upstreams.next().kibitzer.getEngineInfo(req, forward(ctx))),
    async setupPosition(req, ctx) {
      const upstream = upstreams.next();
      const response = await relay(ctx.signal, () => upstream.kibitzer.setupPosition(req, forward(ctx)));
      upstreams.holds(response.positionId, upstream);
      return response;
    },
    deal: (req, ctx) =>
      relay(ctx.signal, () => upstreams.forPosition(positionId(req)).kibitzer.deal(req, forward(ctx, positionId(req)))),
    analyze: (req, ctx) =>
      search(ctx, () => {
        const upstream = upstreams.forPosition(positionId(req));
        return upstreams.stream(ctx.signal, upstream, upstream.kibitzer.analyze(req, forward(ctx, positionId(req))));
      }),
    bestMove: (req, ctx) =>
      search(ctx, () => {
        const upstream = upstreams.forPosition(positionId(req));
        return upstreams.stream(ctx.signal, upstream, upstream.kibitzer.bestMove(req, forward(ctx, positionId(req))));
      }),
    review: (req, ctx) =>
      search(ctx, () => {
        const upstream = upstreams.forPosition(positionId(req));
        return upstreams.stream(ctx.signal, upstream, upstream.kibitzer.review(req, forward(ctx, positionId(req))));
      }),
    stop: (req, ctx) => upstreams.stop(req, forward(ctx, req.searchId)),
  });
  router.service(Bridge, {
    solveTables: (req, ctx) => relay(ctx.signal, () => upstreams.next().bridge.solveTables(req, forward(ctx))),
    solveBoards: (req, ctx) => relay(ctx.signal, () => upstreams.next().bridge.solveBoards(req, forward(ctx))),
    analyzePlay: (req, ctx) => relay(ctx.signal, () => upstreams.next().bridge.analyzePlay(req, forward(ctx))),
  });
}

// The page's files, read once: only these names are served.
const here = dirname(fileURLToPath(import.meta.url));
const staticDir = options.static ?? join(here, "page");
const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".map": "application/json",
};
const files = new Map<string, { type: string; body: Buffer }>();
try {
  for (const name of readdirSync(staticDir)) {
    const type = types[extname(name)];
    if (type !== undefined) files.set(`/${name}`, { type, body: readFileSync(join(staticDir, name)) });
  }
} catch (e) {
  fail(`--static: cannot read ${staticDir}: ${(e as Error).message}`);
}

function serveFile(url: string | undefined, method: string | undefined, res: http.ServerResponse) {
  const path = (url ?? "/").split("?")[0];
  const file = files.get(path === "/" ? "/index.html" : path);
  if (file === undefined || (method !== "GET" && method !== "HEAD")) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    return;
  }
  res.writeHead(200, { "content-type": file.type, "cache-control": "no-cache" });
  res.end(method === "HEAD" ? undefined : file.body);
}

const adapter = connectNodeAdapter({
  routes,
  readMaxBytes: options.maxBodyBytes,
  writeMaxBytes: 64 << 20,
  acceptCompression: [], // a small compressed body could inflate far past the bound
  fallback: (req, res) => serveFile(req.url, req.method, res as http.ServerResponse),
  contextValues: (req) => createContextValues().set(sessionKey, sessions.get(req as http.IncomingMessage) ?? ""),
});

const server = http.createServer((req, res) => {
  // A probe's path answers whatever the host (Kubernetes sends the pod's address).
  if (req.url === "/healthz") {
    res.writeHead(200, { "content-type": "text/plain" }).end("ok\n");
    return;
  }
  if (!admit(req, res, options.hosts, options.corsOrigins)) {
    req.resume();
    return;
  }
  // A body announced past the bound is refused before a byte of it is read.
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > options.maxBodyBytes) {
    res.writeHead(413, { "content-type": "text/plain", connection: "close" }).end(`the body is over ${options.maxBodyBytes} bytes (--max-body-bytes)\n`);
    req.destroy();
    return;
  }
  sessions.set(req, ensureSession(req, res));
  adapter(req, res);
});
server.listen(listen.port, listen.host, () => {
  const address = server.address();
  const bound = typeof address === "object" && address !== null ? address.port : listen.port;
  process.stdout.write(`gateway listening on http://${listen.host}:${bound}/ (kibitzerd ${options.kibitzerd.join(", ")})\n`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
