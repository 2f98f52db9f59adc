import { messageModelOf } from "../model/messageModel";

/** RoleMiningSuggestion (`RoleMiningManagementSuggestion` in `wire-schemas.json`). */
export const ROLE_MINING_SUGGESTION_MODEL = messageModelOf("RoleMiningManagementSuggestion");
