/**
 * Field signatures of a search document, stored in `search_signature` so that a write rewrites only
 * the fields whose values changed, and a document whose field definitions changed (the registry
 * changed under a data file) is rewritten whole.
 *
 * They are one string of fixed-width slots: a hash of the entity's field definitions (in their
 * order), then one slot per field in that order, holding a hash of its values, or blanks when it has
 * none. A write reads and replaces only the slots of the fields it affects: neither the stored text
 * nor the new one is parsed or built whole (as a JSON object of every field, they were 5% of a write).
 */
import type { DocumentField, DocumentValue, SearchDocument } from './document.js';
import type { IndexField } from '../index-fields.js';

/** The width of a slot: the longest 53-bit number in base 36. */
const WIDTH = 11;
/** The slot of a field without values. */
const NONE = ' '.repeat(WIDTH);

/**
 * A 53-bit hash (cyrb53, public domain) of a list of texts, each followed by a code no character
 * has, in a slot's width: a signature only needs to tell whether a field's rows changed, and a
 * stored hash keeps the row small.
 */
function hash53(texts: readonly string[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const text of texts) {
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 0x10000;
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(WIDTH, '0');
}

/** A field's rows follow from its definition (signed apart) and its values. */
function signature(values: readonly DocumentValue[]): string {
  return values.length === 0 ? NONE : hash53(values.map((v) => v.value));
}

/** Where the slots of an entity type's fields are, and the hash of their definitions that leads them. */
interface Layout {
  definitions: string;
  /** Where each field's slot starts. */
  slots: ReadonlyMap<string, number>;
  /** The field of each slot, in order. */
  names: readonly string[];
  length: number;
}

export interface Signatures {
  /** Whether stored signatures were written with the document's field definitions (in this form). */
  sameDefinitions(doc: SearchDocument, stored: string): boolean;
  /** The signatures of every field of a whole document. */
  of(doc: SearchDocument): string;
  /** The stored signatures with those of the affected fields computed anew (the others cannot have changed). */
  resigned(doc: SearchDocument, before: string, affected: ReadonlySet<string>): string;
  /** The document's fields whose signature differs between two signatures of its definitions. */
  changedFields(doc: SearchDocument, before: string, after: string): DocumentField[];
}

export function createSignatures(): Signatures {
  const layouts = new Map<string, Layout>();
  function layoutOf(doc: SearchDocument): Layout {
    let known = layouts.get(doc.entity);
    if (known === undefined) {
      const fields: IndexField[] = [...doc.definitions.values()];
      const definitions = hash53(
        fields.map((f) =>
          JSON.stringify([f.name, f.type, f.boost, f.queryByDefault, f.addToFilters, f.enableAutocomplete]),
        ),
      );
      const names = fields.map((f) => f.name);
      known = {
        definitions,
        slots: new Map(names.map((name, i) => [name, (i + 1) * WIDTH])),
        names,
        length: (fields.length + 1) * WIDTH,
      };
      layouts.set(doc.entity, known);
    }
    return known;
  }
  return {
    sameDefinitions(doc, stored) {
      const layout = layoutOf(doc);
      return stored.length === layout.length && stored.startsWith(layout.definitions);
    },
    of(doc) {
      let out = layoutOf(doc).definitions;
      for (const name of doc.definitions.keys()) out += signature(doc.fields.get(name)?.values ?? []);
      return out;
    },
    resigned(doc, before, affected) {
      const layout = layoutOf(doc);
      // A document has fields of its definitions only: an affected name that is none has no slot.
      const slots: number[] = [];
      for (const name of affected) {
        const at = layout.slots.get(name);
        if (at !== undefined) slots.push(at);
      }
      // Joined once into a flat string, which the comparisons slice and SQLite reads without copying it again.
      const parts: string[] = [];
      let from = 0;
      for (const at of slots.sort((x, y) => x - y)) {
        parts.push(
          before.slice(from, at),
          signature(doc.fields.get(layout.names[at / WIDTH - 1] as string)?.values ?? []),
        );
        from = at + WIDTH;
      }
      parts.push(before.slice(from));
      return parts.join('');
    },
    changedFields(doc, before, after) {
      const layout = layoutOf(doc);
      return [...doc.fields.values()].filter((f) => {
        const at = layout.slots.get(f.field.name);
        return at !== undefined && before.slice(at, at + WIDTH) !== after.slice(at, at + WIDTH);
      });
    },
  };
}
