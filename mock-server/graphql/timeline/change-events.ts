/**
 * The change events between two versions of an aspect, as upstream's change event generators compute
 * them (metadata-io/src/main/java/com/linkedin/metadata/timeline/eventgenerator/, v1.3.0.1):
 * SchemaMetadataChangeEventGenerator (columns added, removed, renamed, retyped, primary keys; column
 * descriptions and tags), GlobalTagsChangeEventGenerator, GlossaryTermsChangeEventGenerator,
 * OwnershipChangeEventGenerator, DatasetPropertiesChangeEventGenerator and
 * EditableDatasetPropertiesChangeEventGenerator, GlossaryTermInfoChangeEventGenerator (a term's definition).
 * A missing earlier version is an empty aspect, so an aspect's first version adds everything it holds. The
 * generators of editableSchemaMetadata and institutionalMemory are in their own files; `generators.ts` says
 * which generators each entity type has.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';

/** Upstream's ChangeCategory (OWNER where the GraphQL enum says OWNERSHIP). */
export const CHANGE_CATEGORIES = ['DOCUMENTATION', 'GLOSSARY_TERM', 'OWNER', 'TECHNICAL_SCHEMA', 'TAG'] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];
export type ChangeOperation = 'ADD' | 'MODIFY' | 'REMOVE';
/** Upstream's SemanticChangeType, in its order: a transaction's version moves by its highest change. */
export const SEMANTIC_CHANGES = ['NONE', 'PATCH', 'MINOR', 'MAJOR'] as const;
export type SemanticChange = (typeof SEMANTIC_CHANGES)[number];

export interface ChangeEvent {
  category: ChangeCategory;
  operation: ChangeOperation;
  semVerChange: SemanticChange;
  modifier: string | null;
  parameters: Record<string, string | boolean> | null;
  description: string;
}

/** Computes one category's events between two versions of the aspect (undefined: none before). */
export type ChangeEventGenerator = (
  entityUrn: string,
  category: ChangeCategory,
  before: JsonObject | undefined,
  after: JsonObject,
) => ChangeEvent[];

export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const idOf = (urn: string): string => tryParseUrn(urn)?.parts.join(',') ?? urn;

/** The URN of a field of an entity: `urn:<ns>:schemaField:(<entity urn>,<path>)` (SchemaFieldUtils.generateSchemaFieldUrn). */
export const schemaFieldUrnOf = (entityUrn: string, path: string): string =>
  `${entityUrn.slice(0, entityUrn.indexOf(':', 4) + 1)}schemaField:(${entityUrn},${path})`;

/**
 * Two sorted lists walked side by side (the generators' merge of sorted associations): each key only
 * in `before` removed, each only in `after` added.
 */
export function associationDiff(
  before: string[],
  after: string[],
  event: (key: string, operation: 'ADD' | 'REMOVE') => ChangeEvent,
): ChangeEvent[] {
  const base = [...before].sort(byText);
  const target = [...after].sort(byText);
  const events: ChangeEvent[] = [];
  let i = 0;
  let j = 0;
  while (i < base.length && j < target.length) {
    const order = byText(base[i]!, target[j]!);
    if (order === 0) {
      i++;
      j++;
    } else if (order < 0) events.push(event(base[i++]!, 'REMOVE'));
    else events.push(event(target[j++]!, 'ADD'));
  }
  while (i < base.length) events.push(event(base[i++]!, 'REMOVE'));
  while (j < target.length) events.push(event(target[j++]!, 'ADD'));
  return events;
}

const tagsOf = (globalTags: unknown): string[] =>
  objectsOf(objectOf(globalTags)?.tags).flatMap((t) => stringOr(t.tag) ?? []);

/** The tags added to and removed from an entity (GlobalTagsChangeEventGenerator.computeDiffs). */
export function tagEvents(entityUrn: string, before: unknown, after: unknown): ChangeEvent[] {
  return associationDiff(tagsOf(before), tagsOf(after), (tag, operation) => ({
    category: 'TAG',
    operation,
    semVerChange: 'MINOR',
    modifier: tag,
    parameters: { tagUrn: tag },
    description:
      operation === 'ADD'
        ? `Tag '${idOf(tag)}' added to entity '${entityUrn}'.`
        : `Tag '${idOf(tag)}' removed from entity '${entityUrn}'.`,
  }));
}

const termsOf = (glossaryTerms: unknown): string[] =>
  objectsOf(objectOf(glossaryTerms)?.terms).flatMap((t) => stringOr(t.urn) ?? []);

export const globalTagsEvents: ChangeEventGenerator = (urn, category, before, after) =>
  category === 'TAG' ? tagEvents(urn, before, after) : [];

/** The terms added to and removed from an entity (GlossaryTermsChangeEventGenerator.computeDiffs). */
export const termEvents = (urn: string, before: unknown, after: unknown): ChangeEvent[] =>
  associationDiff(termsOf(before), termsOf(after), (term, operation) => ({
    category: 'GLOSSARY_TERM',
    operation,
    semVerChange: 'MINOR',
    modifier: term,
    parameters: { termUrn: term },
    description:
      operation === 'ADD'
        ? `Term '${idOf(term)}' added to entity '${urn}'.`
        : `Term '${idOf(term)}' removed from entity '${urn}'.`,
  }));

export const glossaryTermsEvents: ChangeEventGenerator = (urn, category, before, after) =>
  category === 'GLOSSARY_TERM' ? termEvents(urn, before, after) : [];

/** Owners as owner URN and type; a changed type is a modification. */
export const ownershipEvents: ChangeEventGenerator = (urn, category, before, after) => {
  if (category !== 'OWNER') return [];
  const owners = (aspect: JsonObject | undefined) =>
    new Map(
      objectsOf(aspect?.owners).flatMap((o) => (stringOr(o.owner) ? [[o.owner as string, stringOr(o.type)]] : [])),
    );
  const base = owners(before);
  const target = owners(after);
  const event = (owner: string, operation: ChangeOperation, description: string): ChangeEvent => ({
    category: 'OWNER',
    operation,
    semVerChange: 'MINOR',
    modifier: owner,
    parameters: { ownerUrn: owner, ownerType: (operation === 'REMOVE' ? base : target).get(owner) ?? 'NONE' },
    description,
  });
  const events = associationDiff([...base.keys()], [...target.keys()], (owner, operation) =>
    event(owner, operation, `'${owner}' ${operation === 'ADD' ? 'added as' : 'removed as'} owner of '${urn}'.`),
  );
  for (const [owner, type] of target)
    if (base.has(owner) && base.get(owner) !== type)
      events.push(event(owner, 'MODIFY', `The ownership type of '${owner}' of '${urn}' changed to '${type}'.`));
  return events;
};

/**
 * The documentation of an entity added, removed or changed: a description (both dataset properties
 * aspects, the text as parameter `description`) or a glossary term's definition (no parameters).
 */
const documentationEvents =
  (field: 'description' | 'definition'): ChangeEventGenerator =>
  (urn, category, before, after) => {
    if (category !== 'DOCUMENTATION') return [];
    const base = stringOr(before?.[field]);
    const target = stringOr(after[field]);
    const event = (operation: ChangeOperation, description: string, value: string): ChangeEvent[] => [
      {
        category,
        operation,
        semVerChange: 'MINOR',
        modifier: null,
        parameters: field === 'description' ? { description: value } : null,
        description,
      },
    ];
    if (base === null && target !== null)
      return event('ADD', `Documentation for '${urn}' has been added: '${target}'.`, target);
    if (base !== null && target === null)
      return event('REMOVE', `Documentation for '${urn}' has been removed: '${base}'.`, base);
    if (base !== null && target !== null && base !== target)
      return event('MODIFY', `Documentation of '${urn}' has been changed from '${base}' to '${target}'.`, target);
    return [];
  };

export const descriptionEvents = documentationEvents('description');
export const definitionEvents = documentationEvents('definition');

// ---- schemaMetadata ------------------------------------------------------------------------------

interface Field {
  fieldPath: string;
  nativeDataType: string;
  description: string | null;
  nullable: boolean;
  globalTags: unknown;
  /** The stored field as text: two fields are the same field when every property is (upstream's record equality). */
  text: string;
}

const fieldsOf = (schema: JsonObject | undefined): Field[] =>
  objectsOf(schema?.fields)
    .map((f) => ({
      fieldPath: stringOr(f.fieldPath) ?? '',
      nativeDataType: stringOr(f.nativeDataType) ?? '',
      description: stringOr(f.description),
      nullable: f.nullable === true,
      globalTags: f.globalTags,
      text: JSON.stringify(f),
    }))
    .sort((a, b) => byText(a.fieldPath, b.fieldPath));

/** A v2 field path (`[version=2.0].[type=struct].a`) as its simple path (`a`), as upstream's downgradeFieldPath. */
const simplePath = (path: string): string =>
  path
    .split('.')
    .filter((part) => !part.startsWith('['))
    .join('.');

const parentPath = (path: string): string | null => (path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : null);

/** A column that kept its type, parent and description under another path is taken as renamed. */
const isRename = (a: Field, b: Field): boolean =>
  a.nativeDataType === b.nativeDataType &&
  parentPath(a.fieldPath) === parentPath(b.fieldPath) &&
  a.description === b.description;

const COMPATIBLE = 'A forwards & backwards compatible change due to ';
const INCOMPATIBLE = 'A backwards incompatible change due to';

function schemaEvents(entityUrn: string, category: ChangeCategory, before: JsonObject | undefined, after: JsonObject) {
  const fieldUrn = (path: string) => schemaFieldUrnOf(entityUrn, path);
  const events: ChangeEvent[] = [];
  const technical = (
    field: Field,
    operation: ChangeOperation,
    semVerChange: SemanticChange,
    description: string,
    kind: string,
  ) =>
    events.push({
      category: 'TECHNICAL_SCHEMA',
      operation,
      semVerChange,
      modifier: fieldUrn(field.fieldPath),
      parameters: {
        fieldPath: field.fieldPath,
        fieldUrn: fieldUrn(field.fieldPath),
        nullable: field.nullable,
        modificationCategory: kind,
      },
      description,
    });
  const properties = (base: Field | null, target: Field | null) => {
    const field = (target ?? base)!;
    const urn = fieldUrn(field.fieldPath);
    if (category === 'DOCUMENTATION') {
      const [from, to] = [base?.description ?? null, target?.description ?? null];
      const doc = (operation: ChangeOperation, semVerChange: SemanticChange, description: string, value: string) =>
        events.push({
          category,
          operation,
          semVerChange,
          modifier: null,
          parameters: { description: value },
          description,
        });
      if (from === null && to !== null)
        doc('ADD', 'MINOR', `The description '${to}' for the field '${field.fieldPath}' has been added.`, to);
      else if (from !== null && to === null)
        doc('REMOVE', 'MINOR', `The description '${from}' for the field '${field.fieldPath}' has been removed.`, from);
      else if (from !== null && from !== to)
        doc(
          'MODIFY',
          'PATCH',
          `The description for the field '${field.fieldPath}' has been changed from '${from}' to '${to}'.`,
          to!,
        );
    }
    if (category === 'TAG')
      for (const event of tagEvents(urn, base?.globalTags, target?.globalTags))
        events.push({
          ...event,
          parameters: { fieldPath: field.fieldPath, parentUrn: entityUrn, tagUrn: event.modifier ?? '' },
        });
  };
  const added = (field: Field) => {
    if (category === 'TECHNICAL_SCHEMA')
      technical(field, 'ADD', 'MINOR', `${COMPATIBLE}the newly added field '${simplePath(field.fieldPath)}'.`, 'OTHER');
    properties(null, field);
  };
  const removed = (field: Field) => {
    if (category === 'TECHNICAL_SCHEMA')
      technical(
        field,
        'REMOVE',
        'MAJOR',
        `${INCOMPATIBLE} removal of field: '${simplePath(field.fieldPath)}'.`,
        'OTHER',
      );
    properties(field, null);
  };
  const renamed = (from: Field, to: Field) => {
    if (category === 'TECHNICAL_SCHEMA')
      technical(
        from,
        'MODIFY',
        'MINOR',
        `${COMPATIBLE}renaming of the field '${simplePath(from.fieldPath)} to ${simplePath(to.fieldPath)}'.`,
        'RENAME',
      );
    properties(from, to);
  };
  const base = fieldsOf(before);
  const target = fieldsOf(after);
  const taken = new Set<Field>();
  const renameOf = (field: Field, rest: Field[], others: Field[]) =>
    others.find(
      (other) => isRename(field, other) && !taken.has(other) && !rest.some((same) => same.text === other.text),
    );
  let i = 0;
  let j = 0;
  while (i < base.length && j < target.length) {
    const b = base[i]!;
    const t = target[j]!;
    const order = byText(b.fieldPath, t.fieldPath);
    if (taken.has(b)) i++;
    else if (taken.has(t)) j++;
    else if (order === 0) {
      if (category === 'TECHNICAL_SCHEMA' && b.nativeDataType !== t.nativeDataType)
        technical(
          b,
          'MODIFY',
          'MAJOR',
          `${INCOMPATIBLE} native datatype of the field '${simplePath(t.fieldPath)}' changed from '${b.nativeDataType}' to '${t.nativeDataType}'.`,
          'TYPE_CHANGE',
        );
      properties(b, t);
      i++;
      j++;
    } else if (order < 0) {
      const to = renameOf(b, base.slice(i), target.slice(j));
      if (to) {
        renamed(b, to);
        taken.add(to);
      } else removed(b);
      i++;
    } else {
      const from = renameOf(t, target.slice(j), base.slice(i));
      if (from) {
        renamed(from, t);
        taken.add(from);
      } else added(t);
      j++;
    }
  }
  for (; i < base.length; i++) if (!taken.has(base[i]!)) removed(base[i]!);
  for (; j < target.length; j++) if (!taken.has(target[j]!)) added(target[j]!);
  if (category === 'TECHNICAL_SCHEMA') {
    const keys = (schema: JsonObject | undefined) =>
      new Set(Array.isArray(schema?.primaryKeys) ? (schema.primaryKeys as string[]) : []);
    const [from, to] = [keys(before), keys(after)];
    const key = (path: string, what: string) =>
      events.push({
        category: 'TECHNICAL_SCHEMA',
        operation: 'MODIFY',
        semVerChange: 'MAJOR',
        modifier: fieldUrn(path),
        parameters: { fieldPath: path, fieldUrn: fieldUrn(path), nullable: false, modificationCategory: 'OTHER' },
        description: `${INCOMPATIBLE} ${what} of the primary key field '${path}'`,
      });
    for (const path of from) if (!to.has(path)) key(path, 'removal');
    for (const path of to) if (!from.has(path)) key(path, 'addition');
  }
  return events.filter((event) => event.category === category);
}

export const schemaMetadataEvents: ChangeEventGenerator = schemaEvents;
