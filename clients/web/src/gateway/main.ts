// kibitzer's web gateway: serves the page, speaks Connect, gRPC-Web and gRPC to browsers and other
// clients, and gRPC to one or several kibitzerd servers.
//
//   node dist/gateway.mjs [--listen=127.0.0.1:8080] [--kibitzerd=127.0.0.1:50051[,HOST:PORT...]]
//                         [--static=DIR]
//
// Every call is passed on as it came (messages, errors and their codes unchanged). Calls go to the
// servers in turn; a held position's calls go to the server that holds it, and Stop to the server
// that runs the search. A browser that goes away (tab closed, fetch aborted) cancels its call, and
// kibitzerd then ends the search. The `authorization` header is passed on (a server with tokens
// sees each user's own); each browser address gets its own `kibitzer-client` name, which
// gives each browser its own turn among the gateway's searches.
import { readFileSync, readdirSync } from "node:fs";
import * as http from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

import type { ConnectRouter, HandlerContext } from "@connectrpc/connect";
import { createClient, createContextKey, createContextValues } from "@connectrpc/connect";
import { connectNodeAdapter, createGrpcTransport } from "@connectrpc/connect-node";

import { Bridge, Kibitzer } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { relay, Upstreams } from "./upstreams.js";

const peerKey = createContextKey<string>("", { description: "the caller's address" });

function flag(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a.startsWith(prefix));
  return arg === undefined ? fallback : arg.slice(prefix.length);
}

function fail(message: string): never {
  process.stderr.write(`gateway: ${message}\n`);
  process.exit(2);
}

const known = new Set(["listen", "kibitzerd", "static"]);
for (const arg of process.argv.slice(2)) {
  const name = /^--([a-z-]+)=/.exec(arg)?.[1];
  if (name === undefined || !known.has(name)) fail(`unknown argument ${JSON.stringify(arg)} (--listen, --kibitzerd, --static)`);
}

const listen = flag("listen", "127.0.0.1:8080");
const colon = listen.lastIndexOf(":");
const port = Number(listen.slice(colon + 1));
if (colon < 1 || !Number.isInteger(port) || port < 0 || port > 65535) fail(`--listen: '${listen}' is not HOST:PORT`);
const host = listen.slice(0, colon);

const addresses = flag("kibitzerd", "127.0.0.1:50051").split(",").filter((a) => a !== "");
if (addresses.length === 0) fail("--kibitzerd: give at least one HOST:PORT");
const upstreams = new Upstreams(
  addresses.map((address) => {
    const transport = createGrpcTransport({ baseUrl: `http://${address}` });
    return { address, kibitzer: createClient(Kibitzer, transport), bridge: createClient(Bridge, transport) };
  }),
);

// What the upstream call carries of the caller's: its token, its own client name, its cancellation;
// and the id of the search or held position it is about, by which a balancer in front of the
// replicas (deploy/nginx) sends it to the replica that has it.
function forward(ctx: HandlerContext, route?: string) {
  const headers = new Headers();
  const token = ctx.requestHeader.get("authorization");
  if (token !== null) headers.set("authorization", token);
  headers.set("kibitzer-client", `web-${ctx.values.get(peerKey)}`.slice(0, 128));
  if (route) headers.set("kibitzer-route", route);
  return { headers, signal: ctx.signal };
}

function positionId(request: { position?: { source: { case: string | undefined; value?: unknown } } }) {
  const source = request.position?.source;
  return source?.case === "positionId" ? (source.value as string) : undefined;
}

function routes(router: ConnectRouter) {
  router.service(Kibitzer, {
    getEngineInfo: (req, ctx) => relay(() => upstreams.next().kibitzer.getEngineInfo(req, forward(ctx))),
    async setupPosition(req, ctx) {
      const upstream = upstreams.next();
      const response = await relay(() => upstream.kibitzer.setupPosition(req, forward(ctx)));
      upstreams.holds(response.positionId, upstream);
      return response;
    },
    deal: (req, ctx) =>
      relay(() => upstreams.forPosition(positionId(req)).kibitzer.deal(req, forward(ctx, positionId(req)))),
    async *analyze(req, ctx) {
      const upstream = upstreams.forPosition(positionId(req));
      yield* upstreams.stream(upstream, upstream.kibitzer.analyze(req, forward(ctx, positionId(req))));
    },
    async *bestMove(req, ctx) {
      const upstream = upstreams.forPosition(positionId(req));
      yield* upstreams.stream(upstream, upstream.kibitzer.bestMove(req, forward(ctx, positionId(req))));
    },
    stop: (req, ctx) => upstreams.stop(req, forward(ctx, req.searchId)),
  });
  router.service(Bridge, {
    solveTables: (req, ctx) => relay(() => upstreams.next().bridge.solveTables(req, forward(ctx))),
    solveBoards: (req, ctx) => relay(() => upstreams.next().bridge.solveBoards(req, forward(ctx))),
    analyzePlay: (req, ctx) => relay(() => upstreams.next().bridge.analyzePlay(req, forward(ctx))),
  });
}

// The page's files, read once: only these names are served.
const here = dirname(fileURLToPath(import.meta.url));
const staticDir = flag("static", join(here, "page"));
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

const handler = connectNodeAdapter({
  routes,
  fallback: (req, res) => serveFile(req.url, req.method, res as http.ServerResponse),
  contextValues: (req) => createContextValues().set(peerKey, req.socket.remoteAddress ?? ""),
});
const server = http.createServer(handler);
server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === "object" && address !== null ? address.port : port;
  process.stdout.write(`gateway listening on http://${host}:${bound}/ (kibitzerd ${addresses.join(", ")})\n`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
