import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as ts from "typescript";
import { describe, expect, it } from "vitest";
import * as idgov from "../../resources";
import { KIND_NAMES } from "../../provider/kinds";
import { scopeOutputs } from "../../provider/kinds/accessReviewScope";
import { appOutputs } from "../../provider/kinds/app";
import { appResourceOutputs } from "../../provider/kinds/appResource";
import { authConfigOutputs } from "../../provider/kinds/authConfig";
import { automationOutputs } from "../../provider/kinds/automation";
import { catalogOutputs } from "../../provider/kinds/requestCatalog";
import { sessionOutputs } from "../../provider/kinds/sessionSettings";
import { ssoOutputs } from "../../provider/kinds/ssoSettings";
import { xaaOutputs } from "../../provider/kinds/xaaSettings";

const TYPES_FILE = path.resolve(__dirname, "../../resources/types.ts");

/** The members of each interface of the generated `resources/types.ts`, by its name. */
function interfaceMembers(): Map<string, string[]> {
  const source = ts.createSourceFile(TYPES_FILE, readFileSync(TYPES_FILE, "utf8"), ts.ScriptTarget.ES2022);
  const members = new Map<string, string[]>();
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const names = statement.members.flatMap((member) =>
      member.name && ts.isIdentifier(member.name) ? [member.name.text] : [],
    );
    members.set(statement.name.text, names);
  }
  return members;
}

/** Each kind: the outputs its constructor registers at run time, and one resource of it as a program makes it. */
const KINDS: { kind: string; runtime: readonly string[]; make: () => pulumi.CustomResource }[] = [
  { kind: "App", runtime: appOutputs, make: () => new idgov.App("app", { displayName: "A" }) },
  {
    kind: "RequestCatalog",
    runtime: catalogOutputs,
    make: () => new idgov.RequestCatalog("catalog", { displayName: "Kit" }),
  },
  {
    kind: "Automation",
    runtime: automationOutputs,
    make: () => new idgov.Automation("automation", { displayName: "Flow" }),
  },
  { kind: "SsoSettings", runtime: ssoOutputs, make: () => new idgov.SsoSettings("sso") },
  { kind: "XaaSettings", runtime: xaaOutputs, make: () => new idgov.XaaSettings("xaa") },
  { kind: "SessionSettings", runtime: sessionOutputs, make: () => new idgov.SessionSettings("session") },
  {
    kind: "AuthConfig",
    runtime: authConfigOutputs,
    make: () => new idgov.AuthConfig("auth", { displayName: "Sign-in" }),
  },
  {
    kind: "AppResource",
    runtime: appResourceOutputs,
    make: () =>
      new idgov.AppResource("resource", { appId: "app-1", appResourceTypeId: "type-1", displayName: "R" }),
  },
  {
    kind: "AccessReviewScope",
    runtime: scopeOutputs,
    make: () => new idgov.AccessReviewScope("scope", { accessReviewId: "review-1" }),
  },
];

describe("the typed outputs of each kind", () => {
  const typed = interfaceMembers();

  it("covers every kind of KIND_NAMES", () => {
    expect(KINDS.map(({ kind }) => kind).sort()).toEqual([...KIND_NAMES].sort());
  });

  it.each(KINDS)(
    "$kind: the generated <Kind>Outputs lists exactly the outputs registered at run time",
    ({ kind, runtime }) => {
      const members = typed.get(`${kind}Outputs`);
      expect(members, `${kind}Outputs in resources/types.ts`).toBeDefined();
      expect([...(members ?? [])].sort()).toEqual([...runtime].sort());
      expect(members).not.toContain("id");
      expect(members).not.toContain("deletedAt");
    },
  );

  it.each(KINDS)(
    "$kind: every typed output is a pulumi.Output of the constructed resource",
    async ({ kind, make }) => {
      await pulumi.runtime.setMocks({
        newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
        call: (args) => args.inputs,
      });
      const resource = make() as unknown as Record<string, unknown>;
      const missing = (typed.get(`${kind}Outputs`) ?? []).filter(
        (name) => !pulumi.Output.isInstance(resource[name]),
      );
      expect(missing).toEqual([]);
    },
  );
});
