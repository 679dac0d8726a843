// The gateway's command line: every flag declared once, with its default and its check.
import { readFileSync } from "node:fs";

export interface Options {
  listen: { host: string; port: number };
  kibitzerd: string[];
  static?: string;
  frontDoorSecret?: string; // the secret itself, read from its file
  hosts: Set<string>; // Host header names served (lower case, without port)
  corsOrigins: Set<string>; // origins other pages may call from; empty: none
  maxBodyBytes: number;
  sessionStreams: number;
}

const USAGE =
  "--listen=HOST:PORT --kibitzerd=HOST:PORT[,...] --static=DIR --front-door-secret=FILE " +
  "--hosts=NAME[,...] --cors-origins=ORIGIN[,...] --max-body-bytes=N --session-streams=N";

const FLAGS = new Set([
  "listen",
  "kibitzerd",
  "static",
  "front-door-secret",
  "hosts",
  "cors-origins",
  "max-body-bytes",
  "session-streams",
]);

function integer(name: string, text: string, low: number, high: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < low || n > high) throw new Error(`--${name}: give a whole number from ${low} to ${high}, not '${text}'`);
  return n;
}

function list(text: string | undefined): string[] {
  return (text ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "::1"];

// Parses argv (without node and the script); throws an Error naming the flag.
export function parseOptions(argv: string[]): Options {
  const given = new Map<string, string>();
  for (const arg of argv) {
    const m = /^--([a-z-]+)=(.*)$/s.exec(arg);
    if (m === null || !FLAGS.has(m[1])) throw new Error(`unknown argument ${JSON.stringify(arg.slice(0, 80))} (${USAGE})`);
    given.set(m[1], m[2]);
  }
  const listen = given.get("listen") ?? "127.0.0.1:8080";
  const colon = listen.lastIndexOf(":");
  const port = Number(listen.slice(colon + 1));
  if (colon < 1 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--listen: '${listen}' is not HOST:PORT`);
  const host = listen.slice(0, colon);
  const kibitzerd = list(given.get("kibitzerd") ?? "127.0.0.1:50051");
  if (kibitzerd.length === 0) throw new Error("--kibitzerd: give at least one HOST:PORT");

  let frontDoorSecret: string | undefined;
  const secretFile = given.get("front-door-secret");
  if (secretFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(secretFile, "utf8");
    } catch (e) {
      throw new Error(`--front-door-secret: cannot read ${secretFile}: ${(e as Error).message}`);
    }
    frontDoorSecret = text.split("\n")[0].trim();
    if (!/^[\x21-\x7e]{16,256}$/.test(frontDoorSecret)) {
      throw new Error("--front-door-secret: the secret must be one line of 16 to 256 printable characters without spaces");
    }
  }

  // Served hosts: those given, else the loopback names (and the listen host when it is a name).
  const hosts = new Set(list(given.get("hosts")).map((h) => h.toLowerCase()));
  if (hosts.size === 0) {
    for (const h of LOOPBACK) hosts.add(h);
    if (host !== "0.0.0.0" && host !== "::" && host !== "[::]") hosts.add(host.toLowerCase());
  }
  const corsOrigins = new Set(list(given.get("cors-origins")));
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`--cors-origins: '${origin}' is not an origin (scheme://host[:port])`);
  }
  return {
    listen: { host, port },
    kibitzerd,
    static: given.get("static"),
    frontDoorSecret,
    hosts,
    corsOrigins,
    maxBodyBytes: integer("max-body-bytes", given.get("max-body-bytes") ?? "1048576", 1024, 64 << 20),
    sessionStreams: integer("session-streams", given.get("session-streams") ?? "4", 1, 1000),
  };
}
