import { TokenIssuer } from "./auth";
import { FaultInjector } from "./faults";
import type { ResolvedOptions } from "./options";
import { Persistence } from "./persistence";
import { RequestLog } from "./requestLog";
import { buildRouter } from "./routes";
import type { Router } from "./router";
import { buildTenant } from "./seedData";
import type { TenantState } from "./state";
import { Store } from "./store";

/** Everything one running emulator holds: state, tokens, faults, request log, routes, persistence. */
export class Emulator {
  readonly store: Store;
  readonly tokens: TokenIssuer;
  readonly faults: FaultInjector;
  readonly log = new RequestLog();
  readonly router: Router = buildRouter();
  readonly persistence: Persistence | undefined;
  /** Set once the server listens. */
  baseUrl = "";

  constructor(readonly options: ResolvedOptions) {
    this.tokens = new TokenIssuer(options);
    this.faults = new FaultInjector(options.latencyMs > 0 ? { latencyMs: options.latencyMs } : {});
    this.store = new Store(buildTenant(options.seed));
    if (options.dataFile !== undefined) {
      this.persistence = new Persistence(options.dataFile, () => this.store.state);
      const saved = this.persistence.load(buildTenant(false));
      if (saved !== undefined) this.store.replace(upgradeState(saved));
    } else {
      this.persistence = undefined;
    }
  }

  /** Restores the seed (or the empty tenant), clears faults and the request log. */
  async reset(): Promise<void> {
    this.store.replace(buildTenant(this.options.seed));
    this.faults.restoreBaseline();
    this.log.clear();
    await this.persistence?.save();
  }

  /** Token lifetime for a token issued now. */
  tokenTtlSeconds(): number {
    return this.faults.tokenTtlSeconds() ?? this.options.tokenTtlSeconds;
  }
}

/** Fills collections a data file from an older emulator lacks. */
function upgradeState(saved: TenantState): TenantState {
  const state = { ...buildTenant(false), ...saved };
  // Data files from before members were kept carry a bare `memberCount` instead.
  for (const record of Object.values(state.catalogs)) record.memberIds ??= [];
  return state;
}
