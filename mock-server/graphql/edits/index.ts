/**
 * The edits' type family (upstream's resolvers/mutate/ and resolvers/tag/CreateTagResolver): the
 * document's mutations (createTag, updateDataset, updateDescription) and the screens' edits of tags,
 * terms, owners, links and names, as resolvers (see the files beside).
 */
import type {
  MutationCreateTagArgs,
  MutationUpdateDatasetArgs,
  MutationUpdateDescriptionArgs,
} from '../../../generated/graphql/resolvers.js';
import type { Resolver, ResolverFamily } from '../resolver-types.js';
import { createTag } from './create-tag.js';
import { changeLabels, TAGS, TERMS } from './labels.js';
import { addLink, removeLink, type AddLinkInput } from './links.js';
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
  },
});
