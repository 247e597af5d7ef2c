/**
 * What the management screens show of the sample: the three users of the default tokens, one per built-in role
 * (`datahub` Admin, `editor` Editor, `reader` Reader: their roleMembership as the start-up assignment writes
 * it); a group made in the catalog
 * with its members' nativeGroupMembership; two custom ownership types; and the metadata of two access tokens
 * the admin made (the tokens themselves are shown once, when made, and were never stored).
 */
import { createHash } from 'node:crypto';
import type { SampleBuilder } from './sample-builder.js';

const ROLE_USERS: readonly { username: string; displayName: string; title: string; role: string }[] = [
  { username: 'datahub', displayName: 'DataHub', title: 'Platform administrator', role: 'Admin' },
  { username: 'editor', displayName: 'Eddie Editor', title: 'Metadata curator', role: 'Editor' },
  { username: 'reader', displayName: 'Rita Reader', title: 'Business analyst', role: 'Reader' },
];

const NATIVE_GROUP = {
  name: 'catalog-curators',
  displayName: 'Catalog Curators',
  description: 'Made in the catalog: the people who tidy descriptions and tags.',
  members: ['editor', 'emma.johansson'],
};

const OWNERSHIP_TYPES: readonly { id: string; name: string; description: string }[] = [
  { id: 'data-custodian', name: 'Data Custodian', description: 'Keeps the data safe and its access in order.' },
  { id: 'quality-reviewer', name: 'Quality Reviewer', description: 'Signs off the checks before a release.' },
];

const ACCESS_TOKENS: readonly { name: string; description: string; daysAgo: number; validDays: number | null }[] = [
  {
    name: 'ci-pipeline',
    description: 'Ingested the warehouse metadata from CI; expired.',
    daysAgo: 120,
    validDays: 90,
  },
  { name: 'notebook', description: 'Reads lineage from a notebook.', daysAgo: 3, validDays: null },
];

/** A stable digest, standing in for the hash of a token the sample never had (a token's id). */
const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

export function addAdministration(b: SampleBuilder): void {
  for (const user of ROLE_USERS) {
    const urn = b.user(user.username);
    b.add(urn, 'corpUserInfo', { active: true, displayName: user.displayName, title: user.title, system: false });
    b.add(urn, 'roleMembership', { roles: [b.urn('dataHubRole', user.role)] });
    b.add(urn, 'status', { removed: false });
  }
  const group = b.group(NATIVE_GROUP.name);
  b.add(group, 'corpGroupInfo', {
    displayName: NATIVE_GROUP.displayName,
    description: NATIVE_GROUP.description,
    admins: [],
    members: [],
    groups: [],
    created: b.stamp(30, b.user('datahub')),
  });
  b.add(group, 'origin', { type: 'NATIVE' });
  for (const member of NATIVE_GROUP.members) b.add(b.user(member), 'nativeGroupMembership', { nativeGroups: [group] });
  for (const type of OWNERSHIP_TYPES) {
    const stamp = b.stamp(60, b.user('datahub'));
    b.add(b.urn('ownershipType', type.id), 'ownershipTypeInfo', {
      name: type.name,
      description: type.description,
      created: stamp,
      lastModified: stamp,
    });
  }
  for (const token of ACCESS_TOKENS) {
    const createdAt = b.stamp(token.daysAgo, b.user('datahub')).time;
    b.add(b.urn('dataHubAccessToken', digest(`token:${token.name}`)), 'dataHubAccessTokenInfo', {
      name: token.name,
      description: token.description,
      actorUrn: b.user('datahub'),
      ownerUrn: b.user('datahub'),
      createdAt,
      ...(token.validDays === null ? {} : { expiresAt: createdAt + token.validDays * 24 * 60 * 60 * 1000 }),
    });
  }
}
