import { IdgovNewerStateError } from "../errors/object-errors";
import type { DecodedProps, Props } from "../engine";
import { resourceLabel } from "../engine/context";
import { WRITER_KEY, writeState } from "../engine/stateCodec";
import { isNewer, parseSemVer } from "../version";

/** The outputs with the version that writes them recorded (nothing recorded for empty outputs). */
export function withWriter(outputs: Props, version: string): Props {
  if (Object.keys(outputs).length > 0) writeState(outputs, { [WRITER_KEY]: version });
  return outputs;
}

/** The platform part of a plugin archive's name for this machine, as Pulumi names it (`linux-amd64`, …). */
function platformOfArchive(): string {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return `${os}-${arch}`;
}

/** Whether `text` is a version (`major.minor.patch`, an optional pre-release and build). */
export function isVersion(text: string): boolean {
  return parseSemVer(text) !== undefined;
}

/**
 * How to install release `version` from where releases are served (a URL or a folder of files), for both doors: no
 * registry holds this package under its name, so `npm install pulumi-idgov@…` would find nothing.
 */
export function installOfRelease(version: string): string {
  return (
    `npm install <release>/pulumi-idgov-${version}.tgz for the TypeScript classes; for the plugin, ` +
    `pulumi plugin install resource idgov ${version} --server <the release's URL>, or --file ` +
    `<release>/pulumi-resource-idgov-v${version}-${platformOfArchive()}.tar.gz`
  );
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
      `sent. Run ${writtenBy} or later, installed from its release as this one was (${installOfRelease(writtenBy)}), ` +
      `or go back to the state from before the upgrade (pulumi stack import ` +
      `of the export you took before it); see "Rolling back" in docs/guides/upgrading.md`,
    { kind: kindName, objectId: id, writtenBy, running },
  );
}
