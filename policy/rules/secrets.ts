import { KIND_FACTS, PROVIDER_SECRET_SETTINGS } from "../../provider/kinds/public";
import { cannotJudge, type Finding, readField, type Rule, type StackContext } from "../rule";

/** The findings for one secret input: a known value that is no value of the stack's configuration is a literal. */
function fromConfig(
  props: Record<string, unknown>,
  path: string,
  rule: string,
  stack: StackContext,
): Finding[] {
  const value = readField(props, path);
  if (!value.known) return [cannotJudge(path, rule)];
  if (typeof value.value !== "string" || value.value === "") return [];
  if (stack.configValues.has(value.value)) return [];
  if (!stack.configKnown) {
    return [
      {
        property: path,
        problem: `cannot be told from a literal: this Pulumi CLI gave the policy pack no stack configuration (${rule})`,
        comply:
          "run the pack with a Pulumi CLI whose Node.js host passes policy packs the stack's configuration (v3.248.0 does)",
      },
    ];
  }
  return [
    {
      property: path,
      problem: `is a literal in the program, not a value of the stack's configuration (${rule})`,
      comply:
        `store it with \`pulumi config set --secret <key>\` and read it with config.requireSecret("<key>") ` +
        "(YAML: a `config:` entry with `secret: true`)",
    },
  ];
}

/** `idgov-secrets-from-config`: client secrets come from the stack's secret configuration, never the program. */
export const secretsFromConfig: Rule = {
  name: "idgov-secrets-from-config",
  description:
    "Client secrets (an AuthConfig's `oidcClientSecret`s, an explicit provider's `clientSecret` and other secret " +
    "settings) come from the stack's configuration, never from a literal in the program.",
  reason:
    "A client secret written in the program is in the repository's history for good, readable by everyone who " +
    "can read the code; stack config set with `--secret` is encrypted and rotates without a code change.",
  kinds: ["AuthConfig"],
  providers: true,
  fields: { AuthConfig: KIND_FACTS.AuthConfig.secretFields, Provider: PROVIDER_SECRET_SETTINGS },
  parameters: {},
  judge({ kind, props }, _config, stack) {
    const paths = kind ? kind.secretFields : PROVIDER_SECRET_SETTINGS;
    return paths.flatMap((path) => fromConfig(props, path, this.name, stack));
  },
};
