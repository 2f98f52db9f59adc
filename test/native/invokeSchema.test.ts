import { beforeAll, describe, expect, it } from "vitest";
import { SEED } from "../../emulator";
import { type Props, revealed } from "../../testkit/nativePlugin";
import { type NamedTypes, type ObjectSpec, objectViolations } from "./harness/schemaConformance";
import { useNativePlugin } from "./harness/setup";

const ctx = useNativePlugin();
const [resource] = SEED.appResources;
const [automation] = SEED.automations.published;

/** Valid arguments against the seeded tenant for every function of the package, by name. */
const ARGUMENTS: Record<string, Props> = {
  getApp: { id: "app-github" },
  getRequestCatalog: { id: "cat-engineering" },
  getAutomation: { id: automation },
  getAuthConfig: { id: SEED.authConfigs.oidc },
  getAppResource: { ...resource },
  getSsoSettings: {},
  getCrossAppAccessSettings: {},
  getSessionSettings: {},
  getUserNotificationSettings: {},
  getSessionPolicy: { id: SEED.sessionPolicyId },
  getCredentialInventoryPolicy: { id: SEED.credentialInventoryPolicyId },
  getSecretMetadata: { vaultId: SEED.secretVaultId },
  listAppOwners: { appId: SEED.appWithOwners.appId },
  listAppEntitlementOwners: { appId: SEED.entitlementOwners.appId },
  listMcpResources: { appId: SEED.mcpSmall.appId, connectorId: SEED.mcpSmall.connectorId },
  searchAutomations: {},
  searchRoleMiningSuggestions: {},
};

/** What a list answer must hold, at least, against the seed: a list that answers nothing proves nothing. */
const LIST_SIZES: Record<string, number> = {
  listAppOwners: SEED.appWithOwners.ownerCount,
  listAppEntitlementOwners: SEED.entitlementOwners.count,
  listMcpResources: SEED.mcpSmall.count,
  searchAutomations:
    SEED.automations.published.length + SEED.automations.reports.length + SEED.automations.draft.length,
  searchRoleMiningSuggestions: SEED.roleMining.count,
};

let functions: Record<string, { inputs?: ObjectSpec; outputs: ObjectSpec }>;
let types: NamedTypes;
beforeAll(async () => {
  const schema = await ctx.plugin.schema();
  functions = schema.functions;
  types = schema.types;
});

describe("pulumi-resource-idgov: every function answers, over gRPC, what the schema says it answers", () => {
  it("has arguments here for exactly the schema's functions", () => {
    expect(Object.keys(functions).sort()).toEqual(
      Object.keys(ARGUMENTS)
        .map((name) => `idgov:index:${name}`)
        .sort(),
    );
  });

  it.each(Object.keys(ARGUMENTS))("%s", async (name) => {
    const token = `idgov:index:${name}`;
    const spec = functions[token]!;
    const args = ARGUMENTS[name]!;
    const inputs = spec.inputs ?? { properties: {} };
    expect(objectViolations(types, inputs, args, `${name} arguments`)).toEqual([]);
    const { result, failures } = await ctx.plugin.invoke(token, args);
    expect(failures).toEqual([]);
    const answer = revealed(result) as Props;
    expect(Object.keys(answer).length).toBeGreaterThan(0);
    expect(objectViolations(types, spec.outputs, answer, name)).toEqual([]);
    const size = LIST_SIZES[name];
    if (size !== undefined) expect((answer.items as unknown[]).length).toBe(size);
  });
});

describe("the schema conformance check itself", () => {
  it("names an undeclared property, a missing required one, a wrong type and a foreign enum member", () => {
    const item = (one: Props) => ({ items: [one] });
    const spec = functions["idgov:index:listMcpResources"]!.outputs;
    expect(objectViolations(types, spec, { items: [] }, "answer")).toEqual([]);
    expect(objectViolations(types, spec, {}, "answer")).toEqual(["answer.items: required, missing"]);
    expect(objectViolations(types, spec, item({ colour: "red", kind: "STATIC" }), "answer")).toEqual([
      "answer.items[0].colour: not a property of the schema's type",
      expect.stringMatching(
        /^answer\.items\[0\]\.kind: "STATIC" is not a member of idgov:index:McpResourceKind/,
      ),
    ]);
    expect(objectViolations(types, spec, item({ kind: "MCP_RESOURCE_KIND_LATER" }), "answer")).toEqual([]);
    expect(objectViolations(types, spec, { items: "none" }, "answer")).toEqual([
      'answer.items: expected an array, got "none"',
    ]);
  });
});
