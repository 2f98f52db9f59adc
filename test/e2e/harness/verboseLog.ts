import { leakedSecrets } from "../../../testkit/stateSecrets";

/**
 * Trace lines that Pulumi v3.248.0 itself writes with RPC payloads in plain text, secrets included: the engine's
 * planner lines (from `-v=7`) and property marshalling lines (`-v=9`), whose redaction filter runs before the message
 * is formatted (pulumi/pulumi#23931 and #24477 redact them in later CLI versions), and the Node.js SDK's
 * "RegisterResource RPC finished" debug line, which prints the engine's answer to the program. The provider
 * cannot change what these print.
 */
const PULUMI_RPC_TRACE = [
  /"msg":"Marshaling property for RPC\[/,
  /"msg":"Unmarshaling property for RPC\[/,
  /"msg":"Planner decided not to update '[^']*' after diff/,
  /"msg":"(eventSink::Debug\(<\{%reset%\}>)?RegisterResource RPC finished: /,
];

/** Whether a verbose-log line is one of Pulumi's own RPC trace lines (see {@link PULUMI_RPC_TRACE}). */
export function isPulumiRpcTrace(line: string): boolean {
  return PULUMI_RPC_TRACE.some((pattern) => pattern.test(line));
}

/** The secrets a verbose log shows in plain text outside Pulumi's own RPC trace lines. */
export function leakedOutsidePulumiTrace(log: string, secrets: readonly string[]): string[] {
  const lines = log.split("\n").filter((line) => !isPulumiRpcTrace(line));
  return leakedSecrets(lines.join("\n"), secrets);
}
