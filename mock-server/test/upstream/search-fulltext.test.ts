/**
 * The REST search action's `fulltext` flag: upstream's EntityResource.search
 * (metadata-service/restli-servlet-impl/.../resources/entity/EntityResource.java, v1.3.0.1) searches full text
 * only when the body sets `fulltext` true, and a full-text search matches the input's last word as a prefix
 * (SearchQueryBuilder.getPrefixAndExactMatchQuery, metadata-io, v1.3.0.1). The interface document (§4.6) is
 * silent on it, so both profiles do the same.
 */
import { describe, expect, it } from 'vitest';
import { call, DATASET, ingest, serverForTests } from '../http-harness.js';

const TOKEN = 'admin-token';

describe.each(['document', 'upstream'] as const)('the %s profile', (profile) => {
  const server = serverForTests({ profile, indexLagMs: 0 });
  const search = (body: Record<string, unknown>) =>
    call(server(), 'POST', '/entities?action=search', {
      body: { entity: 'dataset', start: 0, count: 10, ...body },
      token: TOKEN,
    });

  it('matches the last word as a prefix only when fulltext is true', async () => {
    await ingest(server(), DATASET, 'datasetProperties', { description: 'wombat ledger', customProperties: {} }, TOKEN);
    const prefix = await search({ input: 'womb', fulltext: true });
    expect(prefix.status).toBe(200);
    expect(prefix.json.value.numEntities).toBe(1);
    for (const body of [
      { input: 'womb' },
      { input: 'womb', fulltext: false },
      { input: 'womb ledger', fulltext: true },
    ]) {
      const whole = await search(body);
      expect(whole.status).toBe(200);
      expect(whole.json.value.numEntities).toBe(0);
    }
  });

  it('a fulltext that is not a boolean is a 400 naming it', async () => {
    const reply = await search({ input: 'womb', fulltext: 'yes' });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.json)).toContain('fulltext');
  });
});
