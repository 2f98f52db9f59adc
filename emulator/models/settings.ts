import { messageModelOf } from "../model/messageModel";

/** SSOSettings, from `wire-schemas.json`; the service sets the timestamps. */
export const SSO_SETTINGS_MODEL = messageModelOf("SSOSettings", { createdAt: "", updatedAt: "" });

/** XAASettings, from `wire-schemas.json`; the service sets the timestamps. */
export const XAA_SETTINGS_MODEL = messageModelOf("XAASettings", { createdAt: "", updatedAt: "" });

/** Names of the six source restrictions of SessionSettings. */
export const SESSION_SOURCE_RESTRICTIONS = [
  "connectorSource",
  "externalClientSource",
  "pccAdminSource",
  "pccUserSource",
  "ssoAdminSource",
  "ssoUserSource",
] as const;

/** SessionSettings, from `wire-schemas.json` (clientIdMetadataDocumentPolicy is writable, reference 5.2). */
export const SESSION_SETTINGS_MODEL = messageModelOf("SessionSettings");
