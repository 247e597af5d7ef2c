/**
 * Prints spec/graphql/upstream-signatures.txt from a DataHub checkout: the upstream signature of every
 * root field, input, enum and output field that the project's SDL (spec/graphql/schema/*.graphql) and
 * upstream's SDL both declare, in the format spec/test/graphql-upstream-signatures.test.ts reads.
 *
 *   npx tsx scripts/upstream-signatures.ts <datahub checkout or its SDL folder> --release v1.3.0.1 --commit <sha> \
 *     > spec/graphql/upstream-signatures.txt
 *
 * The SDL folder is `datahub-graphql-core/src/main/resources` (every `*.graphql` in it, extensions merged);
 * a folder holding `.graphql` files is read as is. Lines follow upstream's order of types and fields.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildASTSchema,
  buildSchema,
  concatAST,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  parse,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { graphqlSchemaSource } from '../spec/index.js';

const SDL_FOLDER = 'datahub-graphql-core/src/main/resources';

/** Upstream's schema from the SDL folder of a checkout (or the folder itself) and the files it read. */
export function upstreamSchema(path: string): { schema: GraphQLSchema; files: string[] } {
  const folder = existsSync(join(path, SDL_FOLDER)) ? join(path, SDL_FOLDER) : path;
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.graphql'))
    .sort();
  if (files.length === 0) throw new Error(`no .graphql files in ${folder}`);
  const documents = files.map((f) => parse(readFileSync(join(folder, f), 'utf8'), { noLocation: true }));
  return { schema: buildASTSchema(concatAST(documents), { assumeValidSDL: true }), files };
}

const args = (f: GraphQLField<unknown, unknown>): string =>
  f.args.length > 0 ? `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : '';

/** The signature lines of what both schemas declare, upstream's signatures, in upstream's order. */
export function signatureLines(upstream: GraphQLSchema, ours: GraphQLSchema): string[] {
  const roots = new Set([upstream.getQueryType()?.name, upstream.getMutationType()?.name]);
  const types = Object.values(upstream.getTypeMap()).filter((t) => !t.name.startsWith('__'));
  const both = (t: GraphQLNamedType): GraphQLNamedType | undefined => {
    const mine = ours.getType(t.name);
    return mine && mine.constructor === t.constructor ? mine : undefined;
  };
  const out: string[] = [];
  const section = (title: string, lines: string[]): void => {
    if (lines.length > 0) out.push('', `# ${title}`, ...lines);
  };
  for (const root of [upstream.getQueryType(), upstream.getMutationType()]) {
    if (!root) continue;
    const mine = ours.getType(root.name);
    if (!isObjectType(mine)) continue;
    const fields = Object.values(root.getFields()).filter((f) => mine.getFields()[f.name]);
    section(
      `${root.name} fields`,
      fields.map((f) => `${root.name}.${f.name}${args(f)}: ${String(f.type)}`),
    );
  }
  const inputs = types.filter((t) => isInputObjectType(t) && both(t));
  section(
    'inputs, every upstream field',
    inputs.flatMap((t) =>
      isInputObjectType(t)
        ? Object.values(t.getFields()).map((f) => `input ${t.name}.${f.name}: ${String(f.type)}`)
        : [],
    ),
  );
  const enums = types.filter((t) => isEnumType(t) && both(t));
  section(
    'enums, every upstream value',
    enums.map((t) =>
      isEnumType(t)
        ? `enum ${t.name}: ${t
            .getValues()
            .map((v) => v.name)
            .join(' ')}`
        : '',
    ),
  );
  for (const [kind, test] of [
    ['interface', isInterfaceType],
    ['type', isObjectType],
  ] as const) {
    const lines: string[] = [];
    for (const t of types) {
      const mine = both(t);
      if (!mine || roots.has(t.name) || !test(t) || !test(mine)) continue;
      const mineFields = mine.getFields();
      for (const f of Object.values(t.getFields()))
        if (mineFields[f.name]) lines.push(`${kind} ${t.name}.${f.name}${args(f)}: ${String(f.type)}`);
    }
    section(`${kind === 'type' ? 'output types' : 'interfaces'}: the fields both declare`, lines);
  }
  return out;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { release: { type: 'string' }, commit: { type: 'string' } },
  });
  const [path] = positionals;
  if (!path || !values.release || !values.commit) {
    process.stderr.write(
      'usage: upstream-signatures.ts <datahub checkout or SDL folder> --release <tag> --commit <sha>\n',
    );
    process.exit(2);
  }
  const { schema, files } = upstreamSchema(path);
  const ours = buildSchema(graphqlSchemaSource());
  const header = [
    `# Signatures of DataHub's GraphQL schema at ${values.release} (datahub-project/datahub, commit ${values.commit}),`,
    `# read from its ${SDL_FOLDER}/*.graphql (${files.length} files) for every root field, input, enum and`,
    '# output field that spec/graphql/schema/ also declares. Written by scripts/upstream-signatures.ts;',
    '# re-run it on a checkout of the next release. Directives and default values are left out.',
    '# One line per root field `Root.field(args): Type`, per input field `input Type.field: Type` (every field of',
    "# each input: the contract's inputs must be exactly these), per enum `enum Type: VALUES` (every value), and per",
    '# field both declare of an interface (`interface Type.field(args): Type`) or output type',
    "# (`type Type.field(args): Type`): the contract's types are subsets, each field they declare must be listed.",
    '# spec/test/graphql-upstream-signatures.test.ts compares the SDL with this file.',
  ];
  process.stdout.write([...header, ...signatureLines(schema, ours)].join('\n') + '\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
