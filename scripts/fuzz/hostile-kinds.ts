/**
 * The hostile kinds of issue 47, each drawing a case (one or more requests) from the run's seeded
 * generator: deep and aliased GraphQL, huge `entities(urns:)` lists, large distinct query texts, deep and
 * huge JSON bodies to the API and to admin, journal reads after them, absolute-form targets with `..`, bad
 * numeric settings, and sessions opened, written, read across and discarded. What a kind sends to the
 * default session must leave its store as it was (the run watches the snapshot digest); what may write
 * goes to sessions of the case's own, discarded at its end.
 */
import type { Seeded } from './seeded.js';
import type { HostileRequest } from './wire.js';

/** What a step's answer must show, beside "no 5xx, in time": a session's write seen where it must (not) be. */
export interface SessionExpectation {
  urn: string;
  /** The session the write was made in. */
  writtenIn: string;
  /** The session (`default` for none) the read is made in. */
  readIn: string;
  found: boolean;
}

export interface HostileStep {
  request: HostileRequest;
  expect?: SessionExpectation;
  /** The request is bad input: it must be refused (a 4xx; GraphQL: a 4xx, or errors and no data). */
  refused?: true;
}

export interface HostileCase {
  kind: HostileKindName;
  steps: HostileStep[];
}

export interface DrawContext {
  /** A dataset of the start-up catalog with lineage both ways. */
  dataset: string;
  seed: number;
  /** The case's number in its round: sessions and URNs of the case are named after it. */
  index: number;
  /** Sessions an isolation case opens (--sessions). */
  sessions: number;
  /** The share of the largest sizes drawn (texts, lists, widths), in (0, 1]; depths are never scaled. */
  scale: number;
  /**
   * Whether the case is one of the few drawn over the whole range of its kind, up to the sizes that run to
   * the server's request budget or its body limit (hostile-run.ts draws HEAVY_SHARE of the cases so). The
   * others are small, or past a limit the server checks before any work: the depth, complexity, list and
   * token limits of GraphQL, refused at once.
   */
  heavy: boolean;
}

/**
 * The server's limits the light cases reach past (mock-server/options.ts and
 * mock-server/graphql/transport/document-cache.ts; upstream's graphQL.query.depthLimit 50 in
 * metadata-service/configuration/src/main/resources/application.yaml, v1.3.0.1). A walk of lineage or
 * relationships adds three field levels per level: 17 levels reach depth 53.
 */
const OVER_DEPTH_LEVELS = 17;
/** Aliases of a one-level lineage walk past the complexity limit of 2000 (about nine fields each). */
const OVER_COMPLEXITY_ALIASES = 300;
/** The most items a list argument may hold. */
const LIST_ITEMS_LIMIT = 10_000;
/** The tokens a GraphQL document may hold: a text of aliases past them is refused as it is parsed. */
const TOKENS_LIMIT = 15_000;

/** A nesting level for a deep walk: any up to 60 when heavy, else a few or past the depth limit. */
const walkDepth = (rng: Seeded, context: DrawContext): number =>
  context.heavy ? rng.size(1, 60) : rng.next() < 0.5 ? rng.size(1, 2) : OVER_DEPTH_LEVELS + rng.int(44);

/** A size up to `max` scaled by the run's scale, at least `min`. */
const sized = (rng: Seeded, context: DrawContext, min: number, max: number): number =>
  rng.size(min, Math.max(min, Math.round(max * context.scale)));

const GRAPHQL = '/api/graphql';
const json = (value: unknown): string => JSON.stringify(value);
const graphql = (query: string, variables?: Record<string, unknown>): HostileRequest => ({
  method: 'POST',
  target: GRAPHQL,
  body: json(variables ? { query, variables } : { query }),
});
const inSession = (session: string, request: HostileRequest): HostileRequest => ({
  ...request,
  headers: { ...request.headers, 'x-mock-session': session },
});
const sessionOf = (context: DrawContext, name: string): string => `fz${context.seed}x${context.index}${name}`;
const discard = (session: string): HostileRequest => ({ method: 'DELETE', target: `/__mock/sessions/${session}` });
const caseUrn = (context: DrawContext, name: string): string =>
  `urn:svc:dataset:(urn:svc:dataPlatform:hive,fuzz_${context.seed}_${context.index}_${name},PROD)`;

/** A lineage walk nested `depth` levels, turning back at each level (the work grows with the fan-out). */
function lineage(depth: number): string {
  if (depth === 0) return 'urn';
  const direction = depth % 2 ? 'DOWNSTREAM' : 'UPSTREAM';
  return `urn lineage(input: {direction: ${direction}}) { total relationships { degree entity { urn ... on Dataset { ${lineage(depth - 1)} } } } }`;
}

/** Relationships of any entity nested `depth` levels, both directions in turn. */
function relationships(depth: number): string {
  if (depth === 0) return 'urn';
  const direction = depth % 2 ? 'INCOMING' : 'OUTGOING';
  return `urn relationships(input: {types: ["DownstreamOf", "OwnedBy", "TaggedWith"], direction: ${direction}}) { total relationships { entity { ${relationships(depth - 1)} } } }`;
}

/** JSON text nested `depth` levels, as arrays or objects. */
function deepJson(rng: Seeded, depth: number): string {
  return rng.next() < 0.5 ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** JSON text `width` wide: an array of numbers, an object of keys, or one long string. */
function hugeJson(rng: Seeded, width: number): string {
  const form = rng.int(3);
  if (form === 0) return `[${'0,'.repeat(width - 1)}0]`;
  if (form === 1) return `{${Array.from({ length: width }, (_, i) => `"k${i}":${i}`).join(',')}}`;
  return json('x'.repeat(width * 8));
}

/**
 * JSON text up to 100,000 levels deep (mostly) or wide: up to 20 MB (past the mock's 16 MB body limit) when
 * heavy, else up to 200 kB.
 */
function deepOrHuge(rng: Seeded, context: DrawContext): string {
  const widest = context.heavy ? 2_500_000 : 25_000;
  return rng.next() < 0.7 ? deepJson(rng, rng.size(1, 100_000)) : hugeJson(rng, sized(rng, context, 1, widest));
}

/**
 * A body of deep or huge JSON: the whole body, a proposal's field, an aspect's value, a search filter; and
 * whether it is bad input. An aspect's value that is a JSON object is not: DataHub (v1.3.0.1) validates an
 * ingested aspect with Rest.li's UnrecognizedFieldMode.TRIM (`ValidationApiUtils.validateTrimOrThrow`, called
 * by `ChangeItemImpl`'s `convertToRecordTemplate` in metadata-io/metadata-io-api/src/main/java/com/linkedin/
 * metadata/entity/; the mode set in metadata-utils/src/main/java/com/linkedin/metadata/utils/
 * RecordTemplateValidator.java): the fields its record does not know are dropped and the aspect is written. A
 * wide object of unknown keys, or one nested within the depth limit, may then be accepted, and write.
 */
function hostileBody(rng: Seeded, context: DrawContext): { body: string; bad: boolean } {
  const value = deepOrHuge(rng, context);
  switch (rng.int(4)) {
    case 0:
      return { body: value, bad: true };
    case 1:
      return {
        body: `{"proposal":{"entityType":"dataset","entityUrn":${value},"changeType":"UPSERT","aspectName":"status"}}`,
        bad: true,
      };
    case 2: {
      // The aspect's value as DataHub sends it, serialised JSON in a string (parsed apart from the body,
      // and journaled as parsed), or as the JSON itself (which the proposal's schema refuses: not a string).
      const serialised = rng.next() < 0.5;
      const aspectValue = serialised ? json(value) : value;
      const aspectName = rng.pick(['status', 'datasetProperties', 'globalTags']);
      return {
        body: `{"proposal":{"entityType":"dataset","entityUrn":"urn:svc:dataset:(urn:svc:dataPlatform:hive,fuzz_refused,PROD)","changeType":"UPSERT","aspectName":"${aspectName}","aspect":{"value":${aspectValue},"contentType":"application/json"}}}`,
        bad: !serialised || !value.startsWith('{'),
      };
    }
    default:
      return { body: `{"input":"*","entity":"dataset","start":0,"count":10,"filter":${value}}`, bad: true };
  }
}

const INGEST_PROPOSAL = '/aspects?action=ingestProposal';
const REST_TARGETS = [
  INGEST_PROPOSAL,
  '/api/gms/aspects?action=ingestProposalBatch',
  '/gms/entities?action=ingest',
  '/entities?action=search',
  '/api/gms/entities?action=browse',
  '/usageStats?action=batchIngest',
];

/** Numbers the settings' and the API's integer fields must refuse, as JSON text. */
const BAD_NUMBERS = [
  '99999999999999999999',
  '1e12',
  '1e400',
  '-1',
  '-1e400',
  '1.5',
  '2147483648',
  '"10"',
  'null',
  '18446744073709551616',
];

type Draw = (rng: Seeded, context: DrawContext) => HostileStep[];

export const HOSTILE_KINDS = {
  /** `lineage` nested up to 60 levels (one 8 KB request of 50 levels froze the mock). */
  'graphql.deep-lineage': (rng, context) => [
    { request: graphql(`query { dataset(urn: ${json(context.dataset)}) { ${lineage(walkDepth(rng, context))} } }`) },
  ],
  /** `relationships` nested up to 60 levels. */
  'graphql.deep-relationships': (rng, context) => [
    {
      request: graphql(
        `query { dataset(urn: ${json(context.dataset)}) { ${relationships(walkDepth(rng, context))} } }`,
      ),
    },
  ],
  /** Up to 1,500 aliases of a lineage walk of up to 6 levels; when light, a few of one level, or past the complexity limit. */
  'graphql.aliases': (rng, context) => {
    const { dataset } = context;
    const walk = lineage(context.heavy ? rng.size(1, 6) : 1);
    const count = context.heavy
      ? sized(rng, context, 1, 1500)
      : rng.next() < 0.5
        ? rng.size(1, 4)
        : OVER_COMPLEXITY_ALIASES + sized(rng, context, 1, 1200);
    const fields = Array.from({ length: count }, (_, i) => `a${i}: dataset(urn: ${json(dataset)}) { ${walk} }`);
    return [{ request: graphql(`query { ${fields.join(' ')} }`) }];
  },
  /** `entities(urns:)` with up to 200,000 URNs, as a variable or in the text; when light, a few, or just past the list limit. */
  'graphql.entities-urns': (rng, context) => {
    const { dataset, index } = context;
    const count = context.heavy
      ? sized(rng, context, 1, 200_000)
      : rng.next() < 0.5
        ? rng.size(1, 20)
        : LIST_ITEMS_LIMIT + sized(rng, context, 1, 2_000);
    const urns = Array.from({ length: count }, (_, i) =>
      i % 97 === 0 ? dataset : `urn:svc:dataset:(urn:svc:dataPlatform:hive,fz${index}_${i},PROD)`,
    );
    return [
      {
        request:
          rng.next() < 0.5
            ? graphql('query ($urns: [String!]!) { entities(urns: $urns) { urn type } }', { urns })
            : graphql(`query { entities(urns: ${json(urns)}) { urn type } }`),
      },
    ];
  },
  /**
   * A distinct query text of up to 10 MB each time (when light, up to some 30 bytes a token past the token
   * limit), aliases of `__typename` or a long comment.
   */
  'graphql.large-texts': (rng, context) => {
    const { seed, index } = context;
    const bytes = sized(rng, context, 1_000, context.heavy ? 10_000_000 : TOKENS_LIMIT * 30);
    const text =
      rng.next() < 0.5
        ? `query Q${seed}_${index} { ${Array.from({ length: Math.ceil(bytes / 16) }, (_, i) => `t${index}_${i}: __typename`).join(' ')} }`
        : `# ${seed} ${index} ${'x'.repeat(bytes)}\nquery { __typename }`;
    return [{ request: graphql(text) }];
  },
  /** Deep or huge JSON bodies to the metadata-store API and to GraphQL's variables (journaled in the default session). */
  'rest.deep-json': (rng, context) => {
    if (rng.next() < 0.2) {
      const variable = deepOrHuge(rng, context);
      return [
        {
          request: {
            method: 'POST',
            target: GRAPHQL,
            body: `{"query":"query ($x: Int) { search(input: {type: DATASET, query: \\"*\\", count: $x}) { total } }","variables":{"x":${variable}}}`,
          },
          refused: true,
        },
      ];
    }
    const target = rng.pick(REST_TARGETS);
    const { body, bad } = hostileBody(rng, context);
    const request: HostileRequest = { method: 'POST', target, body };
    // The proposal is the body of ingestProposal only: any other operation refuses its shape.
    if (bad || target !== INGEST_PROPOSAL) return [{ request, refused: true }];
    // Input upstream accepts may write: in a session of the case's own, held to no 5xx only.
    const session = sessionOf(context, 'rest');
    return [{ request: inSession(session, request) }, { request: discard(session) }];
  },
  /** Deep or huge JSON bodies to the admin endpoints that take one, in a session of the case's own. */
  'admin.deep-json': (rng, context) => {
    const session = sessionOf(context, 'adm');
    const value = deepOrHuge(rng, context);
    const body = rng.pick([
      value,
      `{"latencyMs":${value}}`,
      `{"operation":"getAspect","status":500,"times":${value}}`,
      `{"operation":${value},"status":503}`,
    ]);
    const target = body.startsWith('{"lat')
      ? '/__mock/settings'
      : body.startsWith('{"op')
        ? '/__mock/faults'
        : rng.pick(['/__mock/settings', '/__mock/faults']);
    const method = target === '/__mock/settings' ? 'PUT' : 'POST';
    return [{ request: inSession(session, { method, target, body }), refused: true }, { request: discard(session) }];
  },
  /** The default session's journal read, whole or filtered, once it holds the deep bodies above. */
  'admin.journal': (rng, { dataset }) => [
    {
      request: {
        method: 'GET',
        target: rng.pick([
          '/__mock/requests',
          '/__mock/requests?limit=1000',
          `/__mock/requests?urn=${encodeURIComponent(dataset)}`,
          '/__mock/requests?operation=ingestProposal',
          '/__mock/requests?status=400',
        ]),
      },
    },
  ],
  /** Targets climbing out of a session with `..`, in absolute and origin form, encoded or not. */
  'target.dot-segments': (rng, context) => {
    const session = sessionOf(context, 'dot');
    const climb = rng.pick([
      `/__session/${session}/../../__mock/reset`,
      `/__session/${session}/%2e%2e/%2e%2e/__mock/reset`,
      `/__session/${session}/../../__mock/scenarios/empty`,
      `/__session/${session}/./../../__mock/reset`,
      `/api/gms/../../__mock/reset`,
      `/__session/${session}/..%2f..%2f__mock/reset`,
    ]);
    const host = rng.pick(['http://x', 'http://127.0.0.1', 'HTTP://localhost:1']);
    const target = rng.next() < 0.75 ? host + climb : climb;
    return [{ request: { method: 'POST', target } }, { request: discard(session) }];
  },
  /** Numeric settings and parameters no timer or integer holds, in a session of the case's own. */
  'settings.bad-numbers': (rng, context) => {
    const session = sessionOf(context, 'num');
    const bad = rng.pick(BAD_NUMBERS);
    // GraphQL's Int is nullable here: null is no bad number to it.
    const badInt = bad === 'null' ? '2147483648' : bad;
    const request = rng.pick<() => HostileRequest>([
      () => ({
        method: 'PUT',
        target: '/__mock/settings',
        body: `{"${rng.pick(['latencyMs', 'jitterMs', 'indexLagMs'])}":${bad}}`,
      }),
      () => ({ method: 'GET', target: `/__mock/requests?limit=${encodeURIComponent(bad)}` }),
      () => ({
        method: 'POST',
        target: '/entities?action=search',
        body: `{"input":"*","entity":"dataset","start":0,"count":${bad}}`,
      }),
      () => ({
        method: 'POST',
        target: GRAPHQL,
        body: json({
          query: `query { search(input: {type: DATASET, query: "*", start: 0, count: ${badInt}}) { total } }`,
        }),
      }),
    ])();
    return [{ request: inSession(session, request), refused: true }, { request: discard(session) }];
  },
  /** Sessions opened by a write each, every write read in every session and the default one, then all discarded. */
  'sessions.isolation': (_rng, context) => {
    const sessions = Array.from({ length: context.sessions }, (_, j) => sessionOf(context, `s${j}`));
    const urns = sessions.map((_, j) => caseUrn(context, `s${j}`));
    const steps: HostileStep[] = sessions.map((session, j) => ({
      request: inSession(session, {
        method: 'POST',
        target: '/aspects?action=ingestProposal',
        body: json({
          proposal: {
            entityType: 'dataset',
            entityUrn: urns[j],
            changeType: 'UPSERT',
            aspectName: 'status',
            aspect: { value: '{"removed":false}', contentType: 'application/json' },
          },
        }),
      }),
    }));
    for (const readIn of [...sessions, 'default'])
      sessions.forEach((writtenIn, j) => {
        const urn = urns[j] as string;
        const read: HostileRequest = {
          method: 'GET',
          target: `/aspects/${encodeURIComponent(urn)}?aspect=status&version=0`,
        };
        steps.push({
          request: readIn === 'default' ? read : inSession(readIn, read),
          expect: { urn, writtenIn, readIn, found: readIn === writtenIn },
        });
      });
    for (const session of sessions) steps.push({ request: discard(session) });
    return steps;
  },
} satisfies Record<string, Draw>;

export type HostileKindName = keyof typeof HOSTILE_KINDS;
export const HOSTILE_KIND_NAMES = Object.keys(HOSTILE_KINDS) as HostileKindName[];

export function drawCase(kind: HostileKindName, rng: Seeded, context: DrawContext): HostileCase {
  return { kind, steps: HOSTILE_KINDS[kind](rng, context) };
}
