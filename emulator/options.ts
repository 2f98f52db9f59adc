import { publicKeyFromText } from "./jwt";
import type { TrustedIssuer } from "./tokenGrants";

/** Options of {@link startEmulator}. */
export interface EmulatorOptions {
  /**
   * TCP port to listen on; 0 picks a free port.
   * @default 0 (in-process), 8787 (command line)
   */
  port?: number;
  /**
   * Address to listen on.
   * @default "127.0.0.1"
   */
  host?: string;
  /**
   * The only client id the token endpoint accepts.
   * @default "idgov-emulator"
   */
  clientId?: string;
  /**
   * The client secret that goes with {@link EmulatorOptions.clientId}. A secret of the key form
   * `secret-token:<domain>:v1:<base64url Ed25519 private JWK>` also lets the client sign client assertions.
   * @default "emulator-secret"
   */
  clientSecret?: string;
  /**
   * For a key-form client secret: refuse the secret itself, so only a signed client assertion gets a token.
   * @default false
   */
  requireClientAssertion?: boolean;
  /**
   * Public key (PEM, or a public JWK as JSON) of an OIDC issuer whose identity tokens the token endpoint exchanges
   * (RFC 8693) for access tokens of the client. Needs {@link EmulatorOptions.oidcAudience}.
   * @default undefined (token exchange refused)
   */
  oidcIssuerKey?: string;
  /** The `aud` an exchanged identity token must name. */
  oidcAudience?: string;
  /**
   * The `iss` an exchanged identity token must carry.
   * @default undefined (any issuer signing with the key)
   */
  oidcIssuer?: string;
  /**
   * Lifetime of issued access tokens, in seconds.
   * @default 3600
   */
  tokenTtlSeconds?: number;
  /**
   * When set, every write is saved to this JSON file (atomically) and a restart restores it.
   * @default undefined (state kept in memory only)
   */
  dataFile?: string;
  /**
   * Annotation key prefix reserved by the server; keys starting with it are rejected on write.
   * @default "c1/"
   */
  reservedAnnotationPrefix?: string;
  /**
   * Whether to start from the seeded tenant (otherwise from an empty tenant with default settings).
   * @default true
   */
  seed?: boolean;
  /**
   * Suppress the warnings the emulator would print on stderr (persistence failures).
   * @default false
   */
  quiet?: boolean;
  /**
   * Latency added to every API request, in milliseconds (a fault setting that survives resets).
   * @default 0
   */
  latencyMs?: number;
}

/** A running emulator. */
export interface RunningEmulator {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:39211`. */
  url: string;
  /** The port actually bound. */
  port: number;
  /** Stops accepting connections, ends open ones and resolves once the server is closed. */
  close(): Promise<void>;
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  port: number;
  host: string;
  clientId: string;
  clientSecret: string;
  requireClientAssertion: boolean;
  trustedIssuer: TrustedIssuer | undefined;
  tokenTtlSeconds: number;
  dataFile: string | undefined;
  reservedAnnotationPrefix: string;
  seed: boolean;
  quiet: boolean;
  latencyMs: number;
}

/** Fills in the documented defaults. */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  return {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    clientId: options.clientId ?? "idgov-emulator",
    clientSecret: options.clientSecret ?? "emulator-secret",
    requireClientAssertion: options.requireClientAssertion ?? false,
    trustedIssuer: trustedIssuer(options),
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    dataFile: options.dataFile,
    reservedAnnotationPrefix: options.reservedAnnotationPrefix ?? "c1/",
    seed: options.seed ?? true,
    quiet: options.quiet ?? false,
    latencyMs: options.latencyMs ?? 0,
  };
}

function trustedIssuer(options: EmulatorOptions): TrustedIssuer | undefined {
  if (options.oidcIssuerKey === undefined) return undefined;
  if (options.oidcAudience === undefined || options.oidcAudience === "") {
    throw new Error("oidcAudience is required with oidcIssuerKey");
  }
  return {
    publicKey: publicKeyFromText(options.oidcIssuerKey),
    audience: options.oidcAudience,
    issuer: options.oidcIssuer,
  };
}
