/**
 * The one place the native door reaches the kind declarations and the request handling it shares with the dynamic
 * door. Temporary: the kinds and the transport-neutral service are moving below both doors (provider/kinds,
 * provider/service); when they land, the door imports them directly and this file goes.
 */
import type { z } from "zod";
import type { ResourceKind } from "../engine";
import { accessReviewScopeKind, scopeOutputs } from "../../resources/AccessReviewScope";
import { appKind, appOutputs } from "../../resources/App";
import { appResourceKind, appResourceOutputs } from "../../resources/AppResource";
import { authConfigKind, authConfigOutputs } from "../../resources/AuthConfig";
import { automationKind, automationOutputs } from "../../resources/Automation";
import { catalogOutputs, requestCatalogKind } from "../../resources/RequestCatalog";
import { sessionOutputs, sessionSettingsKind } from "../../resources/SessionSettings";
import { ssoOutputs, ssoSettingsKind } from "../../resources/SsoSettings";
import { xaaOutputs, xaaSettingsKind } from "../../resources/XaaSettings";

export { allowsUnlistedMembers, type ConfigSource, type ProviderConfig } from "../client/config";
export { redactError, rememberSecret } from "../client/redact";
export { reservedAnnotationPrefix, sharedConnection, type SharedConnection } from "../client/sharedClient";

/** A kind, with what a door or a generator reads beside what the engine runs on. */
export interface KindDeclaration extends ResourceKind {
  readonly outputs: readonly string[];
  readonly secretOutputs: readonly string[];
  readonly requiredUnlessAdopting: readonly string[];
  readonly inputSchema: z.ZodType;
}

function declared(
  kind: ResourceKind,
  outputs: readonly string[],
  secretOutputs: readonly string[] = [],
  requiredUnlessAdopting: readonly string[] = [],
): KindDeclaration {
  return { ...kind, outputs, secretOutputs, requiredUnlessAdopting };
}

/** Every kind's declaration. */
export const KINDS: readonly KindDeclaration[] = [
  declared(appKind, appOutputs, [], ["displayName"]),
  declared(requestCatalogKind, catalogOutputs, [], ["displayName"]),
  declared(automationKind, automationOutputs, automationKind.onceOutputs ?? [], ["displayName"]),
  declared(authConfigKind, authConfigOutputs, ["writeOnlyDigests", "writeOnlyValues"], ["displayName"]),
  declared(ssoSettingsKind, ssoOutputs),
  declared(xaaSettingsKind, xaaOutputs),
  declared(sessionSettingsKind, sessionOutputs),
  declared(appResourceKind, appResourceOutputs, [], ["displayName"]),
  declared(accessReviewScopeKind, scopeOutputs),
];

/** The declaration of a kind, by its type name. */
export function kindNamed(name: string): KindDeclaration {
  const kind = KINDS.find((candidate) => candidate.name === name);
  if (!kind) throw new Error(`unknown pulumi-idgov resource kind "${name}"`);
  return kind;
}
