import { describe, expect, it } from "vitest";
import { IdgovConfigError } from "../../../provider/errors";
import { flagOf } from "../../../provider/cli/flags";
import { resolveCommandSettings, type StackSettings } from "../../../provider/service/settingsResolution";

/**
 * A secret goes only to its own tenant: whatever the layering of flags, the plan's stack config, the current stack's
 * config and IDGOV_* variables, a run either refuses before any request or uses the address the secret came with.
 */

const SECRET = "tenant-a-secret-never-shown-93f";
const A = "https://a.example.com";
const B = "https://b.example.com";
const LAYERS = ["flags", "plan", "stack", "env"] as const;
type Layer = (typeof LAYERS)[number];
/** What one layer names as the tenant's address. */
type Address = "none" | "A" | "B";

interface Layering {
  /** The layer the client secret is in (never a flag: secrets are refused as flags). */
  readonly secretIn: Exclude<Layer, "flags">;
  readonly addresses: Readonly<Record<Layer, Address>>;
}

const URL_OF = { A, B } as const;

function layered({ secretIn, addresses }: Layering) {
  const values = (layer: Layer): Record<string, string> => ({
    ...(addresses[layer] === "none" ? {} : { "idgov:baseUrl": URL_OF[addresses[layer] as "A" | "B"] }),
    ...(secretIn === layer ? { "idgov:clientSecret": SECRET } : {}),
  });
  const stackOf = (label: string, layer: Layer, external: boolean): StackSettings => ({
    label,
    values: new Map(Object.entries(values(layer))),
    undecrypted: new Set(),
    external,
  });
  const env: Record<string, string> = { IDGOV_CLIENT_ID: "cli" };
  if (addresses.env !== "none") env.IDGOV_BASE_URL = URL_OF[addresses.env as "A" | "B"];
  if (secretIn === "env") env.IDGOV_CLIENT_SECRET = SECRET;
  return () =>
    resolveCommandSettings({
      flags: new Map(Object.entries(values("flags"))),
      stacks: [
        stackOf("the plan's stack config", "plan", true),
        stackOf('the config of stack "dev"', "stack", false),
      ],
      flagOf,
      env,
    });
}

/** Every layering: the secret in each layer that can hold one, each layer naming A, B or nothing. */
function everyLayering(): Layering[] {
  const choices: Address[] = ["none", "A", "B"];
  const all: Layering[] = [];
  for (const secretIn of ["plan", "stack", "env"] as const)
    for (const flags of choices)
      for (const plan of choices)
        for (const stack of choices)
          for (const env of choices) all.push({ secretIn, addresses: { flags, plan, stack, env } });
  return all;
}

/** The address the secret came with: named in its own layer, or in the first layer after it that names one. */
function ownAddress({ secretIn, addresses }: Layering): Address {
  return (
    LAYERS.slice(LAYERS.indexOf(secretIn))
      .map((layer) => addresses[layer])
      .find((a) => a !== "none") ?? "none"
  );
}

function outcome(run: () => { baseUrl: string }): { baseUrl: string } | { refused: string } {
  try {
    return { baseUrl: run().baseUrl };
  } catch (error) {
    expect(error).toBeInstanceOf(IdgovConfigError);
    return { refused: (error as Error).message };
  }
}

describe("a command's settings never pair a secret with another tenant's address", () => {
  it.each(everyLayering().map((layering) => [JSON.stringify(layering), layering] as const))(
    "%s",
    (_name, layering) => {
      const result = outcome(layered(layering));
      if ("refused" in result) {
        expect(result.refused).not.toContain(SECRET);
        expect(result.refused).toMatch(/nothing was sent|is not set/);
        return;
      }
      const own = ownAddress(layering);
      if (own !== "none") expect(result.baseUrl).toBe(URL_OF[own]);
      else {
        // No address came with the secret: the one used is the user's own word (a flag or the current stack).
        const { flags, stack } = layering.addresses;
        expect([flags, stack].map((a) => (a === "none" ? undefined : URL_OF[a]))).toContain(result.baseUrl);
      }
    },
  );

  it("runs every layering where the secret and the address agree, or the address is the user's own", () => {
    const runs: Layering[] = [
      { secretIn: "stack", addresses: { flags: "none", plan: "A", stack: "A", env: "B" } },
      { secretIn: "stack", addresses: { flags: "A", plan: "none", stack: "A", env: "none" } },
      { secretIn: "env", addresses: { flags: "none", plan: "none", stack: "A", env: "none" } },
      { secretIn: "env", addresses: { flags: "A", plan: "A", stack: "none", env: "A" } },
      { secretIn: "env", addresses: { flags: "none", plan: "A", stack: "A", env: "none" } },
      { secretIn: "plan", addresses: { flags: "none", plan: "A", stack: "B", env: "B" } },
    ];
    for (const layering of runs)
      expect(outcome(layered(layering)), JSON.stringify(layering)).toEqual({ baseUrl: A });
  });

  it("refuses a plan naming another tenant than the secret's settings, naming both addresses and where each came from", () => {
    const message = (
      outcome(
        layered({ secretIn: "env", addresses: { flags: "none", plan: "B", stack: "none", env: "A" } }),
      ) as { refused: string }
    ).refused;
    expect(message).toContain(
      `idgov:clientSecret comes from IDGOV_CLIENT_SECRET with the tenant ${A} (IDGOV_BASE_URL), but ${B} (the plan's stack config) would receive it`,
    );
    expect(message).not.toContain(SECRET);
  });

  it("refuses a plan's address for a secret that came with none", () => {
    const message = (
      outcome(
        layered({ secretIn: "env", addresses: { flags: "none", plan: "B", stack: "none", env: "none" } }),
      ) as { refused: string }
    ).refused;
    expect(message).toContain(
      `idgov:clientSecret comes from IDGOV_CLIENT_SECRET with no address of its own, and the tenant ${B} comes only from the plan's stack config`,
    );
    expect(message).toContain("Set idgov:baseUrl (or IDGOV_BASE_URL) beside the secret");
  });

  it("refuses a flag's address against the stack secret's own", () => {
    const message = (
      outcome(
        layered({ secretIn: "stack", addresses: { flags: "B", plan: "none", stack: "A", env: "none" } }),
      ) as { refused: string }
    ).refused;
    expect(message).toContain(`with the tenant ${A} (the config of stack "dev"), but ${B} (--base-url)`);
  });

  const stackWith = (values: Record<string, string>, external = false): StackSettings => ({
    label: external ? "the plan's stack config" : 'the config of stack "dev"',
    values: new Map(Object.entries(values)),
    undecrypted: new Set(),
    external,
  });
  const run = (flags: Record<string, string>, stacks: StackSettings[], env: Record<string, string>) =>
    outcome(() => resolveCommandSettings({ flags: new Map(Object.entries(flags)), stacks, flagOf, env }));
  const secretEnv = { IDGOV_BASE_URL: A, IDGOV_CLIENT_ID: "cli", IDGOV_CLIENT_SECRET: SECRET };

  it.each([
    ["a plan's token endpoint", "idgov:tokenUrl", "https://b.example.com/token", "the token endpoint"],
    ["a plan's proxy", "idgov:proxy", "http://proxy.b.example.com:3128", "the proxy"],
  ])("refuses %s the secret's settings do not name", (_what, key, value, what) => {
    const result = run({}, [stackWith({ [key]: value }, true)], secretEnv) as { refused: string };
    expect(result.refused).toContain(`the plan's stack config`);
    expect(result.refused).toContain(`${what} ${value.replace(/\/$/, "")}`);
  });

  it("takes a token endpoint or proxy the user's own flags or stack name, and one the secret's place names alike", () => {
    const token = { "idgov:tokenUrl": `${A}/token` };
    expect(run(token, [], secretEnv)).toEqual({ baseUrl: A });
    expect(run({}, [stackWith(token)], secretEnv)).toEqual({ baseUrl: A });
    expect(run({}, [stackWith(token, true)], { ...secretEnv, IDGOV_TOKEN_URL: `${A}/token` })).toEqual({
      baseUrl: A,
    });
    const refused = run(token, [], { ...secretEnv, IDGOV_TOKEN_URL: `${B}/token` }) as { refused: string };
    expect(refused.refused).toContain(
      `the token endpoint ${B}/token (IDGOV_TOKEN_URL), but ${A}/token (--token-url)`,
    );
  });

  it("reads a client id's host as the address it names, and an access token as a secret like a client secret", () => {
    const clientIdOfB = { "idgov:clientId": "otter@b.example.com/pcc" };
    const token = { IDGOV_ACCESS_TOKEN: SECRET };
    const refused = run({ "idgov:baseUrl": B }, [], { ...token, IDGOV_BASE_URL: A }) as { refused: string };
    expect(refused.refused).toContain(`idgov:accessToken comes from IDGOV_ACCESS_TOKEN with the tenant ${A}`);
    const fromPlan = run({}, [stackWith(clientIdOfB, true)], token) as { refused: string };
    expect(fromPlan.refused).toContain(`the tenant ${B} comes only from the plan's stack config`);
    expect(run(clientIdOfB, [], token)).toEqual({ baseUrl: B });
    // A client id's host names the tenant only when no base URL does: the secret still goes to its own.
    expect(run(clientIdOfB, [], { ...token, IDGOV_BASE_URL: A })).toEqual({ baseUrl: A });
  });

  it("counts a case, a default port or a trailing slash as the same tenant", () => {
    const env = { ...secretEnv, IDGOV_BASE_URL: "https://A.example.com:443/" };
    expect(run({}, [stackWith({ "idgov:baseUrl": A }, true)], env)).toEqual({ baseUrl: A });
  });
});
