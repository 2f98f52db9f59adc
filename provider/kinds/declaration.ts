import type { z } from "zod";
import type { ResourceKind } from "../engine";
import { requiredUnlessAdopting } from "./controls";
import type { KindExample } from "./example";

/**
 * Everything known about one kind, as data: what the engine runs on (fields and how each compares, with `createOnly`
 * and `immutable` marked in the table; the input schema; the API), and what a door, or a generator of schema, types
 * and docs, reads beside it.
 */
export interface KindDeclaration<Name extends string = string> extends ResourceKind {
  /** The type name and the base of every token: `App`. */
  readonly name: Name;
  /** What an object of the kind is, in one sentence. */
  readonly description: string;
  /** The example on its reference pages. */
  readonly example: KindExample;
  /** The outputs a resource of the kind exposes: every field it manages, then every field the service answers. */
  readonly outputs: readonly string[];
  /** The fields of the live object as the service answers them: the types of the outputs, for generators. */
  readonly outputShape: z.ZodRawShape;
  /** The outputs kept encrypted in state. */
  readonly secretOutputs: readonly string[];
  /** The inputs a program must set unless it adopts an existing object (`adoptId`). */
  readonly requiredUnlessAdopting: readonly string[];
  /** How every live object of the kind is read from the tenant (audit, export, the provider's `List`). */
  readonly listing: KindListing;
  /**
   * The apps an object of the kind belongs to, which `pulumi-idgov export --app` narrows; absent for a kind whose
   * objects belong to no app.
   */
  appsOf?(id: string, fields: Readonly<Record<string, unknown>>): readonly string[];
  /** The object's own id (what `adoptId` names) from its Pulumi id. @default the Pulumi id */
  ownIdOf?(pulumiId: string): string;
  /** Whether an object of the kind is an app, which other objects name by `appId`. */
  readonly isApp?: boolean;
  /**
   * For tenant settings: who each editable path reaches, as impacts name it (spec 2.11). A change of any path
   * reaches every user of the tenant.
   */
  readonly reaches?: Readonly<Record<string, string>>;
}

/**
 * How every live object of a kind is read: `list`, its paged list route, whole; `singleton`, one GET of its fixed
 * id; `collections`, the list of each `(app, resource type)` collection a reader names; `named`, one GET of each id a
 * reader names (the service cannot list them, as access-review campaigns).
 */
export type KindListing = "list" | "singleton" | "collections" | "named";

/** A kind as its file declares it: its inputs before the required-unless-adopting rule is added to them. */
export type KindSource<Name extends string> = Omit<
  KindDeclaration<Name>,
  "inputSchema" | "secretOutputs" | "requiredUnlessAdopting"
> & {
  /** The inputs with the kind's own rules; {@link declareKind} adds the required-unless-adopting rule last. */
  readonly inputs: z.ZodType<Record<string, unknown>>;
  readonly secretOutputs?: readonly string[];
  readonly requiredUnlessAdopting?: readonly string[];
};

/** The declaration of a kind: its input schema checks `requiredUnlessAdopting` after the kind's own rules. */
export function declareKind<Name extends string>(source: KindSource<Name>): KindDeclaration<Name> {
  const { inputs, secretOutputs = [], requiredUnlessAdopting: required = [], ...rest } = source;
  const inputSchema = required.length === 0 ? inputs : inputs.superRefine(requiredUnlessAdopting(required));
  return { ...rest, inputSchema, secretOutputs, requiredUnlessAdopting: required };
}
