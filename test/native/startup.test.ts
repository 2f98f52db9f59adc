import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PLUGIN_MAIN } from "../../testkit/nativePlugin";

/**
 * The modules a fresh Node process holds once it has loaded the built plugin's entry point (without serving), and,
 * with `warmed`, its handlers as `warm` loads them before the engine's first call.
 */
function modulesLoadedAtStart(warmed = false): string[] {
  const handlers = PLUGIN_MAIN.replace(/main\.js$/, "resourceProvider.js");
  const warm = warmed
    ? `require(${JSON.stringify(handlers)}).resourceProvider("organization", () => {});`
    : "";
  const script = `require(${JSON.stringify(PLUGIN_MAIN)}); ${warm} process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as string[];
}

// The bundle of a release archive (IDGOV_TEST_PLUGIN_MAIN) is one file: there are no modules to count.
describe.skipIf(process.env.IDGOV_TEST_PLUGIN_MAIN !== undefined)("pulumi-resource-idgov start-up", () => {
  it("loads the service, its kinds and engine, the HTTP client library, the lookups and the schema only after the port", () => {
    const loaded = modulesLoadedAtStart();
    expect(loaded.some((file) => file.includes("/provider/native/main.js"))).toBe(true);
    expect(
      loaded.filter((file) =>
        /\/provider\/(native\/resourceProvider|service\/providerService)\.js$/.test(file),
      ),
    ).toEqual([]);
    expect(loaded.filter((file) => /\/provider\/(kinds|engine|client|schemas)\//.test(file))).toEqual([]);
    expect(loaded.filter((file) => file.includes("/node_modules/zod/"))).toEqual([]);
    expect(loaded.filter((file) => file.includes("/node_modules/undici/"))).toEqual([]);
    expect(loaded.filter((file) => /\/provider\/lookups\//.test(file))).toEqual([]);
    expect(loaded.filter((file) => /\/provider\/(native\/schema|service\/invoke)\.js$/.test(file))).toEqual(
      [],
    );
  });

  it("loads the components, the resource monitor's stubs and the policy pack's rules only with the first Construct, not with the handlers", () => {
    const loaded = modulesLoadedAtStart(true);
    expect(loaded.some((file) => file.endsWith("/provider/native/resourceProvider.js"))).toBe(true);
    expect(
      loaded.filter((file) =>
        /\/provider\/components\/|\/provider\/native\/(construct|monitor|monitorProtocol)\.js$|\/policy\/|\/proto\/resource(_grpc)?_pb\.js$/.test(
          file,
        ),
      ),
    ).toEqual([]);
  });
});
