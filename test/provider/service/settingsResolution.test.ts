import { describe, expect, it } from "vitest";
import { IdgovConfigError } from "../../../provider/errors";
import { resolveCommandSettings, type StackSettings } from "../../../provider/service/settingsResolution";
import { flagOf } from "../../../provider/cli/flags";

const SECRET = "client-secret-never-shown-7c1";

function stack(label: string, values: Record<string, string>, undecrypted: string[] = []): StackSettings {
  return {
    label,
    values: new Map(Object.entries(values)),
    undecrypted: new Set(undecrypted),
    problem: "bad passphrase",
  };
}

function resolve(flags: Record<string, string>, stacks: StackSettings[], env: Record<string, string>) {
  return resolveCommandSettings({ flags: new Map(Object.entries(flags)), stacks, flagOf, env });
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IdgovConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a settings error");
}

describe("resolveCommandSettings", () => {
  const credentials = { IDGOV_CLIENT_ID: "cli", IDGOV_CLIENT_SECRET: SECRET };

  it("takes a flag over every stack layer, the first stack layer over later ones, and stack config over IDGOV_*", () => {
    const plan = stack("the plan's stack config", { "idgov:maxInFlight": "5" });
    const current = stack('the config of stack "dev"', {
      "idgov:maxInFlight": "7",
      "idgov:requestTimeoutMs": "1234",
    });
    const env = {
      ...credentials,
      IDGOV_BASE_URL: "https://env.example.com",
      IDGOV_MAX_IN_FLIGHT: "3",
      IDGOV_RETRY_BUDGET_MS: "99",
    };
    expect(resolve({ "idgov:maxInFlight": "9" }, [plan, current], env).maxInFlight).toBe(9);
    const resolved = resolve({}, [plan, current], env);
    expect([resolved.maxInFlight, resolved.requestTimeoutMs, resolved.retryBudgetMs]).toEqual([5, 1234, 99]);
    expect(resolve({}, [], env).baseUrl).toBe("https://env.example.com");
  });

  it("names a missing setting's flag, key and variable, and the stack config it read", () => {
    const message = messageOf(() => resolve({}, [stack('the config of stack "dev"', {})], credentials));
    expect(message).toContain("idgov:baseUrl is not set");
    expect(message).toContain("IDGOV_BASE_URL");
    expect(message).toContain("--base-url");
    expect(message).toContain('then the config of stack "dev" (not read: bad passphrase), then IDGOV_*');
    expect(message).not.toContain(SECRET);
  });

  it("names where a malformed value came from", () => {
    const current = stack('the config of stack "dev"', { "idgov:maxInFlight": "many" });
    const message = messageOf(() =>
      resolve({ "idgov:baseUrl": "https://a.example.com" }, [current], credentials),
    );
    expect(message).toContain('idgov:maxInFlight was read from the config of stack "dev"');
  });

  it("says a secret the stack holds could not be decrypted, and how to give it", () => {
    const current = stack('the config of stack "dev"', { "idgov:baseUrl": "https://a.example.com" }, [
      "idgov:clientSecret",
    ]);
    const message = messageOf(() => resolve({}, [current], { IDGOV_CLIENT_ID: "cli" }));
    expect(message).toContain("idgov:clientSecret is not set");
    expect(message).toContain(
      'the config of stack "dev" holds idgov:clientSecret as a secret that could not be decrypted (bad passphrase)',
    );
  });
});
