/**
 * 2.1 Identifiers and the keys row of 2.3: an entity of each kind the document lists has a URN of
 * the documented shape, and its key aspect holds the URN's parts. The kinds, their shapes and the
 * documented key fields are read from the document's tables. With --allow-writes the checks look at
 * the run's own entity of each kind (status written on it), else at one the deployment's search finds;
 * the data platform is the platform of a dataset, never written.
 */
import { interfaceDocument, parseUrn, tryParseUrn, type ParsedUrn } from '../../spec/index.js';
import { expect, expectEqual, fail, type Check, type CheckContext, type CheckGroup } from '../check.js';
import { anyEntity, readableDataset } from './deployment-lookups.js';

const IDENTIFIERS = '2.1 Identifiers';
const KEYS = '2.3 Aspect shapes that appear in the interface: keys';

interface Kind {
  /** The row's resource name (`user`, `data platform`). */
  resource: string;
  /** The documented URN shape, parsed (placeholders as key parts). */
  shape: ParsedUrn;
}

/** The rows of the 2.1 table: resource and URN shape (the first code span of the shape cell). */
function kinds(): Kind[] {
  const table = interfaceDocument().section('2.1')?.tables[0];
  return (table?.rows ?? []).map((row) => {
    const shape = /`([^`]+)`/.exec(row['URN shape'] ?? '')?.[1] ?? '';
    return { resource: row.Resource ?? '', shape: parseUrn(shape) };
  });
}

function kindOf(resource: string): Kind {
  return kinds().find((k) => k.resource === resource) ?? fail(`the document has no identifier row ${resource}`);
}

/** The documented key fields per resource: `dataset key: origin, name, platform (platform URN); ...`. */
function documentedKeys(): Map<string, { fields: string[]; urnFields: string[] }> {
  const row = interfaceDocument()
    .section('2.3')
    ?.tables[0]?.rows.find((r) => Object.values(r)[0] === 'keys');
  const keys = new Map<string, { fields: string[]; urnFields: string[] }>();
  for (const part of (row?.Fields ?? '').split(';')) {
    const [, resource = '', list = ''] = /^\s*(.+?) key:\s*(.+)$/.exec(part) ?? [];
    const items = list.split(',').map((item) => item.trim());
    keys.set(resource, {
      fields: items.map((item) => item.replace(/\s*\(.*\)$/, '')),
      urnFields: items.filter((i) => /\(.*URN\)$/.test(i)).map((i) => i.replace(/\s*\(.*\)$/, '')),
    });
  }
  return keys;
}

interface Entity {
  urn: string;
  entityName: string;
  key: Record<string, unknown>;
}

async function readEntity(ctx: CheckContext, urn: string, entityType: string): Promise<Entity> {
  const keyAspect = ctx.contract.entity(entityType)?.keyAspect ?? fail(`the registry has no entity ${entityType}`);
  const res = await ctx.client.expectStatus('getEntityV2', { path: { urn }, query: `aspects=List(${keyAspect})` });
  const body = res.body as {
    urn?: string;
    entityName?: string;
    aspects?: Record<string, { value?: Record<string, unknown> }>;
  };
  const key = body.aspects?.[keyAspect]?.value ?? fail(`${urn} was read without its key aspect ${keyAspect}`);
  return { urn: body.urn ?? '', entityName: body.entityName ?? '', key };
}

/** An entity of the kind: the run's own (written), the platform of a dataset, or one search finds. */
async function entityOfKind(ctx: CheckContext, kind: Kind): Promise<string> {
  const type = kind.shape.entityType;
  if (type === 'dataPlatform') {
    const dataset = await readEntity(ctx, await readableDataset(ctx), 'dataset');
    return String(dataset.key.platform);
  }
  if (ctx.allowWrites) {
    const urn = ctx.fixture.kind(type);
    await ctx.fixture.upsert(urn, 'status', { removed: false });
    return urn;
  }
  return type === 'dataset' ? readableDataset(ctx) : anyEntity(ctx, type);
}

function expectShape(urn: string, shape: ParsedUrn, what: string): ParsedUrn {
  const parsed = tryParseUrn(urn) ?? fail(`${what} ${urn} is not a URN`);
  expectEqual(parsed.entityType, shape.entityType, `entity type in ${what} ${urn}`);
  expectEqual(parsed.parts.length, shape.parts.length, `number of key parts of ${what} ${urn} (shape ${shape.urn})`);
  shape.parts.forEach((placeholder, i) => {
    const nested = tryParseUrn(placeholder);
    if (nested) expectShape(parsed.parts[i] ?? '', nested, `key part ${i + 1} of`);
  });
  return parsed;
}

function identifierCheck(resource: string): Check {
  return {
    id: `identifiers.${resource.replace(/ /g, '-')}.urn`,
    clause: `${IDENTIFIERS}: ${resource} URN shape and key aspect`,
    async run(ctx) {
      const kind = kindOf(resource);
      const urn = await entityOfKind(ctx, kind);
      const parsed = expectShape(urn, kind.shape, resource);
      const entity = await readEntity(ctx, urn, kind.shape.entityType);
      expectEqual(entity.urn, urn, 'urn read back');
      expectEqual(entity.entityName, kind.shape.entityType, 'entityName');
      const urnKey = ctx.contract.entity(kind.shape.entityType)?.urnKey ?? [];
      expectEqual(
        urnKey.map((field) => entity.key[field]),
        parsed.parts,
        `key aspect fields ${urnKey.join(', ')} against the URN parts`,
      );
    },
  };
}

export const identifierChecks: CheckGroup = {
  name: 'identifiers',
  checks: [
    ...['dataset', 'data platform', 'user', 'group', 'chart', 'dashboard', 'tag', 'glossary term'].map(identifierCheck),
    {
      id: 'aspects.keys.fields',
      clause: `${KEYS} fields of each documented key`,
      async run(ctx) {
        for (const [resource, documented] of documentedKeys()) {
          const kind = kindOf(resource);
          const urn = await entityOfKind(ctx, kind);
          const { key } = await readEntity(ctx, urn, kind.shape.entityType);
          expectEqual(
            Object.keys(key).sort(),
            [...documented.fields].sort(),
            `fields of the ${resource} key of ${urn}`,
          );
          for (const field of documented.urnFields)
            expect(
              tryParseUrn(String(key[field])),
              `${resource} key field ${field} is not a URN: ${String(key[field])}`,
            );
        }
      },
    },
  ],
};
