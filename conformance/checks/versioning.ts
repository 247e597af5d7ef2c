/**
 * 9 Versioning: a point lookup selects the version with the `version` query parameter (0 the latest,
 * then the versions in the order written), and the V2 reads respond with envelopes: the aspect with its
 * metadata, the time series aspect serialized as escaped JSON text with its content type.
 */
import { expect, expectEqual, type CheckGroup } from '../check.js';
import { readableDataset } from './deployment-lookups.js';
import { jsonText, valueOf } from './response-readers.js';

interface Envelope {
  name?: unknown;
  version?: unknown;
  value?: unknown;
  created?: { time?: unknown; actor?: unknown };
}

export const versioningChecks: CheckGroup = {
  name: 'versioning',
  checks: [
    {
      id: 'versioning.version-parameter',
      clause: '9 Versioning: point lookup by version uses the version query parameter',
      writes: true,
      async run(ctx) {
        const urn = ctx.fixture.dataset('versioning');
        const written = ['first', 'second', 'third'].map((n) => `The ${n} version of run ${ctx.runId}`);
        for (const description of written) await ctx.fixture.upsert(urn, 'datasetProperties', { description });
        const record = ctx.contract.recordOfAspect('datasetProperties') ?? '';
        const lookup = async (version: number): Promise<unknown> => {
          const res = await ctx.client.expectStatus('getAspect', {
            path: { urn },
            query: { aspect: 'datasetProperties', version: String(version) },
          });
          return (res.body as { aspect?: Record<string, { description?: unknown }> }).aspect?.[record]?.description;
        };
        expectEqual(
          await Promise.all([0, 1, 2].map(lookup)),
          [written[2], written[0], written[1]],
          'descriptions at versions 0, 1 and 2',
        );
      },
    },
    {
      id: 'versioning.v2-envelope',
      clause:
        '9 Versioning: V2 aspect APIs return an envelope, a serialized aspect plus metadata, escaped JSON by default',
      async run(ctx) {
        const urn = await readableDataset(ctx);
        const res = await ctx.client.expectStatus('getEntityV2', { path: { urn } });
        for (const [name, envelope] of Object.entries(
          (res.body as { aspects?: Record<string, Envelope> }).aspects ?? {},
        )) {
          expect(
            envelope.name === name && Number.isInteger(envelope.version) && envelope.created,
            `entitiesV2 aspect ${name} has no envelope {name, version, created}`,
          );
          expect(
            envelope.value && typeof envelope.value === 'object',
            `entitiesV2 aspect ${name} holds no aspect value`,
          );
        }
        const body = {
          urn,
          entity: 'dataset',
          aspect: 'datasetProfile',
          startTimeMillis: 0,
          endTimeMillis: 4_102_444_800_000,
        };
        const values = valueOf<{ values: { aspect: { value?: unknown; contentType?: unknown } }[] }>(
          await ctx.client.expectStatus('getTimeseriesAspectValues', { body }),
        ).values;
        if (!values.length) ctx.skip(`${urn} has no datasetProfile point to read as an envelope`);
        for (const { aspect } of values) {
          expectEqual(aspect.contentType, 'application/json', 'contentType of a time series aspect');
          const parsed = jsonText<unknown>(aspect.value, 'a time series aspect value');
          expect(parsed && typeof parsed === 'object', 'a time series aspect value is not escaped JSON of an object');
        }
      },
    },
  ],
};
