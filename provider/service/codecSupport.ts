/**
 * What a door's codec takes from below the service, named in one place: the values it decodes and encodes (unknowns,
 * secrets to keep out of errors), the errors it answers (redacted; a write that stopped half way), what its schema
 * says of the kinds and settings (write-only fields, the settings), and where a state says its resource lives. A door
 * imports the service and the kinds, never `engine/` or `client/` (test/architecture.test.ts).
 */
export { redactError, rememberSecret } from "../errors/redact";
export type { ConfigSource } from "../client/config";
export { CONFIG_KEYS } from "../client/configKeys";
export type { CheckFailure } from "../engine/check";
export { ResourceInitError } from "../engine/initError";
export { type Ownership, ownershipIn } from "../engine/ownership";
export type { Props } from "../engine/stateCodec";
export { isPulumiSecret, pulumiSecret } from "../engine/pulumiSecret";
export { UNKNOWN } from "../engine/unknowns";
export { writeOnlyPaths } from "../engine/writeOnly";
