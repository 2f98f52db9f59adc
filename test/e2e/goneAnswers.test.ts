/**
 * "Gone" through the real Pulumi CLI and the packed plugin: a refresh whose read is answered by a login page, or by a
 * not-found about another object (a server on loopback rewriting the emulator's answers), fails naming the address,
 * and `pulumi stack export` still holds the resource.
 */
import { writeFile } from "node:fs/promises";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_CREDENTIALS } from "../../emulator/testing";
import { AnswerRewriter, notFoundBody, type RewrittenAnswer } from "../../testkit/answerRewriter";
import { transcriptOf } from "../../testkit/command";
import type { ScratchStack } from "./harness/scratchProject";
import { openYamlExample } from "./harness/yamlExample";

const PROGRAM = `name: idgov-yaml
runtime: yaml
plugins:
  providers:
    - name: idgov
      path: ./node_modules/.bin
resources:
  wiki:
    type: idgov:index:App
    properties:
      displayName: Team Wiki
outputs:
  wikiId: \${wiki.id}
`;

let tenant: RunningEmulator;
let proxy: AnswerRewriter;
let project: ScratchStack;
let wikiId: string;

/** The ids of the Apps `pulumi stack export` holds. */
async function heldApps(): Promise<string[]> {
  const { deployment } = JSON.parse(await project.stack.exportState()) as {
    deployment: { resources: { type: string; id?: string }[] };
  };
  return deployment.resources.filter((resource) => resource.type === "idgov:index:App").map(({ id }) => id!);
}

beforeAll(async () => {
  tenant = await startEmulator({ quiet: true });
  proxy = await AnswerRewriter.start(tenant.url);
  project = await openYamlExample({
    binDir: inject("pulumiBinDir"),
    tarball: inject("packageTarball"),
    stack: "gone",
  });
  await writeFile(path.join(project.projectDir, "Pulumi.yaml"), PROGRAM);
  Object.assign(project.stack.env, {
    IDGOV_BASE_URL: proxy.url,
    IDGOV_CLIENT_ID: DEFAULT_CREDENTIALS.clientId,
    IDGOV_CLIENT_SECRET: DEFAULT_CREDENTIALS.clientSecret,
    IDGOV_MAX_RETRIES: "0",
  });
  const up = await project.stack.up();
  expect(up.code, transcriptOf(up)).toBe(0);
  wikiId = String((await project.stack.outputs()).wikiId);
});
afterAll(async () => {
  await project?.remove();
  await proxy?.close();
  await tenant?.close();
});

describe("a refresh through the packed plugin, answered by something other than the service's word about the App", () => {
  it.each<{ what: string; answer: () => RewrittenAnswer; says: (address: string) => string }>([
    {
      what: "a login page (200 HTML)",
      answer: () => ({
        status: 200,
        headers: { "content-type": "text/html" },
        body: "<!doctype html><title>Sign in</title>",
      }),
      says: (address) => `the body is not JSON: ${address} answered a page that is not the service's`,
    },
    {
      what: "the service's 404 naming another App",
      answer: () => ({ status: 404, body: notFoundBody('app "Nq3Vb7Xc2Lk9Pw4Rt6Ym1Zs8Hd5" not found') }),
      says: (address) =>
        `${address} answered the service's 404 about another object ("Nq3Vb7Xc2Lk9Pw4Rt6Ym1Zs8Hd5")`,
    },
  ])("($what) fails naming the address, and the stack still holds the App", async ({ answer, says }) => {
    proxy.rewrite({ method: "GET", pathPrefix: `/api/v1/apps/${wikiId}`, answer: answer() });
    try {
      const refresh = await project.stack.runOnStack(["refresh", "--yes", "--skip-preview"]);
      expect(refresh.code, transcriptOf(refresh)).not.toBe(0);
      expect(transcriptOf(refresh)).toContain(says(`${proxy.url}/api/v1/apps/${wikiId}`));
      expect(proxy.rewritten).toContain(`GET /api/v1/apps/${wikiId}`);
    } finally {
      proxy.clear();
    }
    expect(await heldApps()).toEqual([wikiId]);
  });

  it("as the service answers again, refreshes clean", async () => {
    const refresh = await project.stack.runOnStack(["refresh", "--yes", "--skip-preview"]);
    expect(refresh.code, transcriptOf(refresh)).toBe(0);
    expect(await heldApps()).toEqual([wikiId]);
  });
});
