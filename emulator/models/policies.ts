import { messageModelOf } from "../model/messageModel";

/** SessionPolicy, from `wire-schemas.json`. */
export const SESSION_POLICY_MODEL = messageModelOf("SessionPolicy");

/** CredentialInventoryPolicy, from `wire-schemas.json`; each per-type rule is null when unset. */
export const CREDENTIAL_INVENTORY_POLICY_MODEL = messageModelOf("CredentialInventoryPolicy");
