/**
 * Forms: an entity's `forms` aspect as upstream's FormsMapper maps it (incomplete and completed form
 * associations with their prompts, and the verifications), and a form entity as FormMapper maps its
 * formInfo and ownership aspects (datahub-graphql-core/.../types/form/, v1.3.0.1). A form without
 * formInfo has no record. `isAssignedToMe` is upstream's IsFormAssignedToMeResolver: the caller is one of
 * the form's users, or a member (groupMembership, nativeGroupMembership) of one of its groups (`formAssignedTo`).
 */
import { ownershipRecord, resolvedAuditStampRecord } from '../aspect-records.js';
import { callerOf, type GraphqlContext } from '../context.js';
import { booleanOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import { actorOf, type Actor } from '../policy-engine.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

/** FormUtils.isFormAssignedToUser: the actor is one of the form's users or a member of one of its groups. */
export function formAssignedTo(actors: JsonObject | undefined, actor: Actor): boolean {
  if (stringsOf(actors?.users).includes(actor.urn)) return true;
  return stringsOf(actors?.groups).some((group) => actor.groups.includes(group));
}

function actorsRecord(view: EntityView, actors: JsonObject | undefined): OutputRecord {
  const users = actors && Array.isArray(actors.users) ? stringsOf(actors.users) : null;
  const groups = actors && Array.isArray(actors.groups) ? stringsOf(actors.groups) : null;
  return view.shapes.record('FormActorAssignment', {
    owners: booleanOr(actors?.owners) ?? false,
    users: users && (() => users.map((user) => view.corpUser(user))),
    groups: groups && (() => groups.flatMap((group) => view.entity(group) ?? [])),
    isAssignedToMe: (_args: unknown, ctx: GraphqlContext) =>
      formAssignedTo(actors, actorOf(view.store, callerOf(ctx).user)),
  });
}

function promptRecord(view: EntityView, prompt: JsonObject, formUrn: string): OutputRecord {
  const property = stringOr(objectOf(prompt.structuredPropertyParams)?.urn);
  return view.shapes.record('FormPrompt', {
    id: stringOr(prompt.id),
    title: stringOr(prompt.title),
    formUrn,
    description: stringOr(prompt.description),
    type: stringOr(prompt.type),
    required: booleanOr(prompt.required) ?? false,
    structuredPropertyParams: property
      ? view.shapes.record('StructuredPropertyParams', { structuredProperty: () => view.entity(property) })
      : null,
  });
}

/** A form (FormMapper); null without its formInfo aspect. */
export function formRecord(view: EntityView, urn: string): OutputRecord | null {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('formInfo');
  if (!info) return null;
  return view.shapes.record('Form', {
    urn,
    type: 'FORM',
    info: view.shapes.record('FormInfo', {
      name: stringOr(info.name),
      description: stringOr(info.description),
      type: stringOr(info.type),
      prompts: objectsOf(info.prompts).map((prompt) => promptRecord(view, prompt, urn)),
      actors: actorsRecord(view, objectOf(info.actors)),
    }),
    ownership: () => ownershipRecord(view, stored.aspect('ownership'), urn),
    relationships: relationshipsOf(view, urn),
  });
}

function fieldPromptRecords(view: EntityView, value: unknown): OutputRecord[] | null {
  if (!Array.isArray(value)) return null;
  return objectsOf(value).map((field) =>
    view.shapes.record('FieldFormPromptAssociation', {
      fieldPath: stringOr(field.fieldPath),
      lastModified: resolvedAuditStampRecord(view, field.lastModified),
    }),
  );
}

function promptAssociations(view: EntityView, value: unknown): OutputRecord[] {
  return objectsOf(value).map((prompt) => {
    const fields = objectOf(prompt.fieldAssociations);
    return view.shapes.record('FormPromptAssociation', {
      id: stringOr(prompt.id),
      lastModified: resolvedAuditStampRecord(view, prompt.lastModified),
      fieldAssociations: fields
        ? view.shapes.record('FormPromptFieldAssociations', {
            completedFieldPrompts: fieldPromptRecords(view, fields.completedFieldPrompts),
            incompleteFieldPrompts: fieldPromptRecords(view, fields.incompleteFieldPrompts),
          })
        : null,
    });
  });
}

/** The form an association names, as upstream's mapper gives it: the reference, resolved to the form. */
const formOf = (view: EntityView, urn: string | null) => () => (urn ? view.entity(urn) : null);

/** An entity's forms (FormsMapper); null without the aspect. */
export function formsRecord(view: EntityView, urn: string, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const association = (form: JsonObject) =>
    view.shapes.record('FormAssociation', {
      form: formOf(view, stringOr(form.urn)),
      associatedUrn: urn,
      incompletePrompts: promptAssociations(view, form.incompletePrompts),
      completedPrompts: promptAssociations(view, form.completedPrompts),
    });
  return view.shapes.record('Forms', {
    incompleteForms: objectsOf(aspect.incompleteForms).map(association),
    completedForms: objectsOf(aspect.completedForms).map(association),
    verifications: objectsOf(aspect.verifications).map((verification) =>
      view.shapes.record('FormVerificationAssociation', {
        form: formOf(view, stringOr(verification.form)),
        lastModified: resolvedAuditStampRecord(view, verification.lastModified),
      }),
    ),
  });
}
