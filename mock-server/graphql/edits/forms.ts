/**
 * Answering forms on an entity page (upstream's SubmitFormPromptResolver and VerifyFormResolver under
 * resolvers/form/ over FormService in metadata-service/services, v1.3.0.1). A structured property prompt's
 * answer writes the property's values on the entity (as upsertStructuredProperties does), then moves the
 * prompt to the form's completedPrompts (lastModified the caller) and, once every required prompt of the
 * form's formInfo is complete, the form from incompleteForms to completedForms of the entity's forms aspect.
 * A prompt on schema fields (FIELDS_STRUCTURED_PROPERTY, with `fieldPath`) writes the values on the field's
 * schemaField entity and marks that field complete in the prompt's fieldAssociations; the prompt is complete
 * once every field of the entity's schema is (FormService.submitFieldStructuredPropertyPromptResponse).
 * verifyForm adds (or replaces) the form's verification, for a VERIFICATION form the entity has completed, and
 * only for a caller the form is assigned to: named among the form's actors (users, or one of the caller's
 * groups), or an owner of the entity (itself or a group) when the form is for owners, as FormService
 * .isFormAssignedToUser decides; else UNAUTHORIZED with upstream's message. The form must be assigned to the
 * entity.
 */
import type { SubmitFormPromptInput } from '../../../generated/graphql/resolvers.js';
import { makeUrn } from '../../../spec/index.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { CatalogGraphqlError, badRequestError } from '../errors.js';
import { formAssignedTo } from '../entities/forms.js';
import { objectOf, objectsOf } from '../json-values.js';
import { actorOf, owns } from '../policy-engine.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, stamp, storedCopy, validateResource, writeAspect } from './resources.js';
import { checkedValues, writeValues } from './structured-properties.js';

type Association = Record<string, unknown>;

function formInfo(ctx: GraphqlContext, formUrn: string): Record<string, unknown> {
  targetUrn(ctx, formUrn, 'form');
  const info = ctx.store.getAspect(formUrn, 'formInfo', 0)?.value;
  if (!info) throw badRequestError(`Form ${formUrn} does not exist (no formInfo)`);
  return info;
}

function assignment(forms: Record<string, unknown>, formUrn: string, entityUrn: string): Association {
  const found = [...objectsOf(forms.incompleteForms), ...objectsOf(forms.completedForms)].find(
    (f) => f.urn === formUrn,
  );
  if (!found) throw badRequestError(`Form ${formUrn} has not been assigned to entity ${entityUrn}`);
  return found;
}

/** The form's association of the prompt, stamped with the caller; a new one joins the incomplete prompts. */
function promptOf(form: Association, promptId: string, write: WriteContext): Association {
  const existing = [...objectsOf(form.completedPrompts), ...objectsOf(form.incompletePrompts)].find(
    (p) => p.id === promptId,
  );
  const prompt = existing ?? { id: promptId };
  prompt.lastModified = stamp(write);
  if (!existing) form.incompletePrompts = [...objectsOf(form.incompletePrompts), prompt];
  return prompt;
}

/** Marks the field complete in the prompt's fieldAssociations; whether every field of the schema now is. */
function completeField(ctx: GraphqlContext, urn: string, prompt: Association, fieldPath: string, write: WriteContext) {
  const fields = objectOf(prompt.fieldAssociations) ?? {};
  const others = (list: unknown) => objectsOf(list).filter((f) => f.fieldPath !== fieldPath);
  fields.completedFieldPrompts = [...others(fields.completedFieldPrompts), { fieldPath, lastModified: stamp(write) }];
  fields.incompleteFieldPrompts = others(fields.incompleteFieldPrompts);
  prompt.fieldAssociations = fields;
  const done = new Set(objectsOf(fields.completedFieldPrompts).map((f) => f.fieldPath));
  const schema = ctx.store.getAspect(urn, 'schemaMetadata', 0)?.value;
  return objectsOf(schema?.fields).every((field) => done.has(field.fieldPath));
}

/** Moves the prompt to the completed ones and the form to completedForms once its required prompts are. */
function completePrompt(forms: Association, form: Association, info: Association, prompt: Association): void {
  const formUrn = form.urn;
  form.completedPrompts = [...objectsOf(form.completedPrompts).filter((p) => p.id !== prompt.id), prompt];
  form.incompletePrompts = objectsOf(form.incompletePrompts).filter((p) => p.id !== prompt.id);
  const completed = new Set(objectsOf(form.completedPrompts).map((p) => p.id));
  const done = objectsOf(info.prompts).every((p) => p.required !== true || completed.has(p.id));
  const others = (list: unknown) => objectsOf(list).filter((f) => f.urn !== formUrn);
  forms.incompleteForms = done ? others(forms.incompleteForms) : [...others(forms.incompleteForms), form];
  forms.completedForms = done ? [...others(forms.completedForms), form] : others(forms.completedForms);
  if (!done && info.type === 'VERIFICATION')
    forms.verifications = objectsOf(forms.verifications).filter((v) => v.form !== formUrn);
}

export function submitFormPrompt(ctx: GraphqlContext, urn: string, input: SubmitFormPromptInput): boolean {
  const write = authorizeAll(ctx, [urn]);
  targetUrn(ctx, urn);
  if (input.structuredPropertyParams == null)
    throw badRequestError(`Failed to provide structured property params for prompt type ${input.type}`);
  const fieldPath = input.type === 'FIELDS_STRUCTURED_PROPERTY' ? (input.fieldPath ?? null) : undefined;
  if (fieldPath === null)
    throw badRequestError('Failed to provide fieldPath for prompt type FIELDS_STRUCTURED_PROPERTY');
  if (fieldPath !== undefined)
    validateResource(ctx, { resourceUrn: urn, subResourceType: 'DATASET_FIELD', subResource: fieldPath });
  const info = formInfo(ctx, input.formUrn);
  const forms = storedCopy(ctx, urn, 'forms');
  const form = assignment(forms, input.formUrn, urn);
  const values = new Map([checkedValues(ctx, input.structuredPropertyParams, 'input.structuredPropertyParams')]);
  const prompt = promptOf(form, input.promptId, write);
  if (fieldPath === undefined || completeField(ctx, urn, prompt, fieldPath, write))
    completePrompt(forms, form, info, prompt);
  const answered =
    fieldPath === undefined ? urn : makeUrn(ctx.contract.names.urnPrefix, 'schemaField', [urn, fieldPath]);
  ctx.store.transaction(() => {
    writeValues(ctx, answered, values, write);
    writeAspect(ctx, urn, 'forms', forms, write);
  });
  return true;
}

/** FormService.isFormAssignedToUser: among the form's users or groups, or an owner of the entity for an owners' form. */
function assignedToCaller(
  ctx: GraphqlContext,
  info: Record<string, unknown>,
  entityUrn: string,
  user: string,
): boolean {
  const actor = actorOf(ctx.store, user);
  const actors = objectOf(info.actors);
  if (formAssignedTo(actors, actor)) return true;
  return actors?.owners !== false && owns(ctx.store, actor, entityUrn, []);
}

export function verifyForm(ctx: GraphqlContext, input: { formUrn: string; entityUrn: string }): boolean {
  const write = authorizeMutation(ctx, '');
  targetUrn(ctx, input.entityUrn);
  const info = formInfo(ctx, input.formUrn);
  if (ctx.auth.mode !== 'off' && !assignedToCaller(ctx, info, input.entityUrn, write.actor))
    throw new CatalogGraphqlError(
      'UNAUTHORIZED',
      `Failed to authorize form on entity as form with urn ${input.formUrn} is not assigned to user`,
    );
  if (info.type !== 'VERIFICATION')
    throw badRequestError(`Form ${input.formUrn} is not of type VERIFICATION. Cannot verify form.`);
  const forms = storedCopy(ctx, input.entityUrn, 'forms');
  assignment(forms, input.formUrn, input.entityUrn);
  if (!objectsOf(forms.completedForms).some((f) => f.urn === input.formUrn))
    throw badRequestError(
      `Form ${input.formUrn} is not in the list of completed forms for this entity. Skipping verification.`,
    );
  const verification = { form: input.formUrn, lastModified: stamp(write) };
  forms.verifications = [...objectsOf(forms.verifications).filter((v) => v.form !== input.formUrn), verification];
  ctx.store.transaction(() => writeAspect(ctx, input.entityUrn, 'forms', forms, write));
  return true;
}
