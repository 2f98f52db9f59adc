import * as pulumi from "@pulumi/pulumi";
import { App, AuthConfig, Automation, RequestCatalog, SsoSettings } from "pulumi-idgov";

/**
 * One program, one scenario per stack (`reliability:scenario`):
 * - `load`: `reliability:count` resources (default 200): apps, catalogs bundling an entitlement, automations;
 * - `secrets`: an automation answering webhook secrets and an auth config whose OIDC secret comes from config;
 * - `singleton`: the SSO settings declared twice, which must fail before any request;
 * - `invalid`: an app whose annotation breaks a rule of spec 2.1, which must fail check before any request;
 * - `apps`: `reliability:count` apps (default 60), for runs cut short;
 * - `nativeApps`: the same apps through the native provider plugin (`idgov:index:App`);
 * - `twoStep`: one app whose create takes two calls (`isManuallyManaged` is set by the update after the create);
 * - `partial`: a catalog bundling the entitlements of `reliability:entitlements` (JSON), described by
 *   `reliability:description`.
 */
const config = new pulumi.Config("reliability");
const scenario = config.require("scenario");

function load(count: number): void {
  for (let index = 0; index < count; index += 1) {
    const name = `load-${String(index).padStart(3, "0")}`;
    if (index % 10 === 8) {
      new RequestCatalog(name, {
        displayName: `Load catalog ${index}`,
        accessEntitlements: [{ appId: "app-github", id: "ent-github-org-member" }],
      });
    } else if (index % 10 === 9) {
      new Automation(name, {
        displayName: `Load automation ${index}`,
        appId: "app-github",
        automationSteps: [{ stepName: "wait", waitForDuration: { duration: "60s" } }],
      });
    } else {
      new App(name, { displayName: `Load app ${index}`, annotations: { batch: "load" } });
    }
  }
}

function secrets(): Record<string, pulumi.Output<unknown>> {
  const intake = new Automation("webhook-intake", {
    displayName: "Webhook intake",
    appId: "app-github",
    triggers: [{ webhook: {} }],
    automationSteps: [{ stepName: "wait", waitForDuration: { duration: "60s" } }],
  });
  const sso = new AuthConfig("acme-sso", {
    displayName: "Acme SSO",
    oidc: {
      issuerId: "https://login.acme.example.com",
      oidcClientId: "idgov",
      oidcClientSecret: config.requireSecret("oidcSecret"),
    },
  });
  return { webhookUrl: intake.webhookCapabilityUrl, authConfigId: sso.id };
}

function singletonTwice(): void {
  new SsoSettings("sso", { enabled: true });
  new SsoSettings("sso-again", { enabled: false });
}

function invalid(): void {
  new App("spaced", { displayName: "Spaced", annotations: { team: "identity team" } });
}

function partial(): void {
  const entitlements = JSON.parse(config.require("entitlements")) as { appId: string; id: string }[];
  const description = config.get("description");
  new RequestCatalog("half-done", {
    displayName: "Half done",
    accessEntitlements: entitlements,
    ...(description === undefined ? {} : { description }),
  });
}

function apps(count: number): void {
  for (let index = 0; index < count; index += 1) {
    new App(`app-${String(index).padStart(3, "0")}`, { displayName: `Cut app ${index}` });
  }
}

/** An app through the native provider plugin, without its generated SDK: the type token and the inputs. */
class NativeApp extends pulumi.CustomResource {
  constructor(name: string, args: Record<string, pulumi.Input<unknown>>) {
    super("idgov:index:App", name, args);
  }
}

function nativeApps(count: number): void {
  for (let index = 0; index < count; index += 1) {
    new NativeApp(`app-${String(index).padStart(3, "0")}`, { displayName: `Cut app ${index}` });
  }
}

const outputs: Record<string, pulumi.Output<unknown>> = {};
switch (scenario) {
  case "load":
    load(config.getNumber("count") ?? 200);
    break;
  case "secrets":
    Object.assign(outputs, secrets());
    break;
  case "singleton":
    singletonTwice();
    break;
  case "invalid":
    invalid();
    break;
  case "partial":
    partial();
    break;
  case "apps":
    apps(config.getNumber("count") ?? 60);
    break;
  case "nativeApps":
    nativeApps(config.getNumber("count") ?? 60);
    break;
  case "twoStep":
    new App("two-step", { displayName: "Two step", isManuallyManaged: true });
    break;
  default:
    throw new Error(`unknown reliability:scenario "${scenario}"`);
}

export const webhookUrl = outputs.webhookUrl;
export const authConfigId = outputs.authConfigId;
