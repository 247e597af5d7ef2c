/** differences.html: spec/upstream-differences.yaml, one entry per known difference from upstream. */
import type { Contract, DifferenceMatcher, UpstreamDifference } from '../../spec/index.js';
import { codeSpan, escapeHtml, sitePage } from './html.js';

/** A matcher in words: what a failed check must show to count as this difference. */
export function describeMatcher(difference: UpstreamDifference): string {
  const one = (m: DifferenceMatcher): string =>
    [
      m.status ? `the response it failed on answered ${m.status.join(' or ')}` : '',
      m.message !== undefined ? `the failure message matches /${m.message}/i` : '',
      m.shape && difference.shape ? `the check read upstream's shape of ${difference.shape.operation}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
  return (Array.isArray(difference.matcher) ? difference.matcher : [difference.matcher]).map(one).join('; or ');
}

export function renderDifferencesPage(contract: Contract): string {
  const entries = contract.differences.map(
    (d) => `<section id="${escapeHtml(d.id)}"><h2>${escapeHtml(d.id)}</h2>
<dl><dt>clause</dt><dd>${escapeHtml(d.clause)}</dd>
<dt>document</dt><dd>${escapeHtml(d.document)}</dd>
<dt>upstream</dt><dd>${escapeHtml(d.upstream)}</dd>
<dt>mock</dt><dd>${escapeHtml(d.mock)}</dd>
<dt>source</dt><dd>${escapeHtml(d.source)}</dd>
<dt>reproduced by</dt><dd>${codeSpan(d.profile)}</dd>
<dt>recognised when</dt><dd>${escapeHtml(describeMatcher(d))}</dd>
<dt>checks</dt><dd>${d.checks.map((c) => `<code>${escapeHtml(c)}</code>`).join(', ') || '<span class="none">none</span>'}</dd>${
      d.tests
        ? `\n<dt>proven by the mock's tests</dt><dd>${d.tests.map((t) => `<code>${escapeHtml(t)}</code>`).join(', ')}</dd>`
        : ''
    }</dl></section>`,
  );
  const body = `<p>Where the interface document and the upstream service differ, the document wins: the mock follows it, and the
conformance suite, run with ${codeSpan('--namespace li')}, reports a failed check listed here as a known upstream difference only when the
failure is the one the entry describes ("recognised when"); a listed check that fails any other way is a failure. The mock's upstream
profile reproduces upstream's side ("reproduced by"), except where upstream answers bad input with a server error: the mock never does.
${contract.differences.length} differences are known.</p>
<ul>${contract.differences.map((d) => `<li><a href="#${escapeHtml(d.id)}">${escapeHtml(d.id)}</a>: ${escapeHtml(d.clause)}</li>`).join('')}</ul>
${entries.join('\n')}`;
  return sitePage('differences.html', 'Differences from the upstream service', body);
}
