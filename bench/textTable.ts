/** A plain-text table: columns padded to their widest cell, numbers right-aligned, a rule under the header. */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const numeric = header.map(
    (_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === "number"),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        return numeric[column] ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  const [head, ...body] = cells;
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(head ?? []), rule, ...body.map(line)].join("\n");
}

/** Milliseconds as text: `850 ms` under a second, `12.3 s` from a second on. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A whole number with thousands separators: `12,345`. */
export function grouped(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}
