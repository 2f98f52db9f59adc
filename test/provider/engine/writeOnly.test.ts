import { describe, expect, it } from "vitest";
import { computeChanges } from "../../../provider/engine/changes";
import { message, scalar, writeOnlySecret } from "../../../provider/engine/fields";
import { UNKNOWN } from "../../../provider/engine/unknowns";
import {
  digestSecret,
  digestWriteOnly,
  matchesDigest,
  writeOnlyChanged,
} from "../../../provider/engine/writeOnly";

const sent = digestSecret("s3cret-v1");

describe("write-only digests", () => {
  it("never contains the secret and differs for the same secret under another salt", () => {
    expect(sent).toMatch(/^scrypt:[\w-]+:[\w-]+$/);
    expect(sent).not.toContain("s3cret");
    expect(digestSecret("s3cret-v1")).not.toBe(sent);
  });

  it.each([
    ["the same secret", "s3cret-v1", sent, true],
    ["another secret", "s3cret-v2", sent, false],
    ["no digest", "s3cret-v1", undefined, false],
    ["a malformed digest", "s3cret-v1", "sha1:abc", false],
  ])("matches %s: %s", (_label, value, digest, expected) => {
    expect(matchesDigest(value, digest)).toBe(expected);
  });

  it.each([
    ["unchanged", "s3cret-v1", sent, false],
    ["changed", "s3cret-v2", sent, true],
    ["never sent", "s3cret-v1", undefined, true],
    ["still unknown in a preview", UNKNOWN, sent, true],
    ["dropped after being sent", undefined, sent, true],
    ["emptied after being sent", "", sent, true],
    ["never set", undefined, undefined, false],
  ])("must be sent when %s", (_label, value, digest, expected) => {
    expect(writeOnlyChanged(value, digest)).toBe(expected);
  });
});

const fields = {
  displayName: scalar,
  oidc: message({ issuerId: scalar, oidcClientSecret: writeOnlySecret }),
};

describe("write-only fields in a diff", () => {
  it.each([
    ["the same secret, whatever the service answers", "s3cret-v1", "********", []],
    ["a new secret", "s3cret-v2", "", ["oidc.oidcClientSecret"]],
  ])("with %s, names %j", (_label, secret, liveSecret, expected) => {
    const desired = { displayName: "IdP", oidc: { issuerId: "https://idp", oidcClientSecret: secret } };
    const live = { displayName: "IdP", oidc: { issuerId: "https://idp", oidcClientSecret: liveSecret } };
    const digests = { "oidc.oidcClientSecret": sent };
    expect(computeChanges(fields, desired, live, [], digests).paths).toEqual(expected);
  });

  it("keeps a previous digest when the secret is the same, and digests only set secrets", () => {
    const kept = digestWriteOnly(
      fields,
      { oidc: { oidcClientSecret: "s3cret-v1" } },
      {
        "oidc.oidcClientSecret": sent,
      },
    );
    expect(kept).toEqual({ "oidc.oidcClientSecret": sent });
    const fresh = digestWriteOnly(
      fields,
      { oidc: { oidcClientSecret: "s3cret-v2" } },
      {
        "oidc.oidcClientSecret": sent,
      },
    );
    expect(matchesDigest("s3cret-v2", fresh["oidc.oidcClientSecret"])).toBe(true);
    expect(digestWriteOnly(fields, { oidc: { issuerId: "x" } })).toEqual({});
  });
});
