import { spawnSync } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "../../..");

/** What a program run under Pulumi's mocks did. */
export interface MockedRun {
  /** Errors the program's statements threw, in order. */
  readonly thrown: string[];
  /** The resources registered with the (mock) engine, with their inputs as the engine received them. */
  readonly registered: { type: string; name: string; inputs: Record<string, unknown> }[];
  /** Errors reported as unhandled rejections (how a failed registration ends a Pulumi program). */
  readonly rejections: string[];
}

/**
 * Runs program statements against the built package (bound as `idgov`, with `pulumi`) under Pulumi's mocks, in a
 * fresh Node process that ends when the program's work is done, as `pulumi up` would run them. Each statement runs
 * on its own, so one that throws does not stop the next.
 */
export function runMockedProgram(statements: readonly string[]): MockedRun {
  const script = `
    const pulumi = require("@pulumi/pulumi");
    const run = { thrown: [], registered: [], rejections: [] };
    process.on("unhandledRejection", (error) => {
      const message = String((error && error.message) || error);
      if (!run.rejections.includes(message)) run.rejections.push(message);
    });
    pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          run.registered.push({ type: args.type, name: args.name, inputs: args.inputs });
          return { id: args.name + "-id", state: args.inputs };
        },
        call: () => ({}),
      },
      "idgov-test",
      "dev",
      true,
    );
    const idgov = require("./dist/resources");
    for (const statement of ${JSON.stringify(statements)}) {
      try { eval(statement); } catch (error) { run.thrown.push(error.message); }
    }
    process.on("beforeExit", () => {
      process.stdout.write(JSON.stringify(run));
      process.exit(0);
    });`;
  // The exit status is not used: Pulumi's runtime sets 1 when a failed registration leaves promises behind.
  const child = spawnSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" });
  if (!child.stdout) throw new Error(`the mocked program printed nothing: ${child.stderr}`);
  return JSON.parse(child.stdout) as MockedRun;
}
