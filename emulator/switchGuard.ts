import type { IncomingMessage } from "node:http";
import { ApiError, GRPC_CODE } from "./errors";

/** Host names that always mean this machine. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/** Whether a socket address is the loopback interface. */
export function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Why a test switch (`/__emulator/*`) refuses a request, or undefined when it may answer. Switches answer a caller
 * on loopback that names a loopback host (a DNS-rebinding page names its own), sends no cross-site `Origin` (a web
 * page's `fetch` or form does), and sends a body only as JSON (a cross-site form or `text/plain` post is not).
 */
export function switchRefusal(request: IncomingMessage, raw: Buffer): ApiError | undefined {
  const refuse = (why: string) => new ApiError(403, GRPC_CODE.PERMISSION_DENIED, `test switches ${why}`);
  if (!isLoopback(request.socket.remoteAddress)) return refuse("answer loopback callers only");
  const host = hostnameOf(`http://${request.headers.host ?? ""}`);
  if (host === undefined || !isLoopbackName(host)) {
    return refuse(
      `answer only requests whose Host is a loopback name (got ${JSON.stringify(request.headers.host ?? "")})`,
    );
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const originHost = hostnameOf(origin);
    if (originHost === undefined || !isLoopbackName(originHost)) {
      return refuse(`refuse cross-site requests (Origin ${JSON.stringify(origin)})`);
    }
  }
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (raw.length > 0 && type !== "application/json") {
    return new ApiError(
      415,
      GRPC_CODE.INVALID_ARGUMENT,
      "test switches take JSON bodies only (content-type: application/json)",
    );
  }
  return undefined;
}
