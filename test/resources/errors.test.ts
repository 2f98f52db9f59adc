import { describe, expect, it } from "vitest";
import { resolveProviderConfig } from "../../provider/client/config";
import * as idgov from "../../resources";
import {
  getApp,
  IdgovConfigError,
  IdgovError,
  IdgovNotFoundError,
  IdgovRequestError,
  IdgovResponseSchemaError,
  IdgovTransportError,
  listAppOwners,
} from "../../resources";
import { CLIENT_ID, CLIENT_SECRET, closedPort } from "../provider/client/harness";
import { useLookupEmulator } from "./lookups/harness";

const suite = useLookupEmulator();

/** A local URL nothing listens on. */
async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await closedPort()}`;
}

async function caught(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => expect.unreachable("the call succeeded"),
    (error: unknown) => error,
  );
}

/** Every error class of the package, and the class it extends. */
const FAMILY: [string, string | undefined][] = [
  ["IdgovError", undefined],
  ["IdgovRequestError", "IdgovError"],
  ["IdgovApiError", "IdgovRequestError"],
  ["IdgovValidationError", "IdgovApiError"],
  ["IdgovAuthError", "IdgovApiError"],
  ["IdgovNotFoundError", "IdgovApiError"],
  ["IdgovConflictError", "IdgovApiError"],
  ["IdgovRateLimitError", "IdgovApiError"],
  ["IdgovServerError", "IdgovApiError"],
  ["IdgovResponseSchemaError", "IdgovRequestError"],
  ["IdgovTransportError", "IdgovRequestError"],
  ["IdgovConfigError", "IdgovError"],
  ["IdgovArgumentError", "IdgovError"],
  ["IdgovDeclarationError", "IdgovError"],
  ["IdgovObjectError", "IdgovError"],
  ["IdgovAdoptionError", "IdgovObjectError"],
  ["IdgovOwnershipError", "IdgovObjectError"],
  ["IdgovMissingObjectError", "IdgovObjectError"],
  ["IdgovLostCreateError", "IdgovObjectError"],
  ["IdgovTenantError", "IdgovObjectError"],
  ["IdgovNewerStateError", "IdgovObjectError"],
  ["IdgovUnreadableStateError", "IdgovObjectError"],
];

describe("the error family, as a program catches it", () => {
  it.each(FAMILY)("exports %s from the package root, a subclass of %s", (name, parent) => {
    const exported = idgov as unknown as Record<string, abstract new (...args: never[]) => Error>;
    const ErrorClass = exported[name];
    expect(ErrorClass?.name).toBe(name);
    expect(ErrorClass!.prototype).toBeInstanceOf(Error);
    if (parent !== undefined) expect(Object.getPrototypeOf(ErrorClass)).toBe(exported[parent]);
  });

  it("exports every error class of the package from the root, and nothing named like one besides", () => {
    const names = Object.keys(idgov).filter((name) => /^Idgov\w*Error$/.test(name));
    expect(names.sort()).toEqual(FAMILY.map(([name]) => name).sort());
  });

  it("a lookup of an unknown id fails with IdgovNotFoundError carrying the request, status, gRPC code and request id", async () => {
    const error = await caught(() => getApp({ id: "app-nope" }, suite.options));
    expect(error).toBeInstanceOf(IdgovNotFoundError);
    expect(error).toBeInstanceOf(IdgovRequestError);
    const [logged] = (await suite.requests()).filter((entry) => entry.path.startsWith("/api/"));
    expect(error).toMatchObject({
      method: "GET",
      path: "/api/v1/apps/app-nope",
      status: 404,
      grpcCode: 5,
      requestId: logged!.requestId,
      operation: "getApp",
    });
    expect(logged!.requestId).toMatch(/\S/);
    expect((error as Error).cause).toBeUndefined();
  });

  it("a lookup that reaches no server fails with IdgovTransportError whose cause is the network error", async () => {
    const config = resolveProviderConfig(undefined, {
      IDGOV_BASE_URL: await closedPortUrl(),
      IDGOV_CLIENT_ID: CLIENT_ID,
      IDGOV_CLIENT_SECRET: CLIENT_SECRET,
      IDGOV_MAX_RETRIES: "0",
    });
    const error = await caught(() => getApp({ id: "app-aws" }, { config }));
    expect(error).toBeInstanceOf(IdgovTransportError);
    expect(error).toBeInstanceOf(IdgovRequestError);
    const transport = error as IdgovTransportError;
    // The token request failed first: the copy naming the lookup keeps the cause.
    expect(transport.message).toMatch(/^getApp: POST \/auth\/v1\/token \(127\.0\.0\.1:\d+\): /);
    expect([transport.code, transport.status, transport.requestId]).toEqual([
      "ECONNREFUSED",
      undefined,
      undefined,
    ]);
    expect(transport.cause).toBeInstanceOf(Error);
    expect(String((transport.cause as Error).message)).not.toContain(CLIENT_SECRET);
  });

  it("a lookup whose answer breaks its schema fails with IdgovResponseSchemaError carrying the request id", async () => {
    await suite.faults({
      script: [{ fault: "emptyAfterCommit", method: "GET", pathPrefix: "/api/v1/apps/" }],
    });
    const error = await caught(() => getApp({ id: "app-aws" }, suite.options));
    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    const [logged] = (await suite.requests()).filter((entry) => entry.path.startsWith("/api/"));
    expect(logged).toMatchObject({ fault: "emptyAfterCommit", requestId: expect.stringMatching(/\S/) });
    expect(error).toMatchObject({
      method: "GET",
      path: "/api/v1/apps/app-aws",
      requestId: logged!.requestId,
    });
    expect((error as Error).message).toBe(
      `getApp: unexpected response: app: Invalid input: expected object, received undefined (request id ${logged!.requestId})`,
    );
  });

  it("a listing lookup whose page is cut short fails naming that page's request id", async () => {
    await suite.faults({
      script: [{ fault: "truncatedAfterCommit", method: "GET", pathPrefix: "/api/v1/apps/" }],
    });
    const error = await caught(() => listAppOwners({ appId: "app-aws" }, suite.options));
    expect(error).toBeInstanceOf(IdgovResponseSchemaError);
    const [logged] = (await suite.requests()).filter((entry) => entry.path.startsWith("/api/"));
    expect((error as IdgovResponseSchemaError).requestId).toBe(logged!.requestId);
    expect((error as IdgovResponseSchemaError).requestId).toMatch(/\S/);
  });

  it("a lookup without settings fails with IdgovConfigError before any request", async () => {
    const error = await caught(() => getApp({ id: "app-aws" }, { config: { get: () => undefined } }));
    expect(error).toBeInstanceOf(IdgovConfigError);
    expect(error).toBeInstanceOf(IdgovError);
    expect(await suite.requests()).toEqual([]);
  });
});
