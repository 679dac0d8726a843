// What the gateway checks of every HTTP request before it reaches a handler: the Host it names
// (DNS rebinding) and, for a call from another page, its Origin (CORS, closed unless configured).
import type * as http from "node:http";

const ALLOW_HEADERS = [
  "content-type",
  "connect-protocol-version",
  "connect-timeout-ms",
  "grpc-timeout",
  "x-grpc-web",
  "x-user-agent",
  "authorization",
].join(", ");
const EXPOSE_HEADERS = ["grpc-status", "grpc-message", "grpc-status-details-bin"].join(", ");

function hostName(host: string): string {
  const h = host.toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return colon < 0 ? h : h.slice(0, colon);
}

function refuse(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(`${text}\n`);
}

// True when the request may go on; else it has been answered (421 for a host not served, 403 for
// another page's call, 204 for an allowed preflight).
export function admit(req: http.IncomingMessage, res: http.ServerResponse, hosts: Set<string>, origins: Set<string>): boolean {
  const host = req.headers.host ?? "";
  if (!hosts.has(hostName(host))) {
    refuse(res, 421, "this gateway does not serve that host (see --hosts)");
    return false;
  }
  const origin = req.headers.origin;
  if (origin === undefined || origin === `http://${host}` || origin === `https://${host}`) return true;
  if (!origins.has(origin)) {
    refuse(res, 403, "calls from other pages are not allowed (see --cors-origins)");
    return false;
  }
  res.setHeader("access-control-allow-origin", origin);
  res.setHeader("vary", "Origin");
  res.setHeader("access-control-expose-headers", EXPOSE_HEADERS);
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": ALLOW_HEADERS,
      "access-control-max-age": "600",
    }).end();
    return false;
  }
  return true;
}
