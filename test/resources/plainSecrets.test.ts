import { describe, expect, it } from "vitest";
import { IdgovConfigError } from "../../provider/errors";
import { refusePlainSecretSettings } from "../../resources/dynamic/plainSecrets";

const secretKeys = (...keys: string[]) => ({ PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(keys) });

describe("the dynamic door refuses a secret setting the stack config holds in plain text", () => {
  it.each([
    ["idgov:clientSecret", "<client-secret>", "IDGOV_CLIENT_SECRET"],
    ["idgov:accessToken", "<token>", "IDGOV_ACCESS_TOKEN"],
    ["idgov:oidcToken", "<jwt>", "IDGOV_OIDC_TOKEN"],
  ])(
    "%s in plain text: an IdgovConfigError naming the key, the --secret command and the variable",
    (key, placeholder, envVar) => {
      const config = { "idgov:baseUrl": "https://acme.example.com", [key]: "s3cr3t-value" };
      const refusal = () => refusePlainSecretSettings(config, secretKeys("project:other"));
      expect(refusal).toThrow(IdgovConfigError);
      expect(refusal).toThrow(
        `${key} is set in plain text: Pulumi would store it in clear in the state of the dynamic provider ` +
          `(pulumi:providers:pulumi-nodejs). Set it again with "pulumi config set --secret ${key} ${placeholder}", ` +
          `or give it through ${envVar} instead.`,
      );
      expect(refusal).not.toThrow(/s3cr3t-value/);
    },
  );

  it.each([
    ["set with --secret", { "idgov:clientSecret": "s3cr3t" }, secretKeys("idgov:clientSecret")],
    ["not set in config (an IDGOV_* variable)", { "idgov:clientId": "ci-bot" }, {}],
    ["only settings that are not secret", { "idgov:baseUrl": "https://acme.example.com" }, secretKeys()],
  ])("passes a stack config with the secret %s", (_case, config, env) => {
    expect(() => refusePlainSecretSettings(config, env)).not.toThrow();
  });
});
