import { describe, expect, it } from "vitest";
import { parseStackExport } from "../../../provider/audit/stackState";
import { ignores, parseIgnoreFile } from "../../../provider/audit/ignore";
import { stackExportText } from "../../../testkit/stackExport";

const TEAM_A = { org: "acme", project: "idp", stack: "team-a" };
const app = {
  kind: "App",
  name: "wiki",
  inputs: { displayName: "Wiki" },
  live: { id: "app-wiki", fields: { displayName: "Wiki" } },
};

describe("reading a `pulumi stack export`", () => {
  it("takes the resources of this package and the stack's workspace from their ownership", () => {
    const state = parseStackExport(stackExportText(TEAM_A, [app]), "a.json");
    expect(state.identity).toEqual({
      name: "acme/idp/team-a",
      workspace: "acme/idp/team-a",
      project: "idp",
      stack: "team-a",
    });
    expect(state.resources.map(({ kind, id, urn }) => ({ kind, id, urn }))).toEqual([
      { kind: "App", id: "app-wiki", urn: "urn:pulumi:team-a::idp::pulumi-nodejs:dynamic/idgov:App::wiki" },
    ]);
  });

  it("accepts the native door's type token, and skips pending deletes, pending creates and other packages", () => {
    const text = stackExportText(TEAM_A, [app]);
    const parsed = JSON.parse(text) as { deployment: { resources: Record<string, unknown>[] } };
    const [, , wiki] = parsed.deployment.resources;
    parsed.deployment.resources.push(
      { ...wiki, type: "idgov:index:RequestCatalog", id: "cat-1" },
      { ...wiki, id: "app-old", delete: true },
      { ...wiki, id: "" },
      { ...wiki, type: "aws:s3/bucket:Bucket", id: "bucket" },
      { ...wiki, type: "idgov:index:Widget", id: "w" },
    );
    const state = parseStackExport(JSON.stringify(parsed), "a.json");
    expect(state.resources.map(({ kind, id }) => `${kind}:${id}`)).toEqual([
      "App:app-wiki",
      "RequestCatalog:cat-1",
    ]);
  });

  it("names a stack holding nothing of this package by its URNs' project and stack", () => {
    const state = parseStackExport(stackExportText(TEAM_A, []), "a.json");
    expect(state.identity).toEqual({ name: "*/idp/team-a", project: "idp", stack: "team-a" });
  });

  it("names a stack with no resources at all (never deployed) as it was given, not by the command that exported it", () => {
    const empty = JSON.stringify({ version: 3, deployment: { manifest: {}, resources: [] } });
    expect(parseStackExport(empty, "pulumi stack export --stack dev", "dev").identity).toEqual({
      name: "dev",
    });
    expect(parseStackExport(empty, "dev.json").identity).toEqual({ name: "dev.json" });
  });

  it("decodes secrets the export shows, and records the paths of those it keeps encrypted", () => {
    const oidc = { issuerId: "https://idp.example.com", oidcClientSecret: "plain-secret" };
    const held = {
      kind: "AuthConfig",
      name: "sso",
      inputs: { displayName: "SSO", oidc },
      live: { id: "ac-1", fields: {} },
    };
    const hidden = parseStackExport(
      stackExportText(TEAM_A, [{ ...held, secretInputs: ["oidc.oidcClientSecret"] }]),
      "a",
    );
    expect(hidden.resources[0]).toMatchObject({
      unreadablePaths: ["oidc.oidcClientSecret"],
      inputs: { oidc: { issuerId: oidc.issuerId } },
    });
    expect(hidden.resources[0]!.inputs.oidc).not.toHaveProperty("oidcClientSecret");
    const shown = parseStackExport(
      stackExportText(TEAM_A, [{ ...held, secretInputs: ["oidc.oidcClientSecret"], showSecrets: true }]),
      "a",
    );
    expect(shown.resources[0]).toMatchObject({ unreadablePaths: [], inputs: { oidc } });
  });

  it.each([
    ["not json", "a.json: not JSON"],
    ['{"version": 3}', 'a.json: has no "deployment": is it the output of `pulumi stack export`?'],
    ['{"deployment": {"resources": {}}}', 'a.json: "deployment.resources" is not a list'],
  ])("refuses %j: %s", (text, message) => {
    expect(() => parseStackExport(text, "a.json")).toThrow(message);
  });
});

describe("the ignore file", () => {
  const rules = parseIgnoreFile(
    "# kept by hand\n\nApp:app-legacy-*\nRequestCatalog:name=Sandbox*\n*:id=ac-?\n",
    "ignore",
  );
  it.each([
    [{ kind: "App", id: "app-legacy-crm", displayName: "CRM" }, true],
    [{ kind: "App", id: "app-crm", displayName: "app-legacy-x" }, false],
    [{ kind: "Automation", id: "app-legacy-crm", displayName: "CRM" }, false],
    [{ kind: "RequestCatalog", id: "cat-1", displayName: "sandbox tools" }, true],
    [{ kind: "RequestCatalog", id: "Sandbox", displayName: "Tools" }, false],
    [{ kind: "AuthConfig", id: "ac-1", displayName: "x" }, true],
    [{ kind: "AuthConfig", id: "ac-12", displayName: "x" }, false],
  ] as const)("%j is left out: %s", (object, expected) => {
    expect(rules.some((rule) => ignores(rule, object))).toBe(expected);
  });

  it.each([
    ["app-legacy", 'ignore:1: "app-legacy" is not <Kind>:<pattern>'],
    ["Widget:w-1", 'ignore:1: "Widget" is not a kind'],
    ["\nApp:name=", 'ignore:2: "App:name=" has an empty pattern'],
  ])("refuses %j: %s", (text, message) => {
    expect(() => parseIgnoreFile(text, "ignore")).toThrow(message);
  });
});
