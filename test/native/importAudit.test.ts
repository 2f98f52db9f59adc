import { describe, expect, it } from "vitest";
import { parseIgnoreFile } from "../../provider/audit/ignore";
import { runAudit } from "../../provider/audit/run";
import { parseStackExport } from "../../provider/audit/stackState";
import { SEED } from "../../emulator";
import { EMULATOR_CREDENTIALS, outOfBand } from "../../testkit/emulatorApi";
import { type Props, urnOf } from "../../testkit/nativePlugin";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();
const CATALOG = "idgov:index:RequestCatalog";

/** The text `pulumi stack export` prints for the test stack holding one resource the plugin imported. */
function stackExportOf(name: string, id: string, inputs: Props, outputs: Props): string {
  const resource = { urn: urnOf(CATALOG, name), custom: true, type: CATALOG, id, inputs, outputs };
  return JSON.stringify({ version: 3, deployment: { manifest: {}, resources: [resource] } });
}

async function auditOf(text: string) {
  const settings: Record<string, string> = {
    "idgov:baseUrl": ctx.emulator.url,
    "idgov:clientId": EMULATOR_CREDENTIALS.clientId,
    "idgov:clientSecret": EMULATOR_CREDENTIALS.clientSecret,
  };
  return runAudit(
    {
      stacks: [parseStackExport(text, "native-test.json")],
      appResourceCollections: [],
      ignore: parseIgnoreFile("", ".idgov-audit-ignore"),
      config: { get: (key) => settings[key] },
    },
    () => undefined,
  );
}

describe("pulumi-idgov audit of an object pulumi import took, before any write stamped it", () => {
  it("is this stack's, managed with no drift; an entitlement added in the console is drift on accessEntitlements", async () => {
    const made = await outOfBand(ctx.emulator, "POST", "/api/v1/catalogs", {
      displayName: "Console catalog",
    });
    const { requestCatalog } = made.requestCatalogView as { requestCatalog: { id: string } };
    const bindings = `/api/v1/catalogs/${requestCatalog.id}/visibility_bindings`;
    await outOfBand(ctx.emulator, "POST", bindings, { accessEntitlements: [SEED.entitlements[0]] });
    const imported = await ctx.plugin.read(CATALOG, "console", requestCatalog.id, {});
    expect(imported.inputs).toMatchObject({ accessEntitlements: [SEED.entitlements[0]] });
    const text = stackExportOf("console", requestCatalog.id, imported.inputs ?? {}, imported.outputs);

    const before = await auditOf(text);
    const object = before.objects.find((found) => found.id === requestCatalog.id);
    expect(object).toEqual({
      kind: "RequestCatalog",
      id: requestCatalog.id,
      displayName: "Console catalog",
      class: "managed",
      stack: "organization/native/native-test",
    });

    await outOfBand(ctx.emulator, "POST", bindings, { accessEntitlements: [SEED.entitlements[4]] });
    const after = await auditOf(text);
    expect(after.objects.find((found) => found.id === requestCatalog.id)).toMatchObject({
      class: "managed",
      driftedFields: ["accessEntitlements"],
    });
  });
});
