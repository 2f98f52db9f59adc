import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";

/** How one exchange ended, as {@link AnswerReader} saw it. */
export type ExchangeOutcome =
  | { kind: "answer"; status: number; headers: IncomingHttpHeaders; bodyText: string }
  | { kind: "error"; error: Error }
  | { kind: "deadline" }
  | { kind: "too-large" };

/**
 * Reads one answer of undici's `dispatch` whole, as text: it stops the exchange at `deadlineMs` after it was made,
 * however far it got (queued, sending, or reading a trickling body), and as soon as the answer is known to exceed
 * `limit` bytes, reading no more than that. Settles once; the events undici sends after that are ignored. Reading
 * the events straight, rather than through undici's `request` and its body stream, takes about a third less CPU
 * per request in a fresh process.
 */
export class AnswerReader implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    deadlineMs: number,
    private readonly settle: (outcome: ExchangeOutcome) => void,
  ) {
    this.timer = setTimeout(() => this.stop({ kind: "deadline" }), deadlineMs);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.settled) controller.abort(new Error("exchange stopped"));
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
  ): void {
    this.status = status;
    this.headers = headers;
    if (Number(firstHeader(headers["content-length"])) > this.limit) this.stop({ kind: "too-large" });
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    this.size += chunk.length;
    if (this.size > this.limit) this.stop({ kind: "too-large" });
    else this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    const bodyText = Buffer.concat(this.chunks, this.size).toString("utf8");
    this.finish({ kind: "answer", status: this.status, headers: this.headers, bodyText });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finish({ kind: "error", error });
  }

  /** Ends the exchange early: aborts it now if it has started, else as soon as it does. */
  private stop(outcome: ExchangeOutcome): void {
    if (this.settled) return;
    this.finish(outcome);
    this.controller?.abort(new Error("exchange stopped"));
  }

  private finish(outcome: ExchangeOutcome): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.settle(outcome);
  }
}

/** The first value of a header that may repeat. */
export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
