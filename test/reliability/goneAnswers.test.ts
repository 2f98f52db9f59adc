/**
 * "Gone" is the service's own word about that object, confirmed by a second read: answers of a proxy, a login page
 * or a misrouting gateway between the provider and the service (a rewriting server on loopback) fail the run, name
 * the address, and leave the state as it was.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { AnswerRewriter, notFoundBody, type RewrittenAnswer } from "../../testkit/answerRewriter";
import { apiRequests, clearRequests, outOfBand, resetEmulator, stackConfig } from "../../testkit/emulatorApi";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { DOORS, type OpenDoor } from "./support/doors";
import { failureOf } from "./support/steps";

const OTHER_ID = "Zq7Kd2mXw9PaLr4Ty6Bn8Cv1Hs3";
const LOGIN = "https://login.example.test/sso/authorize?client=idgov&next=%2Fapi";

/** Answers that say nothing about the object asked for, each with what the failure must say of its address. */
const NOT_ABOUT_IT: readonly { what: string; answer: RewrittenAnswer; says: (address: string) => string }[] =
  [
    {
      what: "the service's 404 naming another object",
      answer: { status: 404, body: notFoundBody(`app "${OTHER_ID}" not found`) },
      says: (address) => `${address} answered the service's 404 about another object ("${OTHER_ID}")`,
    },
    {
      what: "the service's 404 whose details name another object",
      answer: {
        status: 404,
        body: notFoundBody("not found", [
          { "@type": "type.googleapis.com/google.rpc.ResourceInfo", resourceName: `apps/${OTHER_ID}` },
        ]),
      },
      says: (address) => `${address} answered the service's 404 about another object ("apps/${OTHER_ID}"`,
    },
    {
      what: "a 410",
      answer: { status: 410, body: notFoundBody("gone") },
      says: (address) => `${address} answered 410 Gone: the service never answers 410`,
    },
    {
      what: "a login page (200 HTML)",
      answer: {
        status: 200,
        headers: { "content-type": "text/html" },
        body: "<!doctype html><title>Sign in</title><form action=/login></form>",
      },
      says: (address) => `the body is not JSON: ${address} answered a page that is not the service's`,
    },
    {
      what: "a redirect",
      answer: { status: 302, headers: { location: LOGIN }, body: "" },
      says: (address) => `${address} answered 302, a redirect to ${LOGIN}`,
    },
  ];

describe.each(DOORS)("$name door: an object the service does not say is gone", (door) => {
  let tenant: RunningEmulator;
  let proxy: AnswerRewriter;
  let open: OpenDoor;
  let engine: EngineSimulator;
  let id: string;

  beforeAll(async () => {
    tenant = await startEmulator({ quiet: true });
    proxy = await AnswerRewriter.start(tenant.url);
    open = await door.open({ ...stackConfig(tenant), "idgov:baseUrl": proxy.url, "idgov:maxRetries": "0" });
  });
  afterAll(async () => {
    await open?.stop();
    await proxy?.close();
    await tenant?.close();
  });
  beforeEach(async () => {
    proxy.clear();
    await resetEmulator(tenant);
    engine = new EngineSimulator(open.provider);
    const created = await engine.up("App", "wiki", { displayName: "Team Wiki" });
    id = created.action === "create" ? created.state.id : "(no create)";
    await clearRequests(tenant);
  });

  const kept = () => engine.state.get(engine.urn("App", "wiki"))?.id;

  it.each(NOT_ABOUT_IT)(
    "answered with $what, a refresh fails naming the address and keeps the state",
    async ({ answer, says }) => {
      proxy.rewrite({ method: "GET", pathPrefix: `/api/v1/apps/${id}`, answer });
      const error = await failureOf(engine.refresh("App", "wiki"));
      expect(error.message).toMatch(/^read App wiki: /);
      expect(error.message).toContain(says(`${proxy.url}/api/v1/apps/${id}`));
      expect(kept()).toBe(id);
      proxy.clear();
      expect(await engine.refresh("App", "wiki")).toMatchObject({ id });
    },
  );

  it.each(NOT_ABOUT_IT)(
    "answered with $what to its delete, a destroy fails naming the address and keeps the state",
    async ({ answer, says }) => {
      proxy.rewrite({ method: "DELETE", pathPrefix: `/api/v1/apps/${id}`, answer });
      const error = await failureOf(engine.destroy("App", "wiki"));
      expect(error.message).toContain(says(`${proxy.url}/api/v1/apps/${id}`));
      expect(kept()).toBe(id);
    },
  );

  it("a not-found about it that a second read does not confirm leaves it in the state, as read", async () => {
    proxy.rewrite({
      method: "GET",
      pathPrefix: `/api/v1/apps/${id}`,
      answer: { status: 404, body: notFoundBody(`app "${id}" not found`) },
      times: 1,
    });
    expect(await engine.refresh("App", "wiki")).toMatchObject({ id });
    expect(proxy.rewritten).toEqual([`GET /api/v1/apps/${id}`]);
    expect(kept()).toBe(id);
  });

  it("deleted outside Pulumi, it is gone once two reads say so", async () => {
    await outOfBand(tenant, "DELETE", `/api/v1/apps/${id}`);
    await clearRequests(tenant);
    expect(await engine.refresh("App", "wiki")).toBeUndefined();
    const reads = (await apiRequests(tenant)).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
    expect(reads).toEqual([`GET /api/v1/apps/${id} 404`, `GET /api/v1/apps/${id} 404`]);
  });

  it("a not-found that names no object, about it, counts as its own once confirmed", async () => {
    proxy.rewrite({
      method: "GET",
      pathPrefix: `/api/v1/apps/${id}`,
      answer: { status: 404, body: notFoundBody("not found") },
    });
    expect(await engine.refresh("App", "wiki")).toBeUndefined();
    expect(proxy.rewritten).toHaveLength(2);
  });
});
