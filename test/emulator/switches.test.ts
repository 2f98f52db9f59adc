import { describe, expect, it } from "vitest";
import { SEED, startEmulator } from "../../emulator/index";
import { ApiSession, control } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

async function logged() {
  return (await control(suite.url, "GET", "requests")).body as {
    requests: {
      method: string;
      path: string;
      query: Record<string, string>;
      body: unknown;
      status: number;
      fault?: string;
    }[];
  };
}

describe("request log", () => {
  it("records method, path, query, parsed body, status, request id and arrival time of every API request", async () => {
    const listed = await suite.api.get("/api/v1/apps?page_size=10");
    await suite.api.post("/api/v1/apps", { displayName: "" });
    expect(await logged()).toEqual({
      requests: [
        {
          method: "GET",
          path: "/api/v1/apps",
          query: { page_size: "10" },
          body: null,
          status: 200,
          requestId: listed.headers.get("x-request-id"),
          at: expect.any(Number),
        },
        {
          method: "POST",
          path: "/api/v1/apps",
          query: {},
          body: { displayName: "" },
          status: 400,
          requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          at: expect.any(Number),
        },
      ],
    });
  });

  it("records token requests with the client secret redacted", async () => {
    await new ApiSession(suite.url).accessToken();
    const { requests } = await logged();
    expect(requests).toEqual([
      {
        method: "POST",
        path: "/auth/v1/token",
        query: {},
        body: { grant_type: "client_credentials", client_id: "idgov-emulator", client_secret: "[redacted]" },
        status: 200,
        requestId: expect.any(String),
        at: expect.any(Number),
      },
    ]);
  });

  it("forgets every entry on DELETE /__emulator/requests and never logs test switches", async () => {
    await suite.api.get("/api/v1/apps");
    expect((await control(suite.url, "DELETE", "requests")).status).toBe(200);
    await control(suite.url, "GET", "faults");
    expect(await logged()).toEqual({ requests: [] });
  });
});

describe("scripted faults", () => {
  it.each([
    ["429", 429, 8, "1"],
    ["503", 503, 14, "1"],
    ["500", 500, 13, null],
  ] as const)(
    "answers the next matching request with %s, then serves normally",
    async (fault, status, code, retry) => {
      await control(suite.url, "POST", "faults", {
        script: [{ fault, method: "GET", pathPrefix: "/api/v1/apps" }],
      });
      const faulted = await suite.api.get("/api/v1/apps");
      expect(faulted.status).toBe(status);
      expect((faulted.body as { code: number }).code).toBe(code);
      expect(faulted.headers.get("retry-after")).toBe(retry);
      expect((await suite.api.get("/api/v1/apps")).status).toBe(200);
    },
  );

  it("counts times down and consumes entries in order", async () => {
    await control(suite.url, "POST", "faults", {
      retryAfterSeconds: 7,
      script: [{ fault: "503", times: 2 }, { fault: "429" }],
    });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await suite.api.get("/api/v1/apps")).status);
    expect(statuses).toEqual([503, 503, 429, 200]);
  });

  it("skips requests that do not match the entry's method or path prefix", async () => {
    await control(suite.url, "POST", "faults", {
      script: [{ fault: "500", method: "POST", pathPrefix: "/api/v1/apps" }],
    });
    expect((await suite.api.get("/api/v1/apps")).status).toBe(200);
    expect((await suite.api.post("/api/v1/apps", { displayName: "x" })).status).toBe(500);
  });

  it("resets the connection before doing the work", async () => {
    await control(suite.url, "POST", "faults", { script: [{ fault: "reset", method: "POST" }] });
    await expect(suite.api.post("/api/v1/apps", { displayName: "Never stored" })).rejects.toThrow();
    const names = (await suite.api.get("/api/v1/apps?page_size=100")).body.list.map(
      (app: { displayName: string }) => app.displayName,
    );
    expect(names).not.toContain("Never stored");
    expect((await logged()).requests.filter((entry) => entry.method === "POST")[0]?.status).toBe(0);
  });

  it("commits the write, then drops the response", async () => {
    await control(suite.url, "POST", "faults", { script: [{ fault: "dropAfterCommit", method: "POST" }] });
    await expect(suite.api.post("/api/v1/apps", { displayName: "Stored anyway" })).rejects.toThrow();
    const names = (await suite.api.get("/api/v1/apps?page_size=100")).body.list.map(
      (app: { displayName: string }) => app.displayName,
    );
    expect(names).toContain("Stored anyway");
    expect((await logged()).requests.filter((entry) => entry.method === "POST")[0]?.status).toBe(200);
  });

  it.each([
    { fault: "htmlAfterCommit", starts: "<!doctype html>" },
    { fault: "emptyAfterCommit", starts: "{}" },
    { fault: "truncatedAfterCommit", starts: '{"app":{' },
  ])("commits the write, then answers 200 with an unreadable body ($fault)", async ({ fault, starts }) => {
    await control(suite.url, "POST", "faults", { script: [{ fault, method: "POST" }] });
    const answer = await fetch(`${suite.url}/api/v1/apps`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await suite.api.accessToken()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ displayName: `Stored ${fault}` }),
    });
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(text.startsWith(starts)).toBe(true);
    expect(() => (JSON.parse(text) as { app: { id: string } }).app.id).toThrow();
    const names = (await suite.api.get("/api/v1/apps?page_size=100")).body.list.map(
      (app: { displayName: string }) => app.displayName,
    );
    expect(names).toContain(`Stored ${fault}`);
  });

  it.each([
    { fault: "gatewayNotFoundHtml", type: "text/html", starts: "<html>" },
    { fault: "gatewayNotFoundText", type: "text/plain", starts: "404 page not found" },
  ])(
    "answers 404 as a gateway would, with a page that is not the service's error, and does nothing ($fault)",
    async ({ fault, type, starts }) => {
      await control(suite.url, "POST", "faults", { script: [{ fault, pathPrefix: "/auth/v1/token" }] });
      const token = await fetch(`${suite.url}/auth/v1/token`, {
        method: "POST",
        body: new URLSearchParams(),
      });
      expect(token.status).toBe(404);
      expect(token.headers.get("content-type")).toContain(type);
      expect((await token.text()).startsWith(starts)).toBe(true);
      await control(suite.url, "POST", "faults", {
        script: [{ fault, method: "POST", pathPrefix: "/api/v1/apps" }],
      });
      const create = await fetch(`${suite.url}/api/v1/apps`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await suite.api.accessToken()}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ displayName: `Never stored ${fault}` }),
      });
      expect(create.status).toBe(404);
      const names = (await suite.api.get("/api/v1/apps?page_size=100")).body.list.map(
        (app: { displayName: string }) => app.displayName,
      );
      expect(names).not.toContain(`Never stored ${fault}`);
    },
  );

  it("breaks the first item of a search answer, the others as they are (malformedSearchItem)", async () => {
    const apps = (await suite.api.get("/api/v1/apps?page_size=100")).body.list as {
      id: string;
      displayName: string;
    }[];
    await control(suite.url, "POST", "faults", {
      script: [{ fault: "malformedSearchItem", pathPrefix: "/api/v1/search/apps" }],
    });
    const answer = await fetch(`${suite.url}/api/v1/search/apps`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await suite.api.accessToken()}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ appIds: apps.slice(0, 2).map((app) => app.id) }),
    });
    const { list } = (await answer.json()) as { list: { displayName: unknown }[] };
    expect(list.map((item) => item.displayName)).toEqual([404, apps[1]?.displayName]);
  });

  it("marks every injected fault in the request log, and leaves served requests unmarked", async () => {
    await control(suite.url, "POST", "faults", {
      retryAfterSeconds: 0,
      script: [{ fault: "503" }, { fault: "reset" }, { fault: "dropAfterCommit" }, { latencyMs: 1 }],
    });
    for (let index = 0; index < 5; index += 1) await suite.api.get("/api/v1/apps").catch(() => undefined);
    expect((await logged()).requests.map(({ status, fault }) => ({ status, fault }))).toEqual([
      { status: 503, fault: "503" },
      { status: 0, fault: "reset" },
      { status: 200, fault: "dropAfterCommit" },
      { status: 200, fault: "latency" },
      { status: 200, fault: undefined },
    ]);
  });

  it("slows the next matching answer by a script entry's latencyMs, then serves it whole", async () => {
    await control(suite.url, "POST", "faults", {
      script: [{ latencyMs: 300, method: "POST", pathPrefix: "/api/v1/apps" }],
    });
    const slowed = suite.api.post("/api/v1/apps", { displayName: "Late but stored" });
    const before = await suite.api.get("/api/v1/apps?page_size=100");
    const answer = await slowed;
    expect(answer.status).toBe(200);
    expect(answer.body.app.displayName).toBe("Late but stored");
    expect(before.body.list.map((app: { displayName: string }) => app.displayName)).not.toContain(
      "Late but stored",
    );
  });

  it("never faults the test switches themselves", async () => {
    await control(suite.url, "POST", "faults", { rates: { "500": 1 } });
    expect((await control(suite.url, "GET", "requests")).status).toBe(200);
    expect((await suite.api.get("/api/v1/apps")).status).toBe(500);
  });
});

describe("fault settings", () => {
  it("answers 429 with Retry-After for every request when the 429 rate is 1", async () => {
    await control(suite.url, "POST", "faults", { rates: { "429": 1 }, retryAfterSeconds: 3 });
    const answer = await suite.api.get(`/api/v1/apps/${SEED.apps[0].id}`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("3");
    expect(answer.body).toEqual({ code: 8, message: "rate limit exceeded, retry later", details: [] });
  });

  it("replays the same fault sequence for the same randomSeed", async () => {
    const run = async () => {
      await control(suite.url, "POST", "faults", { rates: { "503": 0.5 }, randomSeed: 42 });
      const statuses = [];
      for (let index = 0; index < 12; index += 1) statuses.push((await suite.api.get("/api/v1/apps")).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(200);
  });

  it("answers the current settings, with what is left of the script", async () => {
    await control(suite.url, "POST", "faults", { latencyMs: 5, script: [{ fault: "500", times: 2 }] });
    await suite.api.get("/api/v1/apps");
    expect((await control(suite.url, "GET", "faults")).body).toEqual({
      latencyMs: 5,
      script: [{ fault: "500", times: 1 }],
    });
  });

  it("clears every setting with {}", async () => {
    await control(suite.url, "POST", "faults", { rates: { "500": 1 } });
    await control(suite.url, "POST", "faults", {});
    expect((await control(suite.url, "GET", "faults")).body).toEqual({});
    expect((await suite.api.get("/api/v1/apps")).status).toBe(200);
  });

  it("keeps the start-up latency when faults are set, unless they set their own", async () => {
    const slow = await startEmulator({ latencyMs: 40, quiet: true });
    try {
      await control(slow.url, "POST", "faults", { rates: { "500": 0.5 } });
      expect((await control(slow.url, "GET", "faults")).body).toEqual({
        latencyMs: 40,
        rates: { "500": 0.5 },
      });
      await control(slow.url, "POST", "faults", {});
      expect((await control(slow.url, "GET", "faults")).body).toEqual({ latencyMs: 40 });
      await control(slow.url, "POST", "faults", { latencyMs: 0 });
      expect((await control(slow.url, "GET", "faults")).body).toEqual({ latencyMs: 0 });
    } finally {
      await slow.close();
    }
  });

  it("answers 400 naming the field for an invalid setting", async () => {
    const answer = await control(suite.url, "POST", "faults", { rates: { "429": 2 }, colour: "red" });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(
      "invalid faults: rates.429: must be between 0 and 1; colour: unrecognized field",
    );
  });

  it("answers 400 for a script entry with neither a fault nor a latency", async () => {
    const answer = await control(suite.url, "POST", "faults", { script: [{ method: "GET" }] });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(
      "invalid faults: script[0]: needs a fault or a latencyMs",
    );
  });
});

describe("reset", () => {
  it("restores the seed and clears faults and the request log", async () => {
    await suite.api.delete("/api/v1/apps/app-github");
    await control(suite.url, "POST", "faults", { script: [{ fault: "500", pathPrefix: "/nothing" }] });
    expect((await control(suite.url, "POST", "reset")).status).toBe(200);
    expect((await control(suite.url, "GET", "faults")).body).toEqual({});
    expect(await logged()).toEqual({ requests: [] });
    expect((await suite.api.get("/api/v1/apps/app-github")).status).toBe(200);
  });
});

describe("grow", () => {
  it("adds generated Apps at once, listed after the seed's and before those made later, until a reset", async () => {
    const seeded = SEED.apps.length;
    const grown = await control(suite.url, "POST", "grow", { apps: 250 });
    expect(grown).toMatchObject({ status: 200, body: { apps: seeded + 250 } });
    const made = (await suite.api.post("/api/v1/apps", { displayName: "Made later" })).body as {
      app: { id: string };
    };
    const all: { id: string; displayName: string }[] = [];
    let pageToken: string | undefined;
    do {
      const page = (
        await suite.api.post("/api/v1/search/apps", { pageSize: 100, ...(pageToken ? { pageToken } : {}) })
      ).body as { list: { id: string; displayName: string }[]; nextPageToken: string };
      all.push(...page.list);
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    expect(all).toHaveLength(seeded + 251);
    expect(all.slice(seeded, seeded + 2).map((app) => app.displayName)).toEqual([
      `Generated app ${seeded}`,
      `Generated app ${seeded + 1}`,
    ]);
    expect(all.at(-1)?.id).toBe(made.app.id);
    const generated = all[seeded]!;
    expect((await suite.api.get(`/api/v1/apps/${generated.id}`)).status).toBe(200);
    await control(suite.url, "POST", "reset");
    expect((await suite.api.get(`/api/v1/apps/${generated.id}`)).status).toBe(404);
  });

  it("refuses a count that is not a positive whole number, naming the field", async () => {
    const refused = await control(suite.url, "POST", "grow", { apps: 0 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("apps");
  });
});
