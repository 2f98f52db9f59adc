/**
 * The commands of `pulumi-idgov`, which `pulumi-resource-idgov` answers too (`pulumi plugin run --kind resource idgov
 * -- audit …`), so a project without npm runs them from the plugin it already has. This table is the one list: the
 * help text (`main.ts`) is written from it and the dispatch answers exactly its names. It holds data only, so the
 * plugin's entry reads it without loading any command's code.
 */
export const COMMANDS = [
  {
    name: "export",
    synopsis: "export --out DIR",
    summary: "write a Pulumi TypeScript program that adopts the tenant (pulumi-idgov export --help)",
  },
  {
    name: "audit",
    synopsis: "audit [--stack NAME]",
    summary:
      "sort every object of the tenant: managed, drifted, unmanaged, orphaned… (pulumi-idgov audit --help)",
  },
  {
    name: "impact",
    synopsis: "impact",
    summary: "say who each planned change touches (pulumi preview --json | pulumi-idgov impact)",
  },
  {
    name: "report",
    synopsis: "report --drift FILE… --out DIR",
    summary:
      "one page, a Markdown summary and JUnit XML of a fleet's drift checks (pulumi-idgov report --help)",
  },
  {
    name: "emulator",
    synopsis: "emulator [--port N]",
    summary: "run the bundled emulator of the service (pulumi-idgov emulator --help)",
  },
  {
    name: "schema",
    synopsis: "schema",
    summary: "print the Pulumi package schema of the native provider (pulumi-resource-idgov)",
  },
  { name: "help", synopsis: "-h, --help", summary: "this text" },
] as const;

/** The word that names a command, e.g. `audit`. */
export type CommandName = (typeof COMMANDS)[number]["name"];

/** Every command's name, in the table's order. */
export const COMMAND_NAMES: readonly CommandName[] = COMMANDS.map((command) => command.name);

/** Whether `word` names a command. */
export function isCommandName(word: string | undefined): word is CommandName {
  return (COMMAND_NAMES as readonly (string | undefined)[]).includes(word);
}
