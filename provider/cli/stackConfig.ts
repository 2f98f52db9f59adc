import { execFile } from "node:child_process";
import type { StackSettings } from "../service/settingsResolution";

interface PulumiRun {
  readonly stdout: string;
  /** The last line of its error output, or why it could not run; undefined when it succeeded. */
  readonly failure?: string;
}

/** Runs the `pulumi` on PATH in the current directory; never throws. */
function pulumi(args: readonly string[], env: NodeJS.ProcessEnv): Promise<PulumiRun> {
  return new Promise((resolve) => {
    execFile(
      "pulumi",
      args,
      { env, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout });
        const code = (error as NodeJS.ErrnoException).code;
        const last = stderr
          .trim()
          .split("\n")
          .pop()
          ?.replace(/^error:\s*/, "");
        resolve({ stdout, failure: code === "ENOENT" ? "no pulumi command on PATH" : last || error.message });
      },
    );
  });
}

type ConfigJson = Record<string, { value?: unknown; objectValue?: unknown; secret?: boolean }>;

function idgovValues(json: ConfigJson): Map<string, string> {
  const values = new Map<string, string>();
  for (const [key, entry] of Object.entries(json)) {
    if (!key.startsWith("idgov:") || entry.value === undefined) continue;
    values.set(key, typeof entry.value === "string" ? entry.value : JSON.stringify(entry.value));
  }
  return values;
}

const NONE = (problem: string): StackSettings => ({
  label: "the current stack's config",
  values: new Map(),
  undecrypted: new Set(),
  problem,
});

/**
 * The current stack's `idgov:*` config: the stack `pulumi stack select` chose for the Pulumi project of the current
 * directory, read with `pulumi config --show-secrets` so secrets are decrypted as `pulumi up` decrypts them. When
 * they cannot be (no passphrase, no access to the secrets provider), the plain values are read and the secret keys
 * named. No project, no stack or no `pulumi` command is no stack config, said so in the answer, not an error.
 */
export async function currentStackSettings(env: NodeJS.ProcessEnv = process.env): Promise<StackSettings> {
  const named = await pulumi(["stack", "--show-name", "--non-interactive"], env);
  const stack = named.stdout.trim();
  if (named.failure !== undefined || stack === "") return NONE(named.failure ?? "no stack selected");
  const label = `the config of stack "${stack}"`;
  const base = ["config", "--json", "--stack", stack, "--non-interactive"];
  const shown = await pulumi([...base, "--show-secrets"], env);
  if (shown.failure === undefined) {
    return { label, values: idgovValues(JSON.parse(shown.stdout) as ConfigJson), undecrypted: new Set() };
  }
  const plain = await pulumi(base, env);
  if (plain.failure !== undefined) return { ...NONE(plain.failure), label };
  const json = JSON.parse(plain.stdout) as ConfigJson;
  const undecrypted = Object.entries(json)
    .filter(([key, entry]) => key.startsWith("idgov:") && entry.secret === true && entry.value === undefined)
    .map(([key]) => key);
  return { label, values: idgovValues(json), undecrypted: new Set(undecrypted), problem: shown.failure };
}
