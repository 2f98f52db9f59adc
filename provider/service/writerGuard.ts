import { IdgovNewerStateError } from "../errors/object-errors";
import type { DecodedProps, Props } from "../engine";
import { resourceLabel } from "../engine/context";
import { WRITER_KEY, writeState } from "../engine/stateCodec";

/** The outputs with the version that writes them recorded (nothing recorded for empty outputs). */
export function withWriter(outputs: Props, version: string): Props {
  if (Object.keys(outputs).length > 0) writeState(outputs, { [WRITER_KEY]: version });
  return outputs;
}

/** `major.minor.patch` and the pre-release of a version, or undefined when it is not one. */
function parse(version: string): { core: number[]; preRelease: string | undefined } | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version);
  return match ? { core: match.slice(1, 4).map(Number), preRelease: match[4] } : undefined;
}

/** Whether `text` is a version (`major.minor.patch`, an optional pre-release and build). */
export function isVersion(text: string): boolean {
  return parse(text) !== undefined;
}

/** Whether version `a` comes after `b` (semver precedence; pre-releases compared as text); false if either is not one. */
export function isNewer(a: string, b: string): boolean {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return false;
  for (let at = 0; at < 3; at++) {
    if (left.core[at] !== right.core[at]) return left.core[at]! > right.core[at]!;
  }
  if (left.preRelease === right.preRelease) return false;
  if (left.preRelease === undefined) return true;
  if (right.preRelease === undefined) return false;
  return left.preRelease.localeCompare(right.preRelease, "en", { numeric: true }) > 0;
}

/**
 * Refuses, before any request, to `operation` an object whose state a newer pulumi-idgov wrote: this version may not
 * know every key of it, and a write would drop what it does not know. A state without a recorded writer passes.
 */
export function refuseNewerWriter(
  operation: string,
  kindName: string,
  id: string,
  state: DecodedProps,
  running: string,
): void {
  const writtenBy = state.state[WRITER_KEY];
  if (writtenBy === undefined || !isNewer(writtenBy, running)) return;
  throw new IdgovNewerStateError(
    `${operation} ${kindName} ${resourceLabel(state.ownership, id)}: its state was written by pulumi-idgov ` +
      `${writtenBy}, and this is ${running}, older: it may not know every field of that state, so nothing was ` +
      `sent. Run ${writtenBy} or later (npm install pulumi-idgov@${writtenBy}, or pulumi plugin install resource ` +
      `idgov ${writtenBy} for the plugin), or go back to the state from before the upgrade (pulumi stack import ` +
      `of the export you took before it); see "Rolling back" in docs/guides/upgrading.md`,
    { kind: kindName, objectId: id, writtenBy, running },
  );
}
