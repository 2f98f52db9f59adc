import { methodNotAllowed, notFound } from "../errors";
import type { Emulator } from "../emulator";
import { parseFaultSettings } from "../faults";
import { growTenant } from "../grow";
import { parseJsonBody } from "../requestBody";
import type { Answer } from "../server";

/**
 * The test switches under `/__emulator/` (loopback only, no token): the request log, fault
 * settings, token expiry, growing the tenant and reset. They are never logged and never faulted.
 */
export async function handleControl(
  emulator: Emulator,
  method: string,
  path: string,
  raw: Buffer,
  contentType: string | undefined,
): Promise<Answer> {
  switch (path) {
    case "/__emulator/requests":
      if (method === "GET") return { status: 200, body: { requests: emulator.log.list() } };
      if (method === "DELETE") {
        emulator.log.clear();
        return { status: 200, body: {} };
      }
      throw methodNotAllowed(method, path, ["GET", "DELETE"]);
    case "/__emulator/faults": {
      if (method === "GET") return { status: 200, body: emulator.faults.current() };
      if (method !== "POST") throw methodNotAllowed(method, path, ["GET", "POST"]);
      const parsed = parseJsonBody(raw, contentType);
      if (parsed.error !== undefined) throw parsed.error;
      emulator.faults.set(parseFaultSettings(parsed.value));
      return { status: 200, body: emulator.faults.current() };
    }
    case "/__emulator/expire-tokens":
      if (method !== "POST") throw methodNotAllowed(method, path, ["POST"]);
      return { status: 200, body: { expired: emulator.tokens.expireAll() } };
    case "/__emulator/grow": {
      if (method !== "POST") throw methodNotAllowed(method, path, ["POST"]);
      const parsed = parseJsonBody(raw, contentType);
      if (parsed.error !== undefined) throw parsed.error;
      return { status: 200, body: growTenant(emulator.store, parsed.value) };
    }
    case "/__emulator/reset":
      if (method !== "POST") throw methodNotAllowed(method, path, ["POST"]);
      await emulator.reset();
      return { status: 200, body: {} };
    default:
      throw notFound(`no test switch ${method} ${path}`);
  }
}
