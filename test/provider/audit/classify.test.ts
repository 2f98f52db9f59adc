import { describe, expect, it } from "vitest";
import { classify, type Holding, namesStack } from "../../../provider/audit/classify";
import type { AuditObject, Stamp, StackIdentity, TenantObject } from "../../../provider/audit/types";

const A: StackIdentity = { name: "acme/idp/a", workspace: "acme/idp/a" };
const B: StackIdentity = { name: "acme/idp/b", workspace: "acme/idp/b" };
/** A stack whose state holds nothing of this package: known by its URNs' project and stack. */
const C: StackIdentity = { name: "*/idp/c", project: "idp", stack: "c" };

const stamped = (stack: string, name = "x"): Stamp => ({
  tool: "pulumi",
  workspace: stack,
  address: `urn:pulumi:${stack.split("/")[2]}::idp::pulumi-nodejs:dynamic/idgov:App::${name}`,
});
const app = (id: string, stamp: Stamp = {}, displayName = id): TenantObject => ({
  kind: "App",
  id,
  displayName,
  stamp,
});
const authConfig = (id: string): TenantObject => ({ kind: "AuthConfig", id, displayName: id });
const held = (stack: StackIdentity, id: string, kind: Holding["kind"] = "App"): Holding => ({
  stack,
  kind,
  id,
});

/** Drift named by test: `app-drift` differs on `description` for whichever stack holds it. */
const driftOf = (object: TenantObject) => (object.id === "app-drift" ? ["description"] : []);

function one(tenant: TenantObject[], holdings: Holding[]): Omit<AuditObject, "kind" | "id" | "displayName"> {
  const [only, ...rest] = classify(tenant, holdings, [A, B, C], driftOf);
  expect(rest).toEqual([]);
  const { kind: _kind, id: _id, displayName: _name, ...outcome } = only!;
  return outcome;
}

describe("classify: one object, the given stacks A, B and C", () => {
  it.each<[string, TenantObject[], Holding[], ReturnType<typeof one>]>([
    [
      "held by A, stamped for A: managed",
      [app("app-1", stamped("acme/idp/a"))],
      [held(A, "app-1")],
      { class: "managed", stack: "acme/idp/a" },
    ],
    [
      "held by A, differing from A's inputs: managed, with the drifted fields",
      [app("app-drift", stamped("acme/idp/a"))],
      [held(A, "app-drift")],
      { class: "managed", stack: "acme/idp/a", driftedFields: ["description"] },
    ],
    ["no stamp, held by none: unmanaged", [app("app-1")], [], { class: "unmanaged" }],
    [
      "stamped for a stack not given: claimed by it",
      [app("app-1", stamped("acme/crm/prod"))],
      [],
      { class: "claimed", claimedBy: "acme/crm/prod" },
    ],
    [
      "stamped by another tool: claimed by that tool",
      [app("app-1", { tool: "console" })],
      [],
      { class: "claimed", claimedBy: "managed_by=console" },
    ],
    [
      "held by A but stamped for B (taken over): claimed, still in A",
      [app("app-1", stamped("acme/idp/b"))],
      [held(A, "app-1")],
      { class: "claimed", stack: "acme/idp/a", claimedBy: "acme/idp/b" },
    ],
    [
      "stamped for A, held by none: orphaned in A",
      [app("app-1", stamped("acme/idp/a"))],
      [],
      { class: "orphaned", stack: "acme/idp/a" },
    ],
    [
      "stamped for C, whose org the state does not tell: orphaned in C",
      [app("app-1", stamped("someorg/idp/c"))],
      [],
      { class: "orphaned", stack: "*/idp/c" },
    ],
    [
      "held by A and B: double-claimed, in the stack its stamps name",
      [app("app-1", stamped("acme/idp/b"))],
      [held(A, "app-1"), held(B, "app-1")],
      { class: "double-claimed", stack: "acme/idp/b", heldBy: ["acme/idp/a", "acme/idp/b"] },
    ],
    [
      "held by A, missing in the tenant: gone",
      [],
      [held(A, "app-1")],
      { class: "gone", stack: "acme/idp/a" },
    ],
    [
      "held by A and B, missing in the tenant: gone, with both holders",
      [],
      [held(A, "app-1"), held(B, "app-1")],
      { class: "gone", stack: "acme/idp/a", heldBy: ["acme/idp/a", "acme/idp/b"] },
    ],
    ["a kind without annotations, held by none: unmanaged", [authConfig("ac-1")], [], { class: "unmanaged" }],
    [
      "a kind without annotations, held by A: managed by the state alone",
      [authConfig("ac-1")],
      [held(A, "ac-1", "AuthConfig")],
      { class: "managed", stack: "acme/idp/a" },
    ],
    [
      "a kind without annotations, held by A and B: double-claimed",
      [authConfig("ac-1")],
      [held(A, "ac-1", "AuthConfig"), held(B, "ac-1", "AuthConfig")],
      { class: "double-claimed", stack: "acme/idp/a", heldBy: ["acme/idp/a", "acme/idp/b"] },
    ],
  ])("%s", (_name, tenant, holdings, expected) => {
    expect(one(tenant, holdings)).toEqual(expected);
  });
});

describe("classify: likely duplicates", () => {
  it("an unmanaged object named like a managed one of its kind is a duplicate; both name each other", () => {
    const objects = classify(
      [app("app-1", stamped("acme/idp/a"), "Payroll"), app("app-2", {}, " payroll "), authConfig("Payroll")],
      [held(A, "app-1")],
      [A],
      driftOf,
    );
    expect(objects.map((object) => [object.id, object.class, object.duplicateOf])).toEqual([
      ["app-1", "managed", ["app-2"]],
      ["app-2", "duplicate", ["app-1"]],
      ["Payroll", "unmanaged", undefined],
    ]);
  });

  it("app resources of one name in two collections are not duplicates; in one collection they are", () => {
    const resource = (id: string, stamp?: Stamp): TenantObject => ({
      kind: "AppResource",
      id,
      displayName: "main",
      ...(stamp ? { stamp } : {}),
    });
    const objects = classify(
      [
        resource("app-a/repo/r1", stamped("acme/idp/a")),
        resource("app-b/repo/r2", {}),
        resource("app-a/repo/r3", {}),
      ],
      [held(A, "app-a/repo/r1", "AppResource")],
      [A],
      driftOf,
    );
    expect(objects.map((object) => [object.id, object.class])).toEqual([
      ["app-a/repo/r1", "managed"],
      ["app-a/repo/r3", "duplicate"],
      ["app-b/repo/r2", "unmanaged"],
    ]);
  });

  it("an object left out (ignored) makes no other one a duplicate", () => {
    const objects = classify(
      [app("app-1", stamped("acme/idp/a"), "Sandbox"), app("app-2", {}, "Sandbox")],
      [held(A, "app-1")],
      [A],
      driftOf,
      (object) => object.id === "app-2",
    );
    expect(objects).toEqual([
      { kind: "App", id: "app-1", displayName: "Sandbox", class: "managed", stack: "acme/idp/a" },
    ]);
  });

  it("two objects of one name, neither managed, are not duplicates", () => {
    const objects = classify(
      [app("app-1", {}, "Wiki"), app("app-2", stamped("x/y/z"), "Wiki")],
      [],
      [A],
      driftOf,
    );
    expect(objects.map((object) => [object.class, object.duplicateOf])).toEqual([
      ["unmanaged", undefined],
      ["claimed", undefined],
    ]);
  });

  it("lists objects by kind, in the registry's order, then by id", () => {
    const objects = classify([authConfig("ac-1"), app("b"), app("a")], [], [A], driftOf);
    expect(objects.map((object) => `${object.kind}:${object.id}`)).toEqual([
      "App:a",
      "App:b",
      "AuthConfig:ac-1",
    ]);
  });
});

describe("namesStack", () => {
  it.each<[StackIdentity, string, boolean]>([
    [A, "acme/idp/a", true],
    [A, "other/idp/a", false],
    [C, "anyorg/idp/c", true],
    [C, "anyorg/idp/cc", false],
    [C, "idp/c", false],
    [{ name: "file.json" }, "acme/idp/a", false],
  ])("%j names %s: %s", (stack, workspace, expected) => {
    expect(namesStack(stack, workspace)).toBe(expected);
  });
});
