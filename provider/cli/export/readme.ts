import { EXPORT_KINDS, type ExportedObject } from "./kinds";
import type { SecretKey } from "./program";

/** What the README of an exported program says. */
export interface ReadmeFacts {
  readonly project: string;
  readonly baseUrl: string;
  /** When the tenant was read, RFC 3339: the only line that varies between two exports of the same tenant. */
  readonly exportedAt: string;
  readonly toolVersion: string;
  readonly declared: readonly ExportedObject[];
  /** Objects left out because another tool or workspace manages them. */
  readonly leftOut: readonly ExportedObject[];
  readonly secretKeys: readonly SecretKey[];
  /** Every resource is declared with `protect: true`. */
  readonly protect: boolean;
}

function countsTable(declared: readonly ExportedObject[]): string[] {
  const rows = EXPORT_KINDS.map(
    (kind) => [kind, declared.filter((object) => object.kind === kind).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `| \`${kind}\` | ${count} |`);
  return ["| Kind | Resources |", "| --- | --- |", ...rows];
}

function objectLine(object: ExportedObject, why: string): string {
  return `- \`${object.kind}\` \`${object.id}\` (${object.displayName}): ${why}`;
}

function leftOutSection(leftOut: readonly ExportedObject[]): string[] {
  if (leftOut.length === 0) return [];
  return [
    "## Left out",
    "",
    "Their annotations say another tool or workspace manages them. Export with `--include-managed` to declare them",
    "with `allowTakeover` commented out.",
    "",
    ...leftOut.map((object) => objectLine(object, object.managedElsewhere ?? "managed elsewhere")),
    "",
  ];
}

function webhookSection(declared: readonly ExportedObject[]): string[] {
  const webhooks = declared.filter((object) => object.hasWebhook);
  if (webhooks.length === 0) return [];
  return [
    "## Not recoverable",
    "",
    "Webhook secrets (`webhookCapabilityUrl`, `webhookHmacSecret`) are answered only to an automation's create, so",
    "the adopted automations' outputs do not hold them; keep using the values you saved when they were created:",
    "",
    ...webhooks.map((object) => objectLine(object, "webhook trigger")),
    "",
  ];
}

function secretSteps(secretKeys: readonly SecretKey[]): string[] {
  if (secretKeys.length === 0) return [];
  return [
    "",
    "   Then the secrets the service never answers, which the program reads with `config.requireSecret`:",
    "",
    "   ```sh",
    ...secretKeys.map(({ key, what }) => `   pulumi config set --secret ${key} <value>   # ${what}`),
    "   ```",
  ];
}

function destroySection(protect: boolean): string[] {
  const today = protect
    ? [
        "Every resource is declared with `protect: true`, as `pulumi import` does: `pulumi destroy`, or removing a",
        "declaration, fails on it and deletes none of them. Without it (export with `--no-protect`, or after",
        "`pulumi state unprotect`), `pulumi destroy` **deletes every adopted app, request catalog, automation and app",
      ]
    : [
        "The program was exported with `--no-protect`: `pulumi destroy`, or removing a declaration, **deletes every",
        "adopted app, request catalog, automation and app",
      ];
  return [
    "## Destroy deletes what was adopted",
    "",
    "These objects existed before this program. Adopting one makes it the stack's own, for deletion too.",
    ...today,
    "resource from the tenant**; adopted auth configs are deleted only with `deleteOnDestroy: true`, and settings and",
    "access-review scopes are left (put back with `restoreOnDelete: true`).",
    "",
    "To let go of an object and leave it in the tenant:",
    "",
    "- replace `protect: true` with `retainOnDelete: true` in its resource options and run `pulumi up`; then removing",
    "  its declaration, or `pulumi destroy`, makes Pulumi forget it and the object stays; or",
    "- run `pulumi state delete <urn>` (with `--force` while it is protected; `pulumi stack --show-urns` lists the",
    "  URNs), then remove its declaration.",
    "",
  ];
}

/** `README.md` of the exported program: what was exported, from where, when, and what to do next. */
export function readmeText(facts: ReadmeFacts): string {
  return [
    `# ${facts.project}`,
    "",
    `A Pulumi program that adopts the identity-governance tenant ${facts.baseUrl}, written by`,
    `\`pulumi-idgov export\` (pulumi-idgov ${facts.toolVersion}).`,
    "",
    `Exported at: ${facts.exportedAt}`,
    "",
    "## What was exported",
    "",
    "Every object is declared with `adoptId` (settings and access-review scopes by their fixed id) and every field",
    "the program manages set to its live value. References between exported objects are Pulumi references.",
    "",
    ...countsTable(facts.declared),
    "",
    ...leftOutSection(facts.leftOut),
    ...webhookSection(facts.declared),
    "## Next steps",
    "",
    "1. `npm install`, then `pulumi stack init <stack>`.",
    "2. Point the stack at the tenant (or set `IDGOV_*` environment variables):",
    "",
    "   ```sh",
    `   pulumi config set idgov:baseUrl ${facts.baseUrl}`,
    "   pulumi config set idgov:clientId <client-id>",
    "   pulumi config set --secret idgov:clientSecret <client-secret>",
    "   ```",
    ...secretSteps(facts.secretKeys),
    "",
    "3. `pulumi up`: each resource adopts its object. It sends one masked update per object that carries",
    "   annotations (the ownership stamps) and one per client secret, and nothing for values that already match.",
    "4. `pulumi preview --refresh --expect-no-changes` exits 0: the program matches the tenant.",
    "",
    ...destroySection(facts.protect),
  ].join("\n");
}
