import { describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator";
import { clearRequests } from "../../testkit/emulatorApi";
import { useProviderHost } from "../resources/harness/setup";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { expireTokens, failureOf, withFaults } from "./support/steps";

const ctx = useProviderHost({ config: { "idgov:maxRetries": "5" } });
/** Attempts of a request that keeps failing: one, then `maxRetries` retries. */
const BUDGET = 6;
/** Attempts of a request that keeps being rate-limited: one, then the policy's 60 rate-limit retries. */
const RATE_LIMIT_BUDGET = 61;
const UNAVAILABLE = "503 UNAVAILABLE: service temporarily unavailable";

/** The last request the emulator answered: the one whose status and request id the error must name. */
async function lastRequest(): Promise<LoggedRequest> {
  const log = await emulatorLog(ctx.emulator);
  printFigures("a spent retry budget", faultFigures(log));
  return log[log.length - 1]!;
}

async function createdApp(name: string): Promise<string> {
  const result = await ctx.engine.up("App", name, { displayName: name });
  if (result.action !== "create") throw new Error(`expected a create, got ${result.action}`);
  return result.state.id;
}

describe("a spent retry budget", () => {
  it("fails a token request answered 503 past the budget naming the operation and resource that needed the token", async () => {
    await createdApp("token-first");
    await expireTokens(ctx.emulator);
    const error = await withFaults(
      ctx.emulator,
      { retryAfterSeconds: 0, script: [{ fault: "503", pathPrefix: "/auth/", times: 10 }] },
      () => failureOf(ctx.engine.up("App", "token-first", { displayName: "token-first", description: "x" })),
    );
    const last = await lastRequest();
    expect(error.message).toBe(
      `update App token-first: POST /auth/v1/token: ${UNAVAILABLE} (request id ${last.requestId})`,
    );
    expect(last).toMatchObject({ method: "POST", path: "/auth/v1/token", status: 503 });
  });

  it("fails a create answered 503 past the budget with the operation, the resource, the last status and the request id, having looked for it before each resend", async () => {
    const error = await withFaults(
      ctx.emulator,
      { retryAfterSeconds: 0, script: [{ fault: "503", method: "POST", pathPrefix: "/api/", times: 10 }] },
      () => failureOf(ctx.engine.up("App", "spent-create", { displayName: "Spent" })),
    );
    const log = (await emulatorLog(ctx.emulator)).filter((request) => request.path.startsWith("/api/"));
    const last = log.filter((request) => request.method === "POST").pop();
    expect(error.message).toBe(`create App spent-create: ${UNAVAILABLE} (request id ${last?.requestId})`);
    expect(log.map((request) => `${request.method} ${request.status}`)).toEqual(
      Array.from({ length: BUDGET }, () => ["POST 503", "GET 200"]).flat(),
    );
  });

  it.each([
    {
      operation: "update",
      method: "POST",
      fault: "503",
      answer: "503 UNAVAILABLE: service temporarily unavailable",
      run: (name: string) => ctx.engine.up("App", name, { displayName: name, description: "x" }),
    },
    {
      operation: "read",
      method: "GET",
      fault: "503",
      answer: "503 UNAVAILABLE: service temporarily unavailable",
      run: (name: string) => ctx.engine.refresh("App", name),
    },
    {
      operation: "delete",
      method: "DELETE",
      fault: "503",
      answer: "503 UNAVAILABLE: service temporarily unavailable",
      run: (name: string) => ctx.engine.destroy("App", name),
    },
  ])(
    "fails $operation answered $fault past the budget naming it, and keeps the last good state",
    async (step) => {
      const name = `spent-${step.operation}`;
      const id = await createdApp(name);
      const before = ctx.engine.state.get(ctx.engine.urn("App", name));
      const faults = {
        retryAfterSeconds: 0,
        script: [{ fault: step.fault, method: step.method, times: 10 }],
      };
      const error = await withFaults(ctx.emulator, faults, () => failureOf(step.run(name)));
      const last = await lastRequest();
      expect(error.message).toBe(
        `${step.operation} App ${name}: ${step.answer} (request id ${last.requestId})`,
      );
      expect(last).toMatchObject({
        method: step.method,
        path: `/api/v1/apps/${id}`,
        status: Number(step.fault),
      });
      expect(ctx.engine.state.get(ctx.engine.urn("App", name))).toEqual(before);
    },
  );

  it("spends exactly the configured budgets: maxRetries retries of a failure, 60 of a rate limit", async () => {
    const id = await createdApp("counted");
    const attempts = async (fault: string) => {
      const faults = { retryAfterSeconds: 0, script: [{ fault, method: "GET", times: 70 }] };
      const error = await withFaults(ctx.emulator, faults, () =>
        failureOf(ctx.engine.refresh("App", "counted")),
      );
      const reads = (await emulatorLog(ctx.emulator)).filter(
        (request) => request.path === `/api/v1/apps/${id}`,
      );
      await clearRequests(ctx.emulator);
      return {
        error: error.message.replace(/ \(request id \S+\)$/, ""),
        statuses: reads.map((r) => r.status),
      };
    };
    await clearRequests(ctx.emulator);
    expect(await attempts("503")).toEqual({
      error: `read App counted: ${UNAVAILABLE}`,
      statuses: Array(BUDGET).fill(503),
    });
    expect(await attempts("429")).toEqual({
      error: "read App counted: 429 RESOURCE_EXHAUSTED: rate limit exceeded, retry later",
      statuses: Array(RATE_LIMIT_BUDGET).fill(429),
    });
  });
});
