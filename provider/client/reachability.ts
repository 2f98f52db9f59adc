import { isRpcStatusBody } from "../errors/from-response";
import { defaultTokenUrl, type ProviderConfig } from "./config";
import { configKeyInfo } from "./configKeys";
import type { RetryPolicy } from "./retry";
import type { SendResult } from "./transport";

/** Failures that say nothing answers at an address: a connection refused, a host name that does not resolve. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * Which addresses (origins) have answered in this process, one record per client (so per configuration). Until an
 * address has answered, a failure that says nothing answers there is most likely a wrong URL or a stopped service:
 * it gets the short `unreachableBudgetMs` and an error that names the address and the setting to check. Once the
 * address has answered, the same failure is an outage in the middle of a run, ridden out within `retryBudgetMs`.
 */
export class Reachability {
  private readonly answered = new Set<string>();

  constructor(private readonly config: Pick<ProviderConfig, "baseUrl" | "tokenUrl">) {}

  /** Records an HTTP answer, whatever its status: the address is reachable. */
  note(url: URL, result: SendResult): void {
    if (result.ok) this.answered.add(url.origin);
  }

  /** Whether `result` says nothing answers at `url`, which has never answered in this process. */
  neverReached(url: URL, result: SendResult): boolean {
    return !result.ok && UNREACHABLE_CODES.has(result.failure.code ?? "") && !this.answered.has(url.origin);
  }

  /** The policy for a request whose last attempt {@link neverReached}: the short budget. */
  static shortened(policy: RetryPolicy): RetryPolicy {
    return { ...policy, retryBudgetMs: Math.min(policy.retryBudgetMs, policy.unreachableBudgetMs) };
  }

  /**
   * What to check when nothing answered at `url`: the setting it comes from, `idgov:tokenUrl` for a token endpoint
   * set apart from the base URL, else `idgov:baseUrl`.
   */
  hint(url: URL, tokenRequest: boolean): string {
    const info = this.settingOf(tokenRequest);
    return (
      `nothing has answered at ${url.origin} in this run: check ${info.key} (or ${info.envVar}) ` +
      "and that the service is running"
    );
  }

  /**
   * The message of a 404 from the token endpoint at `url`: some other web server answers there (a base URL that
   * points at the wrong host or path). Names the host and the setting to check, as {@link hint} does.
   */
  tokenNotFound(url: URL): string {
    const info = this.settingOf(true);
    return (
      `no token endpoint at ${url.origin}${url.pathname}: the server at ${url.host} is not the Identity ` +
      `Governance Service's; check ${info.key} (or ${info.envVar})`
    );
  }

  /**
   * The message of a 404 at `url` whose body is not the service's error shape (an HTML or plain-text page of a gateway
   * or proxy, a base URL with the wrong path): it says nothing about the object, so it names the address and the
   * setting to check. Undefined for the service's own 404.
   */
  notTheService(url: URL, bodyText: string): string | undefined {
    if (isRpcStatusBody(bodyText)) return undefined;
    const info = this.settingOf(false);
    return (
      `${url.origin}${url.pathname} answered 404 without the service's error body: the server at ${url.host} ` +
      `is not the Identity Governance Service's API at that path; check ${info.key} (or ${info.envVar})`
    );
  }

  /** The setting an address comes from: `idgov:tokenUrl` for a token endpoint set apart, else `idgov:baseUrl`. */
  private settingOf(tokenRequest: boolean) {
    const explicitTokenUrl = this.config.tokenUrl !== defaultTokenUrl(this.config.baseUrl);
    return configKeyInfo(tokenRequest && explicitTokenUrl ? "tokenUrl" : "baseUrl");
  }
}
