/**
 * `npm run bench:impact [-- --json] [--apps 1000] [--catalogs 100]`: what the impact of a planned change (issue 30)
 * costs a preview on the native provider. `pulumi-resource-idgov` is driven over gRPC as the engine drives it in a
 * preview (Check and Diff of every resource; Update with `preview: true` of each changed one) with N Apps and C
 * catalogs under management: a no-op preview, then one that changes every App's description (touches no one) and
 * every catalog's visibility (tenant-wide), without and with `idgov:impactLimit`. Counts the API requests each sends
 * and the warnings it logs. Exits 1 when the no-op preview sends a request or a change preview reads an object more
 * than once.
 */
import { type RunningEmulator, startEmulator } from "../emulator";
import { apiRequests, clearRequests, EMULATOR_CREDENTIALS } from "../testkit/emulatorApi";
import { EngineLog } from "../testkit/engineLog";
import { NativePlugin, type Props, secret } from "../testkit/nativePlugin";
import { machineInfo } from "./machine";

const APP = "idgov:index:App";
const CATALOG = "idgov:index:RequestCatalog";

/** The provider's inputs that reach the emulator (as `test/native/harness/setup.ts` has them, without vitest). */
function providerInputs(emulator: RunningEmulator): Props {
  const { clientId, clientSecret } = EMULATOR_CREDENTIALS;
  return { baseUrl: emulator.url, clientId, clientSecret: secret(clientSecret), version: "0.1.0" };
}

interface Managed {
  type: string;
  name: string;
  id: string;
  state: Props;
  inputs: Props;
}

/** One measured preview: its wall time, the API requests it sent, the objects it read, the warnings it logged. */
interface PreviewFigures {
  preview: string;
  wallMs: number;
  requests: number;
  objectsRead: number;
  warnings: number;
}

function numberFlag(args: readonly string[], flag: string, fallback: number): number {
  const index = args.indexOf(flag);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

/** Runs `work` over `items`, 16 at a time (the provider's default `maxInFlight`). */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += 16) {
    results.push(...(await Promise.all(items.slice(start, start + 16).map(work))));
  }
  return results;
}

async function manage(plugin: NativePlugin, type: string, name: string, news: Props): Promise<Managed> {
  const { inputs, failures } = await plugin.check(type, name, news);
  if (failures.length > 0) throw new Error(`${name}: ${JSON.stringify(failures)}`);
  const created = await plugin.create(type, name, inputs);
  return { type, name, id: created.id, state: created.outputs, inputs };
}

/** What the engine asks of one resource in a preview: Check, Diff, and Update (preview) when it changed. */
async function previewOne(plugin: NativePlugin, resource: Managed, news: Props): Promise<void> {
  const { type, name, id, state, inputs } = resource;
  const checked = await plugin.check(type, name, news, inputs);
  const diff = await plugin.diff(type, name, id, state, checked.inputs, inputs);
  if (diff.changes === "some") await plugin.update(type, name, id, state, checked.inputs, true);
}

async function measurePreview(
  emulator: RunningEmulator,
  engine: EngineLog,
  plugin: NativePlugin,
  preview: string,
  planned: readonly [Managed, Props][],
): Promise<PreviewFigures> {
  await clearRequests(emulator);
  engine.messages.length = 0;
  const started = performance.now();
  await inBatches(planned, ([resource, news]) => previewOne(plugin, resource, news));
  const wallMs = Math.round(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 200)); // warnings are sent without waiting for an answer
  const sent = await apiRequests(emulator);
  const read = new Set(sent.filter((request) => request.method === "GET").map((request) => request.path));
  return { preview, wallMs, requests: sent.length, objectsRead: read.size, warnings: engine.messages.length };
}

async function bench(args: readonly string[]): Promise<number> {
  const apps = numberFlag(args, "--apps", 1000);
  const catalogs = numberFlag(args, "--catalogs", 100);
  const machine = machineInfo();
  process.stderr.write(
    `bench: ${machine.cpuModel}, ${machine.cores} cores, load ${machine.loadAverageAtStart}\n`,
  );
  const emulator = await startEmulator({ quiet: true });
  const engine = await EngineLog.start();
  const plugin = await NativePlugin.start({}, engine.address);
  const guarded = await NativePlugin.start({}, engine.address);
  try {
    await plugin.configure(providerInputs(emulator));
    await guarded.configure({ ...providerInputs(emulator), impactLimit: "1000" });
    process.stderr.write(`bench: managing ${apps} apps and ${catalogs} catalogs\n`);
    const managed = [
      ...(await inBatches([...Array(apps).keys()], (index) =>
        manage(plugin, APP, `app-${index}`, { displayName: `Impact bench app ${index}` }),
      )),
      ...(await inBatches([...Array(catalogs).keys()], (index) =>
        manage(plugin, CATALOG, `catalog-${index}`, {
          displayName: `Impact bench catalog ${index}`,
          visibleToEveryone: true,
        }),
      )),
    ];
    const changed = (resource: Managed): Props =>
      resource.type === APP
        ? { ...resource.inputs, description: "Changed by npm run bench:impact" }
        : { ...resource.inputs, visibleToEveryone: false };
    const figures = [
      await measurePreview(
        emulator,
        engine,
        plugin,
        "no-op",
        managed.map((r) => [r, r.inputs] as const),
      ),
      await measurePreview(
        emulator,
        engine,
        plugin,
        "changed",
        managed.map((r) => [r, changed(r)] as const),
      ),
      await measurePreview(
        emulator,
        engine,
        guarded,
        "changed, impactLimit set",
        managed.map((r) => [r, changed(r)] as const),
      ),
    ];
    const objects = apps + catalogs;
    if (args.includes("--json")) {
      process.stdout.write(`${JSON.stringify({ machine, apps, catalogs, figures }, null, 2)}\n`);
    } else {
      process.stdout.write(`${objects} resources (${apps} apps, ${catalogs} catalogs)\n`);
      process.stdout.write("preview                   wall ms  requests  objects read  warnings\n");
      for (const row of figures) {
        process.stdout.write(
          `${row.preview.padEnd(24)}  ${String(row.wallMs).padStart(7)}  ${String(row.requests).padStart(8)}  ${String(row.objectsRead).padStart(12)}  ${String(row.warnings).padStart(8)}\n`,
        );
      }
    }
    const [noOp, ...changes] = figures as [PreviewFigures, ...PreviewFigures[]];
    const overRead = changes.some((row) => row.requests > row.objectsRead || row.objectsRead > catalogs);
    return noOp.requests > 0 || overRead ? 1 : 0;
  } finally {
    await plugin.stop();
    await guarded.stop();
    engine.stop();
    await emulator.close();
  }
}

bench(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:impact failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
