import { messageModelOf } from "../model/messageModel";

/**
 * PaperSecret, administrator view (spec 2.13): metadata only. The answer is built from this model
 * alone, so a secret's content, kept apart in the tenant state, can never reach an answer.
 */
export const PAPER_SECRET_MODEL = messageModelOf("PaperSecret");

/** McpResource (`MCPResource` in `wire-schemas.json`): a resource an MCP connector discovered. */
export const MCP_RESOURCE_MODEL = messageModelOf("MCPResource");
