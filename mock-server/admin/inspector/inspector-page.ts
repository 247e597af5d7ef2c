/**
 * The inspector at `/__mock/ui`: one self-contained page (inline style and script, an inline
 * favicon), so it works offline and asks nothing of any host but the mock. Its script calls only the
 * admin endpoints, by paths relative to the page, so the page works under a session prefix too.
 */
import { INSPECTOR_SCRIPT } from './inspector-script.js';

const STYLE = `body{font:14px system-ui,sans-serif;margin:0;color:#1b1f24}
header{display:flex;gap:1rem;align-items:center;padding:.5rem 1rem;border-bottom:1px solid #d0d7de;background:#f6f8fa}
h1{font-size:1.1rem;margin:0}h2{font-size:1rem;margin:1rem 0 .4rem}h3{font-size:.95rem;margin:.8rem 0 .3rem}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:0 1.5rem;padding:0 1rem 1rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:.2rem .4rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}tbody tr.entry{cursor:pointer}tbody tr.entry:hover,tbody tr.selected{background:#ddf4ff}
.status-4{color:#9a6700}.status-5,.status-none{color:#cf222e}.empty{color:#8c959f}
pre{background:#f6f8fa;padding:.4rem;overflow:auto;max-height:24rem;margin:.2rem 0}
form{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.3rem 0}input[type=text]{min-width:16rem}
#journal-wrap{max-height:28rem;overflow:auto}#journal td{overflow-wrap:anywhere}#journal td:nth-child(-n+2),#journal td:nth-child(7),#journal td:nth-child(8){white-space:nowrap}#journal td:nth-child(5){word-break:break-all;min-width:8rem}code{background:#f6f8fa;padding:0 .2rem}`;

export function renderInspector(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mock inspector</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body>
<header><h1>Mock inspector</h1>
<label>Session <select id="session"><option value="">default (journal of every session)</option></select></label>
<span id="message" role="status"></span></header>
<main>
<div>
<section aria-labelledby="journal-title"><h2 id="journal-title">Journal</h2>
<form id="journal-filter"><label>Operation <input type="text" id="filter-operation" list="operations" placeholder="e.g. ingestProposal"></label>
<datalist id="operations"></datalist>
<label>URN <input type="text" id="filter-urn" placeholder="urn:…"></label>
<label><input type="checkbox" id="live" checked> live</label>
<button type="button" id="clear-journal">Clear journal</button></form>
<div id="journal-wrap"><table id="journal"><thead><tr><th>#</th><th>Time</th><th>Session</th><th>Method</th><th>Path</th><th>Operation</th><th>Status</th><th>ms</th><th>Fault</th></tr></thead><tbody></tbody></table></div>
<div id="request-detail"></div>
</section>
<section aria-labelledby="state-title"><h2 id="state-title">State</h2>
<form id="state-form"><label>URN <input type="text" id="state-urn" placeholder="urn:…"></label><button type="submit">Show</button></form>
<div id="state"></div>
</section>
</div>
<div>
<section aria-labelledby="sessions-title"><h2 id="sessions-title">Sessions</h2>
<table id="sessions"><thead><tr><th>Session</th><th>Scenario</th><th>Requests</th><th>Faults</th></tr></thead><tbody></tbody></table></section>
<section aria-labelledby="faults-title"><h2 id="faults-title">Active faults</h2>
<table id="faults"><thead><tr><th>Id</th><th>Operation</th><th>Kind</th><th>Status</th><th>Times left</th><th>Probability</th></tr></thead><tbody></tbody></table>
<form><button type="button" id="clear-faults">Clear faults</button></form></section>
</div>
</main>
<script>${INSPECTOR_SCRIPT}</script>
</body></html>
`;
}
