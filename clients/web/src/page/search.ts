// One search on the page, live: Analyze, BestMove or Review streamed, a progress bar, a status line, a
// Stop button (Stop by the search id; the stream then ends with its final report), and the
// stream cancelled when another search replaces it or the tab closes.
import { type SearchReport, StopReason, ValueUnit } from "../gen/kibitzer/v1/kibitzer_pb.js";
import { isAbort, kibitzer } from "./api.js";
import { showError } from "./dom.js";

export interface SearchView {
  panel: HTMLElement; // where errors are shown
  progress: HTMLProgressElement;
  status: HTMLElement;
  stop: HTMLButtonElement;
  show(report: SearchReport): void;
}

// What both calls take (their requests have the same fields).
export type SearchRequest = Parameters<typeof kibitzer.analyze>[0] & Parameters<typeof kibitzer.bestMove>[0];
export type ReviewRequest = Parameters<typeof kibitzer.review>[0];

// How far a search is toward the target every report carries (samples, nodes, time), 0 to 1; a
// review, by the moves it has valued.
export function targetFraction(r: SearchReport): number {
  if (r.reviewTotal > 0) return r.reviews.length / r.reviewTotal;
  const t = r.target;
  if (t === undefined) return 0;
  const part = (done: bigint, goal: bigint) => (goal > 0n ? Number(done) / Number(goal) : 0);
  return Math.min(1, Math.max(part(r.samples, t.samples), part(r.nodes, t.nodes),
    part(r.elapsedMs, t.timeMs)));
}

// A value's unit in words ("card points", "tricks"), from the report.
export function unitName(unit: ValueUnit): string {
  return unit === ValueUnit.UNSPECIFIED ? "" : (ValueUnit[unit] ?? "").toLowerCase().replace(/_/g, " ");
}

export function stopReasonName(reason: StopReason): string {
  return StopReason[reason]?.replace(/^STOP_REASON_/, "") ?? String(reason);
}

export class SearchRunner {
  private controller: AbortController | null = null;
  private searchId = "";

  constructor(private readonly view: SearchView) {
    view.stop.addEventListener("click", () => void this.stop());
    view.stop.disabled = true;
  }

  async run(kind: "analyze" | "bestMove", request: SearchRequest): Promise<void>;
  async run(kind: "review", request: ReviewRequest): Promise<void>;
  async run(kind: "analyze" | "bestMove" | "review", request: SearchRequest | ReviewRequest) {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const { progress, status, stop } = this.view;
    progress.value = 0;
    progress.dataset.seen = "";
    status.textContent = "starting…";
    status.dataset.state = "running";
    stop.disabled = false;
    try {
      const options = { signal: controller.signal };
      const reports = kind === "review" ? kibitzer.review(request as ReviewRequest, options)
        : kind === "analyze" ? kibitzer.analyze(request as SearchRequest, options)
          : kibitzer.bestMove(request as SearchRequest, options);
      for await (const report of reports) {
        if (report.searchId !== "") {
          this.searchId = report.searchId;
          status.dataset.searchId = report.searchId;
        }
        const fraction = report.final && report.stopReason === StopReason.COMPLETED ? 1 : targetFraction(report);
        progress.value = Math.max(0, Math.min(1, fraction));
        // Every value the bar took, for whoever watches it move (the browser test does).
        progress.dataset.seen = `${progress.dataset.seen ? `${progress.dataset.seen},` : ""}${progress.value.toFixed(4)}`;
        status.textContent = report.final
          ? `${stopReasonName(report.stopReason)} · ${report.samples > 0 ? `${report.samples} layouts · ` : ""}${report.elapsedMs} ms${report.message ? ` · ${report.message}` : ""}`
          : `${report.samples > 0 ? `${report.samples} layouts · ` : ""}${report.elapsedMs} ms`;
        if (report.final) status.dataset.state = stopReasonName(report.stopReason);
        if (report.moves.length > 0 || report.reviews.length > 0 || report.final) this.view.show(report);
      }
    } catch (e) {
      if (!isAbort(e)) {
        status.dataset.state = "error";
        status.textContent = "failed";
        showError(this.view.panel, e);
      }
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        stop.disabled = true;
      }
    }
  }

  async stop() {
    if (this.controller === null || this.searchId === "") return;
    try {
      await kibitzer.stop({ searchId: this.searchId });
    } catch (e) {
      showError(this.view.panel, e);
    }
  }

  cancel() {
    this.controller?.abort();
  }
}
