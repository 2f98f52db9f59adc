import { execFile } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "..");

/** What a program run under Pulumi's mocks did. */
export interface MockedRun {
  /** Errors the program's statements threw, in order. */
  readonly thrown: string[];
  /** The resources registered with the (mock) engine, with their inputs as the engine received them. */
  readonly registered: { type: string; name: string; inputs: Record<string, unknown> }[];
  /** Errors reported as unhandled rejections (how a failed registration ends a Pulumi program). */
  readonly rejections: string[];
  /** What the program's statements pushed to `run.logged` (an output's value once it resolves, say). */
  readonly logged: unknown[];
}

/**
 * Runs `program` (JavaScript, with `pulumi` and `run` in scope) under Pulumi's mocks in a fresh Node process that
 * ends when the program's work is done, as `pulumi up` would run it.
 */
async function runUnderMocks(
  project: string,
  program: string,
  env: NodeJS.ProcessEnv = {},
): Promise<MockedRun> {
  const script = `
    const pulumi = require("@pulumi/pulumi");
    const run = { thrown: [], registered: [], rejections: [], logged: [] };
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
      ${JSON.stringify(project)},
      "dev",
      true,
      "organization",
    );
    ${program}
    process.on("beforeExit", () => {
      process.stdout.write(JSON.stringify(run));
      process.exit(0);
    });`;
  // Asynchronous, so an emulator served by this process keeps answering. The exit status is not used: Pulumi's
  // runtime sets 1 when a failed registration leaves promises behind.
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) => {
    const options = { cwd: root, encoding: "utf8" as const, env: { ...process.env, ...env } };
    execFile(process.execPath, ["-e", script], options, (_error, out, err) =>
      resolve({ stdout: out, stderr: err }),
    );
  });
  if (!stdout) throw new Error(`the mocked program printed nothing: ${stderr}`);
  return JSON.parse(stdout) as MockedRun;
}

/**
 * Runs program statements against the built package (bound as `idgov`, with `pulumi`) under Pulumi's mocks. Each
 * statement runs on its own, so one that throws does not stop the next.
 */
export function runMockedProgram(statements: readonly string[]): Promise<MockedRun> {
  return runUnderMocks(
    "idgov-test",
    `const idgov = require("./dist/resources");
    for (const statement of ${JSON.stringify(statements)}) {
      try { eval(statement); } catch (error) { run.thrown.push(error.message); }
    }`,
  );
}

/**
 * Runs a TypeScript program file (an example's `index.ts`, importing `pulumi-idgov` as a user's program does) under
 * Pulumi's mocks, with the given stack config (`<project>:<key>`); `secretKeys` are set as secrets.
 */
export function runMockedProgramFile(
  file: string,
  project: string,
  config: Record<string, string>,
  secretKeys: readonly string[] = [],
): Promise<MockedRun> {
  const env = {
    PULUMI_CONFIG: JSON.stringify(config),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(secretKeys),
  };
  const program = `require("tsx/cjs");
    try { require(${JSON.stringify(path.resolve(root, file))}); } catch (error) { run.thrown.push(error.message); }`;
  return runUnderMocks(project, program, env);
}
