import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED, startEmulator, type RunningEmulator } from "../../emulator";
import { requestToken } from "../../emulator/testing";
import { revealed } from "../../testkit/nativePlugin";
import { EngineSimulator } from "../../testkit/engineSimulator";
import { DOORS, type OpenDoor } from "./support/doors";
import { printFigures } from "./support/figures";
import { leakedSecrets } from "./support/secrets";
import { expireTokens, failureOf, withFaults } from "./support/steps";

const CLIENT_ID = "ci-bot@acme.example.com/pcc";
const CLIENT_SECRET = "client-secret-Kq93vXz7Lw";
const OIDC_SECRET = "oidc-client-secret-Pm47sQ";
const KINDS = ["App", "RequestCatalog", "Automation", "AuthConfig", "AppResource", "SsoSettings"];

describe.each(DOORS)("secrets through the $name door", (doorOf) => {
  let emulator: RunningEmulator;
  let door: OpenDoor;
  let engine: EngineSimulator;
  let accessToken: string;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const token = await requestToken(emulator.url, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    accessToken = (token.body as { access_token: string }).access_token;
    door = await doorOf.open({
      "idgov:baseUrl": emulator.url,
      "idgov:clientId": CLIENT_ID,
      "idgov:clientSecret": CLIENT_SECRET,
      "idgov:accessToken": accessToken,
      "idgov:maxRetries": "1",
    });
    engine = new EngineSimulator(door.provider);
  });
  afterAll(async () => {
    await door?.stop();
    await emulator?.close();
  });

  it("never appear in outputs, errors, provider logs or serialized providers, and webhook and OIDC client secrets only in their secret outputs", async () => {
    const seen: { state: unknown[]; errors: string[] } = { state: [], errors: [] };
    // What the provider hands the engine to store: outputs, and the inputs a read reconstructs. (The inputs a
    // program passes are the engine's to keep secret: the classes mark these secrets as secret inputs.)
    // An OIDC client secret is kept as the value last sent, in the secret output `writeOnlyValues`, and nowhere else.
    const outside = (outputs: unknown) => door.plaintext((outputs ?? {}) as Record<string, unknown>);
    const keep = (result: { action: string; state?: { outputs: unknown } }) =>
      void seen.state.push(outside(result.state?.outputs));
    const oidc = {
      issuerId: "https://login.acme.test",
      oidcClientId: "idgov",
      oidcClientSecret: OIDC_SECRET,
    };

    keep(await engine.up("App", "app", { displayName: "Payroll" }));
    keep(await engine.up("RequestCatalog", "catalog", { displayName: "Engineering" }));
    const automation = await engine.up("Automation", "automation", {
      displayName: "Webhook intake",
      appId: SEED.apps[0]!.id,
      triggers: [{ webhook: {} }],
      automationSteps: [{ stepName: "wait", waitForDuration: { duration: "60s" } }],
    });
    keep(await engine.up("AuthConfig", "sso", { displayName: "Acme SSO", oidc }));
    keep(await engine.up("AppResource", "docs", { ...SEED.resourceType, displayName: "acme/docs" }));
    keep(await engine.up("SsoSettings", "sso-settings", { enabled: true }));
    await expireTokens(emulator);
    keep(await engine.up("App", "app", { displayName: "Payroll", description: "after a token renewal" }));
    keep(
      await engine.up("AuthConfig", "sso", {
        displayName: "Acme SSO",
        oidc: { ...oidc, oidcClientSecret: "v2-x9" },
      }),
    );
    for (const [kind, name] of [
      ["App", "app"],
      ["Automation", "automation"],
      ["AuthConfig", "sso"],
    ] as const) {
      const refreshed = await engine.refresh(kind, name);
      seen.state.push(outside(refreshed?.outputs), refreshed?.inputs);
    }
    seen.errors.push(
      (
        await failureOf(
          engine.up("RequestCatalog", "bad", {
            displayName: "x",
            accessEntitlements: [{ appId: "a", id: "missing" }],
          }),
        )
      ).message,
      (
        await withFaults(emulator, { retryAfterSeconds: 0, script: [{ fault: "503", times: 5 }] }, () =>
          failureOf(engine.up("App", "app", { displayName: "Payroll", description: "during an outage" })),
        )
      ).message,
      (
        await withFaults(emulator, { script: [{ fault: "reset", times: 5 }] }, () =>
          failureOf(engine.refresh("AuthConfig", "sso")),
        )
      ).message,
    );
    for (const state of engine.state.values()) seen.state.push(outside(state.outputs));
    const sso = [...engine.state.values()].find((state) => state.outputs.displayName === "Acme SSO");
    expect(revealed(sso?.outputs.writeOnlyValues)).toEqual({ "oidc.oidcClientSecret": "v2-x9" });
    const providers = door.closures(KINDS);

    const webhook = revealed(automation.action === "create" ? automation.state.outputs : {}) as Record<
      string,
      unknown
    >;
    const configured = { CLIENT_SECRET, ACCESS_TOKEN: accessToken, OIDC_SECRET };
    const webhookSecrets = {
      WEBHOOK_HMAC_SECRET: String(webhook.webhookHmacSecret),
      WEBHOOK_URL: String(webhook.webhookCapabilityUrl),
    };
    const { webhookHmacSecret: _hmac, webhookCapabilityUrl: _url, ...automationOutputs } = webhook;
    const everywhere = { state: seen.state, errors: seen.errors, logs: door.logs(), providers };
    printFigures(`secrets (${doorOf.name} door)`, {
      secretsChecked: Object.keys(configured).length + Object.keys(webhookSecrets).length,
      outputsChecked: seen.state.length,
      errorsChecked: seen.errors.length,
      providersChecked: providers.length,
      leaksFound: leakedSecrets(everywhere, configured).length,
    });

    expect(webhook.webhookHmacSecret).toEqual(expect.stringMatching(/\S{16}/));
    expect(seen.errors).toHaveLength(3);
    expect(leakedSecrets(everywhere, configured)).toEqual([]);
    expect(leakedSecrets({ errors: seen.errors, logs: everywhere.logs, providers }, webhookSecrets)).toEqual(
      [],
    );
    expect(leakedSecrets(automationOutputs, webhookSecrets)).toEqual([]);
  });

  it("leave the state answered for a resource with no closure (`__provider`) and no module named in it", async () => {
    await engine.up("App", "plain", { displayName: "Plain" });
    const stored = JSON.stringify([...engine.state.values()]);
    expect(stored).not.toContain("__provider");
    expect(stored).not.toMatch(/require\(|node_modules/);
  });
});
