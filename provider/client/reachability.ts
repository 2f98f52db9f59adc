import { isRpcStatusBody, namedObjectsOf } from "../errors/from-response";
import { namesAnotherObject } from "../errors/gone";
import { defaultTokenUrl, type ProviderConfig } from "./config";
import { configKeyInfo } from "./configKeys";
import type { RetryPolicy } from "./retry";
import type { SendResult, WireResponse } from "./transport";

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
   * The message of an answer at `url` that says nothing about the object asked for, naming the address and the
   * setting to check: a redirect (with where it points), a 410 (the service never answers one), a 404 whose body is
   * not the service's error shape (an HTML or plain-text page of a gateway or proxy, a base URL with the wrong path),
   * or the service's 404 that names another object. Undefined for every other answer, the service's own 404 about
   * the object among them.
   */
  notTheService(
    url: URL,
    response: Pick<WireResponse, "status" | "bodyText" | "location">,
    tokenRequest = false,
  ): string | undefined {
    const address = `${url.origin}${url.pathname}`;
    const check = this.checkSetting(tokenRequest);
    const { status, bodyText } = response;
    if (status >= 300 && status < 400) {
      const to =
        response.location === undefined ? "without a Location" : `to ${response.location.slice(0, 300)}`;
      return (
        `${address} answered ${status}, a redirect ${to}: the service answers its API without redirects, so a ` +
        `login page, a proxy or another server answered; nothing was read from it; ${check}`
      );
    }
    if (status === 410) {
      return (
        `${address} answered 410 Gone: the service never answers 410 (its not-found is a 404 with its error ` +
        `body), so this says nothing about the object; ${check}`
      );
    }
    if (status !== 404) return undefined;
    if (!isRpcStatusBody(bodyText)) {
      return (
        `${address} answered 404 without the service's error body: the server at ${url.host} is not the ` +
        `Identity Governance Service's API at that path; ${check}`
      );
    }
    const named = namedObjectsOf(bodyText, url.pathname);
    if (!namesAnotherObject(named, url.pathname)) return undefined;
    return (
      `${address} answered the service's 404 about another object (${named.map((name) => `"${name}"`).join(", ")}), ` +
      `not the one asked for: it says nothing about that object, so nothing is forgotten; ${check}, and any ` +
      "proxy between"
    );
  }

  /** The message of a 2xx answer at `url` that is not JSON: a login page or a proxy's answered, not the service. */
  notJson(url: URL, tokenRequest: boolean): string {
    return (
      `the body is not JSON: ${url.origin}${url.pathname} answered a page that is not the service's (a login ` +
      `page, or a proxy's); ${this.checkSetting(tokenRequest)}`
    );
  }

  /** What to check: the setting an address comes from, and its environment variable. */
  private checkSetting(tokenRequest: boolean): string {
    const info = this.settingOf(tokenRequest);
    return `check ${info.key} (or ${info.envVar})`;
  }

  /** The setting an address comes from: `idgov:tokenUrl` for a token endpoint set apart, else `idgov:baseUrl`. */
  private settingOf(tokenRequest: boolean) {
    const explicitTokenUrl = this.config.tokenUrl !== defaultTokenUrl(this.config.baseUrl);
    return configKeyInfo(tokenRequest && explicitTokenUrl ? "tokenUrl" : "baseUrl");
  }
}
