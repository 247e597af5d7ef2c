/**
 * The lifecycle family: creating, moving, updating and deleting catalog entities (upstream's resolvers/domain,
 * dataproduct, application, glossary, structuredproperties, businessattribute, template, module, query and connection packages, types/ermodelrelationship, and mutate/MoveDomainResolver, UpdateParentNodeResolver), as
 * resolvers (see the files beside).
 */
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { createBusinessAttribute, deleteBusinessAttribute, updateBusinessAttribute } from './business-attributes.js';
import { createERModelRelationship, updateERModelRelationship } from './er-model-relationships.js';
import { upsertConnection } from './connections.js';
import { upsertDataContract } from './data-contracts.js';
import { createDomain, deleteDomain, moveDomain } from './domains.js';
import { createGlossaryEntity, deleteGlossaryEntity, updateParentNode } from './glossary.js';
import { createApplication, createDataProduct, deleteOfKind, updateDataProduct } from './products-and-applications.js';
import { deletePageModule, deletePageTemplate, upsertPageModule, upsertPageTemplate } from './page-templates.js';
import { createQuery, deleteQuery, updateQuery } from './queries.js';
import { addRelatedTerms, removeRelatedTerms, type RelatedTermsInput } from './related-terms.js';
import {
  createStructuredProperty,
  deleteStructuredProperty,
  updateStructuredProperty,
} from './structured-properties.js';

type Input<T> = Resolver<{ input: T }>;
type ByUrn = Resolver<{ urn: string }>;
type GlossaryInput = Input<Parameters<typeof createGlossaryEntity>[2]>;

export const lifecycleFamily: ResolverFamily = (viewOf) => ({
  Mutation: {
    createDomain: ((_r, { input }, ctx) => createDomain(ctx, input)) satisfies Input<
      Parameters<typeof createDomain>[1]
    >,
    moveDomain: ((_r, { input }, ctx) => moveDomain(ctx, input)) satisfies Input<Parameters<typeof moveDomain>[1]>,
    deleteDomain: ((_r, { urn }, ctx) => deleteDomain(ctx, urn)) satisfies ByUrn,
    createDataProduct: ((_r, { input }, ctx) => createDataProduct(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof createDataProduct>[2]
    >,
    updateDataProduct: ((_r, { urn, input }, ctx) =>
      updateDataProduct(ctx, viewOf(ctx), urn, input)) satisfies Resolver<{
      urn: string;
      input: Parameters<typeof updateDataProduct>[3];
    }>,
    deleteDataProduct: ((_r, { urn }, ctx) => deleteOfKind(ctx, 'dataProduct', urn)) satisfies ByUrn,
    createApplication: ((_r, { input }, ctx) => createApplication(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof createApplication>[2]
    >,
    deleteApplication: ((_r, { urn }, ctx) => deleteOfKind(ctx, 'application', urn)) satisfies ByUrn,
    createGlossaryTerm: ((_r, { input }, ctx) =>
      createGlossaryEntity(ctx, 'glossaryTerm', input)) satisfies GlossaryInput,
    createGlossaryNode: ((_r, { input }, ctx) =>
      createGlossaryEntity(ctx, 'glossaryNode', input)) satisfies GlossaryInput,
    addRelatedTerms: ((_r, { input }, ctx) => addRelatedTerms(ctx, input)) satisfies Input<RelatedTermsInput>,
    removeRelatedTerms: ((_r, { input }, ctx) => removeRelatedTerms(ctx, input)) satisfies Input<RelatedTermsInput>,
    updateParentNode: ((_r, { input }, ctx) => updateParentNode(ctx, input)) satisfies Input<
      Parameters<typeof updateParentNode>[1]
    >,
    deleteGlossaryEntity: ((_r, { urn }, ctx) => deleteGlossaryEntity(ctx, urn)) satisfies ByUrn,
    createStructuredProperty: ((_r, { input }, ctx) =>
      createStructuredProperty(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof createStructuredProperty>[2]
    >,
    updateStructuredProperty: ((_r, { input }, ctx) =>
      updateStructuredProperty(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof updateStructuredProperty>[2]
    >,
    deleteStructuredProperty: ((_r, { input }, ctx) => deleteStructuredProperty(ctx, input)) satisfies Input<{
      urn: string;
    }>,
    createBusinessAttribute: ((_r, { input }, ctx) => createBusinessAttribute(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof createBusinessAttribute>[2]
    >,
    updateBusinessAttribute: ((_r, { urn, input }, ctx) =>
      updateBusinessAttribute(ctx, viewOf(ctx), urn, input)) satisfies Resolver<{
      urn: string;
      input: Parameters<typeof updateBusinessAttribute>[3];
    }>,
    deleteBusinessAttribute: ((_r, { urn }, ctx) => deleteBusinessAttribute(ctx, urn)) satisfies ByUrn,
    createERModelRelationship: ((_r, { input }, ctx) =>
      createERModelRelationship(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof createERModelRelationship>[2]
    >,
    updateERModelRelationship: ((_r, { urn, input }, ctx) =>
      updateERModelRelationship(ctx, urn, input)) satisfies Resolver<{
      urn: string;
      input: Parameters<typeof updateERModelRelationship>[2];
    }>,
    createQuery: ((_r, { input }, ctx) => createQuery(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof createQuery>[2]
    >,
    updateQuery: ((_r, { urn, input }, ctx) => updateQuery(ctx, viewOf(ctx), urn, input)) satisfies Resolver<{
      urn: string;
      input: Parameters<typeof updateQuery>[3];
    }>,
    deleteQuery: ((_r, { urn }, ctx) => deleteQuery(ctx, urn)) satisfies ByUrn,
    upsertDataContract: ((_r, { input }, ctx) => upsertDataContract(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof upsertDataContract>[2]
    >,
    upsertConnection: ((_r, { input }, ctx) => upsertConnection(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof upsertConnection>[2]
    >,
    upsertPageTemplate: ((_r, { input }, ctx) => upsertPageTemplate(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof upsertPageTemplate>[2]
    >,
    upsertPageModule: ((_r, { input }, ctx) => upsertPageModule(ctx, viewOf(ctx), input)) satisfies Input<
      Parameters<typeof upsertPageModule>[2]
    >,
    deletePageTemplate: ((_r, { input }, ctx) => deletePageTemplate(ctx, input.urn)) satisfies Input<{ urn: string }>,
    deletePageModule: ((_r, { input }, ctx) => deletePageModule(ctx, input.urn)) satisfies Input<{ urn: string }>,
  },
});
