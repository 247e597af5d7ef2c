/**
 * The OpenAPI document against the interface document's own tables and field lists: every documented
 * field, type, required flag, default, limit, endpoint and action is read from the document and looked
 * up in the contract, so a change on either side shows here.
 */
import { describe, expect, it } from 'vitest';
import { loadContract, type JsonSchema, type OperationSpec } from '../index.js';
import { interfaceDocument, parseInterfaceDocument, type DocumentSection } from '../interface-document.js';

const contract = loadContract('svc');
const doc = interfaceDocument();

function section(number: string): DocumentSection {
  const found = doc.section(number);
  if (!found) throw new Error(`the interface document has no section ${number}`);
  return found;
}

function actionOperation(resource: string, action: string): OperationSpec | undefined {
  return contract.operations.find((op) => op.method === 'post' && op.path === `/${resource}` && op.action === action);
}

function operationOfAction(action: string): OperationSpec {
  const op = contract.operations.find((o) => o.action === action);
  if (!op) throw new Error(`no operation for action=${action}`);
  return op;
}

function properties(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties ?? {}) as Record<string, JsonSchema>;
}

/** The schema of a dotted body field (`proposal.aspect.value`) and whether its parent requires it. */
function bodyField(op: OperationSpec, dotted: string): { schema: JsonSchema | undefined; required: boolean } {
  let parent = op.requestSchema;
  let schema: JsonSchema | undefined;
  let required = false;
  for (const name of dotted.split('.')) {
    schema = properties(parent)[name];
    required = ((parent?.required ?? []) as string[]).includes(name);
    parent = schema;
  }
  return { schema, required };
}

/** `integer (epoch ms)` -> integer, `list of string` -> array, `string (pattern)` -> string. */
function jsonType(documentType: string): string {
  if (documentType.startsWith('list of')) return 'array';
  return documentType.split(/[\s,(]/)[0] ?? documentType;
}

/** `10000` -> 10000, `true` -> true; an empty cell or `no timeout` means no default. */
function documentDefault(cell: string): unknown {
  if (cell === '' || cell.startsWith('no ')) return undefined;
  if (cell === 'true' || cell === 'false') return cell === 'true';
  if (/^-?\d+$/.test(cell)) return Number(cell);
  return cell;
}

const unquote = (cell: string): string => cell.replace(/`/g, '').trim();

describe('parseInterfaceDocument', () => {
  const parsed = parseInterfaceDocument(
    [
      '# Title',
      '## 4. Endpoints',
      'Intro.',
      '### 4.2 Operations',
      '**action=first** - two fields.',
      '',
      '| Field | Default |',
      '|---|---|',
      '| `a` | 1 |',
      '| b | |',
      '',
      '| Other | Table |',
      '|---|---|',
      '| x | y |',
      '**POST `/r?action=second`** (header). Body:',
      '| Field |',
      '|---|',
      '| c |',
    ].join('\n'),
  );

  it.each([
    { number: '4', title: 'Endpoints', text: 'Intro.', tables: 0 },
    { number: '4.2', title: 'Operations', tables: 3 },
  ])('reads section $number', ({ number, title, text, tables }) => {
    const section = parsed.section(number);
    expect(section?.title).toBe(title);
    if (text !== undefined) expect(section?.text).toBe(text);
    expect(section?.tables.length).toBe(tables);
  });

  it.each([
    { action: 'first', want: [{ Field: '`a`', Default: '1' }, { Field: 'b', Default: '' }] },
    { action: 'second', want: [{ Field: 'c' }] },
  ])('keys the table after the heading of action=$action', ({ action, want }) => {
    expect(parsed.actionTable(action)?.rows).toEqual(want);
  });

  it('leaves a table that does not follow an action heading without an action', () => {
    expect(parsed.section('4.2')?.tables[1]).toEqual({ header: ['Other', 'Table'], rows: [{ Other: 'x', Table: 'y' }] });
  });
});

describe('§4.2 field tables are the body properties of their action', () => {
  const given = ['truncateTimeseriesAspect', 'restoreIndices'].flatMap((action) =>
    (doc.actionTable(action)?.rows ?? []).map((row) => ({ action, row })),
  );

  it('reads both tables from the document', () => {
    expect(given.map((g) => g.action)).toEqual([...Array(6).fill('truncateTimeseriesAspect'), ...Array(5).fill('restoreIndices')]);
  });

  it.each(given)('$action: $row.Field', ({ action, row }) => {
    const op = actionOperation('operations', action);
    expect(op, `POST /operations?action=${action}`).toBeDefined();
    const { schema, required } = bodyField(op!, unquote(row.Field ?? ''));
    expect(schema, `${action} body has ${row.Field}`).toBeDefined();
    expect(schema?.type).toBe(jsonType(row.Type ?? ''));
    if ((row.Type ?? '').includes('epoch ms')) expect(schema?.format).toBe('int64');
    expect(required).toBe(row.Required === 'yes');
    expect(schema?.default).toEqual(documentDefault(row.Default ?? ''));
  });
});

describe('§4.4 ingestProposal table is the proposal of ingestProposal', () => {
  const rows = doc.actionTable('ingestProposal')?.rows ?? [];

  it('reads the table from the document', () => {
    expect(rows.length).toBe(6);
  });

  it.each(rows)('$Field', (row) => {
    const op = actionOperation('aspects', 'ingestProposal');
    expect(op).toBeDefined();
    const { schema } = bodyField(op!, unquote(row.Field ?? ''));
    expect(schema, `body has ${row.Field}`).toBeDefined();
    expect(schema?.type).toBe(jsonType(row.Type ?? ''));
    const listed = /^[A-Z_]+(?: or [A-Z_]+)+$/.test(row.Notes ?? '') ? (row.Notes ?? '').split(' or ') : undefined;
    if (!listed) return;
    // Values beyond the document's (upstream's other change types) must be named by an upstream difference of §4.4.
    const values = (schema?.enum ?? []) as string[];
    expect(values).toEqual(expect.arrayContaining(listed));
    const differences = JSON.stringify(contract.differences.filter((d) => d.clause.startsWith('4.4 ')));
    for (const extra of values.filter((v) => !listed.includes(v))) expect(differences, `${extra} is named by an upstream difference`).toContain(extra);
  });
});

describe('documented body fields of §4.3, §4.5 and §4.6', () => {
  /** Fields written as "`name` (type, required)" or "optional `name` (type)" after a marker, up to "Response". */
  function fieldsAfter(text: string, marker: string): { name: string; type: string; required?: boolean }[] {
    const start = text.indexOf(marker);
    if (start < 0) throw new Error(`marker ${marker} not found`);
    const sentence = text.slice(start + marker.length, text.indexOf('Response', start));
    // Only fields with a type: "optional `filter` (same shape)" refers to the filter shape, checked below.
    const typed = [...sentence.matchAll(/(optional )?`(\w+)` \(((?:string|integer|boolean|number|list of)[^)]*)\)/g)];
    return typed.map(([, optional, name = '', inside = '']) => {
      const words = inside.split(/[,;]\s*/);
      const required = optional || words.includes('optional') ? false : words.includes('required') ? true : undefined;
      return { name, type: jsonType(words[0] ?? ''), ...(required === undefined ? {} : { required }) };
    });
  }

  const given = [
    { section: '4.3', resource: 'test', action: 'evaluate', marker: 'Body:' },
    { section: '4.5', resource: 'aspects', action: 'getTimeseriesAspectValues', marker: 'Time series request body:' },
    { section: '4.6', resource: 'entities', action: 'browse', marker: '**browse** body:' },
    { section: '4.6', resource: 'entities', action: 'search', marker: '**search** body:' },
    { section: '4.6', resource: 'entities', action: 'autocomplete', marker: '**autocomplete** body:' },
  ].flatMap((g) => fieldsAfter(section(g.section).text, g.marker).map((field) => ({ ...g, field })));

  it('finds the documented fields', () => {
    expect(given.length).toBeGreaterThanOrEqual(3 + 5 + 4 + 4 + 4);
  });

  it.each(given)('$action: $field.name', ({ resource, action, field }) => {
    const op = actionOperation(resource, action);
    expect(op, `POST /${resource}?action=${action}`).toBeDefined();
    const schema = properties(op!.requestSchema)[field.name];
    expect(schema, `${action} body has ${field.name}`).toBeDefined();
    expect(schema?.type).toBe(field.type);
    if (field.required !== undefined) expect(((op!.requestSchema?.required ?? []) as string[]).includes(field.name)).toBe(field.required);
  });
});

describe('§8 limits are the defaults of the spec', () => {
  const rows = section('8').tables[0]?.rows ?? [];

  it('reads the limits table', () => {
    expect(rows.length).toBe(6);
  });

  it.each(rows.map((row) => ({ title: `${row.Limit ?? ''} of ${row['Applies to'] ?? ''}`, row })))('$title', ({ row }) => {
    const op = operationOfAction(unquote(row['Applies to'] ?? ''));
    const [, name = '', where = ''] = /^(\w+) (default|in response)$/.exec(unquote(row.Limit ?? '')) ?? [];
    expect(name, `limit name of "${row.Limit}"`).not.toBe('');
    const want = documentDefault(row.Value ?? '');
    expect(properties(op.requestSchema)[name]?.default).toEqual(want);
    if (where === 'in response') {
      const value = properties(op.responses['200'])['value'];
      expect(properties(value)[name]?.default).toEqual(want);
    }
  });
});

describe('every endpoint and action of §4 has an operation', () => {
  it.each(section('4.5').tables[0]?.rows ?? [])('$Method $Path', (row) => {
    const written = /`([^`]+)`/.exec(row.Path ?? '')?.[1] ?? '';
    const [path = '', query = ''] = written.split('?');
    const action = new URLSearchParams(query).get('action') ?? undefined;
    const templated = path.replace(/<[^>]+>/g, '{urn}');
    const op = contract.operations.find((o) => o.method === (row.Method ?? '').toLowerCase() && o.path === templated && o.action === action);
    expect(op, `${row.Method} ${written}`).toBeDefined();
  });

  /** Actions named in a section, each with its resource (`/operations?action=<action>` gives the default one). */
  function actionsOf(number: string): { resource: string; action: string }[] {
    const { text } = section(number);
    const fallback = /\/(\w+)\?action=<action>/.exec(text)?.[1];
    const out: { resource: string; action: string }[] = [];
    for (const [, resource = '', action = ''] of text.matchAll(/\/(\w+)\?action=(\w+)/g)) out.push({ resource, action });
    for (const [, bare, bodyOf] of text.matchAll(/\*\*action=(\w+)\*\*|\*\*(\w+)\*\* body/g)) {
      const action = bare ?? bodyOf ?? '';
      if (!fallback) throw new Error(`§${number} names action ${action} without a resource`);
      out.push({ resource: fallback, action });
    }
    return out;
  }

  const given = ['4.2', '4.3', '4.4', '4.5', '4.6'].flatMap((number) => actionsOf(number).map((a) => ({ number, ...a })));

  it('finds the documented actions', () => {
    expect(given.map((g) => g.action).sort()).toEqual(
      ['autocomplete', 'browse', 'evaluate', 'getEsTaskStatus', 'getIndexSizes', 'getTimeseriesAspectValues', 'ingest', 'ingestProposal', 'restoreIndices', 'search', 'truncateTimeseriesAspect'].sort(),
    );
  });

  it.each(given)('§$number POST /$resource?action=$action', ({ resource, action }) => {
    expect(actionOperation(resource, action)).toBeDefined();
  });
});

describe('§4.6 filter conditions', () => {
  it('are the enum of the filter criterion', () => {
    const listed = /Allowed conditions: ([^.]+)\./.exec(section('4.6').text)?.[1]?.split(/,\s*/) ?? [];
    expect(listed.length).toBe(8);
    const filter = properties(operationOfAction('search').requestSchema)['filter'];
    const criterion = properties(properties(properties(filter)['or']?.items as JsonSchema)['and']?.items as JsonSchema);
    expect(criterion['condition']?.enum).toEqual(listed);
    expect(criterion['condition']?.default).toBe('EQUAL');
  });
});
