/**
 * Thirty days of profiles, usage and loads (operations) for the most used datasets, one point per day
 * ending at the reference time; each dataset's daily load finishes at its own hour, so sorting by
 * the last operation time (the UI's "Last Modified in Platform") gives them a distinct order. Values follow a weekly rhythm (weekends are busier in a shop) on top of steady
 * growth, so charts of them look like real ones and are the same on every start.
 */
import { DATASETS } from './dataset-definitions.js';
import { datasetUrn } from './datasets.js';
import { DAY_MS } from '../ingest/reference-day.js';
import type { SampleBuilder } from './sample-builder.js';

const TIME_SERIES_DAYS = 30;

/** Relative activity per weekday, Sunday first (`Date#getUTCDay`). */
const WEEKLY_RHYTHM = [1.24, 0.94, 0.97, 1.0, 1.03, 1.1, 1.31] as const;

interface FieldProfileDefinition {
  path: string;
  /** Distinct values as a share of the rows (1 for keys). */
  uniqueShare: number;
  nullShare: number;
  /** Numeric fields: min, max, mean and median at day 0, growing with the table. */
  numeric?: { min: number; max: number; mean: number; median: number };
  /** Categorical fields: values and their share of the rows. */
  categories?: Record<string, number>;
  samples: string[];
}

interface ProfiledDataset {
  id: string;
  /** Rows before the first day of the series, and rows added on an average day. */
  baseRows: number;
  dailyRows: number;
  fields: FieldProfileDefinition[];
  /** Users (usernames) querying the dataset, the busiest first. */
  users: string[];
  /** Queries on an average day. */
  dailyQueries: number;
  topQueries: string[];
}

const PROFILED_DATASETS: readonly ProfiledDataset[] = [
  {
    id: 'orders',
    baseRows: 1_842_310,
    dailyRows: 6_250,
    fields: [
      {
        path: 'order_id',
        uniqueShare: 1,
        nullShare: 0,
        samples: ['o-20261031-000187', 'o-20261031-004512', 'o-20261030-019833'],
      },
      {
        path: 'order_status',
        uniqueShare: 0,
        nullShare: 0,
        categories: { delivered: 0.81, shipped: 0.09, paid: 0.04, placed: 0.02, cancelled: 0.04 },
        samples: ['delivered', 'shipped', 'cancelled'],
      },
      {
        path: 'total_amount',
        uniqueShare: 0.21,
        nullShare: 0,
        numeric: { min: 2.5, max: 4890, mean: 71.4, median: 48.9 },
        samples: ['48.90', '112.00', '19.99'],
      },
      { path: 'customer_id', uniqueShare: 0.22, nullShare: 0.001, samples: ['c-10023', 'c-88412', 'c-40017'] },
    ],
    users: ['dev.patel', 'chloe.martin', 'farid.haddad', 'alice.chen', 'jonas.weber'],
    dailyQueries: 180,
    topQueries: [
      'SELECT order_status, COUNT(*) FROM clean.orders WHERE order_date = current_date - 1 GROUP BY 1',
      'SELECT customer_id, SUM(total_amount) FROM clean.orders GROUP BY 1',
    ],
  },
  {
    id: 'customers',
    baseRows: 412_008,
    dailyRows: 840,
    fields: [
      { path: 'customer_id', uniqueShare: 1, nullShare: 0, samples: ['c-10023', 'c-88412', 'c-40017'] },
      {
        path: 'country_code',
        uniqueShare: 0,
        nullShare: 0.002,
        categories: { US: 0.52, CA: 0.12, GB: 0.11, DE: 0.09, FR: 0.07, NL: 0.09 },
        samples: ['US', 'GB', 'DE'],
      },
      {
        path: 'email',
        uniqueShare: 0.998,
        nullShare: 0,
        samples: ['***@example.com', '***@example.org', '***@example.net'],
      },
    ],
    users: ['farid.haddad', 'chloe.martin', 'emma.johansson'],
    dailyQueries: 64,
    topQueries: ['SELECT country_code, COUNT(*) FROM clean.customers GROUP BY 1'],
  },
  {
    id: 'daily_revenue',
    baseRows: 1_066,
    dailyRows: 1,
    fields: [
      { path: 'revenue_date', uniqueShare: 1, nullShare: 0, samples: ['2026-10-31', '2026-10-30', '2026-10-29'] },
      {
        path: 'gross_revenue',
        uniqueShare: 1,
        nullShare: 0,
        numeric: { min: 88_120.5, max: 1_204_377.9, mean: 412_904.2, median: 398_455.1 },
        samples: ['446210.35', '398455.10', '512008.72'],
      },
      {
        path: 'order_count',
        uniqueShare: 0.93,
        nullShare: 0,
        numeric: { min: 1_310, max: 16_904, mean: 5_780, median: 5_612 },
        samples: ['6204', '5612', '7011'],
      },
    ],
    users: ['jonas.weber', 'dev.patel', 'chloe.martin', 'grace.okafor', 'emma.johansson', 'isabel.garcia'],
    dailyQueries: 95,
    topQueries: [
      'SELECT revenue_date, gross_revenue, net_revenue FROM analytics.mart.daily_revenue ORDER BY revenue_date',
      "SELECT SUM(net_revenue) FROM analytics.mart.daily_revenue WHERE revenue_date >= date_trunc('month', current_date)",
    ],
  },
  {
    id: 'customer_lifetime_value',
    baseRows: 398_540,
    dailyRows: 815,
    fields: [
      { path: 'customer_id', uniqueShare: 1, nullShare: 0, samples: ['c-10023', 'c-88412', 'c-40017'] },
      {
        path: 'segment',
        uniqueShare: 0,
        nullShare: 0,
        categories: { active: 0.46, new: 0.14, at_risk: 0.17, churned: 0.23 },
        samples: ['active', 'churned', 'new'],
      },
      {
        path: 'predicted_clv_12m',
        uniqueShare: 0.87,
        nullShare: 0.03,
        numeric: { min: 0, max: 18_250, mean: 164.2, median: 92.4 },
        samples: ['92.40', '310.75', '0.00'],
      },
    ],
    users: ['farid.haddad', 'isabel.garcia', 'emma.johansson'],
    dailyQueries: 41,
    topQueries: ['SELECT segment, AVG(predicted_clv_12m) FROM analytics.mart.customer_lifetime_value GROUP BY 1'],
  },
];

const round = (n: number, digits = 4): number => Math.round(n * 10 ** digits) / 10 ** digits;

function fieldProfile(f: FieldProfileDefinition, rowCount: number, growth: number): Record<string, unknown> {
  const nullCount = Math.round(rowCount * f.nullShare);
  const uniqueCount = f.categories ? Object.keys(f.categories).length : Math.round(rowCount * f.uniqueShare);
  const profile: Record<string, unknown> = {
    fieldPath: f.path,
    uniqueCount,
    uniqueProportion: round(uniqueCount / rowCount, 6),
    nullCount,
    nullProportion: round(nullCount / rowCount, 6),
    sampleValues: f.samples,
  };
  if (f.numeric) {
    profile.min = String(f.numeric.min);
    profile.max = String(round(f.numeric.max * growth, 2));
    profile.mean = String(round(f.numeric.mean * growth, 2));
    profile.median = String(round(f.numeric.median * growth, 2));
  }
  if (f.categories) {
    profile.distinctValueFrequencies = Object.entries(f.categories).map(([value, share]) => ({
      value,
      frequency: Math.round(rowCount * share),
    }));
  }
  return profile;
}

/** The timestamps of the series: midnight UTC of each of the 30 days ending at the reference time. */
function seriesTimestamps(referenceTime: number): number[] {
  return Array.from({ length: TIME_SERIES_DAYS }, (_, i) => referenceTime - (TIME_SERIES_DAYS - 1 - i) * DAY_MS);
}

/** How long before each day's midnight a dataset's daily load finishes: the first listed last. */
const LOAD_LEAD_MS = 45 * 60_000;

export function addTimeSeries(b: SampleBuilder): void {
  PROFILED_DATASETS.forEach((p, rank) => {
    const urn = datasetUrn(b, p.id);
    const columnCount = DATASETS.find((d) => d.id === p.id)?.fields.filter((f) => !f.path.includes('.')).length ?? 0;
    let rowCount = p.baseRows;
    seriesTimestamps(b.referenceTime).forEach((timestampMillis, day) => {
      const rhythm = WEEKLY_RHYTHM[new Date(timestampMillis).getUTCDay()] ?? 1;
      const rowsAdded = Math.round(p.dailyRows * rhythm);
      rowCount += rowsAdded;
      const growth = 1 + day / 300;
      b.add(urn, 'operation', {
        timestampMillis,
        operationType: 'INSERT',
        actor: b.user(p.users[0] as string),
        numAffectedRows: rowsAdded,
        sourceType: 'DATA_PLATFORM',
        lastUpdatedTimestamp: timestampMillis - (rank + 1) * LOAD_LEAD_MS,
      });
      b.add(urn, 'datasetProfile', {
        timestampMillis,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        rowCount,
        columnCount,
        fieldProfiles: p.fields.map((f) => fieldProfile(f, rowCount, growth)),
      });
      const queries = Math.round(p.dailyQueries * rhythm * growth);
      // Query counts fall off with the user's rank (a third of the queries, a sixth, a ninth, ...);
      // on quieter days the least active user does not query at all.
      const userCounts = p.users.map((user, rank) => ({
        user: b.user(user),
        count: Math.max(1, Math.round(queries / 3 / (rank + 1))),
        userEmail: `${user}@example.com`,
      }));
      b.add(urn, 'datasetUsageStatistics', {
        timestampMillis,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        uniqueUserCount: rhythm < 1 ? p.users.length - 1 : p.users.length,
        totalSqlQueries: queries,
        topSqlQueries: p.topQueries,
        userCounts: rhythm < 1 ? userCounts.slice(0, -1) : userCounts,
        fieldCounts: p.fields.map((f, fieldRank) => ({
          fieldPath: f.path,
          count: Math.round(queries / (fieldRank + 2)),
        })),
      });
    });
  });
}
