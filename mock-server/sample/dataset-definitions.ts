/**
 * The sample's datasets as plain data: a small lakehouse where raw data (Kafka topics, Postgres
 * tables, S3 files) is cleaned in Hive and aggregated into Snowflake marts, which a Looker explore
 * models. `upstreams` names other
 * entries of this list, which gives the lineage graph raw -> cleaned -> aggregated.
 */
import type { OwnerDefinition } from './common-aspects.js';
import type { TagName } from './glossary-and-tags.js';
import type { PlatformName } from './platforms.js';

/** Type records of the schema field type union (`schema.<Kind>Type`). */
type FieldKind = 'String' | 'Number' | 'Boolean' | 'Date' | 'Time' | 'Record' | 'Array' | 'Map' | 'Enum';

export interface FieldDefinition {
  path: string;
  kind: FieldKind;
  nativeDataType: string;
  description?: string;
  key?: boolean;
  nullable?: boolean;
  tags?: TagName[];
  terms?: string[];
}

/** What the editable schema metadata adds to a field (edits made in the UI, on top of ingestion). */
interface FieldEdit {
  path: string;
  description?: string;
  tags?: TagName[];
  terms?: string[];
}

export interface DatasetDefinition {
  id: string;
  platform: Extract<PlatformName, 'hive' | 'kafka' | 'snowflake' | 'postgres' | 's3' | 'looker'>;
  name: string;
  description: string;
  customProperties: Record<string, string>;
  fields: FieldDefinition[];
  owners: OwnerDefinition[];
  upstreams: { id: string; type: 'TRANSFORMED' | 'COPY' | 'VIEW' }[];
  tags: TagName[];
  terms: string[];
  links: { url: string; description: string }[];
  edits?: FieldEdit[];
  /** Name and description edited in the UI (editableDatasetProperties). */
  editedName?: string;
  editedDescription?: string;
  /** The environment (FabricType) in the URN; PROD unless given. */
  origin?: 'PROD' | 'DEV';
  /** Foreign keys: a field of this dataset referring to a field of another entry. */
  foreignKeys?: { name: string; field: string; dataset: string; foreignField: string }[];
  /** Column-level lineage: a field of this dataset computed from fields of upstream entries. */
  fieldLineage?: { field: string; from: { dataset: string; field: string }[]; transform: string }[];
  /** Browse paths it is also listed under, besides the default one (a topic mirrored to a second cluster). */
  moreBrowsePaths?: string[];
  /** Soft-deleted (status removed: true). */
  removed?: boolean;
  /** Days before the reference time the dataset was created. */
  ageDays: number;
}

const RUNBOOK = 'https://wiki.example.com/data/runbooks';

export const DATASETS: readonly DatasetDefinition[] = [
  {
    id: 'order_events',
    platform: 'kafka',
    name: 'shop.order_events',
    description: 'Order lifecycle events emitted by the shop backend: one event per status change of an order.',
    customProperties: { 'retention.ms': '604800000', partitions: '12', 'cleanup.policy': 'delete' },
    fields: [
      {
        path: 'order_id',
        kind: 'String',
        nativeDataType: 'string',
        description: 'Order identifier, stable over the lifetime of the order.',
        key: true,
      },
      {
        path: 'event_type',
        kind: 'Enum',
        nativeDataType: 'enum',
        description: 'placed, paid, shipped, delivered or cancelled.',
        terms: ['Commerce.OrderStatus'],
      },
      {
        path: 'event_time',
        kind: 'Date',
        nativeDataType: 'long(timestamp-millis)',
        description: 'When the backend emitted the event.',
      },
      { path: 'customer', kind: 'Record', nativeDataType: 'record', description: 'The ordering customer.' },
      { path: 'customer.id', kind: 'String', nativeDataType: 'string', description: 'Customer identifier.' },
      {
        path: 'customer.email',
        kind: 'String',
        nativeDataType: 'string',
        description: 'Customer e-mail at the time of ordering.',
        tags: ['PII'],
        terms: ['Privacy.EmailAddress'],
      },
      { path: 'items', kind: 'Array', nativeDataType: 'array<record>', description: 'Order lines.' },
      { path: 'items.sku', kind: 'String', nativeDataType: 'string' },
      { path: 'items.quantity', kind: 'Number', nativeDataType: 'int' },
      {
        path: 'items.unit_price',
        kind: 'Number',
        nativeDataType: 'bytes(decimal(10,2))',
        description: 'Unit price in the order currency.',
      },
    ],
    owners: [
      { owner: 'user:bruno.silva', type: 'TECHNICAL_OWNER' },
      { owner: 'group:data-engineering', type: 'PRODUCER' },
    ],
    upstreams: [],
    tags: ['Streaming', 'Tier1'],
    terms: ['Commerce.Order'],
    links: [{ url: `${RUNBOOK}/order-events`, description: 'On-call runbook for the order events topic' }],
    moreBrowsePaths: ['/prod/kafka/eu-mirror/shop/order_events'],
    ageDays: 720,
  },
  {
    id: 'page_view_events',
    platform: 'kafka',
    name: 'shop.page_views',
    description: 'Clickstream of the web shop: one event per page view, sampled at 100%.',
    customProperties: { 'retention.ms': '259200000', partitions: '24', 'cleanup.policy': 'delete' },
    fields: [
      { path: 'event_id', kind: 'String', nativeDataType: 'string', key: true },
      {
        path: 'session_id',
        kind: 'String',
        nativeDataType: 'string',
        description: 'Browser session, expires after 30 minutes of inactivity.',
      },
      {
        path: 'user_id',
        kind: 'String',
        nativeDataType: 'string',
        nullable: true,
        description: 'Customer identifier when logged in.',
      },
      { path: 'page', kind: 'Record', nativeDataType: 'record' },
      { path: 'page.url', kind: 'String', nativeDataType: 'string' },
      { path: 'page.referrer', kind: 'String', nativeDataType: 'string', nullable: true },
      { path: 'device', kind: 'Record', nativeDataType: 'record' },
      { path: 'device.type', kind: 'Enum', nativeDataType: 'enum', description: 'desktop, mobile or tablet.' },
      { path: 'viewed_at', kind: 'Date', nativeDataType: 'long(timestamp-millis)' },
    ],
    owners: [
      { owner: 'user:bruno.silva', type: 'TECHNICAL_OWNER' },
      { owner: 'group:data-engineering', type: 'PRODUCER' },
    ],
    upstreams: [],
    tags: ['Streaming'],
    terms: [],
    links: [{ url: `${RUNBOOK}/clickstream`, description: 'Clickstream tracking plan' }],
    ageDays: 540,
  },
  {
    id: 'customers_source',
    platform: 'postgres',
    name: 'shop.public.customers',
    description: 'Customer accounts of the shop backend (source of truth for customer profiles).',
    customProperties: { database: 'shop', schema: 'public', replica: 'shop-db-replica-1' },
    fields: [
      { path: 'id', kind: 'Number', nativeDataType: 'bigint', key: true },
      { path: 'email', kind: 'String', nativeDataType: 'varchar(320)', tags: ['PII'], terms: ['Privacy.EmailAddress'] },
      {
        path: 'full_name',
        kind: 'String',
        nativeDataType: 'varchar(200)',
        tags: ['PII'],
        terms: ['Privacy.PersonalData'],
      },
      {
        path: 'country_code',
        kind: 'String',
        nativeDataType: 'char(2)',
        description: 'ISO 3166-1 alpha-2 country of the billing address.',
      },
      { path: 'marketing_opt_in', kind: 'Boolean', nativeDataType: 'boolean' },
      { path: 'created_at', kind: 'Date', nativeDataType: 'timestamptz' },
    ],
    owners: [
      { owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' },
      { owner: 'user:grace.okafor', type: 'DATA_STEWARD' },
    ],
    upstreams: [],
    tags: ['PII'],
    terms: ['Commerce.Customer', 'Privacy.PersonalData'],
    links: [],
    ageDays: 900,
  },
  {
    id: 'products_source',
    platform: 'postgres',
    name: 'shop.public.products',
    description: 'Product catalog of the shop: one row per SKU.',
    customProperties: { database: 'shop', schema: 'public', replica: 'shop-db-replica-1' },
    fields: [
      { path: 'sku', kind: 'String', nativeDataType: 'varchar(32)', key: true },
      { path: 'name', kind: 'String', nativeDataType: 'varchar(200)' },
      { path: 'category', kind: 'String', nativeDataType: 'varchar(64)' },
      {
        path: 'list_price',
        kind: 'Number',
        nativeDataType: 'numeric(10,2)',
        description: 'List price in USD before discounts.',
      },
      {
        path: 'active',
        kind: 'Boolean',
        nativeDataType: 'boolean',
        description: 'Whether the product can be ordered.',
      },
    ],
    // No owner: the table the "has an owner" metadata test fails on.
    owners: [],
    upstreams: [],
    tags: [],
    terms: [],
    links: [],
    ageDays: 900,
  },
  {
    id: 'payments_landing',
    platform: 's3',
    name: 'northwind-landing/payments/stripe_charges',
    description: 'Daily export of card charges from the payment provider, as Parquet files.',
    customProperties: { format: 'parquet', bucket: 'northwind-landing', 'partition.key': 'dt' },
    fields: [
      { path: 'charge_id', kind: 'String', nativeDataType: 'string', key: true },
      { path: 'order_id', kind: 'String', nativeDataType: 'string' },
      {
        path: 'amount_cents',
        kind: 'Number',
        nativeDataType: 'int64',
        description: 'Charged amount in the smallest currency unit.',
      },
      { path: 'currency', kind: 'String', nativeDataType: 'string' },
      { path: 'payment_method', kind: 'Record', nativeDataType: 'struct' },
      { path: 'payment_method.type', kind: 'String', nativeDataType: 'string' },
      { path: 'payment_method.card_brand', kind: 'String', nativeDataType: 'string', nullable: true },
      { path: 'created', kind: 'Date', nativeDataType: 'timestamp' },
    ],
    owners: [
      { owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' },
      { owner: 'user:jonas.weber', type: 'BUSINESS_OWNER' },
    ],
    upstreams: [],
    tags: ['Finance'],
    terms: [],
    links: [
      { url: 'https://wiki.example.com/finance/payments-export', description: 'How the payment export is produced' },
    ],
    ageDays: 600,
  },
  {
    id: 'orders',
    platform: 'hive',
    name: 'clean.orders',
    description:
      'Orders with their latest status, de-duplicated from the order events and enriched with product data. One row per order.',
    customProperties: {
      format: 'orc',
      partitioned_by: 'order_date',
      owner_team: 'data-engineering',
      sla: 'daily 06:00 UTC',
    },
    fields: [
      { path: 'order_id', kind: 'String', nativeDataType: 'string', key: true },
      {
        path: 'customer_id',
        kind: 'String',
        nativeDataType: 'string',
        description: 'Refers to clean.customers.customer_id.',
      },
      { path: 'order_status', kind: 'String', nativeDataType: 'string', terms: ['Commerce.OrderStatus'] },
      { path: 'order_ts', kind: 'Date', nativeDataType: 'timestamp' },
      { path: 'order_date', kind: 'Date', nativeDataType: 'date', description: 'Partition column.' },
      {
        path: 'total_amount',
        kind: 'Number',
        nativeDataType: 'decimal(12,2)',
        description: 'Order value in USD after discounts.',
        terms: ['Commerce.Revenue'],
      },
      { path: 'line_items', kind: 'Array', nativeDataType: 'array<struct<sku:string,quantity:int>>' },
      { path: 'line_items.sku', kind: 'String', nativeDataType: 'string' },
      { path: 'line_items.quantity', kind: 'Number', nativeDataType: 'int' },
    ],
    owners: [
      { owner: 'user:alice.chen', type: 'DATAOWNER' },
      { owner: 'group:data-engineering', type: 'TECHNICAL_OWNER' },
    ],
    upstreams: [
      { id: 'order_events', type: 'TRANSFORMED' },
      { id: 'products_source', type: 'TRANSFORMED' },
    ],
    tags: ['Tier1'],
    terms: ['Commerce.Order'],
    links: [{ url: `${RUNBOOK}/clean-orders`, description: 'Runbook: late or duplicated orders' }],
    foreignKeys: [
      { name: 'fk_orders_customer', field: 'customer_id', dataset: 'customers', foreignField: 'customer_id' },
    ],
    ageDays: 500,
  },
  {
    id: 'customers',
    platform: 'hive',
    name: 'clean.customers',
    description: 'Customer dimension: one row per customer with the first order date and the latest address.',
    customProperties: { format: 'orc', owner_team: 'data-engineering', sla: 'daily 06:00 UTC' },
    fields: [
      { path: 'customer_id', kind: 'String', nativeDataType: 'string', key: true },
      { path: 'email', kind: 'String', nativeDataType: 'string', tags: ['PII'] },
      { path: 'full_name', kind: 'String', nativeDataType: 'string', tags: ['PII'] },
      { path: 'country_code', kind: 'String', nativeDataType: 'string' },
      { path: 'first_order_date', kind: 'Date', nativeDataType: 'date' },
      { path: 'address', kind: 'Record', nativeDataType: 'struct<city:string,postal_code:string>' },
      { path: 'address.city', kind: 'String', nativeDataType: 'string' },
      { path: 'address.postal_code', kind: 'String', nativeDataType: 'string' },
    ],
    owners: [
      { owner: 'user:alice.chen', type: 'DATAOWNER' },
      { owner: 'user:grace.okafor', type: 'DATA_STEWARD' },
    ],
    upstreams: [{ id: 'customers_source', type: 'TRANSFORMED' }],
    tags: ['PII', 'Tier1'],
    terms: ['Commerce.Customer'],
    links: [
      {
        url: 'https://wiki.example.com/privacy/customer-data',
        description: 'Privacy review of the customer dimension',
      },
    ],
    edits: [
      {
        path: 'email',
        description: 'Lower-cased and trimmed; hashed copies live in the marketing schema.',
        terms: ['Privacy.EmailAddress'],
      },
      { path: 'address.postal_code', description: 'Postal code of the latest shipping address.', tags: ['PII'] },
    ],
    ageDays: 500,
  },
  {
    id: 'page_views',
    platform: 'hive',
    name: 'clean.page_views',
    description: 'Page views with bot traffic removed and sessions stitched to customers.',
    customProperties: { format: 'orc', partitioned_by: 'view_date', owner_team: 'data-engineering' },
    fields: [
      { path: 'view_id', kind: 'String', nativeDataType: 'string', key: true },
      { path: 'session_id', kind: 'String', nativeDataType: 'string' },
      { path: 'customer_id', kind: 'String', nativeDataType: 'string', nullable: true },
      { path: 'page_path', kind: 'String', nativeDataType: 'string' },
      { path: 'referrer_host', kind: 'String', nativeDataType: 'string', nullable: true },
      { path: 'device_type', kind: 'String', nativeDataType: 'string' },
      { path: 'view_ts', kind: 'Date', nativeDataType: 'timestamp' },
      { path: 'view_date', kind: 'Date', nativeDataType: 'date' },
    ],
    owners: [{ owner: 'user:bruno.silva', type: 'DATAOWNER' }],
    upstreams: [{ id: 'page_view_events', type: 'TRANSFORMED' }],
    tags: [],
    terms: [],
    links: [],
    ageDays: 400,
  },
  {
    id: 'payments',
    platform: 'hive',
    name: 'clean.payments',
    description: 'Successful card payments converted to USD, one row per charge.',
    customProperties: { format: 'orc', partitioned_by: 'paid_date', owner_team: 'data-engineering' },
    fields: [
      { path: 'payment_id', kind: 'String', nativeDataType: 'string', key: true },
      { path: 'order_id', kind: 'String', nativeDataType: 'string' },
      { path: 'amount_usd', kind: 'Number', nativeDataType: 'decimal(12,2)' },
      { path: 'currency', kind: 'String', nativeDataType: 'string', description: 'Original charge currency.' },
      { path: 'method', kind: 'String', nativeDataType: 'string', description: 'card, paypal or bank_transfer.' },
      { path: 'card_brand', kind: 'String', nativeDataType: 'string', nullable: true },
      { path: 'paid_at', kind: 'Date', nativeDataType: 'timestamp' },
    ],
    owners: [
      { owner: 'user:hiro.tanaka', type: 'TECHNICAL_OWNER' },
      { owner: 'group:data-engineering', type: 'TECHNICAL_OWNER' },
    ],
    upstreams: [{ id: 'payments_landing', type: 'COPY' }],
    tags: ['Finance'],
    terms: [],
    links: [],
    ageDays: 450,
  },
  {
    id: 'daily_revenue',
    platform: 'snowflake',
    name: 'analytics.mart.daily_revenue',
    description: 'Revenue per day: gross and net order value, order count and refunds. The number Finance reports.',
    customProperties: { warehouse: 'ANALYTICS_WH', materialization: 'table', dbt_model: 'mart_daily_revenue' },
    fields: [
      { path: 'revenue_date', kind: 'Date', nativeDataType: 'DATE', key: true },
      {
        path: 'gross_revenue',
        kind: 'Number',
        nativeDataType: 'NUMBER(14,2)',
        description: 'Sum of order totals, USD.',
        terms: ['Commerce.Revenue'],
      },
      {
        path: 'net_revenue',
        kind: 'Number',
        nativeDataType: 'NUMBER(14,2)',
        description: 'Gross revenue minus refunds, USD.',
      },
      { path: 'order_count', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'avg_order_value', kind: 'Number', nativeDataType: 'NUMBER(10,2)' },
      { path: 'refunds', kind: 'Number', nativeDataType: 'NUMBER(14,2)' },
    ],
    owners: [
      { owner: 'user:chloe.martin', type: 'DATAOWNER' },
      { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
      { owner: 'user:jonas.weber', type: 'CONSUMER' },
    ],
    upstreams: [
      { id: 'orders', type: 'TRANSFORMED' },
      { id: 'payments', type: 'TRANSFORMED' },
    ],
    tags: ['Tier1', 'Finance'],
    terms: ['Commerce.Revenue'],
    links: [
      { url: 'https://wiki.example.com/finance/revenue', description: 'Definition of revenue used in board reporting' },
    ],
    fieldLineage: [
      { field: 'gross_revenue', from: [{ dataset: 'orders', field: 'total_amount' }], transform: 'SUM' },
      { field: 'refunds', from: [{ dataset: 'payments', field: 'amount_usd' }], transform: 'SUM' },
    ],
    edits: [
      {
        path: 'net_revenue',
        description: 'Refunds are booked on the day of the refund, not on the order day.',
        tags: ['Finance'],
      },
    ],
    editedName: 'Daily Revenue (USD)',
    editedDescription:
      'Revenue per day in USD. **Source of truth for the monthly board report**; numbers for the current day are provisional until 06:00 UTC.',
    ageDays: 300,
  },
  {
    id: 'customer_lifetime_value',
    platform: 'snowflake',
    name: 'analytics.mart.customer_lifetime_value',
    description: 'Lifetime value per customer: orders and revenue to date plus the predicted 12-month value.',
    customProperties: { warehouse: 'ANALYTICS_WH', materialization: 'incremental', dbt_model: 'mart_customer_ltv' },
    fields: [
      { path: 'customer_id', kind: 'String', nativeDataType: 'VARCHAR(64)', key: true },
      { path: 'first_order_date', kind: 'Date', nativeDataType: 'DATE' },
      { path: 'order_count', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'lifetime_revenue', kind: 'Number', nativeDataType: 'NUMBER(14,2)', terms: ['Commerce.Revenue'] },
      {
        path: 'predicted_clv_12m',
        kind: 'Number',
        nativeDataType: 'FLOAT',
        description: 'Model output, refreshed weekly.',
      },
      {
        path: 'segment',
        kind: 'String',
        nativeDataType: 'VARCHAR(16)',
        description: 'new, active, at_risk or churned.',
      },
    ],
    owners: [
      { owner: 'user:farid.haddad', type: 'DATAOWNER' },
      { owner: 'group:analytics', type: 'BUSINESS_OWNER' },
    ],
    upstreams: [
      { id: 'orders', type: 'TRANSFORMED' },
      { id: 'customers', type: 'TRANSFORMED' },
      { id: 'payments', type: 'TRANSFORMED' },
    ],
    tags: [],
    terms: ['Commerce.Customer'],
    links: [{ url: 'https://wiki.example.com/analytics/clv-model', description: 'CLV model card' }],
    ageDays: 200,
  },
  {
    id: 'funnel_conversion',
    platform: 'snowflake',
    name: 'analytics.mart.funnel_conversion',
    description: 'Daily checkout funnel by device: sessions, product views, add-to-cart, checkouts and orders.',
    customProperties: { warehouse: 'ANALYTICS_WH', materialization: 'table', dbt_model: 'mart_funnel_conversion' },
    fields: [
      { path: 'funnel_date', kind: 'Date', nativeDataType: 'DATE', key: true },
      { path: 'device_type', kind: 'String', nativeDataType: 'VARCHAR(16)', key: true },
      { path: 'sessions', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'product_views', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'add_to_cart', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'checkouts', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'orders', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'conversion_rate', kind: 'Number', nativeDataType: 'FLOAT', description: 'orders / sessions.' },
    ],
    owners: [
      { owner: 'user:isabel.garcia', type: 'DATAOWNER' },
      { owner: 'user:emma.johansson', type: 'STAKEHOLDER' },
    ],
    upstreams: [
      { id: 'page_views', type: 'TRANSFORMED' },
      { id: 'orders', type: 'TRANSFORMED' },
    ],
    tags: [],
    terms: [],
    links: [],
    ageDays: 150,
  },
  {
    id: 'revenue_explore',
    platform: 'looker',
    name: 'finance.daily_revenue',
    description: 'Looker explore over the daily revenue mart: revenue by day, week and month, with refunds.',
    customProperties: { project: 'northwind', model: 'finance', explore: 'daily_revenue' },
    fields: [
      {
        path: 'daily_revenue.revenue_date',
        kind: 'Date',
        nativeDataType: 'date',
        description: 'Dimension group: day, week, month.',
      },
      {
        path: 'daily_revenue.total_gross_revenue',
        kind: 'Number',
        nativeDataType: 'sum',
        description: 'Measure: gross revenue, USD.',
        terms: ['Commerce.Revenue'],
      },
      {
        path: 'daily_revenue.total_refunds',
        kind: 'Number',
        nativeDataType: 'sum',
        description: 'Measure: refunds, USD.',
      },
      { path: 'daily_revenue.order_count', kind: 'Number', nativeDataType: 'sum' },
    ],
    owners: [{ owner: 'user:dev.patel', type: 'DATAOWNER' }],
    upstreams: [{ id: 'daily_revenue', type: 'VIEW' }],
    tags: ['Finance'],
    terms: ['Commerce.Revenue'],
    links: [],
    ageDays: 200,
  },
  {
    id: 'daily_revenue_dev',
    platform: 'snowflake',
    name: 'analytics_dev.mart.daily_revenue',
    origin: 'DEV',
    description: 'Development build of the daily revenue mart, rebuilt on every pull request of the dbt project.',
    customProperties: { warehouse: 'DEV_WH', materialization: 'table', dbt_model: 'mart_daily_revenue', target: 'dev' },
    fields: [
      { path: 'revenue_date', kind: 'Date', nativeDataType: 'DATE', key: true },
      { path: 'gross_revenue', kind: 'Number', nativeDataType: 'NUMBER(14,2)' },
      { path: 'net_revenue', kind: 'Number', nativeDataType: 'NUMBER(14,2)' },
      { path: 'order_count', kind: 'Number', nativeDataType: 'NUMBER(10,0)' },
      { path: 'refunds', kind: 'Number', nativeDataType: 'NUMBER(14,2)' },
    ],
    owners: [{ owner: 'user:chloe.martin', type: 'DATAOWNER' }],
    upstreams: [
      { id: 'orders', type: 'TRANSFORMED' },
      { id: 'payments', type: 'TRANSFORMED' },
    ],
    tags: [],
    terms: [],
    links: [],
    ageDays: 40,
  },
  {
    id: 'orders_v1',
    platform: 'hive',
    name: 'legacy.orders_v1',
    description: 'First version of the orders table, replaced by clean.orders. Kept read-only until the 2027 audit.',
    customProperties: { format: 'textfile', replaced_by: 'clean.orders' },
    fields: [
      { path: 'order_id', kind: 'String', nativeDataType: 'string', key: true },
      { path: 'customer_email', kind: 'String', nativeDataType: 'string', tags: ['PII'] },
      { path: 'amount', kind: 'Number', nativeDataType: 'double' },
      {
        path: 'created',
        kind: 'String',
        nativeDataType: 'string',
        description: 'Timestamp as text, in the shop server time zone.',
      },
      { path: 'status', kind: 'String', nativeDataType: 'string' },
    ],
    owners: [{ owner: 'user:jonas.weber', type: 'DATAOWNER' }],
    upstreams: [{ id: 'order_events', type: 'TRANSFORMED' }],
    tags: ['Legacy', 'PII'],
    terms: [],
    links: [{ url: 'https://wiki.example.com/data/decommissioning/orders-v1', description: 'Decommissioning plan' }],
    removed: true,
    ageDays: 1100,
  },
];
