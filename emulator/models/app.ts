import { messageModelOf } from "../model/messageModel";

/** App, from `wire-schemas.json` (read-only marks as the document gives them, reference 5.2). */
export const APP_MODEL = messageModelOf("App");

/** User record (spec 2.7), as answered for app owners. */
export const USER_MODEL = messageModelOf("User");
