/**
 * Which kinds the provider protocol's `List` answers, and the query each takes, by how each kind is read (its
 * declaration's `listing`): the schema's `listInputs` and the reader's listing scope come from this one table.
 */
import { type KindListing, kindNamed } from "../kinds";
import type { ListingScope } from "../kinds/liveObjects";
import type { KindName } from "../kinds/names";
import { StatusError } from "./statusError";
import type { Props } from "../engine";

/** The `listInputs` of a resource in the package schema: the query a `List` call of the kind takes. */
export interface ListInputsSpec {
  readonly type: "object";
  readonly description: string;
  readonly properties: Record<string, { readonly type: "string"; readonly description: string }>;
  readonly required?: string[];
}

/** A kind `List` answers: the query it takes and the audit scope that query names. */
interface Listing {
  readonly inputs: ListInputsSpec;
  readonly scope: (query: Readonly<Record<string, string>>) => ListingScope;
}

const NO_SCOPE: ListingScope = { appResourceCollections: [], accessReviews: [] };

/** A kind the service lists whole: no query. */
const WHOLE: Listing = {
  inputs: { type: "object", description: "Takes no query: lists every object of the kind.", properties: {} },
  scope: () => NO_SCOPE,
};

const APP_RESOURCES: Listing = {
  inputs: {
    type: "object",
    description: "The collection to list: the resources of one app's resource type.",
    properties: {
      appId: { type: "string", description: "The app whose resources to list." },
      appResourceTypeId: { type: "string", description: "The resource type of the app to list." },
    },
    required: ["appId", "appResourceTypeId"],
  },
  scope: (query) => ({
    ...NO_SCOPE,
    appResourceCollections: [
      { appId: query.appId as string, appResourceTypeId: query.appResourceTypeId as string },
    ],
  }),
};

/** What `List` answers for each way a kind is read (its declaration's `listing`), or why it refuses. */
const LISTINGS: Readonly<Record<KindListing, Listing | string>> = {
  list: WHOLE,
  collections: APP_RESOURCES,
  singleton: "it is the tenant's one settings object: read or import it by its id",
  named: "the service cannot list access-review campaigns: import a campaign's scope by the campaign id",
};

/** The schema's `listInputs` of a kind: absent for a kind `List` does not answer. */
export function listInputsOf(name: KindName): ListInputsSpec | undefined {
  const listing = LISTINGS[kindNamed(name).listing];
  return typeof listing === "string" ? undefined : listing.inputs;
}

/** The listing of a kind, or a refusal naming the kind and why it cannot be listed. */
export function listingOf(token: string, name: KindName): Listing {
  const listing = LISTINGS[kindNamed(name).listing];
  if (typeof listing !== "string") return listing;
  throw new StatusError(`${token} cannot be listed: ${listing}`, "UNIMPLEMENTED");
}

/** The query checked against the kind's `listInputs`: every required key a non-empty string, no other key. */
export function checkedQuery(token: string, listing: Listing, query: Props): Record<string, string> {
  const { properties, required = [] } = listing.inputs;
  const fail = (rule: string) => new StatusError(`${token} list query: ${rule}`, "INVALID_ARGUMENT");
  const unknownKeys = Object.keys(query).filter((key) => !(key in properties));
  if (unknownKeys.length > 0) {
    const takes = Object.keys(properties);
    const allowed = takes.length === 0 ? "it takes none" : `it takes ${takes.join(", ")}`;
    throw fail(`${unknownKeys.join(", ")} is not an input of the query (${allowed})`);
  }
  const checked: Record<string, string> = {};
  for (const key of required) {
    const value = query[key];
    if (typeof value !== "string" || value === "") throw fail(`${key} is required, a non-empty string`);
    checked[key] = value;
  }
  return checked;
}
