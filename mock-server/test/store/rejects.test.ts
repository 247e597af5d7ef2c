/**
 * Bad writes are rejected with a RestliError naming the problem, and leave the store exactly as it
 * was (same snapshot digest): one transaction per call.
 */
import { describe, expect, it } from 'vitest';
import { loadContract, type Namespace } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import { CatalogStore } from '../../store/catalog-store.js';
import type { WriteContext } from '../../store/types.js';

type Write = [entityType: string, urn: string, aspect: string, value: Record<string, unknown>, ctx?: WriteContext];

describe.each<Namespace>(['svc', 'li'])('CatalogStore rejects (%s)', (ns) => {
  const contract = loadContract(ns);
  const prefix = contract.names.urnPrefix;
  const dataset = `${prefix}dataset:(${prefix}dataPlatform:hive,db.table,PROD)`;
  const ctx: WriteContext = { actor: `${prefix}corpuser:alice`, now: 1_000 };
  const other = ns === 'svc' ? 'li' : 'svc';

  const removed = { removed: true };
  const cases: { given: string; write: Write; want: { status: number; message: string } }[] = [
    {
      given: 'an unknown entity type',
      write: ['foo', `${prefix}foo:x`, 'status', removed],
      want: { status: 400, message: 'Failed to find entity with name foo in EntityRegistry' },
    },
    {
      given: 'an aspect the entity does not allow',
      write: ['tag', `${prefix}tag:t`, 'datasetProperties', {}],
      want: { status: 400, message: 'Unknown aspect datasetProperties for entity tag' },
    },
    {
      given: 'an aspect nobody knows',
      write: ['dataset', dataset, 'nonsense', {}],
      want: { status: 400, message: 'Unknown aspect nonsense for entity dataset' },
    },
    {
      given: 'a value of the wrong type',
      write: ['dataset', dataset, 'status', { removed: 'yes' }],
      want: { status: 422, message: 'aspect.removed: must be boolean' },
    },
    {
      given: 'a value missing a required field',
      write: ['dataset', dataset, 'ownership', {}],
      want: { status: 422, message: "aspect: missing required property 'owners'" },
    },
    {
      given: 'a time series value without timestampMillis',
      write: ['dataset', dataset, 'operation', { rows: 1 }],
      want: { status: 422, message: 'aspect.timestampMillis' },
    },
    {
      given: 'a URN that is not a URN',
      write: ['dataset', 'not-a-urn', 'status', removed],
      want: { status: 400, message: 'urn:' },
    },
    {
      given: 'a URN with unbalanced parentheses',
      write: ['dataset', `${prefix}dataset:(a,(b,c)`, 'status', removed],
      want: { status: 400, message: 'unbalanced' },
    },
    {
      given: 'a URN with the wrong number of key parts',
      write: ['dataset', `${prefix}dataset:plain`, 'status', removed],
      want: { status: 400, message: 'key part' },
    },
    {
      given: 'a URN of another entity type',
      write: ['chart', dataset, 'status', removed],
      want: { status: 400, message: 'not chart' },
    },
    {
      given: 'a URN of the other namespace',
      write: ['corpuser', `urn:${other}:corpuser:x`, 'status', removed],
      want: { status: 400, message: `namespace '${ns}'` },
    },
    {
      given: 'a key aspect the URN cannot give',
      write: ['dataset', `${prefix}dataset:(${prefix}dataPlatform:hive,t,NOPE)`, 'status', removed],
      want: { status: 422, message: 'datasetKey.origin' },
    },
    {
      given: 'an invalid value named as the caller says',
      write: ['dataset', dataset, 'status', { removed: 1 }, { ...ctx, valueRoot: 'proposal.aspect.value' }],
      want: { status: 422, message: 'proposal.aspect.value.removed: must be boolean' },
    },
  ];

  it.each(cases)('rejects $given and changes nothing', ({ write, want }) => {
    const store = new CatalogStore({ contract });
    store.upsertAspect(
      'dataset',
      dataset,
      'ownership',
      { owners: [{ owner: `${prefix}corpuser:bob`, type: 'DATAOWNER' }] },
      ctx,
    );
    const before = store.snapshot();
    let error: unknown;
    try {
      const [entityType, urn, aspect, value, writeCtx] = write;
      store.upsertAspect(entityType, urn, aspect, value, writeCtx ?? ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestliError);
    expect(error).toMatchObject({ status: want.status });
    expect((error as Error).message).toContain(want.message);
    expect(store.snapshot()).toEqual(before);
    store.close();
  });

  it('rejects a delete of an aspect the entity does not allow', () => {
    const store = new CatalogStore({ contract });
    expect(() => store.deleteAspect('tag', `${prefix}tag:t`, 'datasetProperties', ctx)).toThrow(
      'Unknown aspect datasetProperties for entity tag',
    );
    store.close();
  });

  it('rolls back a nested transaction with the outer one', () => {
    const store = new CatalogStore({ contract });
    const before = store.snapshot();
    expect(() =>
      store.transaction(() => {
        store.transaction(() => store.upsertAspect('dataset', dataset, 'status', { removed: false }, ctx));
        store.upsertAspect('dataset', dataset, 'status', { removed: 'no' }, ctx);
      }),
    ).toThrow(RestliError);
    expect(store.snapshot()).toEqual(before);
    store.close();
  });
});
