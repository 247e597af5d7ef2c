import { beforeEach, describe, expect, it } from 'vitest';
import { loadContract, makeUrn } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import { createSearchIndex, type Criterion, type SearchIndex, type SearchRequest } from '../../search/index.js';
import { CatalogStore } from '../../store/catalog-store.js';

const contract = loadContract('svc');
const { urnPrefix } = contract.names;
const ctx = { actor: `${urnPrefix}corpuser:datahub`, now: 1_700_000_000_000 };

const platform = (name: string): string => makeUrn(urnPrefix, 'dataPlatform', [name]);
const datasetUrn = (platformName: string, name: string): string =>
  makeUrn(urnPrefix, 'dataset', [platform(platformName), name, 'PROD']);
const tag = (name: string): string => `${urnPrefix}tag:${name}`;

const KAFKA = datasetUrn('kafka', 'SampleKafkaDataset');
const USERS = datasetUrn('hive', 'fct_users_created');
const EVENTS = datasetUrn('hive', 'logging_events');

interface Catalog {
  store: CatalogStore;
  index: SearchIndex;
  search(request: Partial<SearchRequest>): ReturnType<SearchIndex['search']>;
  urns(input: string, filter?: SearchRequest['filter']): string[];
  setRemoved(urn: string, removed: boolean): void;
}

/** Three datasets: two with tags, created at 900, 1000 and 10000 (numbers that sort differently as strings). */
function catalog(): Catalog {
  const index = createSearchIndex(contract);
  const store = new CatalogStore({ contract, derived: [index] });
  const write = (urn: string, aspect: string, value: Record<string, unknown>): void => {
    store.upsertAspect('dataset', urn, aspect, value, ctx);
  };
  write(KAFKA, 'datasetProperties', {
    description: 'Topic of page views',
    externalUrl: 'https://kafka.example.com/topics/views',
    created: { time: 900 },
  });
  write(KAFKA, 'globalTags', { tags: [{ tag: tag('Legacy') }] });
  write(USERS, 'datasetProperties', { description: 'Users created per day', created: { time: 1000 } });
  write(USERS, 'globalTags', { tags: [{ tag: tag('Legacy') }, { tag: tag('PII') }] });
  write(EVENTS, 'datasetProperties', { description: 'Copied from the sample kafka stream', created: { time: 10000 } });
  const search = (request: Partial<SearchRequest>) =>
    index.search({ input: '*', entity: 'dataset', start: 0, count: 10, ...request });
  return {
    store,
    index,
    search,
    urns: (input, filter) => search(filter ? { input, filter } : { input }).entities,
    setRemoved: (urn, removed) => write(urn, 'status', { removed }),
  };
}

const where = (...criteria: Criterion[]): SearchRequest['filter'] => ({ or: [{ and: criteria }] });

function restliError(fn: () => unknown): RestliError {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestliError) return error;
    throw error;
  }
  throw new Error('expected a RestliError');
}

describe('search', () => {
  let c: Catalog;
  beforeEach(() => {
    c = catalog();
  });

  describe('full-text input', () => {
    it.each<{ given: string; want: string[] }>([
      { given: 'sample', want: [KAFKA, EVENTS] },
      { given: 'kafka dataset', want: [KAFKA, EVENTS] },
      { given: 'SAMPLEKAFKADATASET', want: [KAFKA] },
      { given: 'SampleKafka', want: [KAFKA, EVENTS] },
      { given: 'users_created', want: [USERS] },
      { given: 'USERS per', want: [USERS] },
      { given: 'views topic', want: [KAFKA] },
      { given: 'hive', want: [USERS, EVENTS] },
      { given: 'Legacy', want: [USERS, KAFKA] },
      { given: USERS, want: [USERS] },
      { given: 'sample nothing', want: [] },
      { given: '*', want: [USERS, EVENTS, KAFKA] },
      { given: '', want: [USERS, EVENTS, KAFKA] },
    ])('$given finds the right entities', ({ given, want }) => {
      expect(c.urns(given).sort()).toEqual([...want].sort());
    });

    it.each<{ given: string; want: string[] }>([
      { given: 'sample', want: [KAFKA, EVENTS] },
      { given: 'kafka dataset', want: [KAFKA, EVENTS] },
      { given: '*', want: [USERS, EVENTS, KAFKA] },
    ])('$given ranks a match on the boosted id above a match on the description', ({ given, want }) => {
      expect(c.urns(given)).toEqual(want);
    });

    it('breaks ties by urn', () => {
      const [first, second] = [datasetUrn('hdfs', 'alpha_one'), datasetUrn('hdfs', 'alpha_two')];
      for (const urn of [second, first])
        c.store.upsertAspect('dataset', urn, 'datasetProperties', { description: 'same words' }, ctx);
      expect(c.urns('alpha')).toEqual([first, second]);
      expect(c.urns('same words')).toEqual([first, second]);
    });

    it('reports the default-query fields and values each hit matched', () => {
      const result = c.search({ input: 'users' });
      expect(result.entities).toEqual([USERS]);
      expect(result.metadata.matches[0]?.matchedFields).toEqual(
        expect.arrayContaining([
          { name: 'id', value: 'fct_users_created' },
          { name: 'description', value: 'Users created per day' },
        ]),
      );
      expect(result.metadata.matches[0]?.matchedFields).not.toContainEqual(expect.objectContaining({ name: 'tags' }));
    });
  });

  describe('<field>:<value> input', () => {
    it.each<{ given: string; want: string[] }>([
      { given: 'description:"created users"', want: [USERS] },
      { given: 'description:users', want: [USERS] },
      { given: 'description:"users sample"', want: [] },
      { given: 'externalUrl:https://kafka.example.com/topics/views', want: [KAFKA] },
      { given: 'externalUrl:https://kafka.example.com', want: [] },
      { given: 'tags:Legacy', want: [USERS, KAFKA] },
      { given: `tags:${tag('PII')}`, want: [USERS] },
      { given: 'tags:Leg', want: [] },
      { given: 'origin:PROD', want: [USERS, EVENTS, KAFKA] },
      { given: `platform:${platform('hive')}`, want: [USERS, EVENTS] },
      { given: 'tags:Legacy users', want: [USERS] },
    ])('$given', ({ given, want }) => {
      expect(c.urns(given)).toEqual(want);
    });

    it('reports the field and the full stored value', () => {
      const result = c.search({ input: 'tags:PII' });
      expect(result.metadata.matches).toEqual([{ matchedFields: [{ name: 'tags', value: tag('PII') }] }]);
    });

    it('rejects a field the entity does not index with a 400 naming it', () => {
      const error = restliError(() => c.search({ input: 'colour:blue' }));
      expect(error.status).toBe(400);
      expect(error.message).toContain('colour');
    });
  });

  describe('filters', () => {
    it.each<{ name: string; given: Criterion[]; want: string[] }>([
      {
        name: 'EQUAL on a URN field is exact',
        given: [{ field: 'platform', value: platform('hive'), condition: 'EQUAL' }],
        want: [USERS, EVENTS],
      },
      {
        name: 'EQUAL does not take the last key part',
        given: [{ field: 'tags', value: 'Legacy', condition: 'EQUAL' }],
        want: [],
      },
      { name: 'EQUAL is the default condition', given: [{ field: 'tags', value: tag('PII') }], want: [USERS] },
      {
        name: 'CONTAIN ignores case',
        given: [{ field: 'description', value: 'CREATED', condition: 'CONTAIN' }],
        want: [USERS],
      },
      { name: 'START_WITH', given: [{ field: 'id', value: 'sample', condition: 'START_WITH' }], want: [KAFKA] },
      { name: 'END_WITH', given: [{ field: 'id', value: '_events', condition: 'END_WITH' }], want: [EVENTS] },
      {
        name: 'GREATER_THAN compares dates as numbers',
        given: [{ field: 'createdAt', value: '950', condition: 'GREATER_THAN' }],
        want: [USERS, EVENTS],
      },
      {
        name: 'GREATER_THAN_OR_EQUAL_TO',
        given: [{ field: 'createdAt', value: '1000', condition: 'GREATER_THAN_OR_EQUAL_TO' }],
        want: [USERS, EVENTS],
      },
      { name: 'LESS_THAN', given: [{ field: 'createdAt', value: '1000', condition: 'LESS_THAN' }], want: [KAFKA] },
      {
        name: 'LESS_THAN_OR_EQUAL_TO',
        given: [{ field: 'createdAt', value: '1000', condition: 'LESS_THAN_OR_EQUAL_TO' }],
        want: [USERS, KAFKA],
      },
      {
        name: 'GREATER_THAN compares strings on text fields',
        given: [{ field: 'id', value: 'g', condition: 'GREATER_THAN' }],
        want: [EVENTS],
      },
      { name: 'hasValues booleans', given: [{ field: 'hasTags', value: 'false' }], want: [EVENTS] },
      {
        name: 'criteria of a conjunction all hold',
        given: [
          { field: 'tags', value: tag('Legacy') },
          { field: 'platform', value: platform('hive') },
        ],
        want: [USERS],
      },
      { name: 'negated', given: [{ field: 'tags', value: tag('Legacy'), negated: true }], want: [EVENTS] },
    ])('$name', ({ given, want }) => {
      expect(c.urns('*', where(...given))).toEqual(want);
    });

    it('keeps a hit that satisfies any conjunction', () => {
      const filter = {
        or: [{ and: [{ field: 'id', value: 'logging_events' }] }, { and: [{ field: 'tags', value: tag('PII') }] }],
      };
      expect(c.urns('*', filter)).toEqual([USERS, EVENTS]);
    });

    it('combines with the input', () => {
      expect(c.urns('sample', where({ field: 'platform', value: platform('hive') }))).toEqual([EVENTS]);
    });

    it.each(['schemaName', 'colour'])('rejects the non-searchable field %s with a 400 naming it', (field) => {
      const error = restliError(() => c.search({ filter: where({ field, value: 'x' }) }));
      expect(error.status).toBe(400);
      expect(error.message).toContain(field);
    });
  });

  describe('paging', () => {
    it.each<{ start: number; count: number; want: string[] }>([
      { start: 0, count: 2, want: [USERS, EVENTS] },
      { start: 2, count: 2, want: [KAFKA] },
      { start: 3, count: 2, want: [] },
      { start: 50, count: 10, want: [] },
      { start: 0, count: 0, want: [] },
    ])('start $start count $count', ({ start, count, want }) => {
      const result = c.search({ start, count });
      expect(result).toMatchObject({ numEntities: 3, pageSize: count, from: start, entities: want });
      expect(result.metadata.urns).toEqual(want);
      expect(result.metadata.matches).toHaveLength(want.length);
    });
  });

  describe('aggregations', () => {
    const facets = (request: Partial<SearchRequest>): Record<string, Record<string, number>> =>
      Object.fromEntries(c.search(request).metadata.searchResultMetadatas.map((m) => [m.name, m.aggregations]));

    it('count over the whole result, not the page, keyed by the stored value', () => {
      expect(facets({ count: 1 })).toMatchObject({
        tags: { [tag('Legacy')]: 2, [tag('PII')]: 1 },
        origin: { PROD: 3 },
        platform: { [platform('hive')]: 2, [platform('kafka')]: 1 },
      });
      expect(facets({ count: 0 }).tags).toEqual({ [tag('Legacy')]: 2, [tag('PII')]: 1 });
    });

    it('follow the query and the filter, keeping only buckets with hits', () => {
      expect(facets({ input: 'topic' }).tags).toEqual({ [tag('Legacy')]: 1 });
      expect(facets({ filter: where({ field: 'id', value: 'logging_events' }) })).not.toHaveProperty('tags');
      expect(facets({ input: 'tags:PII' }).platform).toEqual({ [platform('hive')]: 1 });
    });

    it('leave out fields that are not added to filters', () => {
      expect(Object.keys(facets({}))).not.toContain('description');
    });
  });

  describe('soft delete', () => {
    it('hides a removed entity until it is restored', () => {
      c.setRemoved(USERS, true);
      expect(c.urns('*')).toEqual([EVENTS, KAFKA]);
      expect(c.urns('users')).toEqual([]);
      expect(c.search({}).metadata.searchResultMetadatas.find((m) => m.name === 'tags')?.aggregations).toEqual({
        [tag('Legacy')]: 1,
      });
      c.setRemoved(USERS, false);
      expect(c.urns('users')).toEqual([USERS]);
      expect(c.urns('*')).toEqual([USERS, EVENTS, KAFKA]);
    });

    it('shows removed entities when the filter names removed', () => {
      c.setRemoved(USERS, true);
      expect(c.urns('*', where({ field: 'removed', value: 'true' }))).toEqual([USERS]);
      expect(c.urns('*', where({ field: 'removed', value: 'false' }))).toEqual([EVENTS, KAFKA]);
    });
  });

  it('keeps one document per entity, up to date with the latest aspects', () => {
    expect(c.index.count()).toBe(3);
    c.store.upsertAspect('dataset', USERS, 'datasetProperties', { description: 'Accounts opened weekly' }, ctx);
    expect(c.index.count()).toBe(3);
    expect(c.urns('users')).toEqual([USERS]);
    expect(c.urns('day')).toEqual([]);
    expect(c.urns('accounts')).toEqual([USERS]);
  });

  it('drops every document on clear', () => {
    c.index.clear();
    expect(c.index.count()).toBe(0);
    expect(c.search({})).toMatchObject({ numEntities: 0, entities: [], metadata: { searchResultMetadatas: [] } });
  });

  it('rejects an entity the registry does not know with a 400', () => {
    const error = restliError(() => c.search({ entity: 'spaceship' }));
    expect(error.status).toBe(400);
    expect(error.message).toContain('spaceship');
  });
});

describe('search in the li namespace', () => {
  it('matches and aggregates the namespace URNs', () => {
    const li = loadContract('li');
    const index = createSearchIndex(li);
    const store = new CatalogStore({ contract: li, derived: [index] });
    const prefix = li.names.urnPrefix;
    const urn = makeUrn(prefix, 'dataset', [makeUrn(prefix, 'dataPlatform', ['hive']), 'orders', 'PROD']);
    store.upsertAspect(
      'dataset',
      urn,
      'globalTags',
      { tags: [{ tag: `${prefix}tag:Legacy` }] },
      { actor: `${prefix}corpuser:datahub`, now: 0 },
    );
    const result = index.search({ input: 'tags:Legacy', entity: 'dataset', start: 0, count: 10 });
    expect(result.entities).toEqual([urn]);
    expect(result.metadata.searchResultMetadatas).toContainEqual({
      name: 'tags',
      aggregations: { [`${prefix}tag:Legacy`]: 1 },
    });
  });
});

describe('an entity written again', () => {
  it('is found by its new values only, in full text, field:value, aggregations and autocomplete', () => {
    const c = catalog();
    c.store.upsertAspect(
      'dataset',
      KAFKA,
      'datasetProperties',
      { description: 'Stream of checkout clicks', created: { time: 900 } },
      ctx,
    );
    c.store.upsertAspect('dataset', KAFKA, 'globalTags', { tags: [{ tag: tag('Tier1') }] }, ctx);
    expect(c.urns('views')).toEqual([]);
    expect(c.urns('checkout clicks')).toEqual([KAFKA]);
    expect(c.urns('tags:Legacy')).toEqual([USERS]);
    expect(c.urns('tags:Tier1')).toEqual([KAFKA]);
    const tags = c.search({}).metadata.searchResultMetadatas.find((m) => m.name === 'tags');
    expect(tags?.aggregations).toEqual({ [tag('Legacy')]: 1, [tag('PII')]: 1, [tag('Tier1')]: 1 });
  });

  it('counts its facets once after identical and changed rewrites', () => {
    const c = catalog();
    for (let i = 0; i < 3; i++)
      c.store.upsertAspect(
        'dataset',
        USERS,
        'globalTags',
        { tags: [{ tag: tag('Legacy') }, { tag: tag('PII') }] },
        ctx,
      );
    c.store.upsertAspect(
      'dataset',
      USERS,
      'datasetProperties',
      { description: 'Users created per week', created: { time: 1000 } },
      ctx,
    );
    const tags = c.search({}).metadata.searchResultMetadatas.find((m) => m.name === 'tags');
    expect(tags?.aggregations).toEqual({ [tag('Legacy')]: 2, [tag('PII')]: 1 });
    expect(c.urns('week')).toEqual([USERS]);
    expect(c.urns('day')).toEqual([]);
  });
});

// Tokens held by comparable numbers of entities are read from their posting lists and merged
// (list-intersection.ts); a token held by more than eight times the entities of the rarest, from
// its rows in SQL. Either way a hit holds every token, and each token's frequency counts.
describe('a search of several tokens', () => {
  const DUAL = datasetUrn('hive', 'a_dual');
  const BOOSTED = datasetUrn('hive', 'b_boosted');
  const RED = datasetUrn('hive', 'c_red');
  const GREEN = datasetUrn('hive', 'd_green');

  function colours(moreGreen: number) {
    const index = createSearchIndex(contract);
    const store = new CatalogStore({ contract, derived: [index] });
    const write = (urn: string, value: Record<string, unknown>) =>
      store.upsertAspect('dataset', urn, 'datasetProperties', value, ctx);
    write(DUAL, { description: 'red green' });
    // `green` in the boosted name: with `red` as often as in DUAL, its green weighs more.
    write(BOOSTED, { name: 'green', description: 'red' });
    write(RED, { description: 'red' });
    write(GREEN, { description: 'green' });
    for (let i = 0; i < moreGreen; i++) write(datasetUrn('hdfs', `green_${i}`), { description: 'green' });
    return (input: string) => index.search({ input, entity: 'dataset', start: 0, count: 10 }).entities;
  }

  it.each([
    { given: 'tokens of comparable breadth (posting lists)', moreGreen: 0 },
    { given: 'one token far broader (SQL)', moreGreen: 30 },
  ])('$given: hits hold every token, ranked by every token’s frequency', ({ moreGreen }) => {
    const search = colours(moreGreen);
    expect(search('red green')).toEqual([BOOSTED, DUAL]);
    expect(search('green red')).toEqual([BOOSTED, DUAL]);
    expect(search('red green blue')).toEqual([]);
  });
});
