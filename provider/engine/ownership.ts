import { resourceAddressAnnotation } from "./address";

/** Where a resource lives in Pulumi: stamped on the objects it manages. */
export interface Ownership {
  /** `<org>/<project>/<stack>` */
  readonly workspace: string;
  /** The resource's URN. */
  readonly resourceAddress: string;
}

export const MANAGED_BY = "pulumi";

export { OWNERSHIP_KEY, ownershipIn } from "./stateCodec";

/** The annotation keys this package stamps; a program may not set them itself. */
export const OWNERSHIP_KEYS = [
  "managed_by",
  "iac_workspace",
  "iac_resource_address",
  "iac_tool_version",
] as const;

/** The ownership annotations for a resource; `iac_tool_version` names the installed package version. */
export function ownershipAnnotations(ownership: Ownership, toolVersion: string): Record<string, string> {
  return {
    managed_by: MANAGED_BY,
    iac_workspace: ownership.workspace,
    iac_resource_address: resourceAddressAnnotation(ownership.resourceAddress),
    iac_tool_version: `pulumi-idgov/${toolVersion}`,
  };
}

/**
 * The value of an annotation key, read as an own key only: `constructor` or `toString` are annotation keys like any
 * other (spec 2.1), never the names of a prototype.
 */
export function annotationValue(
  map: Readonly<Record<string, string>> | undefined,
  key: string,
): string | undefined {
  return map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The annotation changes a write must send, merge-style: changed keys with their values, dropped keys with "". */
export interface AnnotationPatch {
  readonly changed: boolean;
  readonly patch: Record<string, string>;
}

/**
 * Compares the annotations the program wants (its own plus the ownership stamps) with the live ones. The tool
 * version rides along with an annotation write when it differs, but never causes one. Keys nobody in this program manages are left
 * alone; keys the program set before and dropped are removed by sending "".
 */
export function annotationPatch(
  user: Readonly<Record<string, string>>,
  stamps: Readonly<Record<string, string>>,
  live: Readonly<Record<string, string>> | undefined,
  previouslyManagedKeys: readonly string[],
): AnnotationPatch {
  const { iac_tool_version: toolVersion, ...compared } = stamps;
  const wanted: Record<string, string> = { ...user, ...compared };
  const patch: Record<string, string> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if ((annotationValue(live, key) ?? "") !== value) patch[key] = value;
  }
  for (const key of previouslyManagedKeys) {
    if (!Object.hasOwn(wanted, key) && (annotationValue(live, key) ?? "") !== "") patch[key] = "";
  }
  const changed = Object.keys(patch).length > 0;
  if (changed && toolVersion !== undefined && annotationValue(live, "iac_tool_version") !== toolVersion) {
    patch.iac_tool_version = toolVersion;
  }
  return { changed, patch };
}

/** Who an object's live annotations say manages it; a key the object lacks is undefined. */
export interface LiveOwner {
  /** `managed_by` */
  readonly tool?: string;
  /** `iac_workspace` */
  readonly workspace?: string;
  /** `iac_resource_address` */
  readonly resourceAddress?: string;
}

/**
 * The owner the live annotations name when it is not this resource: another tool, another workspace, or another
 * resource of this workspace. Undefined when they name this resource, or no one. `stampedAddress` is the address
 * this resource's state stamped, still its own after an alias renamed it.
 */
export function foreignOwner(
  live: Readonly<Record<string, string>> | undefined,
  ownership: Ownership,
  stampedAddress?: string,
): LiveOwner | undefined {
  const owner: LiveOwner = {
    ...(annotationValue(live, "managed_by") ? { tool: annotationValue(live, "managed_by") as string } : {}),
    ...(annotationValue(live, "iac_workspace")
      ? { workspace: annotationValue(live, "iac_workspace") as string }
      : {}),
    ...(annotationValue(live, "iac_resource_address")
      ? { resourceAddress: annotationValue(live, "iac_resource_address") as string }
      : {}),
  };
  const foreign =
    (owner.tool !== undefined && owner.tool !== MANAGED_BY) ||
    (owner.workspace !== undefined && owner.workspace !== ownership.workspace) ||
    (owner.resourceAddress !== undefined &&
      owner.resourceAddress !== resourceAddressAnnotation(ownership.resourceAddress) &&
      owner.resourceAddress !== stampedAddress);
  return foreign ? owner : undefined;
}

/**
 * The owner in words: `workspace "acme/platform/prod", tool "pulumi"`, with the resource when the workspace is this
 * one (another resource of the same stack).
 */
export function describeOwner(owner: LiveOwner, ownership: Ownership): string {
  const workspace = owner.workspace === undefined ? "workspace (none)" : `workspace "${owner.workspace}"`;
  const tool = owner.tool === undefined ? "tool (none)" : `tool "${owner.tool}"`;
  const sameWorkspace = owner.workspace === ownership.workspace && owner.resourceAddress !== undefined;
  return [workspace, tool, ...(sameWorkspace ? [`resource "${owner.resourceAddress}"`] : [])].join(", ");
}

/**
 * Why an existing object may not be adopted by this resource, or undefined when it may: the owner its annotations
 * name, in words, when that is another tool, another workspace, or another resource of this workspace.
 */
export function ownershipConflict(
  live: Readonly<Record<string, string>> | undefined,
  ownership: Ownership,
): string | undefined {
  const owner = foreignOwner(live, ownership);
  return owner && describeOwner(owner, ownership);
}
