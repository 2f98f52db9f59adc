import { describe, expect, it } from "vitest";
import { APP_ACCESS_MODELS } from "../../provider/schemas/enums";
import { unlisted } from "../../resources";
import { apiRequests } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const NEWER = "APP_ACCESS_MODEL_NEWER";

describe("an enumeration member pulumi-idgov does not list, without idgov:allowUnlistedMembers", () => {
  const ctx = useProviderHost();

  it("fails check naming the field, the listed members and the way to send it, before any request", async () => {
    const result = await ctx.engine.up("App", "newer", {
      displayName: "Newer",
      accessModel: unlisted(NEWER),
    });
    expect(result).toEqual({
      action: "failed-check",
      failures: [
        {
          property: "accessModel",
          reason:
            `must be one of ${APP_ACCESS_MODELS.join(", ")} (got "${NEWER}"); to send a member pulumi-idgov does ` +
            `not list yet, write unlisted("${NEWER}") and set idgov:allowUnlistedMembers to true`,
        },
      ],
    });
    expect(await apiRequests(ctx.emulator)).toEqual([]);
  });
});

describe("an enumeration member pulumi-idgov does not list, with idgov:allowUnlistedMembers true", () => {
  const ctx = useProviderHost({ config: { "idgov:allowUnlistedMembers": "true" } });

  it("is sent as given, read back, and shows no change on the next run", async () => {
    const program = { displayName: "Newer", accessModel: unlisted(NEWER) };
    const created = await ctx.engine.up("App", "newer", program);
    expect(created.action).toBe("create");
    const writes = (await apiRequests(ctx.emulator)).filter((request) => request.method === "POST");
    expect(writes.map((request) => request.body)).toContainEqual({
      app: { accessModel: NEWER },
      updateMask: "accessModel",
    });
    expect(created.action === "create" && created.state.outputs.accessModel).toBe(NEWER);
    expect((await ctx.engine.up("App", "newer", program)).action).toBe("same");
  });

  it("still refuses a value without the enumeration's prefix", async () => {
    const result = await ctx.engine.up("App", "bare", { displayName: "Bare", accessModel: "HYBRID" });
    expect(result).toEqual({
      action: "failed-check",
      failures: [
        {
          property: "accessModel",
          reason: 'must be an enumeration value starting with APP_ACCESS_MODEL_ (got "HYBRID")',
        },
      ],
    });
  });
});
