/**
 * A dataset's history through POST /api/graphql, in both namespaces: getTimeline (timeline.graphql),
 * getSchemaBlame and getSchemaVersionList (schemaBlame.graphql) in the web app's shapes, computed from
 * the stored versions of its aspects as upstream's TimelineServiceImpl and its change event
 * generators do (metadata-io/.../timeline/, datahub-graphql-core/.../resolvers/timeline/ and
 * .../types/timeline/mappers/, v1.3.0.1). The versions are written by a seed file whose entries carry
 * their own lastObserved, so each has its own write time. The edits of a dataset's columns
 * (EditableSchemaMetadataChangeEventGenerator), its links (InstitutionalMemoryChangeEventGenerator) and a
 * glossary term's definition (GlossaryTermInfoChangeEventGenerator) have their own entity.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { serverForTests } from '../http-harness.js';

const scratch = mkdtempSync(join(tmpdir(), 'timeline-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Column = [path: string, type: string, description?: string];
/** The record-name prefix of each namespace (union keys). */
const RECORD = { svc: 'com.svc.', li: 'com.linkedin.' } as const;

describe.each(['svc', 'li'] as const)('the timeline in the %s namespace', (namespace) => {
  const urn = (rest: string) => `urn:${namespace}:${rest}`;
  const ORDERS = urn(`dataset:(${urn('dataPlatform:hive')},shop.orders,PROD)`);
  const OWNED = urn(`dataset:(${urn('dataPlatform:hive')},shop.owned,PROD)`);
  const field = (path: string) => urn(`schemaField:(${ORDERS},${path})`);
  const EDITED = urn(`dataset:(${urn('dataPlatform:hive')},shop.edited,PROD)`);
  const TERM = urn('glossaryTerm:Revenue');
  const editedField = (path: string) => urn(`schemaField:(${EDITED},${path})`);
  const entry = (
    entityUrn: string,
    aspectName: string,
    json: unknown,
    lastObserved: number,
    entityType = 'dataset',
  ) => ({
    entityType,
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { json },
    systemMetadata: { lastObserved },
  });
  const schema = (columns: Column[], time: number) =>
    entry(
      ORDERS,
      'schemaMetadata',
      {
        schemaName: 'orders',
        platform: urn('dataPlatform:hive'),
        version: 0,
        hash: '',
        platformSchema: { [`${RECORD[namespace]}schema.OtherSchema`]: { rawSchema: '' } },
        fields: columns.map(([fieldPath, nativeDataType, description]) => ({
          fieldPath,
          nativeDataType,
          ...(description ? { description } : {}),
          type: { type: { [`${RECORD[namespace]}schema.StringType`]: {} } },
        })),
        primaryKeys: ['id'],
      },
      time,
    );
  function edits(time: number, fields: Record<string, unknown>[], links: Record<string, string>) {
    const createStamp = { time, actor: urn('corpuser:jdoe') };
    const elements = Object.entries(links).map(([url, description]) => ({ url, description, createStamp }));
    return [
      entry(EDITED, 'editableSchemaMetadata', { editableSchemaFieldInfo: fields }, time),
      entry(EDITED, 'institutionalMemory', { elements }, time),
    ];
  }
  const seed = join(scratch, `${namespace}.json`);
  writeFileSync(
    seed,
    JSON.stringify([
      // 1,000: three columns, a tag, a description. 2,000: created_at added, a second tag.
      // 3,000: amount retyped and described, status dropped. 4,000: created_at renamed created_on.
      schema(
        [
          ['id', 'int', 'Order id'],
          ['amount', 'decimal'],
          ['status', 'string'],
        ],
        1000,
      ),
      entry(ORDERS, 'globalTags', { tags: [{ tag: urn('tag:Gold') }] }, 1000),
      entry(ORDERS, 'datasetProperties', { description: 'Orders' }, 1000),
      schema(
        [
          ['id', 'int', 'Order id'],
          ['amount', 'decimal'],
          ['status', 'string'],
          ['created_at', 'timestamp'],
        ],
        2000,
      ),
      entry(ORDERS, 'globalTags', { tags: [{ tag: urn('tag:Gold') }, { tag: urn('tag:PII') }] }, 2000),
      schema(
        [
          ['id', 'int', 'Order id'],
          ['amount', 'double', 'In USD'],
          ['created_at', 'timestamp'],
        ],
        3000,
      ),
      schema(
        [
          ['id', 'int', 'Order id'],
          ['amount', 'double', 'In USD'],
          ['created_on', 'timestamp'],
        ],
        4000,
      ),
      entry(OWNED, 'ownership', { owners: [{ owner: urn('corpuser:jdoe'), type: 'DATAOWNER' }] }, 1000),
      // EDITED, 1,000: amount described and tagged, a runbook link. 2,000: amount described anew and given a
      // term, id described; the runbook's text changed, a dashboard link added. 3,000: amount's edits and
      // id's description gone; the runbook link gone.
      ...edits(
        1000,
        [{ fieldPath: 'amount', description: 'In USD', globalTags: { tags: [{ tag: urn('tag:Gold') }] } }],
        {
          'https://wiki.example.com/runbook': 'Runbook',
        },
      ),
      ...edits(
        2000,
        [
          { fieldPath: 'amount', description: 'In euros', glossaryTerms: { terms: [{ urn: TERM }] } },
          { fieldPath: 'id', description: 'Key' },
        ],
        { 'https://wiki.example.com/runbook': 'Runbook v2', 'https://bi.example.com/orders': 'Dashboard' },
      ),
      ...edits(3000, [{ fieldPath: 'id' }], { 'https://bi.example.com/orders': 'Dashboard' }),
      entry(TERM, 'glossaryTermInfo', { definition: 'Money in', termSource: 'INTERNAL' }, 1000, 'glossaryTerm'),
      entry(
        TERM,
        'glossaryTermInfo',
        { definition: 'Money in, net of refunds', termSource: 'INTERNAL' },
        2000,
        'glossaryTerm',
      ),
    ]),
  );
  const server = serverForTests({ namespace, seed: [seed] });

  const run = async (query: string, input: Record<string, unknown>) => {
    const reply = await graphql(server(), { query, variables: { input }, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as { data: Record<string, any> | null; errors?: { message: string }[] };
  };

  const TIMELINE = `query getTimeline($input: GetTimelineInput!) {
    getTimeline(input: $input) {
      changeTransactions {
        timestampMillis lastSemanticVersion versionStamp changeType
        changes { urn category operation modifier parameters { key value } auditStamp { actor time } description }
      }
    }
  }`;
  const BLAME = `query getSchemaBlame($input: GetSchemaBlameInput!) {
    getSchemaBlame(input: $input) {
      version { semanticVersion semanticVersionTimestamp versionStamp }
      schemaFieldBlameList {
        fieldPath
        schemaFieldChange { timestampMillis lastSemanticVersion lastSchemaFieldChange versionStamp }
      }
    }
  }`;
  const VERSIONS = `query getSchemaVersionList($input: GetSchemaVersionListInput!) {
    getSchemaVersionList(input: $input) {
      latestVersion { semanticVersion semanticVersionTimestamp versionStamp }
      semanticVersionList { semanticVersion semanticVersionTimestamp versionStamp }
    }
  }`;

  /** Each transaction as [time, version, [category, operation, modifier] of each change]. */
  const summary = (data: any) =>
    data.getTimeline.changeTransactions.map((t: any) => [
      t.timestampMillis,
      t.lastSemanticVersion,
      t.changes.map((c: any) => [c.category, c.operation, c.modifier]),
    ]);

  it.each([
    {
      given: 'TECHNICAL_SCHEMA (the schema tab): columns added, retyped, dropped, renamed; the primary key added',
      categories: ['TECHNICAL_SCHEMA'],
      want: [
        [
          1000,
          '0.0.0-computed',
          [
            ['TECHNICAL_SCHEMA', 'ADD', field('amount')],
            ['TECHNICAL_SCHEMA', 'ADD', field('id')],
            ['TECHNICAL_SCHEMA', 'ADD', field('status')],
            ['TECHNICAL_SCHEMA', 'MODIFY', field('id')],
          ],
        ],
        [2000, '0.1.0-computed', [['TECHNICAL_SCHEMA', 'ADD', field('created_at')]]],
        [
          3000,
          '1.0.0-computed',
          [
            ['TECHNICAL_SCHEMA', 'MODIFY', field('amount')],
            ['TECHNICAL_SCHEMA', 'REMOVE', field('status')],
          ],
        ],
        [4000, '1.1.0-computed', [['TECHNICAL_SCHEMA', 'MODIFY', field('created_at')]]],
      ],
    },
    {
      given: "TECHNICAL_SCHEMA and DOCUMENTATION (the history sidebar): the descriptions' changes join their writes",
      categories: ['TECHNICAL_SCHEMA', 'DOCUMENTATION'],
      want: [
        [
          1000,
          '0.0.0-computed',
          [
            ['DOCUMENTATION', 'ADD', null],
            ['DOCUMENTATION', 'ADD', null],
            ['TECHNICAL_SCHEMA', 'ADD', field('amount')],
            ['TECHNICAL_SCHEMA', 'ADD', field('id')],
            ['TECHNICAL_SCHEMA', 'ADD', field('status')],
            ['TECHNICAL_SCHEMA', 'MODIFY', field('id')],
          ],
        ],
        [2000, '0.1.0-computed', [['TECHNICAL_SCHEMA', 'ADD', field('created_at')]]],
        [
          3000,
          '1.0.0-computed',
          [
            ['DOCUMENTATION', 'ADD', null],
            ['TECHNICAL_SCHEMA', 'MODIFY', field('amount')],
            ['TECHNICAL_SCHEMA', 'REMOVE', field('status')],
          ],
        ],
        [4000, '1.1.0-computed', [['TECHNICAL_SCHEMA', 'MODIFY', field('created_at')]]],
      ],
    },
    {
      given: 'TAG: the tags added, a write without tag changes keeping the version',
      categories: ['TAG'],
      want: [
        [1000, '0.0.0-computed', [['TAG', 'ADD', urn('tag:Gold')]]],
        [2000, '0.1.0-computed', [['TAG', 'ADD', urn('tag:PII')]]],
      ],
    },
    { given: 'no category at all: no transaction', categories: [], want: [] },
  ])('getTimeline, $given', async ({ categories, want }) => {
    const reply = await run(TIMELINE, { urn: ORDERS, changeCategories: categories });
    expect(reply.errors).toBeUndefined();
    expect(summary(reply.data)).toEqual(want);
  });

  it("getTimeline maps each change as upstream's mappers do: urn empty, no audit stamp, its parameters and words", async () => {
    const reply = await run(TIMELINE, { urn: ORDERS, changeCategories: ['TECHNICAL_SCHEMA'] });
    const [first, , third] = reply.data?.getTimeline.changeTransactions;
    expect(first).toMatchObject({ versionStamp: 'none', changeType: 'MODIFY' });
    expect(third.changes[0]).toEqual({
      urn: 'empty',
      category: 'TECHNICAL_SCHEMA',
      operation: 'MODIFY',
      modifier: field('amount'),
      parameters: [
        { key: 'fieldPath', value: 'amount' },
        { key: 'fieldUrn', value: field('amount') },
        { key: 'nullable', value: 'false' },
        { key: 'modificationCategory', value: 'TYPE_CHANGE' },
      ],
      auditStamp: null,
      description:
        "A backwards incompatible change due to native datatype of the field 'amount' changed from 'decimal' to 'double'.",
    });
  });

  it.each([
    {
      given: 'every category of a dataset with owners (the owner category has no GraphQL name)',
      urn: OWNED,
      categories: null,
    },
    { given: 'the OWNERSHIP category asked for (the service calls it OWNER)', urn: ORDERS, categories: ['OWNERSHIP'] },
    { given: 'an entity type without a timeline', urn: urn('chart:(looker,c1)'), categories: null },
  ])('getTimeline answers null as upstream does for $given', async ({ urn: asked, categories }) => {
    const reply = await run(TIMELINE, { urn: asked, changeCategories: categories });
    expect(reply.errors).toBeUndefined();
    expect(reply.data?.getTimeline).toBeNull();
  });

  it.each([
    {
      given:
        'the newest version: each column at its last change, the dropped column left out, a rename under its old path',
      version: null,
      want: {
        version: ['1.1.0', 4000],
        blame: [
          ['created_at', '1.1.0', 'Modified in v1.1.0'],
          ['amount', '1.0.0', 'Modified in v1.0.0'],
          ['id', '0.0.0', 'Added in v0.0.0'],
        ],
      },
    },
    {
      given: 'an earlier version: the changes after it ignored',
      version: '0.1.0',
      want: {
        version: ['0.1.0', 2000],
        blame: [
          ['created_at', '0.1.0', 'Added in v0.1.0'],
          ['amount', '0.0.0', 'Added in v0.0.0'],
          ['id', '0.0.0', 'Added in v0.0.0'],
          ['status', '0.0.0', 'Added in v0.0.0'],
        ],
      },
    },
  ])('getSchemaBlame at $given', async ({ version, want }) => {
    const reply = await run(BLAME, { datasetUrn: ORDERS, version });
    expect(reply.errors).toBeUndefined();
    const blame = reply.data?.getSchemaBlame;
    expect([blame.version.semanticVersion, blame.version.semanticVersionTimestamp]).toEqual(want.version);
    expect(
      blame.schemaFieldBlameList.map((b: any) => [
        b.fieldPath,
        b.schemaFieldChange.lastSemanticVersion,
        b.schemaFieldChange.lastSchemaFieldChange,
      ]),
    ).toEqual(want.blame);
  });

  it('getSchemaVersionList: the latest version and every version newest first, with the aspect versions then', async () => {
    const reply = await run(VERSIONS, { datasetUrn: ORDERS });
    expect(reply.errors).toBeUndefined();
    const list = reply.data?.getSchemaVersionList;
    expect(list.latestVersion).toMatchObject({ semanticVersion: '1.1.0', semanticVersionTimestamp: 4000 });
    expect(list.semanticVersionList.map((v: any) => [v.semanticVersion, v.semanticVersionTimestamp])).toEqual([
      ['1.1.0', 4000],
      ['1.0.0', 3000],
      ['0.1.0', 2000],
      ['0.0.0', 1000],
    ]);
    // The oldest version is stored as 1, the next as 2 and 3, the latest as 0.
    expect(list.semanticVersionList.map((v: any) => v.versionStamp.match(/schemaMetadata:\d+/)?.[0])).toEqual([
      'schemaMetadata:0',
      'schemaMetadata:3',
      'schemaMetadata:2',
      'schemaMetadata:1',
    ]);
    expect(list.semanticVersionList[3].versionStamp).toContain('globalTags:1');
  });

  it('a dataset without schema history: an empty blame and no version list', async () => {
    const blame = await run(BLAME, { datasetUrn: OWNED });
    expect(blame.data?.getSchemaBlame).toEqual({ version: null, schemaFieldBlameList: null });
    const versions = await run(VERSIONS, { datasetUrn: OWNED });
    expect(versions.data?.getSchemaVersionList).toBeNull();
  });

  it.each([
    [TIMELINE, { urn: 'not-a-urn' }, 'input.urn'],
    [BLAME, { datasetUrn: 'not-a-urn' }, 'input.datasetUrn'],
    [VERSIONS, { datasetUrn: 'urn:other:dataset:x' }, 'input.datasetUrn'],
  ])('a malformed URN is refused, naming the input field (%#)', async (query, input, named) => {
    const reply = await run(query, input);
    expect(reply.errors?.[0]?.message).toContain(named);
  });

  /** Each transaction as [time, [category, operation, modifier, description] of each change]. */
  const worded = (data: any) =>
    data.getTimeline.changeTransactions.map((t: any) => [
      t.timestampMillis,
      t.changes.map((c: any) => [c.category, c.operation, c.modifier, c.description]),
    ]);

  it.each([
    {
      given: "DOCUMENTATION: the columns' edited descriptions and the links, in upstream's words",
      categories: ['DOCUMENTATION'],
      want: [
        [
          1000,
          [
            [
              'DOCUMENTATION',
              'ADD',
              'https://wiki.example.com/runbook',
              `Institutional Memory 'https://wiki.example.com/runbook' with documentation of '${EDITED}' has been added: 'Runbook'`,
            ],
            [
              'DOCUMENTATION',
              'ADD',
              'amount',
              `Documentation for the field 'amount' of '${editedField('amount')}' has been added: 'In USD'`,
            ],
          ],
        ],
        [
          2000,
          [
            [
              'DOCUMENTATION',
              'ADD',
              'https://bi.example.com/orders',
              `Institutional Memory 'https://bi.example.com/orders' with documentation of '${EDITED}' has been added: 'Dashboard'`,
            ],
            [
              'DOCUMENTATION',
              'MODIFY',
              'https://wiki.example.com/runbook',
              `Documentation of Institutional Memory 'https://wiki.example.com/runbook' of  '${EDITED}' has been changed from 'Runbook' to 'Runbook v2'.`,
            ],
            [
              'DOCUMENTATION',
              'MODIFY',
              'amount',
              `Documentation for the field 'amount' of '${editedField('amount')}' has been updated from 'In USD' to 'In euros'.`,
            ],
            [
              'DOCUMENTATION',
              'ADD',
              'id',
              `Documentation for the field 'id' of '${editedField('id')}' has been added: 'Key'`,
            ],
          ],
        ],
        [
          3000,
          [
            [
              'DOCUMENTATION',
              'REMOVE',
              'https://wiki.example.com/runbook',
              `Institutional Memory 'https://wiki.example.com/runbook' with documentation of '${EDITED}' has been removed: 'Runbook v2'`,
            ],
            [
              'DOCUMENTATION',
              'REMOVE',
              'amount',
              `Documentation for the field 'Optional.empty' of '${editedField('amount')}' has been removed: 'In euros'`,
            ],
            [
              'DOCUMENTATION',
              'REMOVE',
              'id',
              `Documentation for the field 'Optional[id]' of '${editedField('id')}' has been removed: 'Key'`,
            ],
          ],
        ],
      ],
    },
    {
      given: "TAG and GLOSSARY_TERM: a column's tags and terms as the field's",
      categories: ['TAG', 'GLOSSARY_TERM'],
      want: [
        [1000, [['TAG', 'ADD', urn('tag:Gold'), `Tag 'Gold' added to entity '${editedField('amount')}'.`]]],
        [
          2000,
          [
            ['GLOSSARY_TERM', 'ADD', TERM, `Term 'Revenue' added to entity '${editedField('amount')}'.`],
            ['TAG', 'REMOVE', urn('tag:Gold'), `Tag 'Gold' removed from entity '${editedField('amount')}'.`],
          ],
        ],
        [3000, [['GLOSSARY_TERM', 'REMOVE', TERM, `Term 'Revenue' removed from entity '${editedField('amount')}'.`]]],
      ],
    },
  ])('getTimeline of edited columns and links, $given', async ({ categories, want }) => {
    const reply = await run(TIMELINE, { urn: EDITED, changeCategories: categories });
    expect(reply.errors).toBeUndefined();
    const got = worded(reply.data);
    // The order of a transaction's changes from several aspects is not part of upstream's answer.
    const sorted = (transactions: any[]) =>
      transactions.map(([time, changes]: any) => [
        time,
        [...changes].sort((a: string[], b: string[]) => (a.join() < b.join() ? -1 : 1)),
      ]);
    expect(sorted(got)).toEqual(sorted(want));
  });

  it("a column's tag event names the field path and the field as parent", async () => {
    const reply = await run(TIMELINE, { urn: EDITED, changeCategories: ['TAG'] });
    expect(reply.data?.getTimeline.changeTransactions[0].changes[0].parameters).toEqual([
      { key: 'fieldPath', value: 'amount' },
      { key: 'parentUrn', value: editedField('amount') },
      { key: 'tagUrn', value: urn('tag:Gold') },
    ]);
  });

  it("getTimeline of a glossary term: its definition's changes (DOCUMENTATION), without parameters", async () => {
    const reply = await run(TIMELINE, { urn: TERM, changeCategories: ['DOCUMENTATION'] });
    expect(reply.errors).toBeUndefined();
    const changes = reply.data?.getTimeline.changeTransactions.map((t: any) => [
      t.lastSemanticVersion,
      t.changes.map((c: any) => [c.operation, c.parameters, c.description]),
    ]);
    expect(changes).toEqual([
      ['0.0.0-computed', [['ADD', null, `Documentation for '${TERM}' has been added: 'Money in'.`]]],
      [
        '0.1.0-computed',
        [
          [
            'MODIFY',
            null,
            `Documentation of '${TERM}' has been changed from 'Money in' to 'Money in, net of refunds'.`,
          ],
        ],
      ],
    ]);
  });
});
