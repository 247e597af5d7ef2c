/**
 * Whether an aspect may be written for an entity and whether its value is valid. An aspect the
 * registry allows but the spec has no schema for is accepted opaque (any JSON object).
 */
import type { AspectSpec, Contract, EntitySpec } from '../../spec/index.js';
import { SchemaValidators } from '../../spec/validation.js';
import { badRequest, unprocessable } from '../errors.js';

export interface AspectRule {
  /** The aspect's schema, when the spec has one. */
  spec?: AspectSpec;
  timeseries: boolean;
}

const shared = {
  filling: new WeakMap<Contract, AspectValidation>(),
  asSent: new WeakMap<Contract, AspectValidation>(),
};

export class AspectValidation {
  // One validator cache per contract and way of handling defaults, shared by its stores (every
  // session's): each aspect schema is compiled on its first use only. With `fillDefaults`, absent fields
  // with a default (the zero audit stamps of ChangeAuditStamps) are filled before the value is stored;
  // without it the value is stored as sent, as upstream does: RecordTemplateValidator validates with
  // RequiredMode.CAN_BE_ABSENT_IF_HAS_DEFAULT and fixes nothing up. URN fields are held to the key
  // arity of their entity type, as entity URNs are.
  private readonly validators: SchemaValidators;

  private constructor(
    private readonly contract: Contract,
    fillDefaults: boolean,
  ) {
    this.validators = new SchemaValidators({
      fillDefaults,
      urnKeyParts: (type) => contract.entity(type)?.urnKey.length,
    });
  }

  static of(contract: Contract, fillDefaults = true): AspectValidation {
    const cache = fillDefaults ? shared.filling : shared.asSent;
    let validation = cache.get(contract);
    if (!validation) cache.set(contract, (validation = new AspectValidation(contract, fillDefaults)));
    return validation;
  }

  /** The rule of an aspect the registry allows for the entity; 400 like upstream otherwise. */
  ruleOf(entity: EntitySpec, aspectName: string): AspectRule {
    if (!entity.aspects.includes(aspectName))
      throw badRequest(`Unknown aspect ${aspectName} for entity ${entity.name}`);
    const spec = this.contract.aspects.get(aspectName);
    const timeseries = spec?.kind === 'timeseries' || entity.timeseriesAspects.includes(aspectName);
    return spec ? { spec, timeseries } : { timeseries };
  }

  /**
   * Checks a value against its rule; `root` names the value in messages (`aspect`,
   * `proposal.aspect.value`). Returns whether a schema validated it (false: stored opaque).
   */
  validate(rule: AspectRule, value: unknown, root: string): boolean {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw badRequest(`${root}: must be a JSON object`);
    if (rule.timeseries && !Number.isSafeInteger((value as Record<string, unknown>).timestampMillis)) {
      throw unprocessable(`${root}.timestampMillis: a time series aspect needs an integer timestampMillis`);
    }
    if (!rule.spec) return false;
    const errors = this.validators.validate(rule.spec.schema, value, root);
    if (errors.length)
      throw unprocessable(`Failed to validate record with class ${rule.spec.record}: ${errors.join('; ')}`);
    return true;
  }
}
