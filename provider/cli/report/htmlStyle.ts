/** The page's only style: inline, as its content security policy allows nothing fetched. */
export const PAGE_STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1f2328;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
.meta{color:#59636e;margin:0 0 16px}
.tiles{display:flex;flex-wrap:wrap;gap:10px}.tile{border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:110px}
.tile b{display:block;font-size:22px}
table{border-collapse:collapse;width:100%;margin:6px 0}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.num{text-align:right}code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.status{font-weight:600;border-radius:10px;padding:1px 8px;white-space:nowrap}
.clean{background:#dafbe1;color:#116329}.drifted{background:#ffebe9;color:#a40e26}.broken{background:#fff8c5;color:#7d4e00}
details{border:1px solid #d0d7de;border-radius:6px;margin:6px 0;padding:4px 10px}summary{cursor:pointer;font-weight:600}
svg text{font:12px system-ui,sans-serif;fill:#1f2328}svg .small{font-size:10px}
svg .track{fill:#eaeef2}svg .ok{fill:#2da44e}svg .bad{fill:#cf222e}svg .warn{fill:#bf8700}
.note{color:#59636e}
`
  .trim()
  .replace(/\n/g, "");
