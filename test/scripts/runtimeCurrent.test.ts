import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import {
  NODE_RUNTIME_VERSION,
  newestCommonPatch,
  publishedIntegrity,
  RUNTIME_PACKAGES,
  servedVersions,
} from "../../scripts/release/runtime";

const line = NODE_RUNTIME_VERSION.split(".")[0]!;

describe("the newest patch of a Node.js line that every platform package serves", () => {
  it.each([
    {
      served: [
        ["22.1.0", "22.10.2", "22.9.9"],
        ["22.10.2", "22.9.9"],
      ],
      newest: "22.10.2",
    },
    {
      served: [
        ["22.23.5", "22.23.2"],
        ["22.23.2", "24.1.0"],
      ],
      newest: "22.23.2",
    },
    {
      served: [
        ["22.1.0-rc.1", "22.0.0"],
        ["22.1.0-rc.1", "22.0.0"],
      ],
      newest: "22.0.0",
    },
    { served: [["22.1.0"], ["24.1.0"]], newest: undefined },
  ])("of $served is $newest", ({ served, newest }) => {
    expect(newestCommonPatch(served, "22")).toBe(newest);
  });
});

/**
 * The Node.js inside the executables is kept current: a newer patch of its line that every platform's package serves
 * (a security release) fails this test until scripts/release/runtime.ts names it, and the plugin gets a patch release
 * (docs/guides/releasing.md). Asks the npm registry.
 */
describe(`the pinned Node.js ${NODE_RUNTIME_VERSION}`, () => {
  it("is the newest patch of its line that the npm registry serves for all six platforms", async () => {
    const served = await Promise.all(RUNTIME_PACKAGES.map((pkg) => servedVersions(pkg.name, tmpdir())));
    expect(newestCommonPatch(served, line)).toBe(NODE_RUNTIME_VERSION);
  }, 60_000);

  it("is published by every platform's package with an integrity to check the download against", () => {
    for (const pkg of RUNTIME_PACKAGES)
      expect(publishedIntegrity(pkg.name, NODE_RUNTIME_VERSION, tmpdir()), pkg.name).toMatch(
        /^sha512-\S{86}==$/,
      );
  }, 60_000);
});
