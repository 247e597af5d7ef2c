/**
 * Posts for the home page, as upstream stores them (a post entity with its postInfo): two text
 * announcements from the data team and one pinned link, which the app shows apart from the
 * announcements.
 */
import type { SampleBuilder } from './sample-builder.js';

interface PostDefinition {
  id: string;
  title: string;
  description: string;
  /** A pinned link (LINK) rather than a text announcement (TEXT). */
  link?: string;
  author: string;
  daysAgo: number;
}

const POSTS: readonly PostDefinition[] = [
  {
    id: 'marts-warehouse-move',
    title: 'The Snowflake marts move to the new warehouse on Monday',
    description:
      'The nightly marts will be built on the larger warehouse from Monday. Dashboards keep their URLs; ' +
      'expect the first build to finish about an hour later than usual.',
    author: 'chloe.martin',
    daysAgo: 2,
  },
  {
    id: 'orders-v1-retired',
    title: 'legacy.orders_v1 is retired',
    description:
      'The first orders table is read-only and hidden from search. Use clean.orders; the decommissioning ' +
      'plan lists the column changes.',
    author: 'alice.chen',
    daysAgo: 9,
  },
  {
    id: 'data-handbook',
    title: 'Data handbook',
    description: 'How the data team works: ownership, on-call, naming and how to ask for access.',
    link: 'https://wiki.example.com/data/handbook',
    author: 'grace.okafor',
    daysAgo: 60,
  },
];

export function addAnnouncements(b: SampleBuilder): void {
  for (const p of POSTS) {
    const stamp = b.stamp(p.daysAgo, b.user(p.author));
    b.add(b.post(p.id), 'postInfo', {
      type: 'HOME_PAGE_ANNOUNCEMENT',
      content: {
        title: p.title,
        type: p.link ? 'LINK' : 'TEXT',
        description: p.description,
        ...(p.link ? { link: p.link } : {}),
      },
      created: stamp.time,
      lastModified: stamp.time,
      auditStamp: stamp,
    });
  }
}
