import { IdgovError } from "../errors";
import { type ConfigSource, configKeyInfo } from "../client/config";
import { redactError } from "../errors/redact";
import { sharedConnection } from "../client/sharedClient";
import type { LiveObject } from "../engine";
import { type ChangeFacts, type Impact, impactOf, plannedChange } from "../impact";
import type { Warn } from "./providerService";

/** `idgov:impactLimit`, from the settings resolved once per process (not again for every change). */
function impactLimitOf(source: ConfigSource | undefined): number | undefined {
  return sharedConnection(source).config.impactLimit;
}

/** A planned change the engine has diffed, and its impacts once read (at most once). */
interface Pending {
  readonly facts: ChangeFacts;
  impacts?: Promise<Impact[]>;
}

/** Whether an impact is worth a warning: it reaches someone the tenant counts, or every user. */
function worthWarning(impact: Impact): boolean {
  return impact.tenantWide || (typeof impact.count === "number" && impact.count > 0);
}

/**
 * The warning of one impact, in the words of `pulumi-idgov impact`: `RequestCatalog engineering (cat-engineering):
 * visibleToEveryone: true → false: every user of the tenant but the catalog's 14 members stops seeing it (…)
 * (tenant-wide)`.
 */
export function impactLine(impact: Impact): string {
  return `${impact.object}: ${impact.change}: ${impact.meaning}${impact.tenantWide ? " (tenant-wide)" : ""}`;
}

/** Counted impacts past the limit that the program has not accepted: `acceptImpact` below the live count. */
function unaccepted(impacts: readonly Impact[], limit: number, accepted: number | undefined): Impact[] {
  return impacts.filter(
    (impact) =>
      typeof impact.count === "number" &&
      impact.count > limit &&
      (accepted === undefined || impact.count > accepted),
  );
}

function refusal(impact: Impact, limit: number, accepted: number | undefined): string {
  const count = impact.count as number;
  const given = accepted === undefined ? "" : ` (acceptImpact: ${accepted} accepts at most ${accepted})`;
  return (
    `${impactLine(impact)}: the tenant counts ${count}, more than ${configKeyInfo("impactLimit").key} ${limit}${given}. ` +
    `If this change was reviewed, set ` +
    `acceptImpact: ${count} on the resource to accept it, and run again`
  );
}

/**
 * The impact of each change a preview plans, on the native door (issue 30): the engine's Diff names the change,
 * the preview's Create or Update warns of it once, beside the resource; Delete is never called in a preview, so a
 * deletion is seen only by `pulumi-idgov impact`. One read of the changed object at most, none for an unchanged one.
 * With `idgov:impactLimit` set, Diff reads at once and fails a change past the limit the program has not accepted.
 * A create that adopts an existing object (`adoptId`) is judged as the update it is, from one read of that object
 * (none more in the real Create, which reuses the adoption's own read), by Create in the preview and for real.
 */
export class PreviewImpacts {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly warn: Warn) {}

  /** Diff found a change. With a limit set, it is judged now: past the limit and not accepted, this throws. */
  async diffed(facts: ChangeFacts, source: ConfigSource | undefined, accepted: unknown): Promise<void> {
    const entry: Pending = { facts };
    this.pending.set(facts.urn ?? "", entry);
    if (impactLimitOf(source) === undefined) return;
    entry.impacts = this.impactsOf(facts, source);
    await this.judged(entry.impacts, source, accepted);
  }

  /**
   * A real Create that adopts `live` (it has no Diff, and may run without a preview): judged against the limit
   * before the adoption writes, from the object the adoption read, with no read of its own.
   */
  async adopting(facts: ChangeFacts, live: LiveObject, source: ConfigSource | undefined, accepted: unknown) {
    if (impactLimitOf(source) === undefined) return;
    await this.judged(this.impactsOf(facts, source, live), source, accepted);
  }

  /** Throws when, with a limit set, an impact is past it and not accepted. */
  private async judged(impacts: Promise<Impact[]>, source: ConfigSource | undefined, accepted: unknown) {
    const limit = impactLimitOf(source);
    if (limit === undefined) return;
    const given = typeof accepted === "number" ? accepted : undefined;
    const refused = unaccepted(await impacts, limit, given);
    if (refused.length > 0) {
      throw new IdgovError(refused.map((impact) => refusal(impact, limit, given)).join("\n"));
    }
  }

  /**
   * A preview's Create or Update: warns once of the change Diff named (or of the create itself, which has no Diff)
   * when it reaches anyone. A read that fails leaves a warning saying so, never a failed preview. A create (an
   * adopting one is judged as the update it is) is judged here against a limit set, as Diff judges an update.
   */
  async previewed(
    urn: string,
    created: ChangeFacts | undefined,
    source: ConfigSource | undefined,
    accepted?: unknown,
  ) {
    const entry: Pending | undefined =
      this.pending.get(urn) ?? (created === undefined ? undefined : { facts: created });
    this.pending.delete(urn);
    if (entry === undefined) return;
    if (created !== undefined && impactLimitOf(source) !== undefined) {
      entry.impacts ??= this.impactsOf(entry.facts, source);
      await this.judged(entry.impacts, source, accepted);
    }
    try {
      const impacts = await (entry.impacts ?? this.impactsOf(entry.facts, source));
      const lines = impacts.filter(worthWarning).map(impactLine);
      if (lines.length > 0) this.warn(urn, lines.join("\n"));
    } catch (error) {
      const reason = error instanceof Error ? redactError(error).message : String(error);
      this.warn(urn, `the impact of this change is unknown: ${reason}`);
    }
  }

  /** A Create or Update that writes: the change is no longer planned. */
  applied(urn: string): void {
    this.pending.delete(urn);
  }

  private impactsOf(facts: ChangeFacts, source: ConfigSource | undefined, adopted?: LiveObject) {
    const change = plannedChange(facts);
    const label = `impact ${facts.kind} ${facts.id ?? "(new)"}`;
    return impactOf(change, sharedConnection(source).client.labelled(label), adopted);
  }
}
