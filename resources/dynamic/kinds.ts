import type { ResourceKind } from "../../provider/engine";
import { accessReviewScopeKind } from "../AccessReviewScope";
import { appKind } from "../App";
import { appResourceKind } from "../AppResource";
import { authConfigKind } from "../AuthConfig";
import { automationKind } from "../Automation";
import { requestCatalogKind } from "../RequestCatalog";
import { sessionSettingsKind } from "../SessionSettings";
import { ssoSettingsKind } from "../SsoSettings";
import { xaaSettingsKind } from "../XaaSettings";

const kinds: Readonly<Record<string, ResourceKind>> = {
  App: appKind,
  RequestCatalog: requestCatalogKind,
  Automation: automationKind,
  SsoSettings: ssoSettingsKind,
  XaaSettings: xaaSettingsKind,
  SessionSettings: sessionSettingsKind,
  AuthConfig: authConfigKind,
  AppResource: appResourceKind,
  AccessReviewScope: accessReviewScopeKind,
};

/** The declaration of a kind, by its type name. */
export function kindNamed(name: string): ResourceKind {
  const kind = kinds[name];
  if (!kind) throw new Error(`unknown pulumi-idgov resource kind "${name}"`);
  return kind;
}
