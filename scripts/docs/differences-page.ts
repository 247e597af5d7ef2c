/** differences.html: spec/upstream-differences.yaml, one entry per known difference from upstream. */
import type { Contract } from '../../spec/index.js';
import { escapeHtml, sitePage } from './html.js';

export function renderDifferencesPage(contract: Contract): string {
  const entries = contract.differences.map(
    (d) => `<section id="${escapeHtml(d.id)}"><h2>${escapeHtml(d.id)}</h2>
<dl><dt>clause</dt><dd>${escapeHtml(d.clause)}</dd>
<dt>document</dt><dd>${escapeHtml(d.document)}</dd>
<dt>upstream</dt><dd>${escapeHtml(d.upstream)}</dd>
<dt>mock</dt><dd>${escapeHtml(d.mock)}</dd>
<dt>checks</dt><dd>${d.checks.map((c) => `<code>${escapeHtml(c)}</code>`).join(', ') || '<span class="none">none</span>'}</dd></dl></section>`,
  );
  const body = `<p>Where the interface document and the upstream service differ, the document wins: the mock follows it, and the
conformance suite reports a failed check that matches an entry here as a known upstream difference, not as an unexplained failure.
${contract.differences.length} differences are known.</p>
<ul>${contract.differences.map((d) => `<li><a href="#${escapeHtml(d.id)}">${escapeHtml(d.id)}</a>: ${escapeHtml(d.clause)}</li>`).join('')}</ul>
${entries.join('\n')}`;
  return sitePage('differences.html', 'Differences from the upstream service', body);
}
