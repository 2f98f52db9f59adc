import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { sharedConnection } from "../../client/sharedClient";
import { packageVersion } from "../../version";
import { checkOutPath } from "../outPath";
import { importFileText } from "./importFile";
import { installSpec } from "./installSpec";
import { EXPORT_KINDS, type ExportKind, type ExportedObject } from "./kinds";
import { nameObjects } from "./names";
import type { ExportOptions } from "./options";
import { type Declaration, programFiles, type SecretKey, secretKeyOf } from "./program";
import { packageJson, pulumiYaml, tsconfigJson } from "./projectFiles";
import { readTenant } from "./read";
import { readmeText } from "./readme";

/** Where the command reports progress (stderr) and its summary. */
export type Report = (line: string) => void;

const HEADER = "// Written by `pulumi-idgov export`: every object adopted with its live values. Edit freely.";

/** Objects in a fixed order: by kind, then id, so the same tenant always gives the same files. */
function inFixedOrder(objects: readonly ExportedObject[]): ExportedObject[] {
  const rank = (kind: ExportKind) => EXPORT_KINDS.indexOf(kind);
  return [...objects].sort((a, b) => rank(a.kind) - rank(b.kind) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function exportedAtOf(options: ExportOptions, env: NodeJS.ProcessEnv): string {
  if (options.exportedAt !== undefined) return options.exportedAt;
  const epoch = env.SOURCE_DATE_EPOCH;
  const millis = epoch !== undefined && /^\d+$/.test(epoch) ? Number(epoch) * 1000 : Date.now();
  return new Date(millis).toISOString();
}

function secretKeysOf(declarations: readonly Declaration[]): SecretKey[] {
  return declarations.flatMap(({ object, names }) =>
    object.secretPaths.map((secretPath) => ({
      key: secretKeyOf(names.resource, secretPath),
      what: `${object.kind} ${names.resource}: ${secretPath}`,
    })),
  );
}

function countsText(objects: readonly ExportedObject[]): string {
  return EXPORT_KINDS.map((kind) => [kind, objects.filter((object) => object.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
}

/** The outcome of one export. */
export interface ExportResult {
  readonly declared: readonly ExportedObject[];
  readonly leftOut: readonly ExportedObject[];
  readonly files: readonly string[];
}

/**
 * Reads the tenant and writes the program that adopts it into `options.out`. Rejects on the first failure (naming
 * the operation and request id); the files are written only once everything was read.
 */
export async function runExport(
  options: ExportOptions,
  report: Report,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ExportResult> {
  const { config, client } = sharedConnection(options.config);
  await checkOutPath(options.out, options.format === "pulumi-import" ? "file" : "folder", options.force);
  const plan = { ...options, reservedPrefix: config.reservedAnnotationPrefix };
  const objects = await readTenant(
    plan,
    (operation) => client.labelled(operation),
    (kind, count) => report(`export: ${kind}: ${count} read`),
  );
  const sorted = inFixedOrder(objects);
  const leftOut = options.includeManaged ? [] : sorted.filter((object) => object.managedElsewhere);
  const declared = sorted.filter((object) => !leftOut.includes(object));
  const names = nameObjects(declared);
  const leftOutText =
    leftOut.length > 0 ? `; left out ${leftOut.length} managed elsewhere (see README.md)` : "";
  if (options.format === "pulumi-import") {
    await mkdir(path.dirname(options.out), { recursive: true });
    await writeFile(options.out, importFileText(declared, names));
    const why = leftOut.length > 0 ? `; left out ${leftOut.length} managed elsewhere` : "";
    const unlisted = declared.some((object) => object.unlistedPaths.length > 0)
      ? "; some hold members pulumi-idgov does not list: pulumi import leaves those fields out of the program it writes"
      : "";
    report(
      `export: wrote ${declared.length} resources (${countsText(declared)}) to ${options.out}${why}${unlisted}`,
    );
    return { declared, leftOut, files: [options.out] };
  }
  const declarations: Declaration[] = declared.map((object) => ({
    object,
    names: names.get(object)!,
    takeover: object.managedElsewhere !== undefined,
    protect: options.protect,
  }));
  const program = programFiles(declarations, HEADER);
  const secretKeys = secretKeysOf(declarations);
  const files = new Map<string, string>([
    [
      "Pulumi.yaml",
      pulumiYaml(
        options.project,
        config.baseUrl,
        declared.some((object) => object.unlistedPaths.length > 0),
      ),
    ],
    ["package.json", packageJson(options.project, options.packageSpec ?? installSpec())],
    ["tsconfig.json", tsconfigJson([...program.keys()])],
    ...program,
    [
      "README.md",
      readmeText({
        project: options.project,
        baseUrl: config.baseUrl,
        exportedAt: exportedAtOf(options, env),
        toolVersion: packageVersion(),
        declared,
        leftOut,
        secretKeys,
        protect: options.protect,
      }),
    ],
  ]);
  await mkdir(options.out, { recursive: true });
  for (const [name, text] of files) await writeFile(path.join(options.out, name), text);
  const secretText =
    secretKeys.length > 0 ? `; ${secretKeys.length} secret config keys to set (see README.md)` : "";
  report(
    `export: wrote ${declared.length} resources (${countsText(declared)}) to ${options.out}${leftOutText}${secretText}`,
  );
  return { declared, leftOut, files: [...files.keys()] };
}
