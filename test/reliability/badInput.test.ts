import { afterAll, describe, expect, it } from "vitest";
import { apiRequests } from "../resources/harness/emulatorApi";
import { useProviderHost } from "../resources/harness/setup";
import { BAD_INPUTS } from "./badInput/corpus";
import { emulatorLog, printFigures } from "./support/figures";

const ctx = useProviderHost();
let requestsSeen = 0;

describe("the bad-input corpus", () => {
  it("holds at least 40 invalid programs, each with a distinct rule per kind", () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(40);
    const keys = BAD_INPUTS.map((input) => `${input.kind}: ${input.rule}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(BAD_INPUTS)(
    "$kind: $rule fails check naming the property and the rule, before any request",
    async (input) => {
      const program = Object.fromEntries(
        Object.entries(input.program).filter(([, value]) => value !== undefined),
      );
      const result = await ctx.engine.up(input.kind, "invalid", program);
      const log = await emulatorLog(ctx.emulator);
      requestsSeen += log.length;

      expect(
        result.action === "failed-check" ? result.failures.map((f) => [f.property, f.reason]) : result.action,
      ).toEqual(input.failures);
      expect(await apiRequests(ctx.emulator)).toEqual([]);
      expect(log).toEqual([]);
    },
  );
});

afterAll(() => {
  printFigures("bad-input corpus", { programs: BAD_INPUTS.length, requestsReceived: requestsSeen });
});
