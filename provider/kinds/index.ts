import { accessReviewScopeKind } from "./accessReviewScope";
import { appKind } from "./app";
import { appResourceKind } from "./appResource";
import { authConfigKind } from "./authConfig";
import { automationKind } from "./automation";
import type { KindDeclaration, KindListing } from "./declaration";
import { KIND_NAMES, type KindName } from "./names";
import { requestCatalogKind } from "./requestCatalog";
import { sessionSettingsKind } from "./sessionSettings";
import { ssoSettingsKind } from "./ssoSettings";
import { xaaSettingsKind } from "./xaaSettings";

export type { KindDeclaration, KindListing } from "./declaration";
export type { Assert, SameNames } from "../engine/declaration";
export { FIELD_DESCRIPTIONS } from "./fieldDescriptions";
export { KIND_NAMES, type KindName } from "./names";

const declarations: { readonly [Name in KindName]: KindDeclaration<Name> } = {
  App: appKind,
  RequestCatalog: requestCatalogKind,
  Automation: automationKind,
  AuthConfig: authConfigKind,
  SsoSettings: ssoSettingsKind,
  XaaSettings: xaaSettingsKind,
  SessionSettings: sessionSettingsKind,
  AppResource: appResourceKind,
  AccessReviewScope: accessReviewScopeKind,
};

/** Every kind's declaration, in the order of {@link KIND_NAMES}. */
export const KINDS: readonly KindDeclaration<KindName>[] = KIND_NAMES.map((name) => declarations[name]);

const byName: ReadonlyMap<string, KindDeclaration> = new Map(KINDS.map((kind) => [kind.name, kind]));

/** The declaration of a kind, by its type name. */
export function kindNamed(name: string): KindDeclaration {
  const kind = byName.get(name);
  if (!kind) throw new Error(`unknown pulumi-idgov resource kind "${name}"`);
  return kind;
}

/** The declaration of a kind, by its type name; undefined for a name that is no kind. */
export function findKind(name: string): KindDeclaration | undefined {
  return byName.get(name);
}

/** The names of the kinds read the way `listing` says (`collections`: the app resources). */
export function kindsListedBy(listing: KindListing): ReadonlySet<string> {
  return new Set(KINDS.filter((kind) => kind.listing === listing).map((kind) => kind.name));
}
