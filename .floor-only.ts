import { QUICK_PLAN } from "./bench/benchPlan";
import { openBenchProject } from "./bench/benchStack";
import { startEmulatorProcess } from "./bench/emulatorProcess";
import { measureFloor } from "./bench/floorRuns";
import { KIND_SCENARIOS } from "./bench/scenarios";
import * as os from "node:os";

async function main() {
  process.env.NODE_NO_WARNINGS = "1";
  const emulator = await startEmulatorProcess();
  try {
    const project = await openBenchProject(emulator, KIND_SCENARIOS);
    const loadStart = os.loadavg();
    const floor = await measureFloor(project, { ...QUICK_PLAN, curveCounts: [50, 200], repeats: 1 }, (l) => process.stderr.write(`${l} load ${os.loadavg()[0]}\n`)).finally(() => project.remove());
    process.stdout.write(JSON.stringify({ loadStart, loadEnd: os.loadavg(), floor }, null, 2));
  } finally { await emulator.close(); }
}
main();
