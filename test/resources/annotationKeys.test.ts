import { describe, expect, it } from "vitest";
import { annotationPatch } from "../../provider/engine/ownership";
import { outOfBand } from "../../testkit/emulatorApi";
import { useProviderHost } from "./harness/setup";

const ctx = useProviderHost();
/** Valid annotation keys (spec 2.1) that are also the names of `Object.prototype` members. */
const PROTOTYPE_NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty"];
const withPrototypeNames = Object.fromEntries(PROTOTYPE_NAMES.map((key) => [key, `v-${key}`]));

async function liveAnnotations(id: string): Promise<Record<string, string>> {
  const answer = await outOfBand(ctx.emulator, "GET", `/api/v1/apps/${id}`);
  return (answer.app as { annotations: Record<string, string> }).annotations;
}

describe("annotation keys named like prototype members", () => {
  it("are added, kept without a change, and removed like any other key", async () => {
    const created = await ctx.engine.up("App", "proto", {
      displayName: "Proto",
      annotations: withPrototypeNames,
    });
    if (created.action !== "create") throw new Error(`expected a create, got ${created.action}`);
    const id = created.state.id;
    expect(await liveAnnotations(id)).toMatchObject(withPrototypeNames);

    expect(
      (await ctx.engine.up("App", "proto", { displayName: "Proto", annotations: withPrototypeNames })).action,
    ).toBe("same");

    const removed = await ctx.engine.up("App", "proto", {
      displayName: "Proto",
      annotations: { team: "iam" },
    });
    expect(removed.action).toBe("update");
    const live = await liveAnnotations(id);
    expect(live.team).toBe("iam");
    for (const key of PROTOTYPE_NAMES) expect(Object.hasOwn(live, key), key).toBe(false);
  });

  it("are compared as own keys when the live object has none of them", () => {
    const patch = annotationPatch(withPrototypeNames, {}, {}, []).patch;
    expect(patch).toEqual(withPrototypeNames);
    expect(annotationPatch({}, {}, {}, PROTOTYPE_NAMES).patch).toEqual({});
    expect(annotationPatch({}, {}, withPrototypeNames, PROTOTYPE_NAMES).patch).toEqual(
      Object.fromEntries(PROTOTYPE_NAMES.map((key) => [key, ""])),
    );
  });
});
