import type { ApiClient, LiveObject } from "../engine";
import { kindNamed } from "../kinds";
import { objectName } from "./describe";
import { type CountSource, impactRulesOf } from "./rules";
import type { Impact, PlannedChange } from "./types";

/** What the one read of a changed object found: its live object, or why there is none. */
type Read = { readonly live: LiveObject } | { readonly missing: string };

function countFrom(source: CountSource, read: Read | undefined): { count: number | "unknown"; why?: string } {
  if ("unknown" in source) return { count: "unknown", why: source.unknown };
  if (read === undefined) return { count: "unknown", why: "the object was not read" };
  if ("missing" in read) return { count: "unknown", why: read.missing };
  const value = read.live.fields[source.live];
  if (typeof value === "string" && /^\d+$/.test(value)) return { count: Number(value) };
  return { count: "unknown", why: `the service answered no ${source.live}` };
}

async function readOnce(change: PlannedChange, client: ApiClient): Promise<Read> {
  if (change.id === undefined) return { missing: "the object does not exist yet" };
  const live = await kindNamed(change.kind).api.get(client, change.id);
  return live === undefined ? { missing: "the object is not in the tenant" } : { live };
}

/**
 * Who one planned change touches, from the live tenant: one impact per thing it reaches (an app's users and its
 * grants), none when it reaches no one. At most one read, a GET of the changed object, and only when a count comes
 * from it; a count the service cannot give is "unknown", with the reason in `meaning`. Read-only.
 */
export async function impactOf(change: PlannedChange, client: ApiClient): Promise<Impact[]> {
  const rules = impactRulesOf(change);
  const read = rules.some((rule) => "live" in rule.count) ? await readOnce(change, client) : undefined;
  return rules.map((rule) => {
    const { count, why } = countFrom(rule.count, read);
    return {
      object: objectName(change),
      change: rule.change,
      count,
      meaning: why === undefined ? rule.meaning : `${rule.meaning} (unknown: ${why})`,
      tenantWide: rule.tenantWide,
      kind: change.kind,
      ...(change.urn === undefined ? {} : { urn: change.urn }),
    };
  });
}
