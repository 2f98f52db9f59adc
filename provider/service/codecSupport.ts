/**
 * What a door's codec takes from below the service, named in one place: the values it decodes and encodes (unknowns,
 * secrets to keep out of errors), the errors it answers (redacted; a write that stopped half way), and what its
 * schema says of the kinds and settings (the hidden ownership input, write-only fields, the settings). A door
 * imports the service and the kinds, never `engine/` or `client/` (test/architecture.test.ts).
 */
export { redactError, rememberSecret } from "../errors/redact";
export { CONFIG_KEYS } from "../client/configKeys";
export type { CheckFailure } from "../engine/check";
export { ResourceInitError } from "../engine/initError";
export { OWNERSHIP_KEY } from "../engine/stateCodec";
export { UNKNOWN } from "../engine/unknowns";
export { writeOnlyPaths } from "../engine/writeOnly";
