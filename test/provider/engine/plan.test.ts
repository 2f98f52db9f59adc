import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkInputs } from "../../../provider/engine/check";
import { message, scalar, set, writeOnlySecret } from "../../../provider/engine/fields";
import type { KindApi, ResourceKind } from "../../../provider/engine/kind";
import { decodeProps } from "../../../provider/engine/decoded";
import { planWrite, previousManagement } from "../../../provider/engine/plan";
import { buildOutputs } from "../../../provider/engine/state";
import { readState } from "../../../provider/engine/stateCodec";
import { matchesDigest } from "../../../provider/engine/writeOnly";

const noApi = {} as KindApi;
const fields = {
  maxSessionLength: scalar,
  ssoAdminSource: message({ enabled: scalar, sourceCidr: set }),
};
const base: ResourceKind = { name: "Thing", fields, inputSchema: z.strictObject({}), api: noApi };
const managed = base;
const singleton: ResourceKind = { ...base, singleton: "session" };
const replaceStyle: ResourceKind = { ...base, replaceStyleUpdate: true };

const live = { maxSessionLength: "43200s", ssoAdminSource: { enabled: true, sourceCidr: ["10.0.0.0/8"] } };
const before = { managedFields: ["maxSessionLength", "ssoAdminSource.sourceCidr"] };

describe("what a write does with a field the program stopped setting", () => {
  it.each([
    ["a managed object clears it", managed, ["maxSessionLength"], {}],
    ["a singleton leaves the tenant's value as it is", singleton, [], {}],
    [
      "a replace-style kind sends every field",
      replaceStyle,
      ["maxSessionLength", "ssoAdminSource"],
      { ssoAdminSource: { sourceCidr: ["10.0.0.0/8"] } },
    ],
  ])("%s", (_label, kind, mask, entity) => {
    const desired = { ssoAdminSource: { sourceCidr: ["10.0.0.0/8"] } };
    const plan = planWrite(kind, desired, live, previousManagement(before), "1.0.0", undefined);
    expect(plan.mask).toEqual(mask);
    expect(plan.entity).toEqual(entity);
  });
});

const secretKind: ResourceKind = {
  ...base,
  fields: { displayName: scalar, oidc: message({ issuerId: scalar, oidcClientSecret: writeOnlySecret }) },
};

describe("outputs of a kind with a write-only secret", () => {
  const inputs = { displayName: "IdP", oidc: { issuerId: "https://idp", oidcClientSecret: "s3cret-v1" } };
  const liveObject = {
    id: "ac-1",
    fields: { displayName: "IdP", oidc: { issuerId: "https://idp", oidcClientSecret: "" } },
  };

  it("keep a digest of the secret sent and the value sent apart, never the service's placeholder", () => {
    const { writeOnlyValues, ...outputs } = buildOutputs(
      secretKind,
      liveObject,
      undefined,
      decodeProps(inputs),
    );
    expect(outputs.oidc).toEqual({ issuerId: "https://idp" });
    expect(JSON.stringify(outputs)).not.toContain("s3cret");
    expect(writeOnlyValues).toEqual({ "oidc.oidcClientSecret": "s3cret-v1" });
    const digests = outputs.writeOnlyDigests as Record<string, string>;
    expect(matchesDigest("s3cret-v1", digests["oidc.oidcClientSecret"])).toBe(true);
  });

  it("carry the digest and the value sent over a read, which knows no inputs", () => {
    const written = buildOutputs(secretKind, liveObject, undefined, decodeProps(inputs));
    const read = buildOutputs(secretKind, liveObject, decodeProps(written));
    expect(read.writeOnlyDigests).toEqual(written.writeOnlyDigests);
    expect(read.writeOnlyValues).toEqual({ "oidc.oidcClientSecret": "s3cret-v1" });
  });
});

describe("check failures for fields a kind does not know", () => {
  const strict: ResourceKind = { ...base, inputSchema: z.strictObject({ enabled: z.boolean().optional() }) };
  it.each([
    ["the default reason", strict, "is not a known field"],
    [
      "the kind's own reason",
      { ...strict, unknownFieldReason: (property: string) => `${property} is not editable` },
      "issuer is not editable",
    ],
  ])("give %s", (_label, kind, reason) => {
    expect(checkInputs(kind, { issuer: "x" }, "c1/").failures).toEqual([{ property: "issuer", reason }]);
  });
});

const annotated: ResourceKind = { ...base, annotations: true };
const ownership = {
  workspace: "acme/idp/prod",
  resourceAddress: "urn:pulumi:prod::idp::idgov:index:App::crm",
};
const stamps = {
  managed_by: "pulumi",
  iac_workspace: "acme/idp/prod",
  iac_resource_address: "urn:pulumi:prod::idp::idgov:index:App::crm",
};

describe("the stamps of an object an import took, which no write has stamped yet", () => {
  const pending = previousManagement({ stampsPending: true, managedAnnotationKeys: ["team"] });
  const unstamped = { ...live, annotations: { team: "iam" } };
  const desired = { ...live, annotations: { team: "iam" }, __ownership: ownership };
  it.each([
    ["alone cause no write and no change", desired, [], []],
    [
      "ride along with a change of a field, which alone shows",
      { ...desired, maxSessionLength: "3600s" },
      ["maxSessionLength", "annotations"],
      ["maxSessionLength"],
    ],
    [
      "ride along with a change of the program's own annotations, which shows",
      { ...desired, annotations: { team: "sre" } },
      ["annotations"],
      ["annotations"],
    ],
  ])("%s", (_label, wanted, mask, changedPaths) => {
    const plan = planWrite(annotated, wanted, unstamped, pending, "1.0.0", ownership);
    expect(plan.mask).toEqual(mask);
    expect(plan.changedPaths).toEqual(changedPaths);
    if (mask.includes("annotations")) expect(plan.entity.annotations).toMatchObject(stamps);
  });

  it("are a change once the state no longer says they are pending (someone removed them)", () => {
    const plan = planWrite(annotated, desired, unstamped, previousManagement({}), "1.0.0", ownership);
    expect(plan.mask).toEqual(["annotations"]);
    expect(plan.changedPaths).toEqual(["annotations"]);
  });

  it("stay pending over a read and a write that sends nothing; a write that stamps ends it", () => {
    const state = { stampsPending: true, __ownership: ownership };
    const read = buildOutputs(annotated, { id: "app-1", fields: unstamped }, decodeProps(state));
    expect(readState(read).stampsPending).toBe(true);
    const noWrite = buildOutputs(
      annotated,
      { id: "app-1", fields: unstamped },
      decodeProps(read),
      decodeProps(desired),
    );
    expect(readState(noWrite).stampsPending).toBe(true);
    const stamped = { id: "app-1", fields: { ...unstamped, annotations: { team: "iam", ...stamps } } };
    const written = buildOutputs(annotated, stamped, decodeProps(noWrite), decodeProps(desired));
    expect(readState(written).stampsPending).toBeUndefined();
  });
});
