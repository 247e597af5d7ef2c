/**
 * Answering forms on an entity page (upstream's SubmitFormPromptResolver and VerifyFormResolver under
 * resolvers/form/ over FormService in metadata-service/services, v1.3.0.1). A structured property prompt's
 * answer writes the property's values on the entity (as upsertStructuredProperties does), then moves the
 * prompt to the form's completedPrompts (lastModified the caller) and, once every required prompt of the
 * form's formInfo is complete, the form from incompleteForms to completedForms of the entity's forms aspect.
 * verifyForm adds (or replaces) the form's verification, for a VERIFICATION form the entity has completed.
 * The form must be assigned to the entity. A prompt on schema fields (FIELDS_STRUCTURED_PROPERTY), which
 * upstream answers per field, is not applied by the mock: it is refused naming the prompt type.
 */
import type { SubmitFormPromptInput } from '../../../generated/graphql/resolvers.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, stamp, storedCopy, writeAspect } from './resources.js';
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

export function submitFormPrompt(ctx: GraphqlContext, urn: string, input: SubmitFormPromptInput): boolean {
  const write = authorizeAll(ctx, [urn]);
  targetUrn(ctx, urn);
  if (input.type === 'FIELDS_STRUCTURED_PROPERTY')
    throw badRequestError('input.type: FIELDS_STRUCTURED_PROPERTY prompts are not applied by the mock');
  if (input.structuredPropertyParams == null)
    throw badRequestError('Failed to provide structured property params for prompt type STRUCTURED_PROPERTY');
  const info = formInfo(ctx, input.formUrn);
  const forms = storedCopy(ctx, urn, 'forms');
  const form = assignment(forms, input.formUrn, urn);
  const values = new Map([checkedValues(ctx, input.structuredPropertyParams, 'input.structuredPropertyParams')]);
  const prompt = { id: input.promptId, lastModified: stamp(write) };
  form.completedPrompts = [...objectsOf(form.completedPrompts).filter((p) => p.id !== input.promptId), prompt];
  form.incompletePrompts = objectsOf(form.incompletePrompts).filter((p) => p.id !== input.promptId);
  const completed = new Set(objectsOf(form.completedPrompts).map((p) => p.id));
  const done = objectsOf(info.prompts).every((p) => p.required !== true || completed.has(p.id));
  const others = (list: unknown) => objectsOf(list).filter((f) => f.urn !== input.formUrn);
  forms.incompleteForms = done ? others(forms.incompleteForms) : [...others(forms.incompleteForms), form];
  forms.completedForms = done ? [...others(forms.completedForms), form] : others(forms.completedForms);
  if (!done && info.type === 'VERIFICATION')
    forms.verifications = objectsOf(forms.verifications).filter((v) => v.form !== input.formUrn);
  ctx.store.transaction(() => {
    writeValues(ctx, urn, values, write);
    writeAspect(ctx, urn, 'forms', forms, write);
  });
  return true;
}

export function verifyForm(ctx: GraphqlContext, input: { formUrn: string; entityUrn: string }): boolean {
  const write = authorizeAll(ctx, [input.entityUrn]);
  targetUrn(ctx, input.entityUrn);
  const info = formInfo(ctx, input.formUrn);
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
