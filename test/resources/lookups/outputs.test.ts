import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import {
  getAuthConfigOutput,
  getSsoSettingsOutput,
  getUserNotificationSettingsOutput,
  listAppOwners,
  listAppOwnersOutput,
  listMcpResourcesOutput,
  searchAutomationsOutput,
} from "../../../resources";
import { SEED } from "../../../emulator";
import { settle, useLookupEmulator } from "./harness";

const suite = useLookupEmulator();

describe("Output twins take Pulumi inputs", () => {
  it("answer what the plain lookup answers, for an Output, a promise and a plain value", async () => {
    const plain = await listAppOwners({ appId: "app-aws" }, suite.options);
    for (const appId of [pulumi.output("app-aws"), Promise.resolve("app-aws"), "app-aws"]) {
      const { value, secret } = await settle(
        listAppOwnersOutput({ appId, pageSize: pulumi.output(10) }, suite.options),
      );
      expect(value).toEqual(plain);
      expect(secret).toBe(false);
    }
  });

  it("resolve inputs nested in lists and objects before searching", async () => {
    const output = searchAutomationsOutput(
      {
        appIds: [pulumi.output("app-aws"), Promise.resolve("app-salesforce")],
        statuses: pulumi.output(["AUTOMATION_STATUS_FILTER_ON"]),
        refs: [{ id: pulumi.output("auto-report-mfa-gaps") }, { id: "auto-report-expiring-access" }],
      },
      suite.options,
    );
    const { value } = await settle(output);
    expect(value.map((automation) => automation.id)).toEqual([
      "auto-report-mfa-gaps",
      "auto-report-expiring-access",
    ]);
    const bodies = (await suite.requests())
      .filter((entry) => entry.path.startsWith("/api/"))
      .map((entry) => entry.body);
    expect(bodies).toEqual([
      {
        appIds: ["app-aws", "app-salesforce"],
        statuses: ["AUTOMATION_STATUS_FILTER_ON"],
        refs: [{ id: "auto-report-mfa-gaps" }, { id: "auto-report-expiring-access" }],
        pageSize: 10,
      },
    ]);
  });

  it("answer a secret Output when an input is secret", async () => {
    const output = listMcpResourcesOutput(
      { appId: pulumi.secret(SEED.mcpSmall.appId), connectorId: SEED.mcpSmall.connectorId },
      suite.options,
    );
    const { value, secret } = await settle(output);
    expect(secret).toBe(true);
    expect(value).toHaveLength(SEED.mcpSmall.count);
  });

  it("answer an unknown Output and send nothing while an input is unknown (preview)", async () => {
    const output = listAppOwnersOutput(
      { appId: pulumi.output(pulumi.unknown as unknown as string) },
      suite.options,
    );
    const internals = output as unknown as { isKnown: Promise<boolean> };
    expect(await internals.isKnown).toBe(false);
    expect(await suite.requests()).toEqual([]);
  });

  it("keep an auth config Output plain when the service answers its client secret empty", async () => {
    const { value, secret } = await settle(getAuthConfigOutput({ id: SEED.authConfigs.oidc }, suite.options));
    expect(value.oidc?.oidcClientSecret).toBe("");
    expect(secret).toBe(false);
  });

  it("work without arguments for the caller's notification settings and the tenant settings", async () => {
    const notifications = await settle(getUserNotificationSettingsOutput(suite.options));
    expect(notifications.value.channelSettings?.email?.enabled).toBe(true);
    const sso = await settle(getSsoSettingsOutput(suite.options));
    expect(sso.value.defaultSubjectType).toBe("SSO_SUBJECT_TYPE_PAIRWISE");
  });
});
