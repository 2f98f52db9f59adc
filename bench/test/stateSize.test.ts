import { describe, expect, it } from "vitest";
import { stateSizesOf } from "../stateSize";

const provider = (kind: string) => `exports.handler = __f0; // ${kind}`;
const resource = (kind: string, name: string, extra: Record<string, unknown> = {}) => ({
  urn: `urn:pulumi:bench::idgov-bench::pulumi-nodejs:dynamic/idgov:${kind}::${name}`,
  custom: true,
  type: `pulumi-nodejs:dynamic/idgov:${kind}`,
  inputs: { __provider: provider(kind), ...extra },
  outputs: { __provider: provider(kind), ...extra },
});

describe("state sizes of a pulumi stack export", () => {
  const resources = [
    {
      urn: "urn:pulumi:bench::idgov-bench::pulumi:pulumi:Stack::idgov-bench-bench",
      type: "pulumi:pulumi:Stack",
    },
    resource("App", "a"),
    resource("App", "b", { description: "a longer one" }),
    resource("SsoSettings", "sso"),
  ];
  const text = JSON.stringify({ version: 3, deployment: { resources } }, null, 4);
  const sizes = stateSizesOf(text);

  it("shares the whole export out over this package's resources only", () => {
    expect(sizes.exportBytes).toBe(Buffer.byteLength(text));
    expect(sizes.resources).toBe(3);
    expect(sizes.bytesPerResource).toBe(Math.round(Buffer.byteLength(text) / 3));
  });

  it("takes the largest __provider of any resource", () => {
    expect(sizes.providerBytesMax).toBe(Buffer.byteLength(provider("SsoSettings")));
  });

  it("gives each kind its count, largest __provider and mean entry size", () => {
    const [, a, b, sso] = resources;
    const entry = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    expect(sizes.byKind).toEqual({
      App: {
        resources: 2,
        providerBytes: Buffer.byteLength(provider("App")),
        entryBytes: Math.round((entry(a) + entry(b)) / 2),
      },
      SsoSettings: {
        resources: 1,
        providerBytes: Buffer.byteLength(provider("SsoSettings")),
        entryBytes: entry(sso),
      },
    });
  });

  it("reads an export without resources as empty", () => {
    expect(stateSizesOf(JSON.stringify({ deployment: {} }))).toMatchObject({
      resources: 0,
      bytesPerResource: 0,
      providerBytesMax: 0,
      byKind: {},
    });
  });
});
