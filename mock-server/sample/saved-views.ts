/**
 * Saved views for the search bar's view selector: two global views the data team shares, and a
 * personal one of `datahub`, the user of the mock's admin token, so that `listMyViews` with that token
 * shows one (a view as upstream's ViewService writes it: dataHubViewInfo, created and last modified
 * by its creator).
 */
import type { SampleBuilder } from './sample-builder.js';

interface SavedView {
  id: string;
  name: string;
  description: string;
  type: 'GLOBAL' | 'PERSONAL';
  creator: string;
  daysAgo: number;
  entityTypes: string[];
  /** Each alternative's criteria, as a view's filter stores them. */
  or: { field: string; values: string[]; condition: string }[][];
}

function views(b: SampleBuilder): SavedView[] {
  return [
    {
      id: 'snowflake-marts',
      name: 'Snowflake marts',
      description: 'The marts analysts report from.',
      type: 'GLOBAL',
      creator: 'chloe.martin',
      daysAgo: 60,
      entityTypes: ['dataset'],
      or: [[{ field: 'platform', values: [b.platform('snowflake')], condition: 'EQUAL' }]],
    },
    {
      id: 'personal-data',
      name: 'Personal data',
      description: 'Everything tagged PII, or classified under the privacy glossary.',
      type: 'GLOBAL',
      creator: 'grace.okafor',
      daysAgo: 45,
      entityTypes: [],
      or: [
        [{ field: 'tags', values: [b.tag('PII')], condition: 'EQUAL' }],
        [{ field: 'glossaryTerms', values: [b.term('Privacy.PersonalData')], condition: 'EQUAL' }],
      ],
    },
    {
      id: 'my-dashboards',
      name: 'My dashboards and charts',
      description: 'The Looker and Superset assets.',
      type: 'PERSONAL',
      creator: 'datahub',
      daysAgo: 10,
      entityTypes: ['dashboard', 'chart'],
      or: [],
    },
  ];
}

export function addSavedViews(b: SampleBuilder): void {
  for (const v of views(b)) {
    const stamp = b.stamp(v.daysAgo, b.user(v.creator));
    b.add(b.urn('dataHubView', v.id), 'dataHubViewInfo', {
      name: v.name,
      description: v.description,
      type: v.type,
      definition: { entityTypes: v.entityTypes, filter: { or: v.or.map((and) => ({ and })) } },
      created: stamp,
      lastModified: stamp,
    });
  }
}
