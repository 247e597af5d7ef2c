/**
 * The built-in API reference page (upstream's /restli/docs): one server-rendered HTML page listing
 * every operation of the contract, self-contained (no scripts, no network), so it works offline
 * right after install.
 */
import type { Contract, JsonSchema, OperationSpec } from '../spec/index.js';
import { tokenRequiredBySpec } from './operation-access.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A schema's name: its title, else a short description of its type. */
function schemaName(schema: JsonSchema | undefined): string {
  if (!schema) return 'none';
  if (typeof schema.title === 'string') return schema.title;
  if (schema.type === 'array') return `array of ${schemaName(schema.items as JsonSchema | undefined)}`;
  if (schema.type === 'object' && schema.properties) return `object {${Object.keys(schema.properties as object).join(', ')}}`;
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonSchema[]).map(schemaName).join(' | ');
  return typeof schema.type === 'string' ? schema.type : 'any';
}

function parameterType(schema: JsonSchema): string {
  const base = schemaName(schema);
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  const values = Array.isArray(schema.enum) ? `: ${schema.enum.map(String).join(' | ')}` : '';
  return base + format + values;
}

function operationSection(op: OperationSpec): string {
  const summary = typeof op.raw.summary === 'string' ? op.raw.summary : '';
  const description = typeof op.raw.description === 'string' ? `<p class="desc">${escapeHtml(op.raw.description)}</p>` : '';
  const rows = op.parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${escapeHtml(parameterType(p.schema))}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td>${p.schema.default === undefined ? '' : `<code>${escapeHtml(JSON.stringify(p.schema.default))}</code>`}</td>` +
        `<td>${escapeHtml(p.description ?? '')}</td></tr>`,
    )
    .join('\n');
  const parameters = rows
    ? `<table><thead><tr><th>parameter</th><th>in</th><th>type</th><th>required</th><th>default</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No parameters.</p>';
  const body = op.requestSchema ? `<p>Request body: <code>${escapeHtml(schemaName(op.requestSchema))}</code>${op.requestRequired ? ' (required)' : ''}</p>` : '';
  const responses = Object.entries(op.responses)
    .map(([status, schema]) => `<li><code>${escapeHtml(status)}</code>: ${escapeHtml(schemaName(schema))}</li>`)
    .join('');
  const token = op.security ? '<p>Bearer token: accepted' + (tokenRequiredBySpec(op) ? ' and required' : '') + '.</p>' : '';
  return (
    `<section id="${escapeHtml(op.operationId)}"><h3><span class="method">${op.method.toUpperCase()}</span> <code>${escapeHtml(op.pathKey)}</code></h3>` +
    `<p><strong>${escapeHtml(op.operationId)}</strong>${summary ? `: ${escapeHtml(summary)}` : ''}</p>${description}${parameters}${body}` +
    `<p>Responses:</p><ul>${responses}</ul>${token}</section>`
  );
}

export function renderApiReference(contract: Contract): string {
  const info = (contract.openapi.info ?? {}) as { title?: string; version?: string; description?: string };
  const title = info.title ?? 'API reference';
  const byTag = new Map<string, OperationSpec[]>();
  for (const op of contract.operations) {
    const tag = op.tags[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
  }
  const index = [...byTag]
    .map(([tag, ops]) => `<li>${escapeHtml(tag)}: ${ops.map((o) => `<a href="#${escapeHtml(o.operationId)}">${escapeHtml(o.operationId)}</a>`).join(', ')}</li>`)
    .join('');
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeHtml(tag)}</h2>${ops.map(operationSection).join('\n')}`).join('\n');
  const servers = ((contract.openapi.servers ?? []) as { url: string; description?: string }[])
    .map((s) => `<li><code>${escapeHtml(s.url)}</code>${s.description ? `: ${escapeHtml(s.description)}` : ''}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #ddd;padding:.5rem 0}.method{background:#234;color:#fff;padding:0 .4rem;border-radius:3px}.desc{white-space:pre-wrap}</style>
</head><body><h1>${escapeHtml(title)}${info.version ? ` <small>${escapeHtml(info.version)}</small>` : ''}</h1>
${info.description ? `<p class="desc">${escapeHtml(info.description)}</p>` : ''}
<p>Namespace: <code>${escapeHtml(contract.names.urnPrefix)}</code>; protocol header <code>${escapeHtml(contract.names.protocolHeader)}: 2.0.0</code>.</p>
<p>Address forms (each operation is served under every one):</p><ul>${servers}</ul>
<ul>${index}</ul>
${sections}
</body></html>
`;
}
