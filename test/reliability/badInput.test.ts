import { afterAll, describe, expect, it } from "vitest";
import { apiRequests } from "../../testkit/emulatorApi";
import { BAD_INPUTS } from "./badInput/corpus";
import { failuresFor } from "./badInput/rules";
import { DOORS, useDoor } from "./support/doors";
import { emulatorLog, printFigures } from "./support/figures";

describe("the bad-input corpus", () => {
  it("holds at least 40 invalid programs, each with a distinct rule per kind", () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(40);
    const keys = BAD_INPUTS.map((input) => `${input.kind}: ${input.rule}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each(DOORS)("through the $name door", (door) => {
  const ctx = useDoor(door);
  let requestsSeen = 0;

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
      ).toEqual(
        failuresFor(input, {
          workspace: ctx.engine.workspace,
          resourceAddress: ctx.engine.urn(input.kind, "invalid"),
        }),
      );
      expect(await apiRequests(ctx.emulator)).toEqual([]);
      expect(log).toEqual([]);
    },
  );

  afterAll(() => {
    printFigures(`bad-input corpus (${door.name} door)`, {
      programs: BAD_INPUTS.length,
      requestsReceived: requestsSeen,
    });
  });
});
