/**
 * BENCH ONLY: drives one plugin bundle (IDGOV_TEST_PLUGIN_MAIN) through NativePlugin against a fresh emulator and
 * prints every answer as JSON, so the hand-written and the connect plugin can be diffed:
 *   IDGOV_TEST_PLUGIN_MAIN=.bench-connect/hand/plugin/pulumi-resource-idgov.js npx tsx bench/connect/sanity.ts
 */
import { createHash } from "node:crypto";
import { startEmulatorProcess } from "../emulatorProcess";
import { EMULATOR_CREDENTIALS } from "../../testkit/emulatorApi";
import { NativePlugin, type Props, secret } from "../../testkit/nativePlugin";

const APP = "idgov:index:App";

async function main() {
  const emulator = await startEmulatorProcess();
  const plugin = await NativePlugin.start({ ...process.env });
  const out: Record<string, unknown> = {};
  const record = async (name: string, work: () => Promise<unknown>) => {
    out[name] = await work().catch((error: Error) => ({
      error: error.constructor.name,
      message: error.message,
    }));
  };
  try {
    await record("version", () => plugin.pluginVersion());
    await record("schemaSha", async () =>
      createHash("sha256")
        .update(JSON.stringify(await plugin.schema()))
        .digest("hex"),
    );
    const config = {
      baseUrl: emulator.url,
      clientId: EMULATOR_CREDENTIALS.clientId,
      clientSecret: secret(EMULATOR_CREDENTIALS.clientSecret),
    };
    await record("checkConfig", () => plugin.checkConfig(config));
    await record("diffConfig", () => plugin.diffConfig(config, { ...config, baseUrl: "http://127.0.0.1:1" }));
    await record("configure", async () => (await plugin.configure(config)).toObject());
    await record("checkInvalid", () => plugin.check(APP, "bad", { description: 42 }));
    const apps: Record<string, Props> = {
      a: { displayName: "Sanity A", description: "first" },
      b: { displayName: "Sanity B", description: secret("hidden") },
      c: { displayName: "Sanity C" },
    };
    for (const [name, news] of Object.entries(apps)) {
      const checked = (await plugin.check(APP, name, news)) as { inputs: Props };
      out[`check.${name}`] = checked;
      await record(`preview.${name}`, () => plugin.create(APP, name, checked.inputs, true));
      const created = await plugin.create(APP, name, checked.inputs);
      out[`create.${name}`] = created;
      await record(`read.${name}`, () => plugin.read(APP, name, created.id, created.outputs, checked.inputs));
      await record(`diffNone.${name}`, () =>
        plugin.diff(APP, name, created.id, created.outputs, checked.inputs, checked.inputs),
      );
      const changed = { ...checked.inputs, displayName: `${String(news.displayName)} 2` };
      await record(`diffSome.${name}`, () =>
        plugin.diff(APP, name, created.id, created.outputs, changed, checked.inputs),
      );
      await record(`update.${name}`, () => plugin.update(APP, name, created.id, created.outputs, changed));
      await record(`delete.${name}`, () => plugin.delete(APP, name, created.id, created.outputs));
      await record(`readGone.${name}`, () => plugin.read(APP, name, created.id, created.outputs));
    }
    await record("deleteUnknownType", () => plugin.delete("idgov:index:Nope", "x", "1", {}));
    await record("list", () => plugin.list(APP));
    await record("cancel", () => plugin.cancel());
  } finally {
    await plugin.stop();
    await emulator.close();
  }
  // What differs from run to run (the emulator's address, ids, times) named by order of appearance.
  const ids = new Map<string, string>();
  const text = JSON.stringify(out, null, 1)
    .replaceAll(emulator.url, "<emulator>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/g, "<time>")
    .replace(/"id": "([A-Za-z0-9]{20,})"/g, (_, id: string) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size}>`);
      return `"id": "${ids.get(id)}"`;
    });
  process.stdout.write(`${text}\n`);
  process.exit(0);
}

void main();
