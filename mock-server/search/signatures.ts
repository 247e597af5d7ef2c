/**
 * Field signatures of a search document: a hash of each field's values, and under the empty name
 * a hash of the entity's field definitions, stored in `search_signature`, so that a write rewrites
 * only the fields whose values changed, and a document whose definitions changed (the registry
 * changed under a data file) is rewritten whole.
 */
import type { DocumentField, SearchDocument } from './document.js';

/** The signature key of the field definitions (no field is named ''). */
export const DEFINITIONS = '';

/**
 * A 53-bit hash of a string (cyrb53, public domain): field signatures only need to tell whether
 * a field's rows changed, and a stored hash keeps the document row small.
 */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A field's rows follow from its definition (signed apart, see `definitionOf`) and its values. */
function signature(f: DocumentField): string {
  return hash53(JSON.stringify(f.values.map((v) => v.value)));
}

/**
 * Signatures by field name, as stored: a plain object (not a Map), so that reading the stored text
 * and writing it back cost one JSON.parse and one JSON.stringify, in the same key order a Map
 * would keep (no field name is an array index).
 */
export type FieldSignatures = Record<string, string>;

/** The signature of a field, or undefined when it has none (an own property only: the names are the contract's). */
export function signatureOf(signatures: FieldSignatures, name: string): string | undefined {
  return Object.hasOwn(signatures, name) ? signatures[name] : undefined;
}

export interface Signatures {
  /** A hash of the entity's search fields and their definitions. */
  definitionOf(doc: SearchDocument): string;
  /** Signatures of the fields that have values (an absent field has none), and of the definitions under the empty name. */
  of(doc: SearchDocument): FieldSignatures;
  /** The stored signatures with those of the affected fields computed anew (the others cannot have changed). */
  resigned(doc: SearchDocument, before: FieldSignatures, affected: ReadonlySet<string>): FieldSignatures;
  parse(json: string): FieldSignatures;
  stringify(signatures: FieldSignatures): string;
}

export function createSignatures(): Signatures {
  const definitions = new Map<string, string>();
  function definitionOf(doc: SearchDocument): string {
    let known = definitions.get(doc.entity);
    if (known === undefined) {
      const fields = [...doc.definitions.values()].map((field) => [field.name, field.type, field.boost, field.queryByDefault, field.addToFilters, field.enableAutocomplete]);
      known = hash53(JSON.stringify(fields.sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1))));
      definitions.set(doc.entity, known);
    }
    return known;
  }
  return {
    definitionOf,
    of(doc) {
      const out: FieldSignatures = { [DEFINITIONS]: definitionOf(doc) };
      for (const [name, f] of doc.fields) if (f.values.length > 0) out[name] = signature(f);
      return out;
    },
    resigned(doc, before, affected) {
      const out: Record<string, string | undefined> = { ...before };
      // A field that lost its values loses its signature: undefined is not stringified, where a delete
      // would turn the object into a slow dictionary; a field that had none gets no key.
      for (const name of affected) {
        const f = doc.fields.get(name);
        if (f && f.values.length > 0) out[name] = signature(f);
        else if (Object.hasOwn(out, name)) out[name] = undefined;
      }
      return out as FieldSignatures;
    },
    parse: (json) => JSON.parse(json) as FieldSignatures,
    stringify: (signatures) => JSON.stringify(signatures),
  };
}
