/**
 * A term's related terms (datahub-graphql-core/.../resolvers/glossary/AddRelatedTermsResolver.java and
 * RemoveRelatedTermsResolver.java at v1.3.0.1), in glossaryRelatedTerms (GlossaryRelatedTerms.pdl):
 * `isA` in isRelatedTerms, `hasA` in hasRelatedTerms. Adding checks the term and each related term (a
 * term, existing, not the term itself) and appends those not there yet; removing takes the given ones out of
 * the list of the kind, which must exist. Upstream's messages; its server errors (no related terms stored)
 * are BAD_REQUEST here.
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { stringsOf } from '../json-values.js';
import { targetUrn } from '../target-urn.js';

const TERM = 'glossaryTerm';
const ASPECT = 'glossaryRelatedTerms';
const LIST = { isA: 'isRelatedTerms', hasA: 'hasRelatedTerms' } as const;

export interface RelatedTermsInput {
  urn: string;
  termUrns: readonly string[];
  relationshipType: keyof typeof LIST;
}

const isExistingTerm = (ctx: GraphqlContext, urn: string): boolean =>
  targetUrn(ctx, urn).entity.name === TERM && ctx.store.entityExists(urn);

function checkedTerm(ctx: GraphqlContext, urn: string): void {
  if (!isExistingTerm(ctx, urn))
    throw badRequestError(`Failed to update ${urn}. ${urn} either does not exist or is not a glossaryTerm.`);
}

export function addRelatedTerms(ctx: GraphqlContext, input: RelatedTermsInput): boolean {
  const write = authorizeMutation(ctx, input.urn);
  checkedTerm(ctx, input.urn);
  for (const term of input.termUrns) {
    if (term === input.urn)
      throw badRequestError(`Failed to update ${input.urn}. Tried to create related term with itself.`);
    if (targetUrn(ctx, term).entity.name !== TERM)
      throw badRequestError(`Failed to update ${input.urn}. ${term} is not a glossaryTerm.`);
    if (!ctx.store.entityExists(term)) throw badRequestError(`Failed to update ${input.urn}. ${term} does not exist.`);
  }
  return ctx.store.transaction(() => {
    const related = structuredClone(ctx.store.getAspect(input.urn, ASPECT, 0)?.value ?? {});
    const list = LIST[input.relationshipType];
    const existing = stringsOf(related[list]);
    const added = input.termUrns.filter((term, i) => !existing.includes(term) && input.termUrns.indexOf(term) === i);
    if (added.length === 0) return true;
    ctx.store.upsertAspect(TERM, input.urn, ASPECT, { ...related, [list]: [...existing, ...added] }, write);
    return true;
  });
}

export function removeRelatedTerms(ctx: GraphqlContext, input: RelatedTermsInput): boolean {
  const write = authorizeMutation(ctx, input.urn);
  checkedTerm(ctx, input.urn);
  for (const term of input.termUrns) targetUrn(ctx, term);
  return ctx.store.transaction(() => {
    const related = ctx.store.getAspect(input.urn, ASPECT, 0)?.value;
    if (!related) throw badRequestError(`Related Terms for this Urn do not exist: ${input.urn}`);
    const list = LIST[input.relationshipType];
    if (!Array.isArray(related[list]))
      throw badRequestError('Failed to remove from GlossaryRelatedTerms as they do not exist for this Glossary Term');
    const kept = stringsOf(related[list]).filter((term) => !input.termUrns.includes(term));
    ctx.store.upsertAspect(TERM, input.urn, ASPECT, { ...structuredClone(related), [list]: kept }, write);
    return true;
  });
}
