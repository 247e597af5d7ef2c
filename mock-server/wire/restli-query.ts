/**
 * Query strings as Rest.li clients write them. Protocol 2.0 sends arrays as `List(a,b)`, protocol
 * 1.0 repeats the parameter (`types=A&types=B`), and clients encode the value to different degrees
 * (encodeURIComponent leaves the parentheses raw but encodes the commas). The elements of the list
 * parameters of this contract (aspect and relationship names) never hold commas or parentheses, so
 * every form is decoded first and then split, and all of them give the same elements.
 */
import { badRequest } from '../errors.js';

export class RestliQuery {
  private readonly raw = new Map<string, string[]>();

  constructor(search: string) {
    for (const pair of search.replace(/^\?/, '').split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const name = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), 'query parameter name');
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      const values = this.raw.get(name) ?? [];
      values.push(value);
      this.raw.set(name, values);
    }
  }

  names(): string[] {
    return [...this.raw.keys()];
  }

  /** Every decoded value of a parameter (several when it is repeated). */
  all(name: string): string[] {
    return (this.raw.get(name) ?? []).map((v) => decodeComponent(v, `query.${name}`));
  }

  /** The decoded value of a parameter; the first when it is repeated. */
  get(name: string): string | undefined {
    return this.all(name)[0];
  }

  /** The elements of an array parameter in any of the three forms; undefined when absent. */
  /** Whether every value of the parameter is written `List(...)`, protocol 2.0.0's array form. */
  isList(name: string): boolean {
    const values = this.raw.get(name) ?? [];
    return values.length > 0 && values.every((raw) => /^List\(.*\)$/s.test(decodeComponent(raw, `query.${name}`)));
  }

  list(name: string): string[] | undefined {
    const values = this.raw.get(name);
    if (!values) return undefined;
    return values.flatMap((raw) => {
      const decoded = decodeComponent(raw, `query.${name}`);
      const list = /^List\((.*)\)$/s.exec(decoded);
      return list ? splitElements(list[1] ?? '') : [decoded];
    });
  }

  /**
   * The elements of a list parameter whose elements may themselves hold commas and parentheses
   * (URNs, as batch get's `ids`): split before decoding, since Rest.li 2.0 clients percent-encode
   * those characters inside each element and leave the list's own syntax raw.
   */
  encodedList(name: string): string[] | undefined {
    const values = this.raw.get(name);
    if (!values) return undefined;
    return values.flatMap((raw) => {
      const list = /^List(?:\(|%28)(.*)(?:\)|%29)$/is.exec(raw);
      return (list ? splitElements(list[1] ?? '') : [raw]).map((element) => decodeComponent(element, `query.${name}`));
    });
  }
}

function splitElements(text: string): string[] {
  return text === '' ? [] : text.split(',');
}

export function decodeComponent(text: string, what: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badRequest(`${what}: malformed percent-encoding in '${text}'`);
  }
}
