import type { ApiClient, LiveObject } from "../engine";
import { kindNamed } from "../kinds";
import { adoptedIdOf, adoptionAsUpdate } from "./adoption";
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

async function readObject(kind: string, id: string, client: ApiClient): Promise<Read> {
  const live = await kindNamed(kind).api.get(client, id);
  return live === undefined ? { missing: "the object is not in the tenant" } : { live };
}

async function readOnce(change: PlannedChange, client: ApiClient): Promise<Read> {
  if (change.id === undefined) return { missing: "the object does not exist yet" };
  return readObject(change.kind, change.id, client);
}

/**
 * Who one planned change touches, from the live tenant: one impact per thing it reaches (an app's users and its
 * grants), none when it reaches no one. At most one read, a GET of the changed object, and only when a count comes
 * from it; a count the service cannot give is "unknown", with the reason in `meaning`. Read-only. A create that
 * adopts an existing object is judged as the update it is, from the live object (read once here, or `adopted`, the
 * one the adoption itself read).
 */
export async function impactOf(
  planned: PlannedChange,
  client: ApiClient,
  adopted?: LiveObject,
): Promise<Impact[]> {
  let change = planned;
  let read: Read | undefined;
  const adoptedId = adoptedIdOf(planned);
  if (adoptedId !== undefined) {
    read = adopted === undefined ? await readObject(planned.kind, adoptedId, client) : { live: adopted };
    if ("live" in read) change = adoptionAsUpdate(planned, read.live);
  }
  const rules = impactRulesOf(change);
  if (read === undefined && rules.some((rule) => "live" in rule.count)) read = await readOnce(change, client);
  return rules.map((rule) => {
    const { count, why } = countFrom(rule.count, read);
    const meaning =
      why !== undefined
        ? `${rule.meaning} (unknown: ${why})`
        : typeof count === "number" && rule.counted
          ? rule.counted(count)
          : rule.meaning;
    return {
      object: objectName(change),
      change: rule.change,
      count,
      meaning,
      tenantWide: rule.tenantWide,
      kind: change.kind,
      ...(change.urn === undefined ? {} : { urn: change.urn }),
    };
  });
}
