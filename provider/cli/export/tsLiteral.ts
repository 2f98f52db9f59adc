/** A TypeScript expression written as it is, such as a reference to another resource (`github.id`). */
export class Expression {
  constructor(readonly text: string) {}
}

const INLINE_WIDTH = 72;
const INDENT = "  ";

function keyText(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
}

function inline(value: unknown): string {
  if (value instanceof Expression) return value.text;
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => `${keyText(key)}: ${inline(item)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return value === undefined ? "undefined" : JSON.stringify(value);
}

/**
 * A value as TypeScript source, the way prettier would lay it out: inline when short, otherwise one member per line
 * with trailing commas. Strings are JSON-escaped, so any text is carried verbatim.
 */
export function tsLiteral(value: unknown, indent = ""): string {
  const short = inline(value);
  if (indent.length + short.length <= INLINE_WIDTH || value instanceof Expression) return short;
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => `${inner}${tsLiteral(item, inner)},\n`).join("")}${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const lines = Object.entries(value).map(
      ([key, item]) => `${inner}${keyText(key)}: ${tsLiteral(item, inner)},\n`,
    );
    return `{\n${lines.join("")}${indent}}`;
  }
  return short;
}
