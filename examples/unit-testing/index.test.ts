import * as pulumi from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "pulumi-idgov/emulator";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The value of an output, once the (mocked) engine has resolved it. */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

let emulator: RunningEmulator;
let program: typeof import("./index");

beforeAll(async () => {
  // Lookups are HTTP calls: the in-process emulator answers them, from its seeded tenant.
  emulator = await startEmulator({ port: 0 });
  vi.stubEnv("IDGOV_BASE_URL", emulator.url);
  vi.stubEnv("IDGOV_CLIENT_ID", "idgov-emulator");
  vi.stubEnv("IDGOV_CLIENT_SECRET", "emulator-secret");
  // Resources are registered with Pulumi's mocks: each one's state is its inputs.
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
  program = await import("./index");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator.close();
});

describe("the unit-testing example program", () => {
  it("bundles every entitlement the GitHub app's owners hold into the owner kit", async () => {
    const bundled = (await valueOf(program.ownerKit.accessEntitlements)) ?? [];
    expect(bundled.map((entitlement) => entitlement.id).sort()).toEqual([
      "ent-github-org-admin",
      "ent-github-org-member",
      "ent-github-team-01",
      "ent-github-team-02",
      "ent-github-team-04",
      "ent-github-team-05",
      "ent-github-team-07",
      "ent-github-team-08",
    ]);
    expect(bundled.every((entitlement) => entitlement.appId === "app-github")).toBe(true);
  });

  it("adopts the existing GitHub app instead of creating one", async () => {
    expect(await valueOf(program.github.id)).toBe("github-id");
    expect(await valueOf(program.github.description)).toBe("Source control");
  });

  it("labels the catalog with its owning team", async () => {
    expect(await valueOf(program.ownerKit.annotations)).toEqual({ team: "platform" });
  });
});
