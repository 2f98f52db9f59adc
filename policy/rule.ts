import type { KindFacts, KindName } from "../provider/kinds/public";

/** One parameter of a rule, as the policy config file sets it and the reference documents it. */
export interface RuleParameter {
  readonly type: "integer" | "boolean" | "string" | "array";
  readonly description: string;
  /** The value when the config file does not set it. */
  readonly default: number | boolean | string | readonly string[];
}

/** A resource of one of the kinds, as a rule sees it: through either door, with the program's inputs. */
export interface JudgedResource {
  /** The resource's kind; `undefined` for an explicit provider instance (`pulumi:providers:idgov`). */
  readonly kind: KindFacts | undefined;
  /** The resource's name in the program. */
  readonly name: string;
  /** The program's inputs; reading a value unknown during preview throws (see {@link readField}). */
  readonly props: Record<string, unknown>;
}

/** What the pack knows of the stack being previewed. */
export interface StackContext {
  /** The values of the stack's configuration (the CLI hands them to the pack), to tell config from literals. */
  readonly configValues: ReadonlySet<string>;
  /** Whether the CLI handed the pack the stack's configuration at all (`PULUMI_CONFIG`). */
  readonly configKnown: boolean;
}

/** What a rule found wrong with one property. */
export interface Finding {
  /** The property, as a dotted path: `owners`, `providerClient.oidcClientSecret`. */
  readonly property: string;
  /** What is wrong, in a sentence without the resource's name. */
  readonly problem: string;
  /** How to comply. */
  readonly comply: string;
}

/** A rule of the pack: data (name, reason, parameters, the fields it reads) and a judgement over one resource. */
export interface Rule {
  /** `idgov-app-owners`. */
  readonly name: string;
  /** What the rule asks, in one sentence. */
  readonly description: string;
  /** Why the rule exists, from the service's contract. */
  readonly reason: string;
  /** The kinds the rule judges. */
  readonly kinds: readonly KindName[];
  /** Whether the rule also judges explicit provider instances (`pulumi:providers:idgov`). @default false */
  readonly providers?: boolean;
  /**
   * The fields the rule reads, per kind (`Provider`: provider settings): each must be a field of that kind, so a
   * test fails when a kind renames one.
   */
  readonly fields: Readonly<Partial<Record<KindName | "Provider", readonly string[]>>>;
  readonly parameters: Readonly<Record<string, RuleParameter>>;
  /** The findings for one resource of one of {@link kinds}, under the rule's parameters (defaults applied). */
  judge(resource: JudgedResource, config: Readonly<Record<string, unknown>>, stack: StackContext): Finding[];
}

/** A field's value, or that it is not known during preview. */
export type FieldValue = { readonly known: true; readonly value: unknown } | { readonly known: false };

/** Whether `error` is `@pulumi/policy`'s UnknownValueError (thrown when a value unknown during preview is read). */
function isUnknownValueError(error: unknown): boolean {
  return error instanceof Error && "unknownTypeSentinel" in error;
}

/** The engine's sentinels for values unknown during preview, as they arrive when nothing proxies the inputs. */
const UNKNOWN_SENTINELS = new Set([
  "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
  "1c4a061d-8072-4f0a-a4cb-0ff528b18fe7",
  "3eeb2bf0-c639-47a8-9e75-3b44932eb421",
  "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2",
  "030794c1-ac77-496b-92df-f27374a8bd58",
  "e48ece36-62e2-4504-bad9-02848725956a",
  "dd056dcd-154b-4c76-9bd3-c8f88648b5ff",
]);

/** Reads the value at a dotted path of the inputs; `{ known: false }` when it (or an object above it) is unknown. */
export function readField(props: Record<string, unknown>, path: string): FieldValue {
  let value: unknown = props;
  try {
    for (const part of path.split(".")) {
      if (value === null || typeof value !== "object") return { known: true, value: undefined };
      value = (value as Record<string, unknown>)[part];
      if (typeof value === "string" && UNKNOWN_SENTINELS.has(value)) return { known: false };
    }
  } catch (error) {
    if (isUnknownValueError(error)) return { known: false };
    throw error;
  }
  return { known: true, value };
}

/** The finding for a value a rule cannot judge because it is unknown during preview. */
export function cannotJudge(property: string, rule: string): Finding {
  return {
    property,
    problem: `is not known during preview (another resource's output), so ${rule} cannot judge it`,
    comply: `give ${property} a value known at preview (a literal, stack config or a lookup), or set ${rule} to advisory`,
  };
}
