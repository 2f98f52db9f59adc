/** Text made inert in HTML content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Characters XML 1.0 does not allow at all (control characters other than tab, newline and return). */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made inert in XML content and in quoted attribute values; characters XML cannot hold become U+FFFD. */
export function escapeXml(text: string): string {
  return escapeHtml(text.replace(XML_FORBIDDEN, "\uFFFD"));
}

/**
 * Text shown as itself in Markdown (GitHub's and GitLab's), in a line or a table cell: what Markdown would read as
 * emphasis, code, a link or a cell's end is escaped; HTML's `<`, `>` and `&` become entities, and so do `@` and `#`
 * (no one is mentioned, no issue linked); a line break becomes a space.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\`*_[\]|~]/g, "\\$&")
    .replace(/[&<>@#]/g, (char) => `&#${char.charCodeAt(0)};`);
}
