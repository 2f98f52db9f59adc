import { exportedResources, providerSizes } from "../testkit/stateSecrets";

/** The type token prefix of this package's resources. */
export const KIND_PREFIX = "pulumi-nodejs:dynamic/idgov:";
/** The type token prefix of the bench's floor program's no-op resources. */
export const FLOOR_PREFIX = "pulumi-nodejs:dynamic/floor:";
/** The type prefix of the native provider's resources. */
export const NATIVE_PREFIX = "idgov:index:";

/** State sizes of one kind's resources in a `pulumi stack export`. */
export interface KindStateSize {
  resources: number;
  /** The largest `__provider` text (inputs or outputs), in bytes. */
  providerBytes: number;
  /** The mean size of a resource's entry (compact JSON: inputs, outputs and Pulumi's own fields), in bytes. */
  entryBytes: number;
}

/** State sizes of a `pulumi stack export`. */
export interface StateSizes {
  /** Bytes of the whole export. */
  exportBytes: number;
  /** Resources of this package in it. */
  resources: number;
  /** The whole export divided by this package's resources (so Pulumi's fixed part is shared out), in bytes. */
  bytesPerResource: number;
  /** The largest `__provider` of any resource, in bytes (budget 2,048). */
  providerBytesMax: number;
  byKind: Record<string, KindStateSize>;
}

/** Measures the state a `pulumi stack export` text holds for the resources whose type starts with `prefix`. */
export function stateSizesOf(exportText: string, prefix = KIND_PREFIX): StateSizes {
  const resources = exportedResources(exportText).filter((resource) => resource.type.startsWith(prefix));
  const providers = providerSizes(exportText);
  const totals = new Map<string, { resources: number; providerBytes: number; entryBytes: number }>();
  for (const resource of resources) {
    const kind = resource.type.slice(prefix.length);
    const total = totals.get(kind) ?? { resources: 0, providerBytes: 0, entryBytes: 0 };
    const ownProviders = providers.filter(({ urn }) => urn === resource.urn).map(({ bytes }) => bytes);
    total.resources += 1;
    total.entryBytes += Buffer.byteLength(JSON.stringify(resource));
    total.providerBytes = Math.max(total.providerBytes, ...ownProviders);
    totals.set(kind, total);
  }
  const byKind: Record<string, KindStateSize> = {};
  for (const [kind, total] of totals) {
    byKind[kind] = { ...total, entryBytes: Math.round(total.entryBytes / total.resources) };
  }
  const exportBytes = Buffer.byteLength(exportText);
  return {
    exportBytes,
    resources: resources.length,
    bytesPerResource: resources.length === 0 ? 0 : Math.round(exportBytes / resources.length),
    providerBytesMax: Math.max(0, ...providers.map(({ bytes }) => bytes)),
    byKind,
  };
}
