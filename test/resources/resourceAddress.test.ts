import { describe, expect, it } from "vitest";
import { resourceAddressAnnotation } from "../../provider/engine";
import { validateAnnotations } from "../../provider/schemas";
import { withFaults } from "../reliability/support/steps";
import { apiRequests, outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();

/** Pulumi names whose URN is not a valid annotation value as it is (spec 2.1). */
const NAMES = [
  ["a space", "GitHub Enterprise"],
  ["non-ASCII", "café-app"],
  ["a long name", `payroll-${"x".repeat(300)}`],
  ["an emoji and a quote", 'ship "it" 🚀'],
] as const;

async function addressOf(id: string): Promise<string | undefined> {
  const answer = await outOfBand(ctx.emulator, "GET", `/api/v1/apps/${id}`);
  return (answer.app as { annotations: Record<string, string> }).annotations.iac_resource_address;
}

describe("iac_resource_address", () => {
  it("keeps a URL-safe URN of at most 256 characters as it is", () => {
    const urn = ctx.engine.urn("App", "github");
    expect(resourceAddressAnnotation(urn)).toBe(urn);
  });

  it.each(NAMES)(
    "encodes a URN with %s deterministically, valid under spec 2.1 and idempotent",
    (_case, name) => {
      const urn = ctx.engine.urn("App", name);
      const value = resourceAddressAnnotation(urn);
      expect(value).toMatch(/^sha256:[A-Za-z0-9_-]{43}:/);
      expect(value.length).toBeLessThanOrEqual(256);
      expect(validateAnnotations({ iac_resource_address: value })).toEqual([]);
      expect(resourceAddressAnnotation(urn)).toBe(value);
      expect(resourceAddressAnnotation(value)).toBe(value);
      expect(resourceAddressAnnotation(`${urn}2`)).not.toBe(value);
    },
  );

  it.each(NAMES)(
    "lets a resource named with %s be created and stamped with its encoded address",
    async (_case, name) => {
      const result = await ctx.engine.up("App", name, { displayName: "Named" });
      if (result.action !== "create") throw new Error(`expected a create, got ${JSON.stringify(result)}`);
      expect(await addressOf(result.state.id)).toBe(resourceAddressAnnotation(ctx.engine.urn("App", name)));
      expect((await ctx.engine.up("App", name, { displayName: "Named" })).action).toBe("same");
    },
  );

  it("finds by the same encoded address the object a create made when its answer was lost", async () => {
    const name = "GitHub Enterprise café";
    const result = await withFaults(
      ctx.emulator,
      { script: [{ fault: "dropAfterCommit", method: "POST", pathPrefix: "/api/v1/apps" }] },
      () => ctx.engine.up("App", name, { displayName: "Lost" }),
    );
    if (result.action !== "create") throw new Error(`expected a create, got ${JSON.stringify(result)}`);
    const creates = (await apiRequests(ctx.emulator)).filter((request) => request.method === "POST");
    expect(creates.map((request) => request.path)).toEqual(["/api/v1/apps"]);
    expect(await addressOf(result.state.id)).toBe(resourceAddressAnnotation(ctx.engine.urn("App", name)));
  });
});
