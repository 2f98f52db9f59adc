import { describe, expect, it } from "vitest";
import { plannedChangesOf, PreviewFormatError } from "../../../provider/impact/fromPreview";
import { preview, step, urnOf } from "./previewSteps";

const OWNERSHIP = { __ownership: { resourceAddress: "urn", workspace: "organization/p/dev" } };

describe("reading the planned changes of `pulumi preview --json`", () => {
  it("takes the changed fields from the inputs when the dynamic door reports no diff, ignoring control inputs", () => {
    const olds = { ...OWNERSHIP, adoptId: "cat-engineering", displayName: "Eng", visibleToEveryone: true };
    const news = {
      ...olds,
      visibleToEveryone: false,
      __ownership: { resourceAddress: "other", workspace: "w" },
    };
    const [change, ...others] = plannedChangesOf(
      preview([step("update", "RequestCatalog", "engineering", { id: "cat-engineering", olds, news })]),
    );
    expect(others).toEqual([]);
    expect(change).toMatchObject({
      kind: "RequestCatalog",
      operation: "update",
      changedPaths: ["visibleToEveryone"],
      id: "cat-engineering",
      name: "engineering",
      urn: urnOf("RequestCatalog", "engineering"),
    });
    expect(change?.newInputs).toMatchObject({ visibleToEveryone: false });
  });

  it("compares in canonical form: a reordered entitlement set and a duration written another way are no change", () => {
    const refs = [
      { appId: "app-aws", id: "ent-aws-admin" },
      { appId: "app-github", id: "ent-github-org-admin" },
    ];
    const [catalog, session] = plannedChangesOf(
      preview([
        step("update", "RequestCatalog", "c", {
          id: "cat-1",
          olds: { displayName: "C", accessEntitlements: refs },
          news: { displayName: "C", accessEntitlements: [...refs].reverse() },
        }),
        step("update", "SessionSettings", "s", {
          id: "session",
          olds: { maxSessionLength: "3600s", ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8"] } },
          news: { maxSessionLength: "1h", ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/16"] } },
        }),
      ]),
    );
    expect(catalog?.changedPaths).toEqual([]);
    expect(session?.changedPaths).toEqual(["ssoAdminSource.sourceCidr"]);
  });

  it("reads both doors' type tokens, adds the native door's detailedDiff, and leaves out unchanged and foreign steps", () => {
    const changes = plannedChangesOf(
      preview([
        step("same", "App", "aws", { id: "app-aws", olds: { description: "d" }, news: { description: "d" } }),
        step("delete", "App", "salesforce", {
          id: "app-salesforce",
          olds: { description: "crm" },
          door: "native",
        }),
        step("update", "Automation", "joiner", {
          id: "auto-1",
          olds: { displayName: "J" },
          news: { displayName: "J" },
          door: "native",
          extra: { diffReasons: ["enabled"], detailedDiff: { enabled: { kind: "UPDATE" } } },
        }),
        {
          op: "update",
          urn: "urn:pulumi:dev::p::random:index/randomPet:RandomPet::pet",
          newState: { type: "random:index/randomPet:RandomPet" },
        },
        step("create", "AppResource", "repo", {
          news: { appId: "app-github", appResourceTypeId: "rt", displayName: "R" },
        }),
      ]),
    );
    expect(changes.map((change) => [change.kind, change.operation, change.id, change.changedPaths])).toEqual([
      ["App", "delete", "app-salesforce", ["description"]],
      ["Automation", "update", "auto-1", ["enabled"]],
      ["AppResource", "create", undefined, ["appId", "appResourceTypeId", "displayName"]],
    ]);
  });

  it("counts a replacement once, on its replace step, with the fields that replace it", () => {
    const olds = { displayName: "A", appId: "app-github", appResourceTypeId: "rt-1" };
    const news = { ...olds, appResourceTypeId: "rt-2" };
    const changes = plannedChangesOf(
      preview([
        step("create-replacement", "AppResource", "repo", { id: "app-github/rt-1/r", olds, news }),
        step("replace", "AppResource", "repo", { id: "app-github/rt-1/r", olds, news }),
        step("delete-replaced", "AppResource", "repo", { id: "app-github/rt-1/r", olds, news }),
      ]),
    );
    expect(changes.map((change) => [change.operation, change.id, change.changedPaths])).toEqual([
      ["replace", "app-github/rt-1/r", ["appResourceTypeId"]],
    ]);
  });

  it.each([
    ["a list", []],
    ["an object without steps", { config: {} }],
    ["null", null],
  ])("refuses %s, saying it is not a preview", (_, document) => {
    expect(() => plannedChangesOf(document)).toThrow(PreviewFormatError);
    expect(() => plannedChangesOf(document)).toThrow(
      "not the output of `pulumi preview --json`: it has no `steps` list",
    );
  });

  const catalogUpdate = step("update", "RequestCatalog", "c", {
    id: "cat-1",
    olds: { visibleToEveryone: true },
    news: { visibleToEveryone: false },
  });
  const withDiagnostics = (diagnostics: unknown[], extra: Record<string, unknown> = {}) => ({
    ...preview([catalogUpdate]),
    diagnostics,
    ...extra,
  });

  it.each([
    [
      "an error diagnostic, naming its resource",
      withDiagnostics([
        { message: "warning: slow\n", severity: "warning" },
        { urn: "urn:x", message: "error: Diff refused it\n", severity: "error" },
        { message: "error: another\n", severity: "error" },
      ]),
      "the preview failed, so its plan is cut short and its impact cannot be judged: urn:x: Diff refused it " +
        "(and 1 more error); fix the error and run `pulumi preview --json` again",
    ],
    [
      "a language host's Error: on standard error, colours and all",
      withDiagnostics([
        { message: '\u001b[31mError\u001b[0m: config value "x" not found\n\n', severity: "info#err" },
      ]),
      'its impact cannot be judged: config value "x" not found; fix',
    ],
    [
      "a plan the engine marks as possibly corrupt",
      withDiagnostics([], { maybeCorrupt: true }),
      "the preview marks its plan as possibly corrupt (`maybeCorrupt: true`)",
    ],
  ])("refuses a plan with %s, whatever steps it holds", (_, document, message) => {
    expect(() => plannedChangesOf(document)).toThrow(PreviewFormatError);
    expect(() => plannedChangesOf(document)).toThrow(message);
  });

  it("reads a plan whose program only wrote to standard error, or warned", () => {
    const document = withDiagnostics([
      { message: "warning: using pulumi-resource-idgov from $PATH\n", severity: "warning" },
      { message: "processing 3 apps\n", severity: "info#err" },
    ]);
    expect(plannedChangesOf(document).map((change) => change.changedPaths)).toEqual([["visibleToEveryone"]]);
  });
});
