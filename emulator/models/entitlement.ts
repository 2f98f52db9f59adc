import { messageModelOf } from "../model/messageModel";

/** AppEntitlement, from `wire-schemas.json`; served read-only (not written through this API). */
export const APP_ENTITLEMENT_MODEL = messageModelOf("AppEntitlement");
