// The page in a real browser (Debian's chromium, headless, driven by playwright-core) against a
// real kibitzerd behind the gateway, checked against the kibitz CLI.
//
//   KIBITZERD=build/service/kibitzerd KIBITZ=build/clients/cli/kibitz \
//   SCREENSHOT_DIR=build/web-screenshots node test/page.test.mjs
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

import { start } from "./support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const KIBITZERD = process.env.KIBITZERD ?? join(here, "../../../build/service/kibitzerd");
const KIBITZ = process.env.KIBITZ ?? join(here, "../../../build/clients/cli/kibitz");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = process.env.SCREENSHOT_DIR ?? join(here, "../dist/screenshots");
// Generous bounds for waiting on the page; a check never depends on how fast a search runs.
const WAIT = { timeout: 120_000 };

const DEAL = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";
const TAROK = "XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C " +
  "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C QH,2H,3H,QS,7C,KH";
const RECORD = `[Deal "N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8"]
[Dealer "E"]
[Vulnerable "NS"]
[Declarer "W"]
[Contract "3NT"]
[Play "N"]
H7 HA H5 H3
D7 DJ DA D6
`;

function kibitz(...args) {
  const lines = execFileSync(KIBITZ, ["--json", ...args], { encoding: "utf8" }).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

function kibitzValues(moves = []) {
  const args = ["analyze", "--game=bridge", ...(moves.length ? [`--moves=${moves.join(",")}`] : []), DEAL];
  return Object.fromEntries(kibitz(...args).moves.map((m) => [m.move, m.value]));
}

async function cardValues(page) {
  return page.$$eval("button.card.legal[data-value]", (cards) =>
    Object.fromEntries(cards.map((c) => [c.dataset.card, Number(c.dataset.value)])));
}

async function waitPoll(what, check, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`waited ${seconds} s for ${what}`);
}

const results = [];
async function check(name, body) {
  try {
    await body();
    results.push([name, true]);
    console.log(`ok   ${name}`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name}\n${e.stack ?? e}`);
    // What the page showed, for the log.
    const shown = await page.$$eval(".error:not([hidden]), #mc-status, #game-status, #to-move",
      (es) => es.map((x) => `${x.id || x.dataset.errorFor}: ${x.textContent}`)).catch(() => []);
    console.log(`page: ${shown.join(" | ")}`);
    await page.screenshot({ path: join(SHOTS, `failed-${results.length}.png`), fullPage: true }).catch(() => {});
  }
}

mkdirSync(SHOTS, { recursive: true });
// As scripts/web.sh runs them: the gateway names each browser's session to kibitzerd.
const secretFile = join(mkdtempSync(join(tmpdir(), "page-test-")), "secret");
writeFileSync(secretFile, "the-page-test-front-door-secret\n", { mode: 0o600 });
const server = await start(KIBITZERD, ["--listen=127.0.0.1:0", "--threads=2", `--front-door-secret=${secretFile}`], "kibitzerd listening on ");
const gateway = await start(process.execPath, [join(here, "../dist/gateway.mjs"), "--listen=127.0.0.1:0", `--kibitzerd=${server.rest}`, `--front-door-secret=${secretFile}`],
  "gateway listening on ");
const url = gateway.rest.split(" ")[0];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
const page = await context.newPage();
page.on("pageerror", (e) => console.log(`page error: ${e.message}`));

try {
  await page.goto(url);

  await check("engine info lists every game and the limits", async () => {
    await page.click("nav button[data-tab=info]");
    await page.waitForSelector("details.game[data-game=bridge]", WAIT);
    const games = await page.$$eval("details.game", (d) => d.map((g) => g.dataset.game));
    assert.deepEqual(games, ["bigtwo", "bridge", "scrabble", "tarok", "tictactoe"]);
    assert.match(await page.textContent("#engine-limits"), /max_queries/);
    await page.click("details.game[data-game=bridge] summary");
    await page.screenshot({ path: join(SHOTS, "engine-info.png"), fullPage: true });
    await page.click("nav button[data-tab=bridge]");
  });

  await check("a pasted deal shows every card's double-dummy value, equal to kibitz's", async () => {
    await page.fill("#bridge-input", DEAL);
    await page.click("#bridge-load");
    await page.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    await page.waitForFunction(() => document.querySelectorAll("#hand-W button.card.legal[data-value]").length === 13, null, WAIT);
    assert.deepEqual(await cardValues(page), kibitzValues());
    assert.equal(await page.$$eval("#hand-N button.card", (c) => c.length), 13);
    assert.match(await page.textContent("#to-move"), /W to play/);
  });

  await check("the double-dummy table and par equal kibitz table's", async () => {
    await page.waitForSelector("#dd-table td[data-strain]", WAIT);
    const cells = await page.$$eval("#dd-table td[data-strain]", (tds) =>
      tds.map((td) => [Number(td.dataset.strain), "NESW".indexOf(td.dataset.seat), Number(td.textContent)]));
    const table = kibitz("table", DEAL);
    assert.equal(cells.length, 20);
    for (const [strain, seat, tricks] of cells) assert.equal(tricks, table.tricks[strain * 4 + seat]);
    assert.match(await page.textContent("#par"), new RegExp(`Par \\+?${table.par_score} `));
  });

  await check("playing a card moves the values, undo brings them back", async () => {
    const before = await cardValues(page);
    const card = await page.$eval("#hand-W button.card.best", (c) => c.dataset.card);
    await page.click(`#hand-W button.card[data-card=${card}]`);
    await page.waitForSelector(`#trick .played[data-card=${card}]`, WAIT);
    await page.waitForSelector("#hand-N button.card.legal[data-value]", WAIT);
    assert.deepEqual(await cardValues(page), kibitzValues([card]));
    await page.screenshot({ path: join(SHOTS, "bridge-played.png"), fullPage: true });
    await page.click("#undo");
    await page.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    await page.waitForFunction(() => document.querySelectorAll("#trick .played").length === 0, null, WAIT);
    assert.deepEqual(await cardValues(page), before);
  });

  await check("a played record steps card by card with each card's cost", async () => {
    await page.fill("#bridge-input", RECORD);
    await page.click("#bridge-load");
    await page.waitForFunction(() => document.querySelectorAll("#play-record .record-card").length === 8, null, WAIT);
    const costs = await page.$$eval("#play-record .record-card", (cs) => cs.map((c) => Number(c.dataset.cost)));
    const play = execFileSync(KIBITZ, ["--json", "play", RECORD], { encoding: "utf8" });
    const expected = JSON.parse(play.trim().split("\n").pop()).cards.map((c) => c.cost ?? 0);
    assert.deepEqual(costs, expected);
    assert.match(await page.textContent("#board-info"), /3NT by W/);
    for (let i = 0; i < 4; i++) {
      await page.click("#step-forward");
      await page.waitForFunction((n) => document.querySelectorAll("#play-record .record-card.done").length === n, i + 1, WAIT);
    }
    // A whole trick played: North, East, South and West hold 12 cards each.
    await page.waitForFunction(() => document.querySelectorAll("#hand-N button.card").length === 12, null, WAIT);
    await page.screenshot({ path: join(SHOTS, "bridge-record.png"), fullPage: true });
  });

  await check("a LIN record shows its auction, its play by tricks and the cards a costly card should have been", async () => {
    const lin = "md|3SK5HAK8DJ652C53,ST8HT974DA3CT94,SA3H5DKT97CAQ76,SQ72H6DQ84CKJ82|sv|o|mb|1N|mb|p|mb|p|mb|p|pc|S2|pc|SK|pc|S8|pc|SA|";
    await page.fill("#bridge-input", lin);
    await page.click("#bridge-load");
    await page.waitForFunction(() => document.querySelectorAll("#play-record .record-card").length === 4, null, WAIT);
    assert.deepEqual(await page.$$eval("#auction td.call", (cs) => cs.map((c) => c.textContent)), ["1NT", "Pass", "Pass", "Pass"]);
    assert.equal(await page.$$eval("#play-record .trick-row", (rs) => rs.length), 1);
    assert.equal((await page.textContent("#play-record .trick-result")).trim(), "N · NS 1 EW 0");
    // North's ace gave away two tricks; kibitz analyze of the position before it names the cards that keep them.
    const before = execFileSync(KIBITZ, ["--json", "analyze", "--game=bridge",
      "--position-option=contract=1NT,declarer=N,leader=E", "--moves=S2,SK,S8",
      "N:A3.5.KT97.AQ76 Q72.6.Q84.KJ82 K5.AK8.J652.53 T8.T974.A3.T94"], { encoding: "utf8" });
    const moves = JSON.parse(before.trim().split("\n").pop()).moves;
    const top = Math.max(...moves.map((m) => m.value));
    const want = moves.filter((m) => m.value === top).map((m) => m.move).sort();
    const better = await page.getAttribute('#play-record .record-card[data-index="3"]', "data-better");
    assert.deepEqual(better.split(" ").sort(), want);
    assert.match(await page.textContent("#play-record .better"), /N: ♠3 kept it/);
    await page.screenshot({ path: join(SHOTS, "bridge-lin-auction.png"), fullPage: true });
  });

  await check("an auction entered for a plain deal sets the contract and is shown", async () => {
    await page.fill("#bridge-input", DEAL);
    await page.fill("#deal-contract", "");
    await page.fill("#deal-auction", "1NT Pass 3NT Pass Pass Pass");
    await page.selectOption("#deal-dealer", "N");
    try {
      await page.click("#bridge-load");
      await page.waitForFunction(() => document.querySelectorAll("#auction td.call").length === 6, null, WAIT);
      await page.waitForFunction(() => /E to play/.test(document.querySelector("#to-move").textContent), null, WAIT);
      assert.match(await page.textContent("#board-info"), /3NT by N/);
    } finally {
      await page.fill("#deal-auction", "");
    }
  });

  await check("a seat's view analysis shows its progress bar moving and the final values", async () => {
    await page.fill("#bridge-input", DEAL);
    await page.click("#bridge-load");
    await page.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    await page.selectOption("#view-seat", "W");
    await page.fill("#samples", "200");
    await page.fill("#mc-interval", "0");
    await page.click("#mc-start");
    await page.waitForSelector("#mc-status[data-state=SAMPLE_LIMIT]", WAIT);
    const seen = (await page.getAttribute("#mc-progress", "data-seen")).split(",").map(Number);
    assert.ok(new Set(seen).size >= 3, `progress took ${seen}`);
    assert.deepEqual(seen, [...seen].sort((a, b) => a - b));
    assert.equal(seen[seen.length - 1], 1);
    assert.equal(await page.$$eval("#mc-results tr[data-move]", (r) => r.length), 13);
    assert.match(await page.textContent("#mc-results"), /±/);
    // The best row is marked, and so is every row the samples do not tell from it (within one
    // standard error of either), and no other.
    const rows = await page.$$eval("#mc-results tr[data-move]", (r) =>
      r.map((x) => ({ value: Number(x.dataset.value), se: Number(x.dataset.se), mark: x.className })));
    const best = rows.filter((r) => r.mark === "best");
    assert.equal(best.length, 1);
    assert.equal(best[0].value, Math.max(...rows.map((r) => r.value)));
    for (const r of rows.filter((x) => x.mark !== "best")) {
      assert.equal(r.mark === "tied", best[0].value - r.value <= Math.max(best[0].se, r.se), JSON.stringify(r));
    }
    await page.screenshot({ path: join(SHOTS, "bridge-seat-view.png"), fullPage: true });
  });

  await check("Stop ends the analysis with its final report", async () => {
    await page.fill("#samples", "10000000");
    await page.fill("#mc-interval", "100");
    await page.click("#mc-start");
    await page.waitForFunction(() => Number(document.querySelector("#mc-progress").value) > 0, null, WAIT);
    await page.click("#mc-stop");
    await page.waitForSelector("#mc-status[data-state=STOPPED]", WAIT);
    assert.ok(await page.$$eval("#mc-results tr[data-move]", (r) => r.length) > 0);
  });

  await check("a deal given a contract, seen in the student's view, hides what the seat cannot see", async () => {
    await page.fill("#bridge-input", DEAL);
    await page.fill("#deal-contract", "3NT");
    await page.selectOption("#deal-declarer", "S");
    await page.click("#bridge-load");
    await page.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    assert.match(await page.textContent("#board-info"), /3NT by S/);
    assert.match(await page.textContent("#to-move"), /W to play/);  // declarer's left-hand opponent
    await page.selectOption("#view-seat", "W");
    await page.check("#student-view");
    const shown = (seat) => page.$$eval(`#hand-${seat} button.card`, (c) => c.length);
    assert.equal(await shown("W"), 13);
    for (const seat of ["N", "E", "S"]) {
      assert.equal(await shown(seat), 0);
      assert.match(await page.textContent(`#hand-${seat}`), /hidden \(13 cards\)/);
    }
    assert.equal(await page.$$eval("#hand-W button.card[data-value]", (c) => c.length), 0);
    assert.equal(await page.isVisible("#dd-table"), false);
    // The opening lead faces dummy (North), and only dummy.
    await page.click("#hand-W button.card.legal");
    await page.waitForFunction(() => document.querySelectorAll("#hand-N button.card").length === 13, null, WAIT);
    assert.equal(await shown("E"), 0);
    assert.equal(await shown("S"), 0);
    // Nor does the card just played say what it cost (double-dummy knowledge).
    assert.equal(await page.$$eval("#play-record .record-card", (c) => c.length), 1);
    assert.equal(await page.$$eval("#play-record [data-cost]", (c) => c.length), 0);
    assert.equal(await page.isVisible("#dd-heading"), false);
    assert.equal(await page.$$eval("#mc-results tr", (r) => r.length), 0);  // no other deal's analysis
    await page.screenshot({ path: join(SHOTS, "bridge-student-view.png"), fullPage: true });
    await page.click("#reveal");
    await page.waitForFunction(() => document.querySelectorAll("#hand-E button.card").length === 13, null, WAIT);
    assert.ok(await page.$$eval("#hand-N button.card[data-value]", (c) => c.length) > 0);
    assert.equal(await page.isVisible("#dd-table"), true);
    assert.equal(await page.isChecked("#student-view"), false);
    assert.equal(await page.$$eval("#play-record [data-cost]", (c) => c.length), 1);
    await page.fill("#deal-contract", "");
  });

  await check("a PBN file headed '% PBN 2.1' with two games offers both boards", async () => {
    const game = (board, dealer) =>
      `[Board "${board}"]\n[Dealer "${dealer}"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n`;
    await page.fill("#bridge-input", `% PBN 2.1\n% EXPORT\n\n${game(7, "S")}\n${game(8, "W")}`);
    await page.click("#bridge-load");
    await page.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    assert.deepEqual(await page.$$eval("#board-picker option", (o) => o.map((x) => x.textContent)),
      ["Board 7", "Board 8"]);
    assert.equal(await page.$eval("#board-picker", (p) => p.hidden), false);
  });

  await check("a malformed PBN shows the server's error by its field", async () => {
    await page.fill("#bridge-input", "N:AKQ2.AQ6 garbage");
    await page.click("#bridge-load");
    const box = await page.waitForSelector(".error[data-error-for=bridge-input]:not([hidden])", WAIT);
    assert.match(await box.textContent(), /^position\.notation: /);
    assert.ok(await page.$eval("#bridge-input", (t) => t.classList.contains("invalid")));
    // The deal before it is gone: no hand, table or analysis that would read as this one's.
    assert.equal(await page.$$eval("#hand-W button.card, #hand-N button.card", (c) => c.length), 0);
    assert.equal(await page.$$eval("#mc-results tr, #dd-table td", (r) => r.length), 0);
    assert.equal(await page.textContent("#board-info"), "");
    await page.screenshot({ path: join(SHOTS, "bridge-error.png"), fullPage: true });
  });

  await check("a bad constraint and a bad fixed card show by their fields", async () => {
    await page.fill("#bridge-input", DEAL);
    await page.click("#bridge-load");
    await page.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    await page.fill("#samples", "100");
    await page.fill("#constraints", "hcp(west) >= >= 3");
    await page.click("#mc-start");
    const box = await page.waitForSelector(".error[data-error-for=constraints]:not([hidden])", WAIT);
    assert.match(await box.textContent(), /constraints/);
    await page.fill("#constraints", "");
    await page.fill("#fixed", "W:SZ");
    await page.click("#mc-start");
    const fixed = await page.waitForSelector(".error[data-error-for=fixed]:not([hidden])", WAIT);
    assert.match(await fixed.textContent(), /^fixed\[0\]: /);
    await page.fill("#fixed", "");
  });

  await check("closing the tab cancels its search on kibitzerd", async () => {
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.fill("#bridge-input", DEAL);
    await tab.click("#bridge-load");
    await tab.waitForSelector("#hand-W button.card.legal[data-value]", WAIT);
    await tab.fill("#samples", "10000000");
    await tab.click("#mc-start");
    await tab.waitForFunction(() => Number(document.querySelector("#mc-progress").value) > 0, null, WAIT);
    const id = await tab.getAttribute("#mc-status", "data-search-id");
    assert.match(id, /^s-/);
    await tab.close();
    // kibitzerd logs each call when it ends, with why its search ended.
    await waitPoll("the search's log line", () => server.log().includes(`search=${id} `));
    const line = server.log().split("\n").find((l) => l.includes(`search=${id} `));
    assert.match(line, /status=CANCELLED/);
    assert.match(line, /stop=STOP_REASON_CANCELLED/);
  });

  await check("the gateway speaks gRPC-Web too (frames, trailers, the field in grpc-message)", async () => {
    const call = async (method) => {
      const response = await fetch(`${url}kibitzer.v1.Kibitzer/${method}`, {
        method: "POST",
        headers: { "content-type": "application/grpc-web+proto", "x-grpc-web": "1" },
        body: new Uint8Array([0, 0, 0, 0, 0]), // one empty message
      });
      assert.equal(response.status, 200);
      const body = Buffer.from(await response.arrayBuffer());
      const frames = [];
      for (let at = 0; at + 5 <= body.length;) {
        const length = body.readUInt32BE(at + 1);
        frames.push({ trailer: (body[at] & 0x80) !== 0, data: body.subarray(at + 5, at + 5 + length) });
        at += 5 + length;
      }
      const trailer = frames.find((f) => f.trailer)?.data.toString() ?? response.headers.get("grpc-status");
      return { frames, trailer };
    };
    const info = await call("GetEngineInfo");
    assert.match(info.trailer, /grpc-status: ?0/);
    assert.ok(info.frames.some((f) => !f.trailer && f.data.includes("Contract bridge")));
    const refused = await call("SetupPosition");
    assert.match(refused.trailer, /grpc-status: ?3/);
    assert.match(refused.trailer, /grpc-message: ?position\.game/);
  });

  await check("tarok and Big Two: every legal move with its value, live", async () => {
    await page.click("nav button[data-tab=games]");
    for (const game of ["bigtwo", "tarok"]) {
      await page.selectOption("#game-select", game);
      await page.click("#game-setup");
      await page.waitForSelector("#game-moves-list button.move", WAIT);
      const legal = await page.$$eval("#game-moves-list button.move", (b) => b.length);
      await page.fill("#game-time", "1500");
      await page.click("#game-analyze");
      await page.waitForSelector("#game-status:not([data-state=running])", WAIT);
      const state = await page.getAttribute("#game-status", "data-state");
      assert.ok(state !== "error", await page.textContent("#tab-games"));
      const valued = await page.$$eval("#game-moves-list button.move[data-value]", (b) => b.length);
      assert.equal(valued, legal, `${game}: every legal move valued`);
      // The values' unit, from the report (bids and Big Two plays: points of the game's score).
      assert.match(await page.textContent("#game-results th:nth-child(2)"), /value \(game points\)/);
      await page.screenshot({ path: join(SHOTS, `${game}.png`), fullPage: true });
    }
  });
  await check("tarok and Big Two at the table: played by clicks on cards and talon groups, as kibitz sees it", async () => {
    await page.click("nav button[data-tab=games]");
    await page.uncheck("#game-vs-engine");
    await page.selectOption("#game-select", "tarok");
    await page.fill("#game-notation", TAROK);
    await page.fill("#game-moves", "pass two pass two");
    await page.click("#game-setup");
    // Two: three groups of two, each with its cards and a button that takes it.
    await page.waitForSelector("#game-table .table-group button.take", WAIT);
    assert.deepEqual(await page.$$eval("#game-table .table-group", (gs) => gs.map((g) =>
      [...g.querySelectorAll(".tcard")].map((c) => c.dataset.card).join(","))), ["QH,2H", "3H,QS", "7C,KH"]);
    await page.click('#game-table button.take[data-move="talon:1"]');
    await page.waitForFunction(() => /talon:1$/.test(document.querySelector("#game-moves").value), null, WAIT);
    // The declarer (seat 3) discards two cards by clicking them, then seat 1 leads a card.
    for (const n of [1, 2]) {
      await page.waitForFunction((k) => document.querySelector("#game-moves").value.trim().split(/\s+/).length === 5 + k - 1 &&
        document.querySelector('#game-table .table-hand.to-move[data-seat="3"] button.tcard.legal') !== null, n, WAIT);
      await page.click('#game-table .table-hand.to-move[data-seat="3"] button.tcard.legal');
    }
    await page.waitForSelector('#game-table .table-hand.to-move[data-seat="1"] button.tcard.legal', WAIT);
    const lead = await page.getAttribute('#game-table .table-hand.to-move[data-seat="1"] button.tcard.legal', "data-card");
    await page.click(`#game-table .table-hand[data-seat="1"] button.tcard[data-card="${lead}"]`);
    await page.waitForSelector(`#game-table .table-play[data-seat="1"] .tcard[data-card="${lead}"]`, WAIT);
    const moves = (await page.inputValue("#game-moves")).trim().split(/\s+/);
    assert.equal(moves.at(-1), lead);
    const expected = kibitz("setup", "--game=tarok", `--moves=${moves.join(",")}`, TAROK).table;
    const counts = await page.$$eval("#game-table .table-hand", (hs) => hs.map((h) => h.querySelectorAll(".tcard").length));
    assert.deepEqual(counts, expected.hands.map((h) => h.count));
    assert.equal(await page.textContent("#game-table dl"), expected.facts.map((f) => `${f.name}${f.value}`).join(""));
    await page.locator("#game-table").screenshot({ path: join(SHOTS, "tarok-table.png") });

    // Big Two: the opening 3C played by a click (a move of one card), the others pass, and seat
    // 1's lead, a combination kibitz lists, made by selecting its cards and playing them.
    await page.selectOption("#game-select", "bigtwo");
    await page.click("#game-setup");
    await page.waitForSelector('#game-table .table-hand.to-move button.tcard.legal[data-card="3C"]', WAIT);
    await page.click('#game-table .table-hand.to-move button.tcard.legal[data-card="3C"]');
    await page.waitForFunction(() => document.querySelector("#game-moves").value === "3C", null, WAIT);
    for (const n of [2, 3, 4]) {
      await page.waitForSelector(`#game-moves-list button.move[data-move="pass"]`, WAIT);
      await page.waitForFunction((k) => document.querySelector("#game-moves").value.split(" ").length === k - 1, n, WAIT);
      await page.click('#game-moves-list button.move[data-move="pass"]');
    }
    await page.waitForFunction(() => document.querySelector("#game-moves").value === "3C pass pass pass", null, WAIT);
    await page.waitForSelector('#game-table .table-hand.to-move[data-seat="1"]', WAIT);
    const deal = await page.inputValue("#game-notation");
    const setup = kibitz("setup", "--game=bigtwo", "--moves=3C,pass,pass,pass", deal);
    const play = setup.legal_moves.find((m) => m.length > 4);
    const seat = setup.side_to_move;
    for (const card of play.match(/../g)) {
      await page.click(`#game-table .table-hand[data-seat="${seat}"] button.tcard[data-card="${card}"]`);
    }
    await page.click("#game-table button.play-selected");
    await page.waitForSelector(`#game-table .table-play[data-seat="${seat}"]`, WAIT);
    const shown = await page.$$eval(`#game-table .table-play[data-seat="${seat}"] .tcard`, (cs) => cs.map((c) => c.dataset.card).join(""));
    const after = kibitz("setup", "--game=bigtwo", `--moves=3C,pass,pass,pass,${play}`, deal).table;
    assert.equal(shown, after.table[0].cards.join(""));
    assert.equal(await page.inputValue("#game-moves"), `3C pass pass pass ${play}`);
    await page.locator("#game-table").screenshot({ path: join(SHOTS, "bigtwo-table.png") });
  });

  await check("playing against the engine: it answers each move of the person's seat", async () => {
    await page.click('button[data-tab="games"]');
    await page.selectOption("#game-select", "tictactoe");
    await page.fill("#game-notation", "......... x");
    await page.fill("#game-moves", "");
    await page.selectOption("#game-seat", "x");
    await page.check("#game-vs-engine");
    await page.fill("#game-time", "500");
    await page.click("#game-setup");
    await page.waitForSelector('#game-moves-list button.move[data-move="b2"]', WAIT);
    await page.click('#game-moves-list button.move[data-move="b2"]');
    // The engine (o) answers from its own view; then it is x's turn again.
    await page.waitForFunction(() => document.querySelector("#game-moves").value.trim().split(/\s+/).length === 2, null, WAIT);
    await page.waitForFunction(() => /x to move/.test(document.querySelector("#game-to-move").textContent), null, WAIT);
    const [mine, engine] = (await page.inputValue("#game-moves")).trim().split(/\s+/);
    assert.equal(mine, "b2");
    assert.ok(["a1", "a3", "c1", "c3"].includes(engine), `o's answer ${engine}: a corner draws`);
    // A hint for x, marked among the legal moves; the game downloaded as the position and moves.
    await page.click("#game-hint");
    await page.waitForSelector("#game-moves-list button.move.hint", WAIT);
    const hinted = await page.getAttribute("#game-moves-list button.move.hint", "data-move");
    assert.equal(await page.textContent("#game-hint-text"), `hint: ${hinted}`);
    const [download] = await Promise.all([page.waitForEvent("download", WAIT), page.click("#game-download")]);
    const saved = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert.deepEqual(saved.moves, [mine, engine]);
    await page.uncheck("#game-vs-engine");
    // Bridge: South declares; the engine leads for West as soon as the deal is loaded.
    await page.click('button[data-tab="bridge"]');
    await page.uncheck("#student-view");
    await page.selectOption("#view-seat", "S");
    await page.fill("#samples", "40");
    await page.check("#bridge-vs-engine");
    await page.fill("#bridge-input", DEAL);
    await page.fill("#deal-contract", "3NT");
    await page.selectOption("#deal-declarer", "S");
    await page.click("#bridge-load");
    await page.waitForFunction(() => document.querySelectorAll("#play-record .record-card").length >= 1, null, WAIT);
    assert.match(await page.textContent('#play-record .record-card[data-index="0"]'), /^W /);
    await page.waitForFunction(() => /N to play/.test(document.querySelector("#to-move").textContent), null, WAIT);
    // A hint for North (declarer's choice), then the whole hand: my cards (North's and South's),
    // the first legal one each time; the engine's (East's and West's) from their own views.
    await page.click("#bridge-hint");
    await page.waitForSelector("#tab-bridge button.card.hint", WAIT);
    assert.match(await page.textContent("#engine-status"), /^hint: /);
    await page.fill("#samples", "8");
    for (let card = 0; card < 60; ++card) {
      await page.waitForSelector('#tab-bridge[data-busy="false"]', WAIT);
      if ((await page.textContent("#to-move")).startsWith("over")) break;
      assert.match(await page.textContent("#to-move"), /^[NS] to play/);
      const before = await page.$$eval("#play-record .record-card", (c) => c.length);
      await page.click("#tab-bridge .hand button.card.legal");
      await page.waitForFunction((n) => document.querySelectorAll("#play-record .record-card").length > n, before, WAIT);
    }
    assert.equal(await page.$$eval("#play-record .record-card", (c) => c.length), 52);
    assert.match(await page.textContent("#to-move"), /^over/);
    await page.uncheck("#bridge-vs-engine");
    // My last card (South's view: declarer chooses dummy's too) reviewed: one row, the 52nd or
    // the last one North or South played.
    await page.click("#mc-last");
    await page.waitForSelector("#mc-status:not([data-state=running])", WAIT);
    const reviewed = await page.$$eval("#mc-results tr.review", (rs) => rs.map((r) => Number(r.dataset.index)));
    const lastMine = await page.$$eval("#play-record .record-card", (cs) =>
      cs.map((c, i) => [c.textContent[0], i]).filter(([s]) => s === "N" || s === "S").at(-1)[1]);
    assert.deepEqual(reviewed, [lastMine]);
  });

  await check("a whole game against the engine in every game at a tiny budget; my last move analysed", async () => {
    await page.click('button[data-tab="games"]');
    await page.fill("#game-time", "40");
    await page.fill("#game-samples", "0");
    try {
    for (const [game, notation, seat] of [["tictactoe", "......... x", "x"], ["tarok", TAROK, "1"], ["bigtwo", "", "1"],
      ["scrabble", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/DORWXYZ 0/0 0 lex SCOWL70;", "1"]]) {
      await page.selectOption("#game-select", game);
      if (notation !== "") await page.fill("#game-notation", notation);
      await page.fill("#game-moves", "");
      await page.dispatchEvent("#game-notation", "input");
      await page.selectOption("#game-seat", seat);
      await page.check("#game-vs-engine");
      await page.click("#game-setup");
      // My move whenever my seat is to move (the first legal one), until the game is over.
      let mine = -1;
      for (let turn = 0; turn < 400; ++turn) {
        // The page done: set up, and the engine's seats moved.
        await page.waitForSelector('#tab-games[data-busy="false"]', WAIT);
        if ((await page.textContent("#game-to-move")).startsWith("game over")) break;
        assert.equal(await page.textContent("#game-to-move"), `${seat} to move`, await page.textContent("#tab-games .error.general"));
        mine = (await page.inputValue("#game-moves")).trim() === "" ? 0
          : (await page.$eval("#game-moves", (m) => m.value.split(m.value.includes(",") ? "," : /\s+/).filter((x) => x.trim() !== "").length));
        await page.$eval("#game-moves-list button.move", (b) => b.click());
        await page.waitForFunction((n) => {
          const v = document.querySelector("#game-moves").value;
          return v.split(v.includes(",") ? "," : /\s+/).filter((x) => x.trim() !== "").length > n;
        }, mine, WAIT);
      }
      assert.match(await page.textContent("#game-to-move"), /^game over/, game);
      const moves = (await page.inputValue("#game-moves")).trim();
      const list = moves.split(moves.includes(",") ? "," : /\s+/).map((m) => m.trim()).filter((m) => m !== "");
      // (Scrabble: the page dealt the bag first, so that every draw is known.)
      const played = await page.inputValue("#game-notation");
      if (game === "scrabble") assert.match(played, /bag [A-Z?]+;/);
      const final = kibitz("setup", `--game=${game}`, `--moves=${list.join(",")}`, played);
      assert.equal(final.terminal, true, `${game}: kibitz agrees the game is over`);
      // My last move, reviewed from my seat's view: one row, at its place in the game.
      await page.uncheck("#game-vs-engine");
      await page.click("#game-last-move");
      await page.waitForSelector("#game-status:not([data-state=running])", WAIT);
      const rows = await page.$$eval("#game-results tr.review", (rs) => rs.map((r) => [r.dataset.index, r.children[1].textContent]));
      assert.deepEqual(rows, [[String(mine), seat]], `${game}: ${await page.textContent("#game-status")}`);
    }
    } finally {
      await page.uncheck("#game-vs-engine");
      await page.selectOption("#game-seat", "");
    }
  });

  await check("Scrabble: the board with its premium squares and tiles; a selected play shown on it", async () => {
    await page.click('button[data-tab="games"]');
    await page.selectOption("#game-select", "scrabble");
    await page.fill("#game-notation", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 DORWXYZ/AEINRST 0/0 0 lex SCOWL70;");
    await page.fill("#game-moves", "8G WORD,");  // seat 1's play (a comma: the play holds a space)
    await page.click("#game-setup");
    await page.waitForSelector("#scrabble-board table", WAIT);
    const square = (r, c) => page.$eval(`#scrabble-board td[data-square="${r},${c}"]`, (t) => [t.textContent, t.className]);
    assert.deepEqual((await square(7, 6))[0], "W");
    assert.deepEqual((await square(7, 9))[0], "D");
    assert.match((await square(0, 0))[1], /tw/);
    assert.match((await square(1, 5))[1], /tl/);
    // A rack of AEINRST to move on the empty board: the plays ranked; the first selected on it.
    await page.fill("#game-moves", "");
    await page.fill("#game-notation", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/DORWXYZ 0/0 0 lex SCOWL70;");
    await page.click("#game-setup");
    await page.fill("#game-time", "2000");
    await page.click("#game-analyze");
    await page.waitForSelector("#game-status:not([data-state=running])", WAIT);
    const best = await page.getAttribute("#game-results tr[data-move]", "data-move");
    await page.click("#game-results tr[data-move]");
    const word = best.split(" ")[1];
    await page.waitForFunction((n) => document.querySelectorAll("#scrabble-board td.new").length === n, word.length, WAIT);
    await page.locator("#scrabble-board").screenshot({ path: join(SHOTS, "scrabble-board.png") });
  });

  await check("Scrabble: a position typed on the board, its plays ranked with score, leave and equity as kibitz's", async () => {
    await page.click('button[data-tab="games"]');
    await page.selectOption("#game-select", "scrabble");
    await page.fill("#game-moves", "");
    await page.fill("#game-notation", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/DORWXYZ 0/0 0 lex SCOWL70;");
    await page.dispatchEvent("#game-notation", "input");
    // Row 8 from column D: C, A, T typed across.
    await page.click('#scrabble-board td[data-square="7,3"]');
    await page.keyboard.type("CAT");
    const notation = await page.inputValue("#game-notation");
    assert.match(notation, /^15\/15\/15\/15\/15\/15\/15\/3CAT9\/15/, notation);
    assert.equal(await page.getAttribute('#scrabble-board td[data-square="7,4"]', "aria-label"), "8E: A");
    // The cursor moved on across to 8G; Backspace takes the T back, and it is typed again.
    await page.keyboard.press("Backspace");
    assert.match(await page.inputValue("#game-notation"), /\/3CA10\//);
    await page.keyboard.type("T");
    // The static player (a search option on the form), ranked as kibitz ranks them.
    await page.click("details.search-options summary");
    await page.selectOption("#game-option-algorithm", "static");
    await page.click("#game-setup");
    await page.waitForSelector("#game-moves-list details", WAIT);
    await page.click("#game-analyze");
    await page.waitForSelector("#game-status:not([data-state=running])", WAIT);
    const headers = await page.$$eval("#game-results th", (ths) => ths.map((t) => t.textContent));
    for (const h of ["score", "leave", "equity"]) assert.ok(headers.includes(h), headers.join(","));
    const first = await page.$eval("#game-results tr[data-move]", (r) => ({
      move: r.dataset.move,
      ...Object.fromEntries([...r.querySelectorAll("td[data-metric]")].map((td) => [td.dataset.metric, td.textContent])),
    }));
    const expected = kibitz("analyze", "--game=scrabble", "--option=algorithm=static", await page.inputValue("#game-notation")).moves[0];
    const metric = (name) => String(Number(expected.metrics.find((x) => x.name === name).value.toFixed(2)));
    assert.deepEqual(first, { move: expected.move, score: metric("score"), leave: metric("leave"), equity: metric("equity") });
    // A search option out of its range: the server's error beside that option.
    await page.fill("#game-option-top", "100000");
    await page.click("#game-analyze");
    await page.waitForSelector('.error[data-error-for="game-option-top"]:not([hidden])', WAIT);
    assert.match(await page.textContent('.error[data-error-for="game-option-top"]'), /top/);
    await page.fill("#game-option-top", "50");
    // Simulated (the default algorithm): each play's win % and spread with their errors, live.
    await page.selectOption("#game-option-algorithm", "sim");
    await page.fill("#game-time", "1500");
    await page.click("#game-analyze");
    await page.waitForSelector("#game-status:not([data-state=running])", WAIT);
    const simHeaders = await page.$$eval("#game-results th", (ths) => ths.map((t) => t.textContent));
    for (const h of ["win", "spread", "samples"]) assert.ok(simHeaders.includes(h), simHeaders.join(","));
    assert.match(await page.textContent('#game-results tr[data-move] td[data-metric="win"]'), /^[\d.]+ ± [\d.]+$/);
    await page.screenshot({ path: join(SHOTS, "scrabble-typed.png"), fullPage: true });
  });

  await check("a GCG record stepped move by move, the board and the mover's rack at each", async () => {
    await page.selectOption("#game-select", "scrabble");
    await page.fill("#game-notation", "#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +66 66\n" +
      ">b: DORWXYZ -XYZ +0 0\n>a: ACEHIOT -ACE +0 66\n");
    await page.dispatchEvent("#game-notation", "input");
    const tiles = () => page.$$eval("#scrabble-board td.tile", (t) => t.length);
    const shown = () => page.textContent("#game-step");
    await page.click("#game-first");
    await page.waitForFunction(() => document.querySelector("#game-step").textContent === "move 0 of 3", null, WAIT);
    await page.waitForSelector("#game-moves-list button.move, #game-moves-list details", WAIT);
    assert.equal(await tiles(), 0);
    assert.match(await page.textContent("#game-to-move"), /1 to move/);
    await page.click("#game-forward");
    await page.waitForFunction(() => /2 to move/.test(document.querySelector("#game-to-move").textContent), null, WAIT);
    assert.equal(await shown(), "move 1 of 3");
    assert.equal(await tiles(), 7);
    // Seat 2 to move holds the rack its record gives: DORWXYZ (its exchange of XYZ is legal).
    await page.waitForSelector('#game-moves-list button.move[data-move="-XYZ"]', { ...WAIT, state: "attached" });
    await page.click("#game-last");
    await page.waitForFunction(() => document.querySelector("#game-step").textContent === "move 3 of 3", null, WAIT);
    await page.click("#game-back");
    await page.waitForFunction(() => document.querySelector("#game-step").textContent === "move 2 of 3", null, WAIT);
    await page.waitForFunction(() => /1 to move/.test(document.querySelector("#game-to-move").textContent), null, WAIT);
  });

  await check("the bridge panel by keyboard alone: a deal loaded and a card played, the focus visible", async () => {
    await page.click('button[data-tab="bridge"]');
    await page.uncheck("#student-view");
    await page.uncheck("#bridge-vs-engine");
    await page.fill("#bridge-input", DEAL);
    await page.focus("#bridge-input");
    // Tab on to the Load button and press Enter.
    for (let i = 0; i < 40; ++i) {
      if (await page.evaluate(() => document.activeElement?.id) === "bridge-load") break;
      await page.keyboard.press("Tab");
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), "bridge-load");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none", "the focused button shows where the focus is");
    await page.keyboard.press("Enter");
    await page.waitForSelector("button.card.legal[data-value]", WAIT);
    // Tab to the first legal card (its name read out with its value), Enter plays it.
    for (let i = 0; i < 80; ++i) {
      if (await page.evaluate(() => document.activeElement?.matches("button.card.legal"))) break;
      await page.keyboard.press("Tab");
    }
    const label = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    assert.match(label, /^(ace|king|queen|jack|ten|[2-9]) of (spades|hearts|diamonds|clubs): \d+ tricks$/);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll("#play-record .record-card").length === 1, null, WAIT);
  });

  await check("a phone's width: the bridge and Scrabble panels fit without scrolling sideways", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(await overflow() <= 0, `bridge panel ${await overflow()} px too wide`);
      await page.screenshot({ path: join(SHOTS, "phone-bridge.png"), fullPage: true });
      await page.click('button[data-tab="games"]');
      const wide = await page.evaluate(() => [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right + window.scrollX > window.innerWidth + 1 || e.scrollWidth > window.innerWidth)
        .map((e) => `${e.tagName}#${e.id}.${e.className}:${e.scrollWidth}`).slice(0, 12).join(" ") + ` body ${document.body.scrollWidth} scrollX ${window.scrollX} inner ${window.innerWidth}`);
      assert.ok(await overflow() <= 0, `games panel ${await overflow()} px too wide: ${wide}`);
      await page.screenshot({ path: join(SHOTS, "phone-scrabble.png"), fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 1000 });
    }
  });

  await check("a game's moves reviewed: each graded against the best move at its point", async () => {
    await page.click('button[data-tab="games"]');
    await page.selectOption("#game-select", "tictactoe");
    await page.fill("#game-notation", "......... x");
    await page.fill("#game-moves", "b2 b1 a1");  // o's edge answer to the centre loses
    await page.click("#game-review");
    await page.waitForSelector("#game-status:not([data-state=running])", WAIT);
    assert.equal(await page.getAttribute("#game-status", "data-state"), "COMPLETED",
      await page.textContent("#tab-games"));
    const rows = await page.$$eval("#game-results tr.review", (rs) =>
      rs.map((r) => [r.getAttribute("data-index"), r.getAttribute("data-grade"), r.children[2].textContent]));
    assert.deepEqual(rows, [["0", "best", "b2"], ["1", "medium", "b1"], ["2", "best", "a1"]]);
    await page.screenshot({ path: join(SHOTS, "review.png"), fullPage: true });
  });
} finally {
  await browser.close();
  gateway.child.kill("SIGTERM");
  server.child.kill("SIGTERM");
}

const failed = results.filter(([, ok]) => !ok).length;
console.log(`${results.length - failed} of ${results.length} browser checks passed; screenshots in ${SHOTS}`);
process.exit(failed === 0 ? 0 : 1);
