/**
 * Tags and glossary terms on an entity or a dataset schema field (upstream's AddTagResolver,
 * AddTagsResolver, BatchAddTagsResolver, RemoveTagResolver, BatchRemoveTagsResolver and their term
 * counterparts over LabelUtils): on the entity they go to its globalTags / glossaryTerms aspect, on a
 * field (`subResource`) to that field's entry of editableSchemaMetadata, created when missing; the
 * ingested schemaMetadata is never touched. Adding skips labels already there, removing ignores
 * absent ones. Terms carry an audit stamp of the token's user, tags none, as upstream writes them.
 * Every target is checked first and all writes happen in one transaction.
 */
import type { GraphqlContext } from '../context.js';
import { objectOf, objectsOf } from '../json-values.js';
import {
  authorizeAll,
  stamp,
  storedCopy,
  validateLabel,
  validateResource,
  writeAspect,
  type ResourceRef,
} from './resources.js';
import type { WriteContext } from '../../store/types.js';

interface LabelKind {
  /** The label's entity type. */
  entity: 'tag' | 'glossaryTerm';
  /** The aspect on the entity, and the key of its list and of the URN in each association. */
  aspect: 'globalTags' | 'glossaryTerms';
  list: 'tags' | 'terms';
  key: 'tag' | 'urn';
  /** The privileges that allow the edit besides EDIT_ENTITY (LabelUtils.isAuthorizedToUpdateTags / ...Terms). */
  privileges: readonly string[];
}

export const TAGS: LabelKind = {
  entity: 'tag',
  aspect: 'globalTags',
  list: 'tags',
  key: 'tag',
  privileges: ['EDIT_ENTITY_TAGS', 'EDIT_DATASET_COL_TAGS'],
};
export const TERMS: LabelKind = {
  entity: 'glossaryTerm',
  aspect: 'glossaryTerms',
  list: 'terms',
  key: 'urn',
  privileges: ['EDIT_ENTITY_GLOSSARY_TERMS', 'EDIT_DATASET_COL_GLOSSARY_TERMS'],
};

/** The label container (globalTags or glossaryTerms record) with the labels added or removed. */
function changed(
  kind: LabelKind,
  container: Record<string, unknown>,
  labels: readonly string[],
  add: boolean,
  write: WriteContext,
): Record<string, unknown> {
  const associations = objectsOf(container[kind.list]);
  const kept = add ? associations : associations.filter((a) => !labels.includes(String(a[kind.key])));
  const added = add
    ? labels
        .filter((urn, i) => labels.indexOf(urn) === i && !associations.some((a) => a[kind.key] === urn))
        .map((urn) => ({ [kind.key]: urn }))
    : [];
  return { ...container, [kind.list]: [...kept, ...added], ...(kind === TERMS ? { auditStamp: stamp(write) } : {}) };
}

function applyTo(
  ctx: GraphqlContext,
  kind: LabelKind,
  ref: ResourceRef,
  labels: readonly string[],
  add: boolean,
  write: WriteContext,
): void {
  const urn = ref.resourceUrn;
  const fieldPath = ref.subResource ?? '';
  if (fieldPath === '') {
    writeAspect(ctx, urn, kind.aspect, changed(kind, storedCopy(ctx, urn, kind.aspect), labels, add, write), write);
    return;
  }
  const editable = storedCopy(ctx, urn, 'editableSchemaMetadata');
  const infos = objectsOf(editable.editableSchemaFieldInfo);
  let info = infos.find((i) => i.fieldPath === fieldPath);
  if (!info) {
    info = { fieldPath };
    infos.push(info);
  }
  info[kind.aspect] = changed(kind, objectOf(info[kind.aspect]) ?? {}, labels, add, write);
  const now = stamp(write);
  writeAspect(
    ctx,
    urn,
    'editableSchemaMetadata',
    { ...editable, editableSchemaFieldInfo: infos, created: editable.created ?? now, lastModified: now },
    write,
  );
}

/** Adds (or removes) the labels on every resource; false never: failures are errors. */
export function changeLabels(
  ctx: GraphqlContext,
  kind: LabelKind,
  labels: readonly string[],
  resources: readonly (ResourceRef | null)[],
  add: boolean,
): boolean {
  const refs = resources.filter((r): r is ResourceRef => r != null);
  const write = authorizeAll(
    ctx,
    refs.map((r) => r.resourceUrn),
    kind.privileges,
  );
  if (add) for (const label of labels) validateLabel(ctx, label, kind.entity);
  for (const ref of refs) validateResource(ctx, ref);
  ctx.store.transaction(() => {
    for (const ref of refs) applyTo(ctx, kind, ref, labels, add, write);
  });
  return true;
}

/**
 * Takes a label off an entity wherever it is: its own label aspect and every field of its
 * editableSchemaMetadata (for a deleted label, as upstream's deleteEntityReferences does); an aspect
 * without the label is not written.
 */
export function dropLabel(ctx: GraphqlContext, kind: LabelKind, urn: string, label: string, write: WriteContext): void {
  const holds = (container: unknown): boolean =>
    objectsOf(objectOf(container)?.[kind.list]).some((a) => a[kind.key] === label);
  const own = storedCopy(ctx, urn, kind.aspect);
  if (holds(own)) writeAspect(ctx, urn, kind.aspect, changed(kind, own, [label], false, write), write);
  const editable = storedCopy(ctx, urn, 'editableSchemaMetadata');
  const infos = objectsOf(editable.editableSchemaFieldInfo);
  if (!infos.some((info) => holds(info[kind.aspect]))) return;
  for (const info of infos)
    if (holds(info[kind.aspect]))
      info[kind.aspect] = changed(kind, objectOf(info[kind.aspect]) ?? {}, [label], false, write);
  writeAspect(
    ctx,
    urn,
    'editableSchemaMetadata',
    { ...editable, editableSchemaFieldInfo: infos, lastModified: stamp(write) },
    write,
  );
}
