/** What a test compares between two deployments: an entity's aspects, search and browse hits, lineage. */
import { browseGroups, browseUrns, hitUrns, relatedUrns, restliEncode, restliList } from '../../deployment/index.js';

export interface Target {
  url: string;
  token?: string;
}

async function read(target: Target, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(target.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-RestLi-Protocol-Version': '2.0.0',
      ...(target.token ? { Authorization: `Bearer ${target.token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** Every aspect entitiesV2 returns, name to value and system metadata (the audit stamp is the loader's). */
export async function entityAspects(
  target: Target,
  urn: string,
): Promise<Record<string, { value: unknown; systemMetadata: unknown }>> {
  const response = (await read(target, `/entitiesV2/${encodeURIComponent(urn)}`)) as {
    aspects: Record<string, { value: unknown; systemMetadata?: unknown }>;
  };
  return Object.fromEntries(
    Object.entries(response.aspects).map(([name, a]) => [name, { value: a.value, systemMetadata: a.systemMetadata }]),
  );
}

export async function searchHits(target: Target, entity: string, input: string, filter?: unknown): Promise<string[]> {
  const response = (await read(target, '/entities?action=search', {
    input,
    entity,
    start: 0,
    count: 100,
    ...(filter ? { filter } : {}),
  })) as { value: { entities?: unknown } };
  return hitUrns(response.value);
}

export async function browsed(
  target: Target,
  entity: string,
  path: string,
): Promise<{ groups: unknown; urns: string[] }> {
  const response = (await read(target, '/entities?action=browse', { path, entity, start: 0, limit: 100 })) as {
    value: Parameters<typeof browseGroups>[0] & { entities?: unknown };
  };
  return { groups: browseGroups(response.value), urns: browseUrns(response.value) };
}

export async function lineage(target: Target, urn: string): Promise<{ upstream: string[]; downstream: string[] }> {
  const related = async (direction: string): Promise<string[]> =>
    (
      relatedUrns(
        await read(
          target,
          `/relationships?urn=${restliEncode(urn)}&direction=${direction}&types=${restliList(['DownstreamOf'])}`,
        ),
      ) ?? []
    ).sort();
  return { upstream: await related('OUTGOING'), downstream: await related('INCOMING') };
}

export async function timeseriesPoints(target: Target, urn: string, aspect: string): Promise<unknown[]> {
  const response = (await read(target, '/aspects?action=getTimeseriesAspectValues', {
    urn,
    entity: 'dataset',
    aspect,
  })) as { value: { values: { aspect: { value: string } }[] } };
  return response.value.values.map((v) => JSON.parse(v.aspect.value) as unknown);
}
