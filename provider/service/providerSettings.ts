import { IdgovConfigError, IdgovError } from "../errors";
import type { ConfigSource } from "../client/config";
import type { KindDeclaration } from "../kinds";
import { type KindService, kindService } from "./kindService";

/**
 * The settings of one configured provider instance and what they allow: the source of its `idgov:*` keys (resolved
 * once, with `IDGOV_*` variables as fallback), each kind's service under them (made on its first call, so inputs
 * that fail `check` never need credentials), and whether a call may send requests (not once the engine cancelled,
 * nor while the settings are unknown).
 */
export class ProviderSettings {
  private current: ConfigSource | undefined;
  /** Each kind's service under the current settings, made on its first call. */
  private readonly services = new Map<string, KindService>();
  private configUnknown = false;
  private cancelled = false;

  /** The settings as a source of `idgov:*` keys; undefined leaves every one to its `IDGOV_*` variable. */
  get source(): ConfigSource | undefined {
    return this.current;
  }

  /** Whether no request may start: the engine cancelled, or the settings are not known. */
  get halted(): boolean {
    return this.configUnknown || this.cancelled;
  }

  /** Takes the settings as a source of `idgov:*` keys (a stack's config), with `IDGOV_*` variables as fallback. */
  configureFrom(source: ConfigSource | undefined, unknown = false): void {
    this.current = source;
    this.services.clear();
    this.configUnknown = unknown;
  }

  /** The engine is shutting down: calls under way finish (so their writes are recorded); no new request starts. */
  cancel(): void {
    this.cancelled = true;
  }

  /** Refuses a call that sends requests once the engine cancelled, or while the settings are not known. */
  mayRequest(): void {
    if (this.cancelled) throw new IdgovError("the operation was cancelled: the engine is shutting down");
    if (this.configUnknown) {
      throw new IdgovConfigError(
        "the idgov provider's settings are not known yet (they depend on other resources)",
      );
    }
  }

  /** The service of a kind, for a call that sends requests. */
  requesting(kind: KindDeclaration): KindService {
    this.mayRequest();
    return this.service(kind);
  }

  /** The service of a kind under the current settings. */
  service(kind: KindDeclaration): KindService {
    let service = this.services.get(kind.name);
    if (!service) {
      service = kindService(kind, this.current);
      this.services.set(kind.name, service);
    }
    return service;
  }
}
