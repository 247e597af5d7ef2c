/**
 * aspects.html: every aspect with a schema, one section each (anchor `aspect-<name>`, which the
 * mock's inspector links to): its record name, kind, the entity types that take it, and its top-level
 * fields with their types and descriptions, from the annotated aspect schemas of the contract.
 */
import type { AspectSpec, Contract, JsonSchema } from '../../spec/index.js';
import { escapeHtml, sitePage } from './html.js';

/** A field's type in a few words: its title when it has one, arrays and maps by their items. */
function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `array of ${typeOf((schema.items ?? {}) as JsonSchema)}`;
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object')
    return `map of ${typeOf(schema.additionalProperties as JsonSchema)}`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (typeof schema.title === 'string') return schema.title;
  return typeof schema.type === 'string' ? schema.type : 'any';
}

function aspectSection(aspect: AspectSpec, entities: string[]): string {
  const properties = Object.entries((aspect.schema.properties ?? {}) as Record<string, JsonSchema>);
  const required = new Set((aspect.schema.required ?? []) as string[]);
  const rows = properties
    .map(
      ([name, field]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' (required)' : ''}</td><td>${escapeHtml(typeOf(field))}</td><td>${escapeHtml(String(field.description ?? ''))}</td></tr>`,
    )
    .join('');
  return `<section id="aspect-${escapeHtml(aspect.name)}"><h2>${escapeHtml(aspect.name)}</h2>
<p>${escapeHtml(String(aspect.schema.description ?? ''))}</p>
<dl><dt>record</dt><dd><code>${escapeHtml(aspect.record)}</code></dd>
<dt>kind</dt><dd>${aspect.kind}</dd>
<dt>entities</dt><dd>${entities.map((e) => `<code>${escapeHtml(e)}</code>`).join(', ') || '<span class="none">none</span>'}</dd></dl>
${rows ? `<table><thead><tr><th>field</th><th>type</th><th>description</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="none">No fields.</p>'}</section>`;
}

export function renderAspectsPage(contract: Contract): string {
  const aspects = [...contract.aspects.values()].sort((a, b) => a.name.localeCompare(b.name));
  const entitiesOf = (name: string): string[] =>
    [...contract.entities.values()].filter((e) => e.aspects.includes(name)).map((e) => e.name);
  const body = `<p>The ${aspects.length} aspects with a schema: what ingestProposal validates an aspect against, and what the mock's
inspector links each aspect of an entity to. An aspect named by the entity registry without a schema is stored as it comes.</p>
<ul>${aspects.map((a) => `<li><a href="#aspect-${escapeHtml(a.name)}">${escapeHtml(a.name)}</a></li>`).join('')}</ul>
${aspects.map((a) => aspectSection(a, entitiesOf(a.name))).join('\n')}`;
  return sitePage('aspects.html', 'Aspects', body);
}
