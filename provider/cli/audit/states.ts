import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { parseStackExport, StackStateError } from "../../audit/stackState";
import type { StackState } from "../../audit/types";
import type { StateSource } from "./options";

/** The text of `pulumi stack export --stack NAME`, run through the `pulumi` on PATH in the current directory. */
function pulumiStackExport(stack: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "pulumi",
      ["stack", "export", "--stack", stack],
      { maxBuffer: 512 * 1024 * 1024, env: process.env },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const why = stderr.trim().split("\n").slice(-3).join(" ") || error.message;
        reject(new StackStateError(`pulumi stack export --stack ${stack}: ${why}`));
      },
    );
  });
}

/** Reads one stack's state from its source. */
export async function readStackState(source: StateSource): Promise<StackState> {
  if ("stack" in source) {
    const label = `pulumi stack export --stack ${source.stack}`;
    return parseStackExport(await pulumiStackExport(source.stack), label, source.stack);
  }
  let text: string;
  try {
    text = await readFile(source.file, "utf8");
  } catch (error) {
    throw new StackStateError(
      `--stack-state ${source.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  return parseStackExport(text, source.file);
}
