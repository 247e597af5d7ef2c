/**
 * The home page's building blocks (upstream's DataHubPageTemplateMapper and DataHubPageModuleMapper at
 * v1.3.0.1): a page template's rows of module URNs, asset summary, surface and visibility from
 * dataHubPageTemplateProperties; a module's name, kind, visibility and parameters from
 * dataHubPageModuleProperties. Their properties are non-null, so one never stored has no record, and a row
 * leaves out the modules that have none.
 */
import { booleanOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export function pageTemplateRecord(view: EntityView, urn: string): OutputRecord | null {
  const properties = view.aspectsOf(urn).aspect('dataHubPageTemplateProperties');
  if (!properties) return null;
  const summary = objectOf(properties.assetSummary);
  return view.shapes.record('DataHubPageTemplate', {
    urn,
    type: 'DATAHUB_PAGE_TEMPLATE',
    relationships: relationshipsOf(view, urn),
    properties: view.shapes.record('DataHubPageTemplateProperties', {
      rows: objectsOf(properties.rows).map((row) =>
        view.shapes.record('DataHubPageTemplateRow', {
          modules: () => stringsOf(row.modules).flatMap((module) => view.entity(module) ?? []),
        }),
      ),
      assetSummary: summary
        ? view.shapes.record('DataHubPageTemplateAssetSummary', {
            summaryElements: objectsOf(summary.summaryElements).map((element) => {
              const property = stringOr(element.structuredPropertyUrn);
              return view.shapes.record('SummaryElement', {
                elementType: stringOr(element.elementType),
                structuredProperty: () => (property ? view.entity(property) : null),
              });
            }),
          })
        : null,
      surface: view.shapes.record('DataHubPageTemplateSurface', {
        surfaceType: stringOr(objectOf(properties.surface)?.surfaceType),
      }),
      visibility: view.shapes.record('DataHubPageTemplateVisibility', {
        scope: stringOr(objectOf(properties.visibility)?.scope),
      }),
    }),
  });
}

function moduleParams(view: EntityView, params: JsonObject | undefined): OutputRecord {
  const link = objectOf(params?.linkParams);
  const richText = objectOf(params?.richTextParams);
  const assets = objectOf(params?.assetCollectionParams);
  const hierarchy = objectOf(params?.hierarchyViewParams);
  return view.shapes.record('DataHubPageModuleParams', {
    linkParams: link
      ? view.shapes.record('LinkModuleParams', {
          linkUrl: stringOr(link.linkUrl),
          imageUrl: stringOr(link.imageUrl),
          description: stringOr(link.description),
        })
      : null,
    richTextParams: richText
      ? view.shapes.record('RichTextModuleParams', { content: stringOr(richText.content) })
      : null,
    assetCollectionParams: assets
      ? view.shapes.record('AssetCollectionModuleParams', {
          assetUrns: stringsOf(assets.assetUrns),
          dynamicFilterJson: stringOr(assets.dynamicFilterJson),
        })
      : null,
    hierarchyViewParams: hierarchy
      ? view.shapes.record('HierarchyViewModuleParams', {
          assetUrns: stringsOf(hierarchy.assetUrns),
          showRelatedEntities: booleanOr(hierarchy.showRelatedEntities) ?? false,
          relatedEntitiesFilterJson: stringOr(hierarchy.relatedEntitiesFilterJson),
        })
      : null,
  });
}

export function pageModuleRecord(view: EntityView, urn: string): OutputRecord | null {
  const properties = view.aspectsOf(urn).aspect('dataHubPageModuleProperties');
  if (!properties) return null;
  return view.shapes.record('DataHubPageModule', {
    urn,
    type: 'DATAHUB_PAGE_MODULE',
    exists: true,
    relationships: relationshipsOf(view, urn),
    properties: view.shapes.record('DataHubPageModuleProperties', {
      name: stringOr(properties.name),
      type: stringOr(properties.type),
      visibility: view.shapes.record('DataHubPageModuleVisibility', {
        scope: stringOr(objectOf(properties.visibility)?.scope),
      }),
      params: moduleParams(view, objectOf(properties.params)),
    }),
  });
}
