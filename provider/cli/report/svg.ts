import { escapeHtml } from "./escape";
import type { KindCoverage, RunCounts } from "./model";

const BAR_HEIGHT = 18;
const LABEL_WIDTH = 150;
const BAR_WIDTH = 300;

/** A percentage as the page prints it. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`;
}

/** Coverage per kind as horizontal bars: managed ÷ all objects, each bar labelled with its counts. */
export function coverageChart(coverage: readonly KindCoverage[]): string {
  const height = coverage.length * (BAR_HEIGHT + 6) + 4;
  const width = LABEL_WIDTH + BAR_WIDTH + 110;
  const rows = coverage.map((row, index) => {
    const y = 2 + index * (BAR_HEIGHT + 6);
    const filled = row.total === 0 ? 0 : Math.round((row.managed / row.total) * BAR_WIDTH);
    return [
      `<text x="${LABEL_WIDTH - 6}" y="${y + 13}" text-anchor="end">${escapeHtml(row.kind)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${BAR_WIDTH}" height="${BAR_HEIGHT}" class="track"/>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${filled}" height="${BAR_HEIGHT}" class="ok"/>`,
      `<text x="${LABEL_WIDTH + BAR_WIDTH + 6}" y="${y + 13}">${percent(row.managed, row.total)} (${row.managed}/${row.total})</text>`,
    ].join("");
  });
  return svg(width, height, "Coverage per kind: managed objects out of all objects", rows.join(""));
}

const SERIES = [
  { key: "drifted", label: "drifted stacks", className: "bad" },
  { key: "broken", label: "broken checks", className: "warn" },
] as const;

/** Per run, oldest first: stacked bars of drifted stacks and broken checks out of all stacks, with the date below. */
export function trendChart(runs: readonly RunCounts[]): string {
  const step = Math.max(28, Math.min(64, Math.floor(600 / Math.max(runs.length, 1))));
  const plot = 120;
  const width = Math.max(runs.length * step + 60, 320);
  const height = plot + 60;
  const most = Math.max(1, ...runs.map((run) => run.stacks));
  const bars = runs.map((run, index) => {
    const x = 40 + index * step;
    let top = plot + 10;
    const parts = SERIES.map((series) => {
      const size = Math.round((run[series.key] / most) * plot);
      top -= size;
      return `<rect x="${x}" y="${top}" width="${step - 8}" height="${size}" class="${series.className}"><title>${escapeHtml(
        `${run.at}: ${run[series.key]} ${series.label} of ${run.stacks}`,
      )}</title></rect>`;
    });
    const total = `<rect x="${x}" y="${plot + 10 - Math.round((run.stacks / most) * plot)}" width="${step - 8}" height="${Math.round((run.stacks / most) * plot)}" class="track"/>`;
    // The first and the last run are dated; the others tell their date on hover.
    const dated = index === 0 || index === runs.length - 1;
    const anchor = index === 0 ? "start" : "end";
    const labelX = index === 0 ? x : x + step - 8;
    const label = dated
      ? `<text x="${labelX}" y="${plot + 24}" text-anchor="${anchor}" class="small">${escapeHtml(run.at.slice(0, 10))}</text>`
      : "";
    return total + parts.join("") + label;
  });
  const axis = `<text x="34" y="18" text-anchor="end" class="small">${most}</text><text x="34" y="${plot + 10}" text-anchor="end" class="small">0</text>`;
  const legend = SERIES.map(
    (series, index) =>
      `<rect x="${40 + index * 130}" y="${plot + 36}" width="10" height="10" class="${series.className}"/><text x="${54 + index * 130}" y="${plot + 45}" class="small">${series.label}</text>`,
  ).join("");
  return svg(width, height, "Trend: drifted stacks and broken checks per run", axis + bars.join("") + legend);
}

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}"><title>${escapeHtml(title)}</title>${body}</svg>`;
}
