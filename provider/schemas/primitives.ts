import { z } from "zod";
import type { Unlisted } from "./enums";

/** A JSON object as the wire, a plan or a state carries it, its members not parsed yet. */
export type Json = Record<string, unknown>;

/** The metadata key that lists an enumeration's known members, for generators (the native provider's schema). */
export const ENUM_MEMBERS = "enumMembers";

/**
 * An open enumeration: any string is accepted and kept, because the service may add members
 * that this package does not know yet (spec 2.0.5, 9.3). `known` only documents the members
 * known today; it is attached as the schema description.
 */
export function openEnum(known: readonly string[]): z.ZodString {
  return z
    .string({ error: "must be a string (enumeration value)" })
    .meta({ description: `one of ${known.join(", ")}`, [ENUM_MEMBERS]: [...known] });
}

/** The `params` key that marks an issue as "a member this package does not list": check may let it through. */
export const UNLISTED_MEMBER = "unlistedMember";

/** How a program sends a member this package does not list yet (docs/guides/writing-programs.md, "Enumerations"). */
export function howToSendUnlisted(value: string): string {
  return (
    `to send a member pulumi-idgov does not list yet, write unlisted(${JSON.stringify(value)}) ` +
    `and set idgov:allowUnlistedMembers to true`
  );
}

/**
 * An enumeration in a program's input or a request: one of the `known` members. Every member carries its
 * enumeration's prefix (`CIRCUIT_BREAKER_PERIOD_HOUR`), so a bare `"HOUR"` or a member of another enumeration fails
 * outright; a well-formed member this package does not list fails with an issue marked {@link UNLISTED_MEMBER},
 * which check lets through when the program opts in (`idgov:allowUnlistedMembers`). The prefix is the zero member's
 * (`…_UNSPECIFIED`); an enumeration without one has no prefix rule.
 */
export function requestEnum<const Known extends readonly string[]>(
  known: Known,
): z.ZodType<Known[number] | Unlisted, Known[number] | Unlisted> {
  const zero = known.find((member) => member.endsWith("_UNSPECIFIED"));
  const prefix = zero?.slice(0, -"UNSPECIFIED".length);
  return openEnum(known).superRefine((value, ctx) => {
    if (known.includes(value)) return;
    const wellFormed =
      prefix === undefined ||
      (value.startsWith(prefix) && value.length > prefix.length && /^[A-Z][A-Z0-9_]*$/.test(value));
    if (!wellFormed) {
      ctx.addIssue({
        code: "custom",
        message: `must be an enumeration value starting with ${prefix} (got ${JSON.stringify(value)})`,
      });
      return;
    }
    ctx.addIssue({
      code: "custom",
      message: `must be one of ${known.join(", ")} (got ${JSON.stringify(value)}); ${howToSendUnlisted(value)}`,
      params: { [UNLISTED_MEMBER]: true },
    });
  });
}

/** Message of every 64-bit integer check. */
export const INT64_MESSAGE = "must be a string of decimal digits (int64)";

/** A 64-bit integer or count on the wire: a JSON string of decimal digits such as `"42"` (spec 2.0.3). */
export const int64String = z.string({ error: INT64_MESSAGE }).regex(/^\d+$/, { error: INT64_MESSAGE });

/** An unsigned 32-bit integer, carried as a JSON number. */
export const uint32 = z
  .number({ error: "must be a number (uint32)" })
  .int({ error: "must be a whole number (uint32)" })
  .min(0, { error: "must be 0 or more (uint32)" })
  .max(4_294_967_295, { error: "must be at most 4294967295 (uint32)" });

/** A signed 32-bit integer, carried as a JSON number. */
export const int32 = z
  .number({ error: "must be a number (int32)" })
  .int({ error: "must be a whole number (int32)" })
  .min(-2_147_483_648, { error: "must be at least -2147483648 (int32)" })
  .max(2_147_483_647, { error: "must be at most 2147483647 (int32)" });

/** Message of every timestamp check. */
export const TIMESTAMP_MESSAGE = 'must be an RFC 3339 timestamp such as "2026-11-21T14:00:00Z"';

/** An RFC 3339 date-time with `Z` or a numeric offset, e.g. `"2026-11-21T14:00:00Z"`. */
export const timestamp = z.iso.datetime({ offset: true, error: TIMESTAMP_MESSAGE });

/**
 * A timestamp as the service returns it: absent or `null` both mean unset (proto3 JSON, reference 1),
 * so every timestamp in a response schema uses this.
 */
export const responseTimestamp = timestamp.nullish();

/** A copy of an answer object without its `null` fields: the service writes an unset field as `null` (reference 1.1). */
function withoutNullFields(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  if (!Object.values(value).includes(null)) return value; // the parse copies it anyway
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
}

/**
 * An object of an answer. A field written `null` reads as unset, exactly as an absent one (reference 1.1: the service
 * writes every unset message-typed field as `null`, and a client reads `null` as unset for every field). Fields this
 * package does not know are accepted and kept, as the service may add fields at any time.
 */
export function responseObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.preprocess(withoutNullFields, z.looseObject(shape));
}

/** Like {@link responseObject}, but fields this package does not know are dropped (content that must not leak). */
export function responseObjectKnownFields<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.preprocess(withoutNullFields, z.object(shape));
}

/** An object whose fields the spec does not show: any JSON object, carried through unchanged. */
export const opaqueObject = z.record(z.string(), z.unknown());

/** A list of strings. */
export const stringList = z.array(z.string());

/** The message for fields a request object does not know. */
export function unknownFieldsMessage(keys: readonly string[]): string {
  const names = keys.map((key) => JSON.stringify(key)).join(", ");
  return keys.length === 1 ? `unknown field ${names}` : `unknown fields ${names}`;
}

/**
 * A request object: exact, so a field it does not know is an error naming that field
 * (`unknown field "colour"`) rather than being dropped silently.
 */
export function requestObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? unknownFieldsMessage(issue.keys) : undefined),
  });
}
