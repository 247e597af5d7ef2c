/**
 * The edits' type family (upstream's resolvers/mutate/ and resolvers/tag/CreateTagResolver): the
 * document's mutations (createTag, updateDataset, updateDescription) and the screens' edits of tags,
 * terms, owners, links and names, as resolvers (see the files beside).
 */
import type {
  MutationBatchSetApplicationArgs,
  MutationBatchSetDataProductArgs,
  MutationBatchSetDomainArgs,
  MutationBatchUpdateDeprecationArgs,
  MutationBatchUpdateSoftDeletedArgs,
  MutationCreateTagArgs,
  MutationDeleteAssertionArgs,
  MutationRemoveStructuredPropertiesArgs,
  MutationUpdateAssetSettingsArgs,
  MutationUpsertStructuredPropertiesArgs,
  MutationDeleteTagArgs,
  MutationLinkAssetVersionArgs,
  MutationUnlinkAssetVersionArgs,
  MutationRaiseIncidentArgs,
  MutationUpdateIncidentArgs,
  MutationUpdateIncidentStatusArgs,
  MutationSetDomainArgs,
  MutationSubmitFormPromptArgs,
  MutationSetTagColorArgs,
  MutationUnsetDomainArgs,
  MutationUpdateChartArgs,
  MutationUpdateDashboardArgs,
  MutationUpdateDataFlowArgs,
  MutationUpdateDataJobArgs,
  MutationUpdateDatasetArgs,
  MutationUpdateDeprecationArgs,
  MutationUpdateDescriptionArgs,
  MutationUpdateDisplayPropertiesArgs,
  MutationUpdateEmbedArgs,
  MutationUpdateLineageArgs,
  MutationUpdateLinkArgs,
  MutationUpdateTagArgs,
  MutationVerifyFormArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { createTag } from './create-tag.js';
import { changeLabels, TAGS, TERMS } from './labels.js';
import { deleteAssertion } from './assertions.js';
import { updateAssetSettings } from './asset-settings.js';
import { addBusinessAttribute, removeBusinessAttribute } from './business-attributes.js';
import { batchUpdateDeprecation, updateDeprecation } from './deprecation.js';
import { batchSetDomain, setDomain, unsetDomain } from './domains.js';
import { setTagColor, updateDisplayProperties, updateEmbed } from './entity-looks.js';
import { submitFormPrompt, verifyForm } from './forms.js';
import { raiseIncident, updateIncident, updateIncidentStatus } from './incidents.js';
import { updateLineage } from './lineage-edits.js';
import { addLink, removeLink, updateLink, type AddLinkInput } from './links.js';
import { batchSetApplication, batchSetDataProduct } from './memberships.js';
import { batchUpdateSoftDeleted } from './soft-delete.js';
import { removeStructuredProperties, upsertStructuredProperties } from './structured-properties.js';
import { deleteTag, updateTag } from './tags.js';
import { updateAsset } from './update-asset.js';
import { linkAssetVersion, unlinkAssetVersion } from './versions.js';
import { addOwners, removeOwners, type OwnerInput } from './owners.js';
import type { ResourceRef } from './resources.js';
import { updateDataset } from './update-dataset.js';
import { updateDescription } from './update-description.js';
import { updateName } from './update-name.js';

type Sub = Omit<ResourceRef, 'resourceUrn'>;
const ref = (resourceUrn: string, sub: Sub): ResourceRef => ({
  resourceUrn,
  subResourceType: sub.subResourceType ?? null,
  subResource: sub.subResource ?? null,
});

type Input<T> = Resolver<{ input: T }>;

export const editFamily: ResolverFamily = (viewOf) => ({
  Mutation: {
    createTag: ((_root, args, ctx) => createTag(ctx, args)) satisfies Resolver<MutationCreateTagArgs>,
    updateDataset: ((_root, args, ctx) =>
      updateDataset(ctx, viewOf(ctx), args)) satisfies Resolver<MutationUpdateDatasetArgs>,
    updateDescription: ((_root, args, ctx) =>
      updateDescription(ctx, args)) satisfies Resolver<MutationUpdateDescriptionArgs>,
    addTag: ((_r, { input }, ctx) =>
      changeLabels(ctx, TAGS, [input.tagUrn], [ref(input.resourceUrn, input)], true)) satisfies Input<
      Sub & { tagUrn: string; resourceUrn: string }
    >,
    addTags: ((_r, { input }, ctx) =>
      changeLabels(ctx, TAGS, input.tagUrns, [ref(input.resourceUrn, input)], true)) satisfies Input<
      Sub & { tagUrns: string[]; resourceUrn: string }
    >,
    batchAddTags: ((_r, { input }, ctx) =>
      changeLabels(ctx, TAGS, input.tagUrns, input.resources, true)) satisfies Input<{
      tagUrns: string[];
      resources: ResourceRef[];
    }>,
    removeTag: ((_r, { input }, ctx) =>
      changeLabels(ctx, TAGS, [input.tagUrn], [ref(input.resourceUrn, input)], false)) satisfies Input<
      Sub & { tagUrn: string; resourceUrn: string }
    >,
    batchRemoveTags: ((_r, { input }, ctx) =>
      changeLabels(ctx, TAGS, input.tagUrns, input.resources, false)) satisfies Input<{
      tagUrns: string[];
      resources: (ResourceRef | null)[];
    }>,
    addTerm: ((_r, { input }, ctx) =>
      changeLabels(ctx, TERMS, [input.termUrn], [ref(input.resourceUrn, input)], true)) satisfies Input<
      Sub & { termUrn: string; resourceUrn: string }
    >,
    addTerms: ((_r, { input }, ctx) =>
      changeLabels(ctx, TERMS, input.termUrns, [ref(input.resourceUrn, input)], true)) satisfies Input<
      Sub & { termUrns: string[]; resourceUrn: string }
    >,
    batchAddTerms: ((_r, { input }, ctx) =>
      changeLabels(ctx, TERMS, input.termUrns, input.resources, true)) satisfies Input<{
      termUrns: string[];
      resources: (ResourceRef | null)[];
    }>,
    removeTerm: ((_r, { input }, ctx) =>
      changeLabels(ctx, TERMS, [input.termUrn], [ref(input.resourceUrn, input)], false)) satisfies Input<
      Sub & { termUrn: string; resourceUrn: string }
    >,
    batchRemoveTerms: ((_r, { input }, ctx) =>
      changeLabels(ctx, TERMS, input.termUrns, input.resources, false)) satisfies Input<{
      termUrns: string[];
      resources: (ResourceRef | null)[];
    }>,
    addOwner: ((_r, { input }, ctx) => addOwners(ctx, [input], [{ resourceUrn: input.resourceUrn }])) satisfies Input<
      OwnerInput & { resourceUrn: string }
    >,
    addOwners: ((_r, { input }, ctx) =>
      addOwners(ctx, input.owners, [{ resourceUrn: input.resourceUrn }])) satisfies Input<{
      owners: OwnerInput[];
      resourceUrn: string;
    }>,
    batchAddOwners: ((_r, { input }, ctx) =>
      addOwners(ctx, input.owners, input.resources, input.ownershipTypeUrn)) satisfies Input<{
      owners: OwnerInput[];
      ownershipTypeUrn?: string | null;
      resources: (ResourceRef | null)[];
    }>,
    removeOwner: ((_r, { input }, ctx) =>
      removeOwners(
        ctx,
        [input.ownerUrn],
        [{ resourceUrn: input.resourceUrn }],
        input.ownershipTypeUrn,
      )) satisfies Input<{
      ownerUrn: string;
      ownershipTypeUrn?: string | null;
      resourceUrn: string;
    }>,
    batchRemoveOwners: ((_r, { input }, ctx) =>
      removeOwners(ctx, input.ownerUrns, input.resources, input.ownershipTypeUrn)) satisfies Input<{
      ownerUrns: string[];
      ownershipTypeUrn?: string | null;
      resources: (ResourceRef | null)[];
    }>,
    addLink: ((_r, { input }, ctx) => addLink(ctx, input)) satisfies Input<AddLinkInput>,
    removeLink: ((_r, { input }, ctx) => removeLink(ctx, input)) satisfies Input<{
      linkUrl: string;
      label?: string | null;
      resourceUrn: string;
    }>,
    updateName: ((_r, { input }, ctx) => updateName(ctx, input)) satisfies Input<{ name: string; urn: string }>,
    updateLink: ((_r, { input }, ctx) => updateLink(ctx, input)) satisfies Resolver<MutationUpdateLinkArgs>,
    setDomain: ((_r, args, ctx) =>
      setDomain(ctx, args.entityUrn, args.domainUrn)) satisfies Resolver<MutationSetDomainArgs>,
    unsetDomain: ((_r, args, ctx) => unsetDomain(ctx, args.entityUrn)) satisfies Resolver<MutationUnsetDomainArgs>,
    batchSetDomain: ((_r, { input }, ctx) => batchSetDomain(ctx, input)) satisfies Resolver<MutationBatchSetDomainArgs>,
    setTagColor: ((_r, args, ctx) =>
      setTagColor(ctx, args.urn, args.colorHex)) satisfies Resolver<MutationSetTagColorArgs>,
    updateDeprecation: ((_r, { input }, ctx) =>
      updateDeprecation(ctx, input)) satisfies Resolver<MutationUpdateDeprecationArgs>,
    batchUpdateDeprecation: ((_r, { input }, ctx) =>
      batchUpdateDeprecation(ctx, input)) satisfies Resolver<MutationBatchUpdateDeprecationArgs>,
    batchUpdateSoftDeleted: ((_r, { input }, ctx) =>
      batchUpdateSoftDeleted(ctx, input)) satisfies Resolver<MutationBatchUpdateSoftDeletedArgs>,
    updateEmbed: ((_r, { input }, ctx) => updateEmbed(ctx, input)) satisfies Resolver<MutationUpdateEmbedArgs>,
    updateDisplayProperties: ((_r, args, ctx) =>
      updateDisplayProperties(ctx, args.urn, args.input)) satisfies Resolver<MutationUpdateDisplayPropertiesArgs>,
    addBusinessAttribute: ((_r, { input }, ctx) => addBusinessAttribute(ctx, input)) satisfies Input<{
      businessAttributeUrn: string;
      resourceUrn: ResourceRef[];
    }>,
    removeBusinessAttribute: ((_r, { input }, ctx) => removeBusinessAttribute(ctx, input)) satisfies Input<{
      businessAttributeUrn: string;
      resourceUrn: ResourceRef[];
    }>,
    updateTag: ((_r, args, ctx) =>
      updateTag(ctx, viewOf(ctx), args.urn, args.input)) satisfies Resolver<MutationUpdateTagArgs>,
    deleteTag: ((_r, args, ctx) => deleteTag(ctx, args.urn)) satisfies Resolver<MutationDeleteTagArgs>,
    updateChart: ((_r, args, ctx) =>
      updateAsset(ctx, viewOf(ctx), 'chart', args.urn, args.input)) satisfies Resolver<MutationUpdateChartArgs>,
    updateDashboard: ((_r, args, ctx) =>
      updateAsset(ctx, viewOf(ctx), 'dashboard', args.urn, args.input)) satisfies Resolver<MutationUpdateDashboardArgs>,
    updateDataFlow: ((_r, args, ctx) =>
      updateAsset(ctx, viewOf(ctx), 'dataFlow', args.urn, args.input)) satisfies Resolver<MutationUpdateDataFlowArgs>,
    updateDataJob: ((_r, args, ctx) =>
      updateAsset(ctx, viewOf(ctx), 'dataJob', args.urn, args.input)) satisfies Resolver<MutationUpdateDataJobArgs>,
    upsertStructuredProperties: ((_r, { input }, ctx) =>
      upsertStructuredProperties(ctx, viewOf(ctx), input)) satisfies Resolver<MutationUpsertStructuredPropertiesArgs>,
    removeStructuredProperties: ((_r, { input }, ctx) =>
      removeStructuredProperties(ctx, viewOf(ctx), input)) satisfies Resolver<MutationRemoveStructuredPropertiesArgs>,
    deleteAssertion: ((_r, args, ctx) =>
      deleteAssertion(ctx, args.urn)) satisfies Resolver<MutationDeleteAssertionArgs>,
    updateAssetSettings: ((_r, { input }, ctx) =>
      updateAssetSettings(ctx, viewOf(ctx), input)) satisfies Resolver<MutationUpdateAssetSettingsArgs>,
    raiseIncident: ((_r, { input }, ctx) => raiseIncident(ctx, input)) satisfies Resolver<MutationRaiseIncidentArgs>,
    updateIncident: ((_r, args, ctx) =>
      updateIncident(ctx, args.urn, args.input)) satisfies Resolver<MutationUpdateIncidentArgs>,
    updateIncidentStatus: ((_r, args, ctx) =>
      updateIncidentStatus(ctx, args.urn, args.input)) satisfies Resolver<MutationUpdateIncidentStatusArgs>,
    updateLineage: ((_r, { input }, ctx) => updateLineage(ctx, input)) satisfies Resolver<MutationUpdateLineageArgs>,
    linkAssetVersion: ((_r, { input }, ctx) =>
      linkAssetVersion(ctx, viewOf(ctx), input)) satisfies Resolver<MutationLinkAssetVersionArgs>,
    unlinkAssetVersion: ((_r, { input }, ctx) =>
      unlinkAssetVersion(ctx, viewOf(ctx), input)) satisfies Resolver<MutationUnlinkAssetVersionArgs>,
    submitFormPrompt: ((_r, args, ctx) =>
      submitFormPrompt(ctx, args.urn, args.input)) satisfies Resolver<MutationSubmitFormPromptArgs>,
    verifyForm: ((_r, { input }, ctx) => verifyForm(ctx, input)) satisfies Resolver<MutationVerifyFormArgs>,
    batchSetApplication: ((_r, { input }, ctx) =>
      batchSetApplication(ctx, input)) satisfies Resolver<MutationBatchSetApplicationArgs>,
    batchSetDataProduct: ((_r, { input }, ctx) =>
      batchSetDataProduct(ctx, input)) satisfies Resolver<MutationBatchSetDataProductArgs>,
  },
});
