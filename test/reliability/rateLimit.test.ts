import { describe, expect, it } from "vitest";
import { useProviderHost } from "../resources/harness/setup";
import { emulatorLog, faultFigures, printFigures } from "./support/figures";
import { managedObjects, objectFigures } from "./support/objects";
import { withFaults } from "./support/steps";

const ctx = useProviderHost({ config: { "idgov:maxRetries": "5" } });
const NAMES = Array.from({ length: 24 }, (_, index) => `limited-${String(index).padStart(2, "0")}`);

describe("a service that rate-limits", () => {
  it("sees 24 resources created at once against 8 requests a second complete, each 429 waited out", async () => {
    const results = await withFaults(ctx.emulator, { rateLimitPerSecond: 8 }, () =>
      Promise.all(NAMES.map((name) => ctx.engine.up("App", name, { displayName: name }))),
    );
    const log = await emulatorLog(ctx.emulator);
    const objects = await managedObjects(ctx.emulator, ctx.engine.workspace);
    const figures = faultFigures(log);
    printFigures("24 concurrent creates at 8 requests a second", { ...figures, ...objectFigures(objects) });

    expect(results.map((result) => result.action)).toEqual(NAMES.map(() => "create"));
    expect(figures.faultsInjected.rateLimit).toBeGreaterThan(0);
    expect(figures.retriesMade).toBe(figures.faultsInjected.rateLimit);
    expect(
      log.filter((request) => request.status === 429).every((request) => request.fault === "rateLimit"),
    ).toBe(true);
    expect(objectFigures(objects)).toEqual({ objectsCreated: 24, duplicatesFound: 0 });
  });
});
