/**
 * The aspects upstream generates on the first write of an entity (restli-facts §8): the key aspect
 * built from the URN, browsePaths from the entity's `defaultBrowsePath` template (lower-cased, as
 * upstream's older generator) and dataPlatformInstance from its platform key field.
 */
import { tryParseUrn, urnLastPart, type Contract, type EntitySpec, type ParsedUrn } from '../../spec/index.js';
import { keyAspectOf, keyFields } from './entity-urn.js';

const BROWSE_PATHS = 'browsePaths';
const DATA_PLATFORM_INSTANCE = 'dataPlatformInstance';
const PLACEHOLDER = /\{([^}|]+)(\|dots)?\}/g;

/** A key field's value inside a browse path: a URN-valued field stands for its last key part. */
function segmentValue(value: string): string {
  return tryParseUrn(value) ? urnLastPart(value) : value;
}

/** The value of key field `field`, or of `a.b` (field b of the URN held in key field a); undefined when missing. */
function keyFieldValue(contract: Contract, fields: Record<string, string>, reference: string): string | undefined {
  const [head, ...rest] = reference.split('.');
  const value = head === undefined ? undefined : fields[head];
  if (value === undefined || rest.length === 0) return value;
  const inner = tryParseUrn(value);
  const innerEntity = inner && contract.entity(inner.entityType);
  if (!inner || !innerEntity || inner.parts.length !== innerEntity.urnKey.length) return undefined;
  return keyFieldValue(contract, keyFields(innerEntity, inner), rest.join('.'));
}

/** The default browse path of an entity, or undefined when it has no template or a field is missing. */
export function defaultBrowsePath(contract: Contract, entity: EntitySpec, parsed: ParsedUrn): string | undefined {
  const template = entity.defaultBrowsePath;
  if (!template) return undefined;
  const fields = keyFields(entity, parsed);
  let missing = false;
  const path = template.replace(PLACEHOLDER, (_match, reference: string, dots: string | undefined) => {
    const raw = keyFieldValue(contract, fields, reference);
    if (raw === undefined) {
      missing = true;
      return '';
    }
    const value = segmentValue(raw);
    return dots ? value.split('.').join('/') : value;
  });
  return missing ? undefined : path.toLowerCase();
}

/** The data platform URN an entity's platform key field (`field` or `a.b`) names: a platform URN, or a tool name. */
export function defaultPlatform(contract: Contract, entity: EntitySpec, parsed: ParsedUrn): string | undefined {
  const value = entity.platformField
    ? keyFieldValue(contract, keyFields(entity, parsed), entity.platformField)
    : undefined;
  if (value === undefined) return undefined;
  return tryParseUrn(value) ? value : `${contract.names.urnPrefix}dataPlatform:${value.toLowerCase()}`;
}

/**
 * The aspects to add on an entity's first write, leaving out the ones the write itself carries
 * (`written`) and the ones the registry does not allow for the entity.
 */
export function defaultAspects(
  contract: Contract,
  entity: EntitySpec,
  parsed: ParsedUrn,
  written: ReadonlySet<string>,
): { aspect: string; value: Record<string, unknown> }[] {
  const out: { aspect: string; value: Record<string, unknown> }[] = [];
  const wanted = (aspect: string): boolean => entity.aspects.includes(aspect) && !written.has(aspect);
  if (wanted(entity.keyAspect)) out.push(keyAspectOf(contract, parsed.urn));
  const browsePath = wanted(BROWSE_PATHS) ? defaultBrowsePath(contract, entity, parsed) : undefined;
  if (browsePath !== undefined) out.push({ aspect: BROWSE_PATHS, value: { paths: [browsePath] } });
  const platform = wanted(DATA_PLATFORM_INSTANCE) ? defaultPlatform(contract, entity, parsed) : undefined;
  if (platform !== undefined) out.push({ aspect: DATA_PLATFORM_INSTANCE, value: { platform } });
  return out;
}
