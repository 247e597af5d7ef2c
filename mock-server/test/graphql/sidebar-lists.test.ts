/**
 * The sidebar's lists in the shapes the web app sends them (v1.3.0.1): listDomains (ListDomainsResolver: the
 * top-level domains, or a parent's children, matching the query, newest first) and getRootGlossaryTerms
 * (GetRootGlossaryTermsResolver: the terms with no parent node), over data written through the API, in both
 * namespaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const LIST_DOMAINS = `query listDomains($input: ListDomainsInput!) {
  listDomains(input: $input) { start count total domains { urn type id properties { name description } } }
}`;
const ROOT_TERMS = `query getRootGlossaryTerms($input: GetRootGlossaryEntitiesInput!) {
  getRootGlossaryTerms(input: $input) { start count total terms { urn type name properties { name } } }
}`;

describe.each(['svc', 'li'] as const)('the sidebar lists (namespace %s)', (ns) => {
  const domain = (id: string) => `urn:${ns}:domain:${id}`;
  const term = (id: string) => `urn:${ns}:glossaryTerm:${id}`;
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ namespace: ns, indexLagMs: 0 });
    const domains: [string, string, number, string?][] = [
      ['finance', 'Finance', 3000],
      ['marketing', 'Marketing', 1000],
      ['sales', 'Sales', 2000],
      ['payables', 'Payables', 4000, domain('finance')],
    ];
    for (const [id, name, time, parentDomain] of domains)
      await ingest(
        server,
        domain(id),
        'domainProperties',
        {
          name,
          description: `${name} data`,
          created: { time, actor: `urn:${ns}:corpuser:datahub` },
          ...(parentDomain ? { parentDomain } : {}),
        },
        ADMIN,
      );
    const terms: [string, string, string?][] = [
      ['Revenue', 'Money in'],
      ['Cost', 'Money out'],
      ['Margin', 'The rest', `urn:${ns}:glossaryNode:Finance`],
    ];
    for (const [name, definition, parentNode] of terms)
      await ingest(
        server,
        term(name),
        'glossaryTermInfo',
        { name, definition, termSource: 'INTERNAL', ...(parentNode ? { parentNode } : {}) },
        ADMIN,
      );
  });
  afterAll(() => server.close());

  const data = async (query: string, input: Record<string, unknown>) => {
    const reply = await graphql(server, { query, variables: { input } });
    expect(reply.json.errors).toBeUndefined();
    return Object.values(reply.json.data)[0] as any;
  };

  it('listDomains: the top-level domains, newest first; a parent lists its children', async () => {
    const top = await data(LIST_DOMAINS, { start: 0, count: 1000 });
    expect(top.domains.map((d: { id: string }) => d.id)).toEqual(['finance', 'sales', 'marketing']);
    expect(top).toMatchObject({ start: 0, count: 3, total: 3 });
    expect(top.domains[0]).toEqual({
      urn: domain('finance'),
      type: 'DOMAIN',
      id: 'finance',
      properties: { name: 'Finance', description: 'Finance data' },
    });
    const children = await data(LIST_DOMAINS, { start: 0, count: 10, parentDomain: domain('finance') });
    expect(children.domains.map((d: { urn: string }) => d.urn)).toEqual([domain('payables')]);
  });

  it('listDomains pages, and a query narrows', async () => {
    const second = await data(LIST_DOMAINS, { start: 1, count: 1 });
    expect(second).toMatchObject({ start: 1, count: 1, total: 3 });
    expect(second.domains[0].id).toBe('sales');
    const sales = await data(LIST_DOMAINS, { query: 'sales' });
    expect(sales.domains.map((d: { id: string }) => d.id)).toEqual(['sales']);
    const bad = await graphql(server, { query: LIST_DOMAINS, variables: { input: { parentDomain: 'finance' } } });
    expect(bad.json.errors[0].message).toMatch(/^input\.parentDomain: /);
  });

  it('getRootGlossaryTerms: the terms outside any term group', async () => {
    const root = await data(ROOT_TERMS, { start: 0, count: 10 });
    expect(root.terms.map((t: { urn: string }) => t.urn).sort()).toEqual([term('Cost'), term('Revenue')]);
    expect(root).toMatchObject({ start: 0, count: 2, total: 2 });
    expect((await data(ROOT_TERMS, { start: 0, count: 1 })).count).toBe(1);
  });
});
