import { readFile } from "node:fs/promises";
import type { ProviderConfig } from "../../client/config";
import { sharedConnection } from "../../client/sharedClient";
import { impactOf, type Impact, type PlannedChange } from "../../impact";
import { plannedChangesOf, PreviewFormatError } from "../../impact/fromPreview";
import { crosses, impactJson, impactMarkdown, impactTable, type ThresholdRule } from "../../impact/report";
import { resolveCommandSettings, type StackSettings } from "../../service/settingsResolution";
import { flagOf } from "../flags";
import type { SettingsResolver } from "../runCommand";
import type { ImpactOptions } from "./options";

/** What a run found: the impacts, the text written, and whether any crossed the threshold. */
export interface ImpactResult {
  readonly impacts: readonly Impact[];
  readonly text: string;
  readonly crossed: boolean;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

/** The form that works where standard input cannot be read. */
const PREVIEW_FILE_FORM =
  "pulumi preview --json > plan.json && pulumi plugin run --kind resource idgov -- impact --preview plan.json";

/**
 * Why the plan cannot come from standard input, or undefined when it can: `pulumi plugin run` (which sets
 * `PULUMI_RPC_TARGET` for the plugin it runs) copies its own input to the plugin but never closes it, so a read would
 * wait for ever; a terminal has no plan to give.
 */
export function standardInputProblem(
  stdin: { readonly isTTY?: boolean },
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (env.PULUMI_RPC_TARGET) {
    return (
      "`pulumi plugin run` does not pass standard input on to the plugin (it never ends it), so the plan cannot be " +
      `read from it: write the plan to a file and name it with --preview: ${PREVIEW_FILE_FORM}`
    );
  }
  if (stdin.isTTY) {
    return (
      "standard input is a terminal, not a plan: pipe `pulumi preview --json` into the command, or name a file " +
      "with --preview FILE"
    );
  }
  return undefined;
}

function parsePreview(text: string, where: string): unknown {
  if (text.trim() === "") {
    throw new PreviewFormatError(
      `${where} is empty: \`pulumi preview --json\` printed no plan (did it fail? its errors are on its standard ` +
        "error); an empty plan is not judged as one that changes nothing",
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PreviewFormatError(
      `${where} is not JSON (${(error as Error).message}); run \`pulumi preview --json\``,
    );
  }
}

/** The plan's own stack config (`idgov:baseUrl`, …): the plan shows secrets as `[secret]`, so they are left out. */
function planSettings(preview: unknown): StackSettings {
  const config = (preview as { config?: unknown }).config;
  const entries = typeof config === "object" && config !== null ? Object.entries(config) : [];
  const values = entries.filter(
    (entry): entry is [string, string] =>
      entry[0].startsWith("idgov:") && typeof entry[1] === "string" && entry[1] !== "[secret]",
  );
  return {
    label: "the plan's stack config",
    values: new Map(values),
    undecrypted: new Set(),
    external: true,
  };
}

/** Flags, the plan's stack config, then `IDGOV_*`: how {@link runImpact} resolves when no resolver is given. */
function withoutCurrentStack(options: ImpactOptions): SettingsResolver {
  return async (plan) =>
    resolveCommandSettings({ flags: options.settings, stacks: plan ? [plan] : [], flagOf });
}

/** The impacts of the changes, from the tenant the resolved settings name. */
async function impactsOf(changes: readonly PlannedChange[], config: ProviderConfig): Promise<Impact[]> {
  const { client } = sharedConnection(config);
  const label = (change: PlannedChange) => client.labelled(`impact: read ${change.kind} ${change.id ?? ""}`);
  return (await Promise.all(changes.map((change) => impactOf(change, label(change))))).flat();
}

/**
 * Reads the preview and the tenant (no connection at all when nothing changes), with settings resolved from the flags,
 * the plan's own stack config, then what `settings` adds (the command's: the current stack's config, then `IDGOV_*`);
 * answers the impacts in the asked format. Read-only.
 */
export async function runImpact(
  options: ImpactOptions,
  stdin: NodeJS.ReadableStream,
  settings: SettingsResolver = withoutCurrentStack(options),
  env: NodeJS.ProcessEnv = process.env,
): Promise<ImpactResult> {
  const fromStdin = options.preview === undefined || options.preview === "-";
  const problem = fromStdin ? standardInputProblem(stdin as { isTTY?: boolean }, env) : undefined;
  if (problem !== undefined) throw new PreviewFormatError(problem);
  const where = fromStdin ? "standard input" : (options.preview as string);
  const text = fromStdin ? await readAll(stdin) : await readFile(options.preview as string, "utf8");
  const preview = parsePreview(text, where);
  const changes = plannedChangesOf(preview);
  const impacts = changes.length === 0 ? [] : await impactsOf(changes, await settings(planSettings(preview)));
  const rule: ThresholdRule = { threshold: options.threshold, unknownCrosses: options.unknownCrosses };
  const format = { table: impactTable, json: impactJson, markdown: impactMarkdown }[options.format];
  return { impacts, text: format(impacts, rule), crossed: impacts.some((impact) => crosses(impact, rule)) };
}
