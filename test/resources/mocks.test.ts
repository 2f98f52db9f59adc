import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import * as idgov from "../../resources";
import { OWNERSHIP_INPUT } from "../../resources/dynamic/ownershipInput";

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

/** Pulumi's documented mocks, recording what each resource registered. */
function recordingMocks(registered: Registered[]): pulumi.runtime.Mocks {
  return {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call: (args) => args.inputs,
  };
}

/** One resource of every kind, constructed as a program would, with the smallest arguments each takes. */
function everyKind(): pulumi.CustomResource[] {
  return [
    new idgov.App("app", { adoptId: "app-github" }),
    new idgov.RequestCatalog("catalog", { displayName: "Kit" }),
    new idgov.Automation("automation", { displayName: "Flow" }),
    new idgov.AuthConfig("auth", { displayName: "Sign-in" }),
    new idgov.AppResource("resource", { appId: "app-github", appResourceTypeId: "type-1", displayName: "R" }),
    new idgov.AccessReviewScope("scope", { accessReviewId: "review-1" }),
    new idgov.SessionSettings("session"),
    new idgov.SsoSettings("sso"),
    new idgov.XaaSettings("xaa"),
  ];
}

function idOf(resource: pulumi.CustomResource): Promise<string> {
  return new Promise((resolve) => resource.id.apply(resolve));
}

const KINDS = 9;

/** What a test passes to `setMocks` after the mocks. */
type MockSettings = [project?: string, stack?: string, preview?: boolean, organization?: string];

const SETTINGS: { how: string; args: MockSettings; workspace: string }[] = [
  {
    how: 'setMocks(mocks, "project", "stack", false)',
    args: ["project", "stack", false],
    workspace: "organization/project/stack",
  },
  { how: "setMocks(mocks)", args: [], workspace: "organization/project/stack" },
  {
    how: 'setMocks(mocks, "shop", "prod", true, "acme")',
    args: ["shop", "prod", true, "acme"],
    workspace: "acme/shop/prod",
  },
];

describe.each(SETTINGS)("every kind under Pulumi's mocks: $how", ({ args, workspace }) => {
  it(`constructs, registers and stamps the engine's workspace (${workspace})`, async () => {
    const registered: Registered[] = [];
    await pulumi.runtime.setMocks(recordingMocks(registered), ...args);
    const resources = everyKind();
    await Promise.all(resources.map(idOf));
    expect(registered).toHaveLength(KINDS);
    const [, project, stack] = workspace.split("/");
    for (const { type, name, inputs } of registered) {
      expect(inputs[OWNERSHIP_INPUT]).toEqual({
        workspace,
        resourceAddress: `urn:pulumi:${stack}::${project}::${type}::${name}`,
      });
    }
  });
});
