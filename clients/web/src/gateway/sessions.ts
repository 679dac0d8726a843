// Browser sessions: each browser is given a random session id in a cookie (HttpOnly, SameSite
// Strict); through a front door secret kibitzerd makes each session a client of its own. The
// gateway bounds each session's streams.
import { randomBytes } from "node:crypto";
import type * as http from "node:http";

import { Code, ConnectError } from "@connectrpc/connect";

export const COOKIE = "kibitzer_session";
const ID = /^[A-Za-z0-9_-]{22}$/; // 16 random bytes, base64url

// The session id the request's cookie carries, if well formed.
export function sessionOf(req: http.IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === COOKIE && value !== undefined && ID.test(value)) return value;
  }
  return undefined;
}

// The request's session: its cookie's, or a new one set on the response.
export function ensureSession(req: http.IncomingMessage, res: http.ServerResponse): string {
  const known = sessionOf(req);
  if (known !== undefined) return known;
  const id = randomBytes(16).toString("base64url");
  res.setHeader("set-cookie", `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict`);
  return id;
}

// How many streams each session has open; at most `limit` each.
export class StreamQuota {
  private readonly open = new Map<string, number>();
  constructor(private readonly limit: number) {}

  // Takes a place for the session's stream (RESOURCE_EXHAUSTED past the limit); the returned
  // function gives it back.
  take(session: string): () => void {
    const n = this.open.get(session) ?? 0;
    if (n >= this.limit) {
      throw new ConnectError(`busy: this session has ${n} searches open through the gateway, the most it may; stop one first`, Code.ResourceExhausted);
    }
    this.open.set(session, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(session) ?? 1) - 1;
      if (left === 0) this.open.delete(session);
      else this.open.set(session, left);
    };
  }
}
