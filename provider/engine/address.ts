import { createHash } from "node:crypto";
import { ANNOTATION_LIMITS } from "../schemas";

/** The characters an annotation value may hold (spec 2.1: URL-safe ASCII). */
const URL_SAFE = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]*$/;
const NOT_URL_SAFE = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/gu;

/** Starts every encoded address; a URN starts with `urn:`, so an encoded address is never taken for one. */
export const ENCODED_ADDRESS_PREFIX = "sha256:";

/**
 * The `iac_resource_address` annotation value of a resource, from its URN. A URN that is URL-safe ASCII and at most
 * 256 characters (spec 2.1) is the value as it is. Any other (a name such as `GitHub Enterprise` or `café-app`, or a
 * long one) is encoded, deterministically: `sha256:<digest>:<tail>`, where `<digest>` is the base64url SHA-256 of the
 * URN's UTF-8 bytes (43 characters) and `<tail>` the end of the URN, each character that is not URL-safe replaced by
 * `_`, cut to fit 256 characters; the digest tells URNs apart, the tail lets a person recognise the resource.
 * Stamping, adoption and the lookup after a lost create all use this one function; it is idempotent (an encoded
 * address encodes to itself), so a value already encoded may be passed again.
 */
export function resourceAddressAnnotation(urn: string): string {
  const limit = ANNOTATION_LIMITS.valueMaxLength;
  if (urn.length <= limit && URL_SAFE.test(urn)) return urn;
  const digest = createHash("sha256").update(urn, "utf8").digest("base64url");
  const head = `${ENCODED_ADDRESS_PREFIX}${digest}:`;
  const tail = [...urn.replace(NOT_URL_SAFE, "_")].slice(-(limit - head.length)).join("");
  return head + tail;
}
