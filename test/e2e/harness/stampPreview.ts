/** Escapes every character a regular expression gives a meaning to. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What `pulumi preview --diff` prints for the first up after an import: an update of the object of `urn` whose one
 * change is its ownership stamps. The provider computes them at write time, so they are not program inputs and the
 * CLI shows no value for them. Some language hosts make the CLI name the provider on a line of its own.
 */
export function stampUpdate(urn: string): RegExp {
  const stamps = ["iac_resource_address", "iac_workspace", "managed_by"].map(
    (key) => `\\+ ${key}\\s*: <null>\\s+`,
  );
  return new RegExp(
    `\\(update\\)\\s+\\[id=[^\\]]+\\]\\s+\\[urn=${literal(urn)}\\]\\s+(?:\\[provider=[^\\]]+\\]\\s+)?~ annotations: \\{\\s+${stamps.join("")}\\}`,
  );
}
