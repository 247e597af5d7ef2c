/**
 * The people of the sample: the data team of a small online retailer, organised in three groups.
 * Memberships are written on both sides (group members and the user's groupMembership), as
 * upstream's ingestion does, so either relationship direction can be browsed.
 */
import { ownership } from './common-aspects.js';
import type { SampleBuilder } from './sample-builder.js';

interface Person {
  username: string;
  fullName: string;
  title: string;
  department: string;
  manager?: string;
  active: boolean;
  teams: string[];
  skills: string[];
  aboutMe: string;
  /** Platforms the person works with (corpUserEditableInfo.platforms). */
  platforms: string[];
  country: string;
  location: string;
}

const PEOPLE: readonly Person[] = [
  {
    username: 'grace.okafor',
    fullName: 'Grace Okafor',
    title: 'Head of Data',
    department: 'Data',
    active: true,
    teams: ['Data Governance'],
    skills: ['data governance', 'privacy'],
    aboutMe: 'Runs the data organisation; ask me about data ownership and retention policies.',
    platforms: ['snowflake'],
    country: 'GB',
    location: 'London',
  },
  {
    username: 'alice.chen',
    fullName: 'Alice Chen',
    title: 'Data Engineering Manager',
    department: 'Data',
    manager: 'grace.okafor',
    active: true,
    teams: ['Data Engineering'],
    skills: ['spark', 'hive', 'airflow'],
    aboutMe: 'Leads the team that runs the ingestion pipelines and the lakehouse.',
    platforms: ['hive', 'kafka'],
    country: 'US',
    location: 'San Francisco',
  },
  {
    username: 'bruno.silva',
    fullName: 'Bruno Silva',
    title: 'Senior Data Engineer',
    department: 'Data',
    manager: 'alice.chen',
    active: true,
    teams: ['Data Engineering'],
    skills: ['kafka', 'flink', 'scala'],
    aboutMe: 'Owns the streaming ingestion from the shop backend.',
    platforms: ['kafka', 'hive'],
    country: 'PT',
    location: 'Lisbon',
  },
  {
    username: 'hiro.tanaka',
    fullName: 'Hiro Tanaka',
    title: 'Platform Engineer',
    department: 'Data',
    manager: 'alice.chen',
    active: true,
    teams: ['Data Engineering'],
    skills: ['terraform', 'postgres', 's3'],
    aboutMe: 'Keeps the data platform running: storage, access and costs.',
    platforms: ['postgres', 's3'],
    country: 'US',
    location: 'Seattle',
  },
  {
    username: 'chloe.martin',
    fullName: 'Chloe Martin',
    title: 'Analytics Engineer',
    department: 'Data',
    manager: 'grace.okafor',
    active: true,
    teams: ['Analytics'],
    skills: ['dbt', 'sql', 'snowflake'],
    aboutMe: 'Builds the revenue and customer marts in Snowflake.',
    platforms: ['snowflake', 'looker'],
    country: 'FR',
    location: 'Paris',
  },
  {
    username: 'dev.patel',
    fullName: 'Dev Patel',
    title: 'Data Analyst',
    department: 'Analytics',
    manager: 'chloe.martin',
    active: true,
    teams: ['Analytics'],
    skills: ['sql', 'looker'],
    aboutMe: 'Answers questions about orders and revenue.',
    platforms: ['looker'],
    country: 'US',
    location: 'New York',
  },
  {
    username: 'isabel.garcia',
    fullName: 'Isabel Garcia',
    title: 'BI Developer',
    department: 'Analytics',
    manager: 'chloe.martin',
    active: true,
    teams: ['Analytics'],
    skills: ['superset', 'python'],
    aboutMe: 'Maintains the growth and funnel dashboards.',
    platforms: ['superset'],
    country: 'ES',
    location: 'Madrid',
  },
  {
    username: 'farid.haddad',
    fullName: 'Farid Haddad',
    title: 'Data Scientist',
    department: 'Analytics',
    manager: 'chloe.martin',
    active: true,
    teams: ['Analytics'],
    skills: ['python', 'forecasting'],
    aboutMe: 'Works on customer lifetime value and churn models.',
    platforms: ['snowflake'],
    country: 'DE',
    location: 'Berlin',
  },
  {
    username: 'emma.johansson',
    fullName: 'Emma Johansson',
    title: 'Product Manager, Growth',
    department: 'Product',
    manager: 'grace.okafor',
    active: true,
    teams: ['Data Governance'],
    skills: ['experimentation'],
    aboutMe: 'Uses the funnel data to plan growth experiments.',
    platforms: ['superset'],
    country: 'SE',
    location: 'Stockholm',
  },
  {
    username: 'jonas.weber',
    fullName: 'Jonas Weber',
    title: 'Finance Analyst',
    department: 'Finance',
    manager: 'grace.okafor',
    active: false,
    teams: ['Finance'],
    skills: ['excel', 'sql'],
    aboutMe: 'Former finance analyst; his datasets were handed over to Analytics.',
    platforms: ['postgres'],
    country: 'DE',
    location: 'Berlin',
  },
];

interface Group {
  name: string;
  displayName: string;
  description: string;
  admins: string[];
  members: string[];
}

const GROUPS: readonly Group[] = [
  {
    name: 'data-engineering',
    displayName: 'Data Engineering',
    description: 'Runs ingestion, the lakehouse and the streaming platform.',
    admins: ['alice.chen'],
    members: ['alice.chen', 'bruno.silva', 'hiro.tanaka'],
  },
  {
    name: 'analytics',
    displayName: 'Analytics',
    description: 'Owns the marts, dashboards and reporting.',
    admins: ['chloe.martin'],
    members: ['chloe.martin', 'dev.patel', 'isabel.garcia', 'farid.haddad'],
  },
  {
    name: 'data-governance',
    displayName: 'Data Governance',
    description: 'Sets the rules for classification, ownership and retention.',
    admins: ['grace.okafor'],
    members: ['grace.okafor', 'emma.johansson', 'jonas.weber'],
  },
];

const EMAIL_DOMAIN = 'example.com';

export function addPeople(b: SampleBuilder): void {
  for (const p of PEOPLE) {
    const urn = b.user(p.username);
    const [firstName = p.fullName, lastName = ''] = p.fullName.split(' ');
    b.add(urn, 'corpUserInfo', {
      active: p.active,
      displayName: p.fullName,
      fullName: p.fullName,
      firstName,
      lastName,
      email: `${p.username}@${EMAIL_DOMAIN}`,
      title: p.title,
      departmentName: p.department,
      ...(p.manager ? { managerUrn: b.user(p.manager) } : {}),
      countryCode: p.country,
      customProperties: { location: p.location },
      system: false,
    });
    b.add(urn, 'corpUserEditableInfo', {
      aboutMe: p.aboutMe,
      teams: p.teams,
      skills: p.skills,
      displayName: p.fullName,
      title: p.title,
      email: `${p.username}@${EMAIL_DOMAIN}`,
      slack: `@${p.username.replace('.', '')}`,
      platforms: p.platforms.map((platform) => b.platform(platform)),
    });
    b.add(urn, 'groupMembership', {
      groups: GROUPS.filter((g) => g.members.includes(p.username)).map((g) => b.group(g.name)),
    });
    b.add(urn, 'status', { removed: false });
  }
  for (const g of GROUPS) {
    const urn = b.group(g.name);
    b.add(urn, 'corpGroupInfo', {
      displayName: g.displayName,
      description: g.description,
      email: `${g.name}@${EMAIL_DOMAIN}`,
      admins: g.admins.map((u) => b.user(u)),
      members: g.members.map((u) => b.user(u)),
      groups: [],
      slack: `#${g.name}`,
      created: b.stamp(400, b.user('grace.okafor')),
    });
    b.add(
      urn,
      'ownership',
      ownership(
        b,
        g.admins.map((u) => ({ owner: `user:${u}`, type: 'TECHNICAL_OWNER' })),
        b.stamp(400, b.user('grace.okafor')),
      ),
    );
    b.add(urn, 'status', { removed: false });
  }
}
