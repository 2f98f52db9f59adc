/**
 * The commands of `pulumi-idgov`, which `pulumi-resource-idgov` answers too (`pulumi plugin run --kind resource idgov
 * -- audit …`), so a project without npm runs them from the plugin it already has.
 */
export const COMMAND_NAMES = ["export", "audit", "impact", "emulator", "schema", "help"] as const;

/** One of {@link COMMAND_NAMES}. */
export type CommandName = (typeof COMMAND_NAMES)[number];

/** Whether `word` names a command. */
export function isCommandName(word: string | undefined): word is CommandName {
  return (COMMAND_NAMES as readonly (string | undefined)[]).includes(word);
}
