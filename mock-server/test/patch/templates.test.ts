/**
 * The patch templates, table-driven: given a stored value (or none) and a JSON Patch, want the new
 * value. Cases marked with an upstream test repeat the patches of that test (datahub-project/datahub,
 * entity-registry/src/test/java/com/linkedin/metadata/aspect/patch/template/); the others use the
 * paths upstream's Python patch builders write (metadata-ingestion/src/datahub/specific/).
 */
import { describe, expect, it } from 'vitest';
import { RestliError } from '../../errors.js';
import { applyAspectPatch, PATCH_TEMPLATES } from '../../patch/index.js';

const STAMP = { time: 1700000000000, actor: 'urn:li:corpuser:__datahub_system' };
const A = 'urn:li:corpuser:userA';
const B = 'urn:li:corpuser:userB';
const DS = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const COPY_OF_A = { dataset: DS('a'), type: 'COPY' };
const VIEW_OF_B = { dataset: DS('b'), type: 'VIEW' };
const attributed = (source: string) => ({ source, actor: 'urn:li:corpuser:datahub', time: 0 });

interface Case {
  name: string;
  aspect: string;
  given?: Record<string, unknown>;
  patch: unknown[];
  want: Record<string, unknown>;
}

const cases: Case[] = [
  // --- upstreamLineage (UpstreamLineageTemplate)
  {
    name: 'an absent aspect starts from the default; the upstream is keyed by its dataset URN (dbt, the Python builder)',
    aspect: 'upstreamLineage',
    patch: [{ op: 'add', path: `/upstreams/${DS('a')}`, value: { dataset: DS('a'), type: 'TRANSFORMED' } }],
    want: { upstreams: [{ dataset: DS('a'), type: 'TRANSFORMED' }], fineGrainedLineages: [] },
  },
  {
    name: 'adding an upstream keeps the others, adding an existing one replaces it',
    aspect: 'upstreamLineage',
    given: { upstreams: [COPY_OF_A, VIEW_OF_B] },
    patch: [
      { op: 'add', path: `/upstreams/${DS('a')}`, value: { dataset: DS('a'), type: 'TRANSFORMED' } },
      { op: 'add', path: `/upstreams/${DS('c')}`, value: { dataset: DS('c'), type: 'VIEW' } },
    ],
    want: {
      upstreams: [{ dataset: DS('a'), type: 'TRANSFORMED' }, VIEW_OF_B, { dataset: DS('c'), type: 'VIEW' }],
      fineGrainedLineages: [],
    },
  },
  {
    name: 'removing an upstream, and removing one that is absent (a no-op, as upstream)',
    aspect: 'upstreamLineage',
    given: { upstreams: [COPY_OF_A, VIEW_OF_B] },
    patch: [
      { op: 'remove', path: `/upstreams/${DS('a')}` },
      { op: 'remove', path: `/upstreams/${DS('never')}` },
    ],
    want: { upstreams: [VIEW_OF_B], fineGrainedLineages: [] },
  },
  {
    name: 'a / in a key is ~1 (RFC 6901), as the Python builder quotes it',
    aspect: 'upstreamLineage',
    patch: [
      {
        op: 'add',
        path: '/upstreams/urn:li:dataset:(urn:li:dataPlatform:s3,bucket~1dir~1file,PROD)',
        value: { dataset: 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/dir/file,PROD)', type: 'COPY' },
      },
    ],
    want: {
      upstreams: [{ dataset: 'urn:li:dataset:(urn:li:dataPlatform:s3,bucket/dir/file,PROD)', type: 'COPY' }],
      fineGrainedLineages: [],
    },
  },
  {
    name: 'set_upstream_lineages replaces the whole array',
    aspect: 'upstreamLineage',
    given: { upstreams: [{ dataset: DS('a'), type: 'COPY' }] },
    patch: [{ op: 'add', path: '/upstreams', value: [{ dataset: DS('z'), type: 'VIEW' }] }],
    want: { upstreams: [{ dataset: DS('z'), type: 'VIEW' }], fineGrainedLineages: [] },
  },
  // --- globalTags (GlobalTagsTemplate; GlobalTagsTemplateTest @ 1191d2cc66c959bc625ca408a8816ee5043e31a1)
  {
    name: 'GlobalTagsTemplateTest.testAddTwoDistinctEntries (array values at the tag key)',
    aspect: 'globalTags',
    given: { tags: [{ tag: 'urn:li:tag:tagA' }] },
    patch: [{ op: 'add', path: '/tags/urn:li:tag:tagB', value: [{ tag: 'urn:li:tag:tagB' }] }],
    want: { tags: [{ tag: 'urn:li:tag:tagA' }, { tag: 'urn:li:tag:tagB' }] },
  },
  {
    name: 'GlobalTagsTemplateTest.testRemoveOneOfTwoEntries',
    aspect: 'globalTags',
    given: { tags: [{ tag: 'urn:li:tag:tagA' }, { tag: 'urn:li:tag:tagB' }] },
    patch: [{ op: 'remove', path: '/tags/urn:li:tag:tagA' }],
    want: { tags: [{ tag: 'urn:li:tag:tagB' }] },
  },
  {
    name: 'GlobalTagsTemplateTest.testUnattributedRemoveDeletesAllEntriesForTag',
    aspect: 'globalTags',
    given: {
      tags: [
        { tag: 'urn:li:tag:tagX', attribution: attributed('urn:li:platformResource:srcA') },
        { tag: 'urn:li:tag:tagX', attribution: attributed('urn:li:platformResource:srcB') },
        { tag: 'urn:li:tag:tagY', attribution: attributed('urn:li:platformResource:srcC') },
      ],
    },
    patch: [{ op: 'remove', path: '/tags/urn:li:tag:tagX' }],
    want: { tags: [{ tag: 'urn:li:tag:tagY', attribution: attributed('urn:li:platformResource:srcC') }] },
  },
  {
    name: 'GlobalTagsTemplateTest.testUnattributedAddToDuplicateDoesNotUpsert',
    aspect: 'globalTags',
    given: {
      tags: [
        { tag: 'urn:li:tag:tagX', attribution: attributed('urn:li:platformResource:srcA') },
        { tag: 'urn:li:tag:tagX', attribution: attributed('urn:li:platformResource:srcB') },
      ],
    },
    patch: [{ op: 'add', path: '/tags/urn:li:tag:tagX', value: [{ tag: 'urn:li:tag:tagX' }] }],
    want: { tags: [{ tag: 'urn:li:tag:tagX' }] },
  },
  {
    name: 'the tag key is put back when the value leaves it out (upstream re-injects key fields)',
    aspect: 'globalTags',
    patch: [{ op: 'add', path: '/tags/urn:li:tag:Legacy', value: {} }],
    want: { tags: [{ tag: 'urn:li:tag:Legacy' }] },
  },
  // --- glossaryTerms (GlossaryTermsTemplate)
  {
    name: 'a term is added to an absent aspect, which gets the required audit stamp',
    aspect: 'glossaryTerms',
    patch: [
      { op: 'add', path: '/terms/urn:li:glossaryTerm:Sensitive', value: { urn: 'urn:li:glossaryTerm:Sensitive' } },
    ],
    want: { terms: [{ urn: 'urn:li:glossaryTerm:Sensitive' }], auditStamp: STAMP },
  },
  {
    name: 'a term is removed; a stored value without audit stamp gets one',
    aspect: 'glossaryTerms',
    given: { terms: [{ urn: 'urn:li:glossaryTerm:A' }, { urn: 'urn:li:glossaryTerm:B' }] },
    patch: [{ op: 'remove', path: '/terms/urn:li:glossaryTerm:A' }],
    want: { terms: [{ urn: 'urn:li:glossaryTerm:B' }], auditStamp: STAMP },
  },
  // --- ownership (OwnershipTemplate; OwnershipTemplateTest @ 075b41dc2ac843b78b026c9e8e544baebcfce0b5)
  {
    name: 'OwnershipTemplateTest.testAddTwoDistinctEntries',
    aspect: 'ownership',
    given: { owners: [] },
    patch: [
      { op: 'add', path: `/owners/${A}/DATAOWNER//`, value: [{ owner: A, type: 'DATAOWNER' }] },
      { op: 'add', path: `/owners/${B}/DATAOWNER//`, value: [{ owner: B, type: 'DATAOWNER' }] },
    ],
    want: {
      owners: [
        { owner: A, type: 'DATAOWNER' },
        { owner: B, type: 'DATAOWNER' },
      ],
    },
  },
  {
    name: 'OwnershipTemplateTest.testRemoveOneOfTwoEntries',
    aspect: 'ownership',
    given: {
      owners: [
        { owner: A, type: 'DATAOWNER' },
        { owner: B, type: 'DATAOWNER' },
      ],
    },
    patch: [{ op: 'remove', path: `/owners/${A}` }],
    want: { owners: [{ owner: B, type: 'DATAOWNER' }] },
  },
  {
    name: 'OwnershipTemplateTest.testSameOwnerSameTypeDifferentTypeUrnsCoexist',
    aspect: 'ownership',
    given: { owners: [] },
    patch: [
      {
        op: 'add',
        path: `/owners/${A}/DATAOWNER/urn:li:ownershipType:Technical/`,
        value: [{ owner: A, type: 'DATAOWNER', typeUrn: 'urn:li:ownershipType:Technical' }],
      },
      {
        op: 'add',
        path: `/owners/${A}/DATAOWNER/urn:li:ownershipType:Business/`,
        value: [{ owner: A, type: 'DATAOWNER', typeUrn: 'urn:li:ownershipType:Business' }],
      },
    ],
    want: {
      owners: [
        { owner: A, type: 'DATAOWNER', typeUrn: 'urn:li:ownershipType:Technical' },
        { owner: A, type: 'DATAOWNER', typeUrn: 'urn:li:ownershipType:Business' },
      ],
    },
  },
  {
    name: 'OwnershipTemplateTest.testUnattributedAddToDoesNotUpsert',
    aspect: 'ownership',
    given: {
      owners: [
        { owner: A, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcA') },
        { owner: A, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcB') },
      ],
    },
    patch: [{ op: 'add', path: `/owners/${A}/DATAOWNER//`, value: [{ owner: A, type: 'DATAOWNER' }] }],
    want: {
      owners: [
        { owner: A, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcA') },
        { owner: A, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcB') },
        { owner: A, type: 'DATAOWNER' },
      ],
    },
  },
  {
    name: 'OwnershipTemplateTest.testUnattributedRemoveDeletesAllEntriesForOwner',
    aspect: 'ownership',
    given: {
      owners: [
        { owner: A, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcA') },
        { owner: A, type: 'PRODUCER', attribution: attributed('urn:li:dataHubAction:srcB') },
        { owner: B, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcC') },
      ],
    },
    patch: [{ op: 'remove', path: `/owners/${A}` }],
    want: { owners: [{ owner: B, type: 'DATAOWNER', attribution: attributed('urn:li:dataHubAction:srcC') }] },
  },
  {
    name: 'the shorter path of older builders: /owners/<urn>/<type> with the owner as value, and removing one type',
    aspect: 'ownership',
    given: {
      owners: [
        { owner: A, type: 'PRODUCER' },
        { owner: A, type: 'DATAOWNER' },
      ],
      lastModified: STAMP,
    },
    patch: [
      { op: 'add', path: `/owners/${B}/TECHNICAL_OWNER`, value: { owner: B, type: 'TECHNICAL_OWNER' } },
      { op: 'remove', path: `/owners/${A}/PRODUCER` },
    ],
    want: {
      owners: [
        { owner: A, type: 'DATAOWNER' },
        { owner: B, type: 'TECHNICAL_OWNER' },
      ],
      lastModified: STAMP,
    },
  },
  {
    name: 'an absent ownership starts with lastModified by the system actor',
    aspect: 'ownership',
    patch: [{ op: 'add', path: `/owners/${A}/DATAOWNER`, value: { owner: A, type: 'DATAOWNER' } }],
    want: { owners: [{ owner: A, type: 'DATAOWNER' }], lastModified: STAMP },
  },
  // --- datasetProperties (DatasetPropertiesTemplate; DatasetPatchBuilder, CustomPropertiesPatchHelper)
  {
    name: 'custom properties by key, the description by its plain path',
    aspect: 'datasetProperties',
    given: { description: 'old', customProperties: { owner: 'x', drop: 'y' }, tags: ['a'] },
    patch: [
      { op: 'add', path: '/description', value: 'new' },
      { op: 'add', path: '/customProperties/retention', value: '90d' },
      { op: 'remove', path: '/customProperties/drop' },
      { op: 'add', path: '/tags/b', value: 'b' },
    ],
    want: { description: 'new', customProperties: { owner: 'x', retention: '90d' }, tags: ['a', 'b'] },
  },
  {
    name: 'a key with a dot or a slash (~1) is one key',
    aspect: 'datasetProperties',
    patch: [{ op: 'add', path: '/customProperties/data_governance.team~1owner', value: 'Finance' }],
    want: { tags: [], customProperties: { 'data_governance.team/owner': 'Finance' } },
  },
  // --- editableDatasetProperties (EditableDatasetPropertiesTemplate: no arrays)
  {
    name: 'the edited description of an absent aspect',
    aspect: 'editableDatasetProperties',
    patch: [{ op: 'add', path: '/description', value: 'Edited' }],
    want: { description: 'Edited' },
  },
  // --- editableSchemaMetadata (EditableSchemaMetadataTemplate; FieldPatchHelper of dataset.py)
  {
    name: 'a tag on a field that has no editable info yet, and a term on one that has',
    aspect: 'editableSchemaMetadata',
    given: {
      editableSchemaFieldInfo: [
        {
          fieldPath: 'b',
          description: 'kept',
          glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:Old' }], auditStamp: STAMP },
        },
      ],
    },
    patch: [
      {
        op: 'add',
        path: '/editableSchemaFieldInfo/a/globalTags/tags/urn:li:tag:Legacy',
        value: { tag: 'urn:li:tag:Legacy' },
      },
      {
        op: 'add',
        path: '/editableSchemaFieldInfo/b/glossaryTerms/terms/urn:li:glossaryTerm:New',
        value: { urn: 'urn:li:glossaryTerm:New' },
      },
    ],
    want: {
      editableSchemaFieldInfo: [
        {
          fieldPath: 'b',
          description: 'kept',
          glossaryTerms: {
            terms: [{ urn: 'urn:li:glossaryTerm:Old' }, { urn: 'urn:li:glossaryTerm:New' }],
            auditStamp: STAMP,
          },
        },
        { fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:Legacy' }] } },
      ],
    },
  },
  {
    name: 'removing a field tag keeps the field',
    aspect: 'editableSchemaMetadata',
    given: {
      editableSchemaFieldInfo: [
        { fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:A' }, { tag: 'urn:li:tag:B' }] } },
      ],
    },
    patch: [{ op: 'remove', path: '/editableSchemaFieldInfo/a/globalTags/tags/urn:li:tag:A' }],
    want: { editableSchemaFieldInfo: [{ fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:B' }] } }] },
  },
  // --- institutionalMemory (InstitutionalMemoryTemplate: keyed by url)
  {
    name: 'a link keyed by its url (/ as ~1), another removed',
    aspect: 'institutionalMemory',
    given: { elements: [{ url: 'https://a.example/x', description: 'A', createStamp: STAMP }] },
    patch: [
      {
        op: 'add',
        path: '/elements/https:~1~1b.example~1y',
        value: { url: 'https://b.example/y', description: 'B', createStamp: STAMP },
      },
      { op: 'remove', path: '/elements/https:~1~1a.example~1x' },
    ],
    want: { elements: [{ url: 'https://b.example/y', description: 'B', createStamp: STAMP }] },
  },
  // --- chartInfo (ChartInfoTemplate; ChartPatchBuilder)
  {
    name: 'an input edge on an absent chartInfo starts from the default',
    aspect: 'chartInfo',
    patch: [{ op: 'add', path: `/inputEdges/${DS('a')}`, value: { destinationUrn: DS('a') } }],
    want: {
      title: '',
      description: '',
      lastModified: { created: STAMP, lastModified: STAMP },
      inputEdges: [{ destinationUrn: DS('a') }],
      inputs: [],
    },
  },
  {
    name: 'the deprecated inputs are keyed by their URN, an edge is removed',
    aspect: 'chartInfo',
    given: {
      title: 't',
      description: 'd',
      lastModified: { created: STAMP, lastModified: STAMP },
      inputs: [{ string: DS('a') }],
      inputEdges: [{ destinationUrn: DS('b') }],
    },
    patch: [
      { op: 'add', path: `/inputs/${DS('c')}`, value: { string: DS('c') } },
      { op: 'remove', path: `/inputEdges/${DS('b')}` },
    ],
    want: {
      title: 't',
      description: 'd',
      lastModified: { created: STAMP, lastModified: STAMP },
      inputs: [{ string: DS('a') }, { string: DS('c') }],
      inputEdges: [],
    },
  },
  // --- dashboardInfo (DashboardInfoTemplate; DashboardPatchBuilder)
  {
    name: 'chart and dataset edges by destination URN',
    aspect: 'dashboardInfo',
    given: {
      title: 't',
      description: 'd',
      lastModified: { created: STAMP, lastModified: STAMP },
      chartEdges: [{ destinationUrn: 'urn:li:chart:(looker,1)' }],
    },
    patch: [
      { op: 'add', path: '/chartEdges/urn:li:chart:(looker,2)', value: { destinationUrn: 'urn:li:chart:(looker,2)' } },
      { op: 'add', path: `/datasetEdges/${DS('a')}`, value: { destinationUrn: DS('a') } },
    ],
    want: {
      title: 't',
      description: 'd',
      lastModified: { created: STAMP, lastModified: STAMP },
      chartEdges: [{ destinationUrn: 'urn:li:chart:(looker,1)' }, { destinationUrn: 'urn:li:chart:(looker,2)' }],
      datasetEdges: [{ destinationUrn: DS('a') }],
      datasets: [],
      charts: [],
    },
  },
  // --- dataJobInputOutput (DataJobInputOutputTemplate; DataJobPatchBuilder)
  {
    name: 'input and output dataset edges of an absent aspect',
    aspect: 'dataJobInputOutput',
    patch: [
      { op: 'add', path: `/inputDatasetEdges/${DS('in')}`, value: { destinationUrn: DS('in') } },
      { op: 'add', path: `/outputDatasetEdges/${DS('out')}`, value: { destinationUrn: DS('out') } },
    ],
    want: {
      inputDatajobEdges: [],
      inputDatasetEdges: [{ destinationUrn: DS('in') }],
      outputDatasetEdges: [{ destinationUrn: DS('out') }],
      fineGrainedLineages: [],
      inputDatasetFields: [],
      outputDatasetFields: [],
      inputDatajobs: [],
      inputDatasets: [],
      outputDatasets: [],
    },
  },
];

const patched = (c: { aspect: string; given?: Record<string, unknown>; patch: unknown }) =>
  applyAspectPatch({ aspect: c.aspect, current: c.given, operations: c.patch, stamp: STAMP, where: 'patch' });

describe('patch templates', () => {
  it.each(cases)('$aspect: $name', (c) => {
    expect(patched(c)).toEqual(c.want);
  });

  it('every template named by the issue has cases', () => {
    expect([...new Set(cases.map((c) => c.aspect))].sort()).toEqual([...PATCH_TEMPLATES.keys()].sort());
  });

  it('does not change the stored value it is given', () => {
    const given = { tags: [{ tag: 'urn:li:tag:A' }] };
    patched({ aspect: 'globalTags', given, patch: [{ op: 'remove', path: '/tags/urn:li:tag:A' }] });
    expect(given).toEqual({ tags: [{ tag: 'urn:li:tag:A' }] });
  });
});

/** UpstreamLineageTemplateTest.testPatchUpstream @ 17c01b4cfc9263f2c9366612eed44652a12fa223: fine-grained lineage, patch after patch. */
describe('upstreamLineage fine-grained lineage, as UpstreamLineageTemplateTest.testPatchUpstream', () => {
  const field = (table: string, column: string, platform = 'bigquery', env = 'PROD') =>
    `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:${platform},${table},${env}),${column})`;
  const pointer = (urn: string) => urn.replace(/~/g, '~0').replace(/\//g, '~1');
  const d1 = field('upstream_table_1', 'c1');
  const u1 = field('upstream_table_2', 'c1');
  const d2 = field('upstream_table_2', 'c2');
  const u2 = field('upstream_table_1', 'c2');
  const s3 = field('test-bucket/hive/folder_1/folder_2/my_dataset', 'c2', 's3', 'DEV');
  const step = (given: Record<string, unknown>, patch: unknown[]) =>
    patched({ aspect: 'upstreamLineage', given, patch });
  const lineage = (downstream: string, upstream: string, rest: Record<string, unknown>) => ({
    downstreams: [downstream],
    upstreams: [upstream],
    ...rest,
  });

  it('adds, overwrites, keeps queries and operations apart, and removes back to the default', () => {
    const result = step({ upstreams: [], fineGrainedLineages: [] }, [
      { op: 'add', path: `/fineGrainedLineages/CREATE/${d1}//${u1}`, value: { confidenceScore: 1.0 } },
    ]);
    expect((result.fineGrainedLineages as unknown[])[0]).toEqual(
      lineage(d1, u1, {
        upstreamType: 'FIELD_SET',
        downstreamType: 'FIELD',
        confidenceScore: 1.0,
        transformOperation: 'CREATE',
      }),
    );

    const someQuery = `/fineGrainedLineages/CREATE/${d2}/urn:li:query:someQuery/${u2}`;
    const result2 = step(result, [
      {
        op: 'add',
        path: someQuery,
        value: { upstreamType: 'FIELD_SET', confidenceScore: 1.0, downstreamType: 'FIELD' },
      },
      {
        op: 'add',
        path: someQuery,
        value: { upstreamType: 'DATASET', confidenceScore: 0.1, downstreamType: 'FIELD_SET' },
      },
    ]);
    expect((result2.fineGrainedLineages as unknown[])[1]).toEqual(
      lineage(d2, u2, {
        query: 'urn:li:query:someQuery',
        upstreamType: 'DATASET',
        downstreamType: 'FIELD_SET',
        confidenceScore: 0.1,
        transformOperation: 'CREATE',
      }),
    );

    const node = { upstreamType: 'FIELD_SET', confidenceScore: 1.0, downstreamType: 'FIELD' };
    /** What a patch adding `node` under anotherQuery stores, by its transform operation. */
    const nodeEntry = (transformOperation: string) => ({
      query: 'urn:li:query:anotherQuery',
      ...node,
      transformOperation,
    });
    const result3 = step(result2, [
      { op: 'add', path: `/fineGrainedLineages/CREATE/${d2}/urn:li:query:anotherQuery/${u2}`, value: node },
    ]);
    expect((result3.fineGrainedLineages as unknown[])[2]).toEqual(lineage(d2, u2, nodeEntry('CREATE')));

    const result4 = step(result3, [
      { op: 'add', path: `/fineGrainedLineages/TRANSFORM/${d2}/urn:li:query:anotherQuery/${u2}`, value: node },
    ]);
    expect((result4.fineGrainedLineages as unknown[])[3]).toEqual(lineage(d2, u2, nodeEntry('TRANSFORM')));

    const result5 = step(result4, [
      { op: 'add', path: `/fineGrainedLineages/TRANSFORM/${pointer(s3)}/urn:li:query:anotherQuery/${u2}`, value: node },
    ]);
    expect((result5.fineGrainedLineages as unknown[])[4]).toEqual(lineage(s3, u2, nodeEntry('TRANSFORM')));

    const removed = step(result4, [
      { op: 'remove', path: `/fineGrainedLineages/CREATE/${d1}/NONE/${u1}` },
      { op: 'remove', path: `/fineGrainedLineages/CREATE/${d2}/urn:li:query:someQuery/${u2}` },
      { op: 'remove', path: `/fineGrainedLineages/CREATE/${d2}/urn:li:query:anotherQuery/${u2}` },
      { op: 'remove', path: `/fineGrainedLineages/TRANSFORM/${d2}/urn:li:query:anotherQuery/${u2}` },
    ]);
    expect(removed).toEqual({ upstreams: [], fineGrainedLineages: [] });
  });

  it('refuses to key a stored lineage with other than one downstream', () => {
    const given = {
      upstreams: [],
      fineGrainedLineages: [
        { upstreamType: 'FIELD_SET', downstreamType: 'FIELD_SET', downstreams: [d1, d2], upstreams: [u1] },
      ],
    };
    expect(() => step(given, [])).toThrow('fineGrainedLineages[0] has other than exactly one downstream');
  });
});

describe('patches that do not apply', () => {
  const refused = (c: { aspect: string; given?: Record<string, unknown>; patch: unknown }): RestliError => {
    try {
      patched(c);
    } catch (error) {
      if (error instanceof RestliError) return error;
      throw error;
    }
    throw new Error('the patch applied');
  };

  it.each([
    {
      name: 'an aspect without a template',
      aspect: 'status',
      patch: [],
      status: 422,
      message: 'patch: aspect status has no patch template',
    },
    {
      name: 'a value that is not an array',
      aspect: 'globalTags',
      patch: { op: 'add' },
      status: 400,
      message: 'patch: a PATCH takes a JSON Patch',
    },
    {
      name: 'an operation without a path',
      aspect: 'globalTags',
      patch: [{ op: 'add', value: 1 }],
      status: 400,
      message: 'patch[0].path: must be a JSON pointer string',
    },
    {
      name: 'an unknown op',
      aspect: 'globalTags',
      patch: [{ op: 'merge', path: '/tags/x', value: {} }],
      status: 422,
      message: 'patch[0]: merge /tags/x does not apply: op must be',
    },
    {
      name: 'a replace of an absent field (the second operation)',
      aspect: 'datasetProperties',
      patch: [
        { op: 'add', path: '/name', value: 'n' },
        { op: 'replace', path: '/description', value: 'd' },
      ],
      status: 422,
      message: 'patch[1]: replace /description does not apply: nothing at that path',
    },
    {
      name: 'a failed test',
      aspect: 'editableDatasetProperties',
      given: { description: 'a' },
      patch: [{ op: 'test', path: '/description', value: 'b' }],
      status: 422,
      message: 'patch[0]: test /description does not apply: the test failed',
    },
  ])('$name: $status', (c) => {
    const error = refused(c as never);
    expect(error.status).toBe(c.status);
    expect(error.message).toContain(c.message);
  });
});
