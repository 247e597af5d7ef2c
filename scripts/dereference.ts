/**
 * Resolves every `$ref` of a YAML/JSON document spread over several files into one self-contained
 * value (the bundled, dereferenced OpenAPI document the mock and the suite read at run time).
 * Siblings of a `$ref` (OpenAPI 3.1 allows `description` next to it) override the referenced keys.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';

type Json = unknown;

function pointer(doc: Json, fragment: string, where: string): Json {
  if (!fragment || fragment === '/') return doc;
  let node = doc;
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in (node as object)))
      throw new Error(`unresolvable $ref ${where}`);
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

export function dereferenceFile(file: string): Json {
  const documents = new Map<string, Json>();
  const load = (path: string): Json => {
    let doc = documents.get(path);
    if (doc === undefined) {
      doc = parseYaml(readFileSync(path, 'utf8')) as Json;
      documents.set(path, doc);
    }
    return doc;
  };
  const resolved = new Map<string, Json>();

  const visit = (node: Json, file: string, stack: string[]): Json => {
    if (Array.isArray(node)) return node.map((item) => visit(item, file, stack));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, Json>;
    if (typeof record.$ref === 'string') {
      const [target = '', fragment = ''] = record.$ref.split('#');
      const targetFile = target ? resolve(dirname(file), target) : file;
      const id = `${targetFile}#${fragment}`;
      if (stack.includes(id)) throw new Error(`circular $ref ${record.$ref} in ${file}`);
      let value = resolved.get(id);
      if (value === undefined) {
        value = visit(pointer(load(targetFile), fragment, `${record.$ref} in ${file}`), targetFile, [...stack, id]);
        resolved.set(id, value);
      }
      const { $ref: _ref, ...siblings } = record;
      return Object.keys(siblings).length
        ? { ...(value as object), ...(visit(siblings, file, stack) as object) }
        : value;
    }
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(record)) out[key] = visit(value, file, stack);
    return out;
  };

  const root = resolve(file);
  return visit(load(root), root, []);
}
