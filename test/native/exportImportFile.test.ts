import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runExport } from "../../provider/cli/export/command";
import type { ImportFileEntry } from "../../provider/cli/export/importFile";
import { type ExportOptions, parseExportArguments } from "../../provider/cli/export/options";
import { EMULATOR_CREDENTIALS } from "../../testkit/emulatorApi";
import { providerInputs, settled, useImpactPlugins } from "./harness/setup";

const ctx = useImpactPlugins();

const SCOPE_AND_RESOURCE_FLAGS = [
  "--access-review",
  "ar-2026-q4-privileged",
  "--app-resources",
  "app-github/rt-github-repository",
];

describe("pulumi-idgov export --format pulumi-import, read back by pulumi-resource-idgov", () => {
  it("writes entries whose every id the plugin reads into inputs that check and diff with no change", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pulumi-idgov-import-file-"));
    try {
      const file = path.join(dir, "import.json");
      const parsed = parseExportArguments([
        "--out",
        file,
        "--format",
        "pulumi-import",
        ...SCOPE_AND_RESOURCE_FLAGS,
      ]) as ExportOptions;
      const config: Record<string, string> = {
        "idgov:baseUrl": ctx.emulator.url,
        "idgov:clientId": EMULATOR_CREDENTIALS.clientId,
        "idgov:clientSecret": EMULATOR_CREDENTIALS.clientSecret,
      };
      const lines: string[] = [];
      await runExport({ ...parsed, config: { get: (key) => config[key] } }, (line) => lines.push(line));
      // The seed holds an auth config whose status pulumi-idgov does not list: the import leaves that field out.
      expect(lines.at(-1)).toMatch(/pulumi import leaves those fields out of the program it writes$/);
      await ctx.plugin.configure(providerInputs(ctx.emulator));
      const { resources } = JSON.parse(await readFile(file, "utf8")) as { resources: ImportFileEntry[] };
      const kinds = new Set(resources.map((entry) => entry.type));
      expect(kinds).toEqual(
        new Set(
          [
            "App",
            "RequestCatalog",
            "Automation",
            "AuthConfig",
            "SsoSettings",
            "XaaSettings",
            "SessionSettings",
            "AppResource",
            "AccessReviewScope",
          ].map((kind) => `idgov:index:${kind}`),
        ),
      );
      const unlisted: string[] = [];
      for (const { type, name, id } of resources) {
        const imported = await ctx.plugin.read(type, name, id, {});
        expect(imported.id, `${type} ${name}`).toBe(id);
        const checked = await ctx.plugin.check(type, name, imported.inputs ?? {});
        expect(checked.failures, `${type} ${name}`).toEqual([]);
        const diff = await ctx.plugin.diff(type, name, id, imported.outputs, checked.inputs, imported.inputs);
        // The ownership stamps are pending: they ride along with the object's next write, never causing one.
        expect(diff, `${type} ${name}`).toMatchObject({ changes: "none", detailedDiff: {} });
        if (JSON.stringify(imported.outputs).includes("AUTH_CONFIG_STATUS_PENDING_VERIFICATION")) {
          unlisted.push(name);
          expect(imported.inputs).not.toHaveProperty("status");
        }
      }
      expect(unlisted).toHaveLength(1);
      await settled({ engine: ctx.engine, plugin: ctx.plugin });
      const warnings = ctx.engine.messages.map((entry) => entry.message).join("\n");
      expect(warnings).toMatch(
        new RegExp(
          `AuthConfig "[^"]+": status holds AUTH_CONFIG_STATUS_PENDING_VERIFICATION, a member this version of ` +
            "pulumi-idgov does not list; the imported program leaves status out",
        ),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
