/**
 * The entity registry (spec/entities.yaml) against the list the project keeps of upstream's registry at the
 * release it records (spec/upstream-registry.yaml, names of `metadata-models/src/main/resources/entity-registry.yml`):
 * the same entities, each with upstream's key aspect and exactly upstream's aspect names.
 */
import { describe, expect, it } from 'vitest';
import { fromRoot, loadContract, readYaml } from '../index.js';
import type { RawEntityRegistry } from '../entity-registry.js';

const contract = loadContract('svc');
const upstream = readYaml<{ entities: Record<string, string[]> }>(fromRoot('spec', 'upstream-registry.yaml')).entities;
const raw = readYaml<RawEntityRegistry>(fromRoot('spec', 'entities.yaml'));

describe('the registry follows upstream release', () => {
  it('records the release once, in entities.yaml', () => {
    expect(raw.release).toEqual({
      name: 'DataHub v1.3.0.1',
      tag: 'v1.3.0.1',
      commit: '13e918ed9c978e3a1ca23ea5334f0c9713b92508',
      registry: 'metadata-models/src/main/resources/entity-registry.yml',
    });
  });

  it("has upstream's entities, no more, no fewer", () => {
    expect(Object.keys(upstream)).toHaveLength(61);
    expect([...contract.entities.keys()].sort()).toEqual(Object.keys(upstream).sort());
  });

  it.each(Object.entries(upstream))("%s: upstream's key aspect and exactly upstream's aspect names", (name, names) => {
    const entity = contract.entities.get(name);
    expect(entity, name).toBeDefined();
    expect(entity!.keyAspect).toBe(names[0]);
    expect([...entity!.aspects].sort()).toEqual([...names].sort());
  });

  it('gives every aspect name of the release a record name: a schema, or an aspectRecords entry', () => {
    const names = new Set(Object.values(upstream).flat());
    expect([...names].filter((name) => !contract.recordOfAspect(name))).toEqual([]);
  });
});
