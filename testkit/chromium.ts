import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";

/** Where Debian's `chromium` package puts the browser (`.ci/run` installs it when missing). */
const CANDIDATES = [process.env.CHROMIUM_BIN, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The headless Chromium to drive, or undefined when none is installed. */
export function chromiumBin(): string | undefined {
  return CANDIDATES.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

type Message = {
  id?: number;
  method?: string;
  params?: any;
  result?: any;
  error?: { message: string };
  sessionId?: string;
};

/** What a person gets from a page: its text as shown, its DOM, every request it made, its console, a screenshot. */
export interface OpenedPage {
  /** `document.title`, as the page's scripts (if any ran) left it. */
  readonly title: string;
  /** `document.body.innerText`: the text as laid out, hidden `<details>` bodies left out. */
  readonly text: string;
  /** The DOM after loading, serialised. */
  readonly html: string;
  /** Every URL the page requested, the document's own first. */
  readonly requests: readonly string[];
  /** Console and log entries (a content-security-policy violation is one). */
  readonly console: readonly string[];
  /** The number of elements that can run or fetch (script, iframe, object, embed, img, link) and `on…` attributes. */
  readonly active: number;
  /** The page as a PNG, when asked for. */
  readonly screenshot?: Buffer;
}

/** A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`): no port, no client. */
export class HeadlessChromium {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(message: Message) => void>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    let buffered = "";
    (child.stdio[4] as Readable).on("data", (chunk: Buffer) => {
      const parts = (buffered + chunk.toString()).split("\0");
      buffered = parts.pop() ?? "";
      for (const part of parts) this.dispatch(JSON.parse(part) as Message);
    });
  }

  /** Starts the browser with its own profile and its background traffic (updates, sign-in, metrics) turned off. */
  static async start(): Promise<HeadlessChromium> {
    const bin = chromiumBin();
    if (!bin) throw new Error("no Chromium: install Debian's `chromium` package (`.ci/run` does)");
    const profile = await mkdtemp(path.join(tmpdir(), "chromium-profile-"));
    const child = spawn(
      bin,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-dev-shm-usage",
        `--user-data-dir=${profile}`,
        "--remote-debugging-pipe",
        "about:blank",
      ],
      { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"], env: { ...process.env, HOME: profile } },
    );
    return new HeadlessChromium(child, profile);
  }

  private dispatch(message: Message): void {
    const waiter = message.id === undefined ? undefined : this.waiting.get(message.id);
    if (waiter) {
      this.waiting.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message);
    } else for (const listener of this.listeners) listener(message);
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<any> {
    const id = ++this.nextId;
    const sent = new Promise<Message>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    return sent.then((message) => message.result);
  }

  /**
   * Opens a local file in a new tab (scrolled to `fragment`), waits for its load event, and answers what a person
   * would get from it.
   */
  async open(
    file: string,
    options: { screenshot?: boolean; width?: number; height?: number; fragment?: string } = {},
  ): Promise<OpenedPage> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const requests: string[] = [];
    const consoleLines: string[] = [];
    let loaded!: () => void;
    const load = new Promise<void>((resolve) => (loaded = resolve));
    const listener = (message: Message) => {
      if (message.sessionId !== sessionId) return;
      if (message.method === "Network.requestWillBeSent") requests.push(message.params.request.url);
      if (message.method === "Log.entryAdded") consoleLines.push(message.params.entry.text);
      if (message.method === "Runtime.consoleAPICalled")
        consoleLines.push(JSON.stringify(message.params.args));
      if (message.method === "Page.loadEventFired") loaded();
    };
    this.listeners.add(listener);
    try {
      for (const domain of ["Network", "Page", "Log", "Runtime"])
        await this.send(`${domain}.enable`, {}, sessionId);
      const width = options.width ?? 1200;
      await this.send(
        "Emulation.setDeviceMetricsOverride",
        { width, height: options.height ?? 900, deviceScaleFactor: 1, mobile: false },
        sessionId,
      );
      const url = `${pathToFileURL(file).href}${options.fragment ? `#${options.fragment}` : ""}`;
      await this.send("Page.navigate", { url }, sessionId);
      await load;
      const evaluate = async (expression: string) =>
        (await this.send("Runtime.evaluate", { expression, returnByValue: true }, sessionId)).result.value;
      const text = (await evaluate("document.body.innerText")) as string;
      const title = (await evaluate("document.title")) as string;
      const html = (await evaluate("document.documentElement.outerHTML")) as string;
      const active = (await evaluate(
        "document.querySelectorAll('script,iframe,object,embed,img,link,base,meta[http-equiv=refresh]').length + " +
          "[...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length",
      )) as number;
      const screenshot = options.screenshot
        ? Buffer.from(
            (
              await this.send(
                "Page.captureScreenshot",
                { format: "png", captureBeyondViewport: false },
                sessionId,
              )
            ).data,
            "base64",
          )
        : undefined;
      await this.send("Target.closeTarget", { targetId });
      return {
        title,
        text,
        html,
        requests,
        console: consoleLines,
        active,
        ...(screenshot ? { screenshot } : {}),
      };
    } finally {
      this.listeners.delete(listener);
    }
  }

  /** Closes the browser and removes its profile. */
  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    await this.send("Browser.close").catch(() => this.child.kill());
    await exited;
    await rm(this.profile, { recursive: true, force: true });
  }
}
