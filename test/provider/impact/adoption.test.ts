import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runImpact } from "../../../provider/cli/impact/command";
import { DEFAULT_CREDENTIALS } from "../../../emulator/testing";
import { useEmulator } from "../../support/emulatorSuite";
import { type Door, preview, step } from "./previewSteps";

const suite = useEmulator();

/** `pulumi-idgov impact --format json` on a preview document, against the emulator. */
async function impactsOf(document: unknown, threshold?: number) {
  const settings = new Map([
    ["idgov:baseUrl", suite.url],
    ["idgov:clientId", DEFAULT_CREDENTIALS.clientId],
    ["idgov:clientSecret", DEFAULT_CREDENTIALS.clientSecret],
  ]);
  const stdin = Readable.from([JSON.stringify(document)]);
  const options = { preview: undefined, format: "json", threshold, unknownCrosses: false, settings } as const;
  const result = await runImpact(options, stdin);
  return { crossed: result.crossed, ...(JSON.parse(result.text) as { impacts: Record<string, unknown>[] }) };
}

async function apiReads(): Promise<string[]> {
  return (await suite.requests())
    .filter((r) => r.path.startsWith("/api/"))
    .map((r) => `${r.method} ${r.path}`);
}

function adopting(news: Record<string, unknown>, door: Door) {
  return preview([step("create", "RequestCatalog", "engineering", { news, door })]);
}

describe("pulumi-idgov impact: a create step that adopts an existing object", () => {
  it.each<Door>(["dynamic", "native"])(
    "judges adopting a catalog as the update it is, counting its members with one read (%s door)",
    async (door) => {
      const news = { adoptId: "cat-engineering", visibleToEveryone: false };
      const report = await impactsOf(adopting(news, door), 10);
      expect(report.impacts).toEqual([
        expect.objectContaining({
          object: "RequestCatalog engineering (cat-engineering)",
          change: "visibleToEveryone: true → false",
          count: 14,
          tenantWide: true,
        }),
      ]);
      expect(report.crossed).toBe(true);
      expect(await apiReads()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
    },
  );

  it("reports nothing for an adoption that leaves the reach as it is", async () => {
    const news = { adoptId: "cat-engineering", visibleToEveryone: true, displayName: "Eng" };
    const report = await impactsOf(adopting(news, "native"));
    expect(report.impacts).toEqual([]);
    expect(await apiReads()).toEqual(["GET /api/v1/catalogs/cat-engineering"]);
  });

  it("reads nothing for an adoption no impact rule can see (an app is counted only when removed)", async () => {
    const document = preview([
      step("create", "App", "github", { news: { adoptId: "app-github", label: "GitHub" }, door: "native" }),
    ]);
    expect((await impactsOf(document)).impacts).toEqual([]);
    expect(await apiReads()).toEqual([]);
  });
});
