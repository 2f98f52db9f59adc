export { resourceAddressAnnotation } from "./address";
export { canonicalJson, canonicalValue, isUnset, sameCanonical } from "./canonical";
export { computeChanges, inTableOrder, managedPaths, type FieldChanges } from "./changes";
export { checkInputs, propertyPath, type CheckFailure, type CheckOptions } from "./check";
export type { EngineContext } from "./context";
export { type BeforeAdopting, createResource, existingIdOf } from "./create";
export { type DecodedProps, decodeProps } from "./decoded";
export { entityApi, type EntityRoutes } from "./entityApi";
export { type RefusalHint, withRefusalHints } from "./refusalHints";
export * from "./fields";
export { ResourceInitError } from "./initError";
export type { ApiClient, KindApi, ListPaging, LiveObject, ResourceKind, SideField } from "./kind";
export { liveInputsOf, managedFieldTable } from "./liveInputs";
export {
  deleteResource,
  diffResource,
  readResource,
  updateResource,
  type DiffResult,
  type ReadResult,
} from "./lifecycle";
export { driftedPaths, previousManagement } from "./plan";
export { buildMaskedPatch, maskToWire, type MaskedPatch } from "./mask";
export * from "./ownership";
export { deletePath, getPath, setPath } from "./paths";
export { CONTROL_KEYS, type ControlInputs, type Props } from "./state";
export { UNKNOWN, containsUnknown, withoutUnknowns } from "./unknowns";
export { digestSecret, matchesDigest, rememberSecretsOf, type WriteOnlyDigests } from "./writeOnly";
export * from "./declaration";
