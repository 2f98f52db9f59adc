import { parseDuration } from "../../provider/kinds/public";
import { cannotJudge, readField, type Rule } from "../rule";

/** The seconds of a duration parameter, or an error naming the parameter and the forms it takes. */
function durationParameter(rule: string, name: string, text: unknown): number {
  const seconds = typeof text === "string" ? parseDuration(text) : undefined;
  if (seconds === undefined) {
    throw new Error(
      `${rule}: the parameter ${name} must be a duration such as "12h", "90m", "1h30m" or "43200s" ` +
        `(got ${JSON.stringify(text)})`,
    );
  }
  return seconds;
}

/** `idgov-session-length`: sessions last no longer than `maxSessionLength`. */
export const sessionLength: Rule = {
  name: "idgov-session-length",
  description: "SessionSettings' `maxSessionLength` is at most the parameter `maxSessionLength`.",
  reason:
    "`maxSessionLength` is how long a signed-in session lasts before the user signs in again (spec 2.11); a longer " +
    "session keeps a stolen session useful for longer.",
  kinds: ["SessionSettings"],
  fields: { SessionSettings: ["maxSessionLength"] },
  parameters: {
    maxSessionLength: {
      type: "string",
      description:
        'The longest session allowed, as a duration in the forms the kinds accept ("12h", "90m", "1h30m", "43200s").',
      default: "12h",
    },
  },
  judge({ props }, config) {
    const limit = durationParameter(this.name, "maxSessionLength", config.maxSessionLength);
    const value = readField(props, "maxSessionLength");
    if (!value.known) return [cannotJudge("maxSessionLength", this.name)];
    if (value.value === undefined || value.value === null || value.value === "") return [];
    const seconds = typeof value.value === "string" ? parseDuration(value.value) : undefined;
    if (seconds !== undefined && seconds <= limit) return [];
    return [
      {
        property: "maxSessionLength",
        problem: `is ${JSON.stringify(value.value)}, longer than the ${String(config.maxSessionLength)} ${this.name} allows`,
        comply: `set maxSessionLength to ${String(config.maxSessionLength)} or less`,
      },
    ];
  },
};

/** `idgov-sso-enforced`: the SSO settings never turn the tenant's single sign-on off. */
export const ssoEnforced: Rule = {
  name: "idgov-sso-enforced",
  description: "SsoSettings never set `enabled` to false.",
  reason:
    "SsoSettings' `enabled` switches the tenant acting as single-sign-on provider on and off (spec 2.11): false " +
    "turns single sign-on off for every app that signs in through the tenant.",
  kinds: ["SsoSettings"],
  fields: { SsoSettings: ["enabled"] },
  parameters: {},
  judge({ props }) {
    const enabled = readField(props, "enabled");
    if (!enabled.known) return [cannotJudge("enabled", this.name)];
    if (enabled.value !== false) return [];
    return [
      {
        property: "enabled",
        problem: `is false, which turns the tenant's single sign-on off (${this.name})`,
        comply: "set enabled to true, or leave it unset to keep the tenant's setting",
      },
    ];
  },
};
