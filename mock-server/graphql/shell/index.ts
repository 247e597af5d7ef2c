/**
 * The app shell's type family (upstream's resolvers/config/, resolvers/settings/, resolvers/step/,
 * EntityCountsResolver and analytics/resolver/): the configuration the app starts from, the organisation's
 * feature settings, the counts of entities by type, the step states of the app's tours, and the analytics page.
 */
import type {
  MutationBatchUpdateStepStatesArgs,
  MutationUpdateApplicationsSettingsArgs,
  MutationUpdateDocPropagationSettingsArgs,
  QueryBatchGetStepStatesArgs,
  QueryGetEntityCountsArgs,
  QueryGetMetadataAnalyticsChartsArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { getAnalyticsCharts, getMetadataAnalyticsCharts } from './analytics.js';
import { appConfig } from './app-config.js';
import { getEntityCounts } from './entity-counts.js';
import {
  docPropagationSettings,
  updateApplicationsSettings,
  updateDocPropagationSettings,
} from './feature-settings.js';
import { getHighlights } from './highlights.js';
import { QUICKSTART_CONFIG } from './quickstart-config.js';
import { batchGetStepStates, batchUpdateStepStates } from './step-states.js';

type NoArgs = Record<string, never>;

export const shellFamily: ResolverFamily = (viewOf) => ({
  Query: {
    appConfig: ((_root, _args, ctx) => appConfig(ctx, viewOf(ctx))) satisfies Resolver<NoArgs>,
    docPropagationSettings: ((_root, _args, ctx) =>
      docPropagationSettings(ctx, viewOf(ctx))) satisfies Resolver<NoArgs>,
    getEntityCounts: ((_root, args, ctx) =>
      getEntityCounts(viewOf(ctx), args)) satisfies Resolver<QueryGetEntityCountsArgs>,
    batchGetStepStates: ((_root, args, ctx) =>
      batchGetStepStates(ctx, viewOf(ctx), args)) satisfies Resolver<QueryBatchGetStepStatesArgs>,
    isAnalyticsEnabled: (() => QUICKSTART_CONFIG.analyticsEnabled) satisfies Resolver<NoArgs>,
    getHighlights: ((_root, _args, ctx) => getHighlights(viewOf(ctx))) satisfies Resolver<NoArgs>,
    getAnalyticsCharts: ((_root, _args, ctx) => getAnalyticsCharts(viewOf(ctx))) satisfies Resolver<NoArgs>,
    getMetadataAnalyticsCharts: ((_root, args, ctx) =>
      getMetadataAnalyticsCharts(viewOf(ctx), args)) satisfies Resolver<QueryGetMetadataAnalyticsChartsArgs>,
  },
  Mutation: {
    updateDocPropagationSettings: ((_root, args, ctx) =>
      updateDocPropagationSettings(ctx, args)) satisfies Resolver<MutationUpdateDocPropagationSettingsArgs>,
    updateApplicationsSettings: ((_root, args, ctx) =>
      updateApplicationsSettings(ctx, args)) satisfies Resolver<MutationUpdateApplicationsSettingsArgs>,
    batchUpdateStepStates: ((_root, args, ctx) =>
      batchUpdateStepStates(ctx, viewOf(ctx), args)) satisfies Resolver<MutationBatchUpdateStepStatesArgs>,
  },
});
