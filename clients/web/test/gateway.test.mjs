// The gateway as many browsers and hostile clients meet it, without a browser: Connect's JSON
// protocol spoken by hand (as any third-party client would), against a real kibitzerd.
//
//   KIBITZERD=build/service/kibitzerd [KIBITZ=build/clients/cli/kibitz] node test/gateway.test.mjs
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import * as http from "node:http";
import * as http2 from "node:http2";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { start } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const KIBITZERD = process.env.KIBITZERD ?? join(here, "../../../build/service/kibitzerd");
const KIBITZ = process.env.KIBITZ ?? join(dirname(KIBITZERD), "../clients/cli/kibitz");
const GATEWAY = join(here, "../dist/gateway.mjs");

// A browser: its own cookie jar (one session), speaking Connect with JSON.
class Browser {
  constructor(base) { this.base = base; this.cookie = ""; }
  headers(extra = {}) {
    return { ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }
  keep(response) {
    const set = response.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0];
  }
  async open() {
    const r = await fetch(this.base, { headers: this.headers() });
    this.keep(r);
    assert.equal(r.status, 200);
    assert.match(this.cookie, /^kibitzer_session=[A-Za-z0-9_-]{22}$/);
  }
  async unary(method, body, service = "Kibitzer") {
    const r = await fetch(`${this.base}kibitzer.v1.${service}/${method}`, {
      method: "POST", headers: this.headers({ "content-type": "application/json" }), body: JSON.stringify(body),
    });
    this.keep(r);
    const json = await r.json();
    return r.ok ? { ok: true, value: json } : { ok: false, code: json.code, message: json.message };
  }
  // A server-streaming call: resolves the first message at once (`first`) and the end (`done`).
  stream(method, body, signal) {
    const payload = Buffer.from(JSON.stringify(body));
    const frame = Buffer.alloc(5 + payload.length);
    frame.writeUInt32BE(payload.length, 1);
    payload.copy(frame, 5);
    let gotFirst;
    const first = new Promise((r) => { gotFirst = r; });
    const done = (async () => {
      const r = await fetch(`${this.base}kibitzer.v1.Kibitzer/${method}`, {
        method: "POST", headers: this.headers({ "content-type": "application/connect+json" }), body: frame, signal,
      });
      if (r.headers.get("content-type") === "application/json") {
        const e = await r.json();
        gotFirst(undefined);
        return { messages: [], error: e };
      }
      const messages = [];
      let buffered = Buffer.alloc(0);
      let end;
      for await (const chunk of r.body) {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 5 && buffered.length >= 5 + buffered.readUInt32BE(1)) {
          const n = buffered.readUInt32BE(1);
          const json = JSON.parse(buffered.subarray(5, 5 + n).toString());
          if (buffered[0] & 2) end = json;
          else { messages.push(json); if (messages.length === 1) gotFirst(json); }
          buffered = buffered.subarray(5 + n);
        }
      }
      gotFirst(undefined);
      return { messages, error: end?.error };
    })();
    return { first, done };
  }
}

const LONG = { position: { position: { game: "tictactoe", variant: "4x4", notation: "" } }, options: { use_tt: "false" }, progressIntervalMs: 20 };
const QUICK = { position: { position: { game: "tictactoe", notation: "x...o.... x" } } };

const results = [];
async function check(name, body) {
  try {
    await body();
    results.push([name, true]);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}\n${e.stack ?? e}`);
  }
}

function rawRequest(url, { method = "POST", headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = "";
      res.on("data", (d) => { if (text.length < 4096) text += d; });
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", (e) => resolve({ status: 0, text: String(e) }));
    if (typeof body === "function") body(req); else req.end(body);
  });
}

async function waitFor(check, what, seconds = 30) {
  for (let i = 0; i < seconds * 20; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`waited ${seconds} s for ${what}`);
}

function residentMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

const dir = mkdtempSync(join(tmpdir(), "gateway-test-"));
const secretFile = join(dir, "secret");
writeFileSync(secretFile, "a-front-door-secret-for-the-test\n", { mode: 0o600 });
const server = await start(KIBITZERD, ["--listen=127.0.0.1:0", "--threads=2", "--max-queries=96", "--max-queries-per-client=1", `--front-door-secret=${secretFile}`], "kibitzerd listening on ");
const gateway = await start(process.execPath, [GATEWAY, "--listen=127.0.0.1:0", `--kibitzerd=${server.rest}`, `--front-door-secret=${secretFile}`, "--max-body-bytes=65536", "--cors-origins=https://allowed.example"], "gateway listening on ");
const base = gateway.rest.split(" ")[0];

try {
  await check("each browser is its own client: its own share, and another cannot stop its search or deal from its position", async () => {
    const a = new Browser(base);
    const b = new Browser(base);
    await a.open();
    await b.open();
    assert.notEqual(a.cookie, b.cookie);
    const long = a.stream("Analyze", LONG);
    const opening = await long.first;
    assert.ok(opening?.searchId, "the long search opened");
    // a's one place (--max-queries-per-client=1) is taken; b's is its own.
    const aQuick = await a.stream("Analyze", QUICK).done;
    assert.equal(aQuick.error?.code, "resource_exhausted");
    const bQuick = await b.stream("Analyze", QUICK).done;
    assert.equal(bQuick.error, undefined);
    const stolen = await b.unary("Stop", { searchId: opening.searchId });
    assert.equal(stolen.code, "not_found");
    const held = await a.unary("SetupPosition", { position: { game: "bridge", seat: "S", notation: "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984" } });
    assert.ok(held.ok, held.message);
    const peek = await b.unary("Deal", { position: { positionId: held.value.positionId }, count: 1 });
    assert.equal(peek.code, "not_found");
    const stopped = await a.unary("Stop", { searchId: opening.searchId });
    assert.ok(stopped.ok, stopped.message);
    assert.equal((await long.done).error, undefined);
  });

  await check("64 browsers at once beside 8 direct clients: every one served", async () => {
    const browsers = Array.from({ length: 64 }, () => new Browser(base));
    await Promise.all(browsers.map((x) => x.open()));
    const started = Date.now();
    // Direct gRPC clients (kibitz, each its own connection) searching at the same time.
    const direct = Array.from({ length: 8 }, () => new Promise((resolve) => {
      execFile(KIBITZ, [`--server=${server.rest}`, "--deadline=60s", "analyze", "x...o.... x"], (error) => resolve(error));
    }));
    const outcomes = await Promise.all(browsers.map(async (x) => {
      const s = await x.stream("Analyze", QUICK).done;
      const t0 = Date.now();
      const info = await x.unary("GetEngineInfo", {});
      return { search: s.error, info: info.ok, small: Date.now() - t0 };
    }));
    assert.deepEqual(outcomes.filter((o) => o.search !== undefined || !o.info), []);
    assert.deepEqual((await Promise.all(direct)).filter((e) => e !== null), []);
    const small = outcomes.map((o) => o.small).sort((x, y) => x - y);
    console.log(`     64 sessions in ${Date.now() - started} ms; GetEngineInfo p50 ${small[31]} ms, p99 ${small[63]} ms`);
  });

  await check("a session's streams are bounded (--session-streams)", async () => {
    // A gateway of its own that lets a session hold one stream (kibitzerd would admit two).
    const strict = await start(process.execPath, [GATEWAY, "--listen=127.0.0.1:0", `--kibitzerd=${server.rest}`, `--front-door-secret=${secretFile}`, "--session-streams=1"], "gateway listening on ");
    try {
      const a = new Browser(strict.rest.split(" ")[0]);
      await a.open();
      const long = a.stream("Analyze", LONG);
      const opening = await long.first;
      const second = await a.stream("Analyze", QUICK).done;
      assert.equal(second.error?.code, "resource_exhausted");
      assert.match(second.error.message, /this session has 1 searches open through the gateway/);
      const other = new Browser(strict.rest.split(" ")[0]);
      await other.open();
      assert.equal((await other.stream("Analyze", QUICK).done).error, undefined);
      assert.ok((await a.unary("Stop", { searchId: opening.searchId })).ok);
      await long.done;
      assert.equal((await a.stream("Analyze", QUICK).done).error, undefined, "the place is given back");
    } finally {
      strict.child.kill("SIGTERM");
    }
  });

  await check("bodies past --max-body-bytes are refused and the gateway stays small", async () => {
    const announced = await rawRequest(`${base}kibitzer.v1.Kibitzer/GetEngineInfo`, {
      headers: { "content-type": "application/json", "content-length": String(256 << 20) }, body: (req) => req.write("{}"),
    });
    assert.equal(announced.status, 413);
    const before = residentMiB(gateway.child.pid);
    // 64 MiB sent in chunks with no length announced, four at once.
    const chunk = Buffer.alloc(1 << 20, 0x20);
    const flood = () => rawRequest(`${base}kibitzer.v1.Kibitzer/SetupPosition`, {
      headers: { "content-type": "application/json" },
      body: (req) => {
        let sent = 0;
        const more = () => {
          while (sent < 64) { sent++; if (!req.write(chunk)) { req.once("drain", more); return; } }
          req.end();
        };
        req.on("error", () => {});
        more();
      },
    });
    const floods = await Promise.all([flood(), flood(), flood(), flood()]);
    for (const f of floods) assert.ok(f.status === 0 || f.status >= 400, `status ${f.status}`);
    const after = residentMiB(gateway.child.pid);
    console.log(`     the gateway's resident memory: ${before.toFixed(0)} MiB before four 64 MiB bodies, ${after.toFixed(0)} MiB after`);
    assert.ok(after - before < 64, `the gateway grew from ${before.toFixed(0)} to ${after.toFixed(0)} MiB`);
    const still = await new Browser(base).unary("GetEngineInfo", {});
    assert.ok(still.ok);
  });

  await check("only the hosts served are answered, and other pages only from the origins named", async () => {
    const url = new URL(base);
    const rebound = await rawRequest(`${base}kibitzer.v1.Kibitzer/GetEngineInfo`, { headers: { host: "evil.example", "content-type": "application/json" }, body: "{}" });
    assert.equal(rebound.status, 421);
    const page = await rawRequest(base, { method: "GET", headers: { host: `evil.example:${url.port}` } });
    assert.equal(page.status, 421);
    const foreign = await rawRequest(`${base}kibitzer.v1.Kibitzer/GetEngineInfo`, { headers: { origin: "http://evil.example", "content-type": "application/json" }, body: "{}" });
    assert.equal(foreign.status, 403);
    const preflight = await rawRequest(`${base}kibitzer.v1.Kibitzer/GetEngineInfo`, { method: "OPTIONS", headers: { origin: "https://allowed.example", "access-control-request-method": "POST" } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers["access-control-allow-origin"], "https://allowed.example");
    const allowed = await rawRequest(`${base}kibitzer.v1.Kibitzer/GetEngineInfo`, { headers: { origin: "https://allowed.example", "content-type": "application/json" }, body: "{}" });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers["access-control-allow-origin"], "https://allowed.example");
    const own = await rawRequest(`${base}kibitzer.v1.Kibitzer/GetEngineInfo`, { headers: { origin: base.replace(/\/$/, ""), "content-type": "application/json" }, body: "{}" });
    assert.equal(own.status, 200);
  });

  await check("a browser cannot claim a session or the front door's secret", async () => {
    const a = new Browser(base);
    await a.open();
    const long = a.stream("Analyze", LONG);
    const opening = await long.first;
    // The session is a cookie the gateway made; headers a browser sends are not passed on.
    const r = await fetch(`${base}kibitzer.v1.Kibitzer/Stop`, {
      method: "POST",
      headers: { "content-type": "application/json", "kibitzer-session": a.cookie.split("=")[1], "kibitzer-front-door": "a-front-door-secret-for-the-test" },
      body: JSON.stringify({ searchId: opening.searchId }),
    });
    assert.equal((await r.json()).code, "not_found");
    assert.ok((await a.unary("Stop", { searchId: opening.searchId })).ok);
    await long.done;
  });

  await check("kibitzerd: a request whose deadline passes before its message arrives is logged as such", async () => {
    // Raw HTTP/2, as no gRPC library would send it: the headers with a 50 ms deadline, the
    // message 400 ms later.
    const session = http2.connect(`http://${server.rest}`);
    const status = await new Promise((resolve, reject) => {
      const call = session.request({
        ":method": "POST", ":path": "/kibitzer.v1.Kibitzer/SetupPosition",
        "content-type": "application/grpc", te: "trailers", "grpc-timeout": "50m",
      });
      let code;
      call.on("response", (h) => { if (h["grpc-status"] !== undefined) code = h["grpc-status"]; });
      call.on("trailers", (t) => { code = t["grpc-status"]; });
      call.on("close", () => resolve(code));
      call.on("error", reject);
      call.resume();
      setTimeout(() => { if (!call.destroyed) call.end(Buffer.from([0, 0, 0, 0, 0])); }, 400);
    });
    session.close();
    assert.equal(status, "4", "DEADLINE_EXCEEDED");
    await waitFor(() => /SetupPosition .*DEADLINE_EXCEEDED/.test(server.log()), "the log line");
    assert.doesNotMatch(server.log(), /does not parse/);
  });

  await check("kibitzerd dying under a stream reaches the browser as unavailable", async () => {
    const a = new Browser(base);
    await a.open();
    const long = a.stream("Analyze", LONG);
    await long.first;
    server.child.kill("SIGKILL");
    const end = await long.done;
    assert.equal(end.error?.code, "unavailable", JSON.stringify(end.error));
  });
} finally {
  gateway.child.kill("SIGTERM");
  server.child.kill("SIGKILL");
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed}/${results.length} gateway checks passed`);
process.exit(failed === 0 ? 0 : 1);
