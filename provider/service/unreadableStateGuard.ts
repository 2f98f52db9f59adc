import { IdgovUnreadableStateError } from "../errors/object-errors";
import type { DecodedProps } from "../engine";
import { resourceLabel } from "../engine/context";
import { WRITER_KEY } from "../engine/stateCodec";
import { isVersion } from "./writerGuard";

/** The keys of a state this version cannot read: those of the wrong shape, and a recorded writer that is no version. */
export function unreadableKeys(state: DecodedProps): string[] {
  const unreadable = [...(state.unreadable ?? [])];
  const writtenBy = state.state[WRITER_KEY];
  if (writtenBy !== undefined && !isVersion(writtenBy)) unreadable.push(WRITER_KEY);
  return unreadable;
}

/**
 * Refuses, before any request, to `operation` an object whose state holds bookkeeping this version cannot read (a
 * recorded writer that is no version, an `__idgov` that is not a JSON object, a key of the wrong shape), as it
 * refuses a state a newer version wrote: read as unset, a state would pass for one without a writer, and be
 * rewritten, or its object deleted, on a guess.
 */
export function refuseUnreadableState(
  operation: string,
  kindName: string,
  id: string,
  state: DecodedProps,
): void {
  const unreadable = unreadableKeys(state);
  if (unreadable.length === 0) return;
  throw new IdgovUnreadableStateError(
    `${operation} ${kindName} ${resourceLabel(state.ownership, id)}: its state holds bookkeeping this version of ` +
      `pulumi-idgov cannot read (${unreadable.join(", ")}), so nothing was sent. A newer or another build of pulumi-idgov may have ` +
      `written it, or it was edited by hand: run the version that wrote it, or put back the state from before ` +
      `(pulumi stack import of an export taken then) and let a refresh read the tenant as it is now; see ` +
      `"Rolling back" in docs/guides/upgrading.md`,
    { kind: kindName, objectId: id, unreadable },
  );
}
