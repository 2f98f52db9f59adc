import { describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/index";
import { control } from "../../emulator/testing";
import { useEmulator } from "../support/emulatorSuite";

const suite = useEmulator();

async function logged(): Promise<LoggedRequest[]> {
  return ((await control(suite.url, "GET", "requests")).body as { requests: LoggedRequest[] }).requests;
}

async function burst(count: number) {
  const answers = [];
  for (let index = 0; index < count; index += 1) answers.push(await suite.api.get("/api/v1/apps/app-github"));
  return answers;
}

describe("the rateLimitPerSecond token bucket", () => {
  it("lets one second's worth of requests through, then answers 429 RESOURCE_EXHAUSTED with Retry-After", async () => {
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 2 });
    const answers = await burst(4);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429]);
    expect(answers[2]?.body).toEqual({ code: 8, message: "rate limit exceeded, retry later", details: [] });
    expect(answers[2]?.headers.get("retry-after")).toBe("1");
  });

  it("answers in Retry-After the whole seconds until the bucket holds a token again", async () => {
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 0.25 });
    const answers = await burst(2);
    expect(answers.map((answer) => answer.status)).toEqual([200, 429]);
    expect(answers[1]?.headers.get("retry-after")).toBe("4");
  });

  it("serves again once the bucket has refilled", async () => {
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 20 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => suite.api.get("/api/v1/apps/app-github")),
    );
    expect(answers.some((answer) => answer.status === 429)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await suite.api.get("/api/v1/apps/app-github")).status).toBe(200);
  });

  it("never executes a rate-limited write", async () => {
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 1 });
    await suite.api.get("/api/v1/apps/app-github");
    const refused = await suite.api.post("/api/v1/apps", { displayName: "Refused by the rate limit" });
    await control(suite.url, "POST", "faults", {});
    expect(refused.status).toBe(429);
    const names = (await suite.api.get("/api/v1/apps?page_size=100")).body.list.map(
      (app: { displayName: string }) => app.displayName,
    );
    expect(names).not.toContain("Refused by the rate limit");
  });

  it("marks each request it refused as rateLimit in the request log", async () => {
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 1 });
    await burst(2);
    expect((await logged()).map(({ status, fault }) => ({ status, fault }))).toEqual([
      { status: 200, fault: undefined },
      { status: 429, fault: "rateLimit" },
    ]);
  });

  it("is cleared by {} and by a reset", async () => {
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 1 });
    await control(suite.url, "POST", "faults", {});
    expect((await burst(3)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    await control(suite.url, "POST", "faults", { rateLimitPerSecond: 1 });
    await control(suite.url, "POST", "reset");
    expect((await burst(3)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });
});
