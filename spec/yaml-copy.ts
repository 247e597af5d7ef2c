/**
 * The YAML files of the spec that every start reads (the entity registry, the upstream differences),
 * through a JSON copy the build writes beside the compiled loader. Parsing them with the YAML library,
 * cold, took about a quarter of a start; reading the copy takes a millisecond. The hand-written YAML
 * stays the source of truth: each start reads it and uses the copy only when the copy records the
 * SHA-256 of exactly that text, so an edited file is parsed again, never answered from a stale copy.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';
import { writeFileWhole } from './whole-file.js';

/** The spec's YAML files read at every start, with a copy each. */
export const STARTUP_YAML_FILES = ['entities.yaml', 'upstream-differences.yaml'] as const;
export type StartupYamlFile = (typeof STARTUP_YAML_FILES)[number];

interface YamlCopy {
  /** SHA-256 (hex) of the YAML text the value was parsed from. */
  sha256: string;
  value: unknown;
}

const copyFolder = (root: string): string => join(root, 'dist', 'spec', 'yaml');
const copyPath = (root: string, file: StartupYamlFile): string => join(copyFolder(root), file.replace(/\.yaml$/, '.json'));
const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The YAML library, loaded when a text must be parsed: a start with current copies never loads it. */
export function parseYaml(text: string): unknown {
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(text) as unknown;
}

function readCopy(root: string, file: StartupYamlFile): YamlCopy | undefined {
  const path = copyPath(root, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as YamlCopy) : undefined;
}

/**
 * The parsed content of one of the spec's start-up YAML files, from its copy when that was made from
 * this very text. `root`: the package's folder (another one in tests).
 */
export function readStartupYaml<T>(file: StartupYamlFile, root = packageRoot()): T {
  const text = readFileSync(join(root, 'spec', file), 'utf8');
  const copy = readCopy(root, file);
  return (copy?.sha256 === digest(text) ? copy.value : parseYaml(text)) as T;
}

/**
 * Writes the copy of each start-up YAML file whose copy is missing or made from another text (the
 * build runs this after compiling). A value JSON would not carry unchanged is refused, so that the
 * copy and the parse always give the same value.
 */
export function writeStartupYamlCopies(root = packageRoot()): StartupYamlFile[] {
  const written: StartupYamlFile[] = [];
  for (const file of STARTUP_YAML_FILES) {
    const text = readFileSync(join(root, 'spec', file), 'utf8');
    const sha256 = digest(text);
    if (readCopy(root, file)?.sha256 === sha256) continue;
    const value = parseYaml(text);
    const json = JSON.stringify({ sha256, value } satisfies YamlCopy);
    if (!isDeepStrictEqual((JSON.parse(json) as YamlCopy).value, value)) throw new Error(`spec/${file}: holds a value JSON does not keep (a date, a non-finite number, undefined); no copy written`);
    mkdirSync(copyFolder(root), { recursive: true });
    // Whole, so a start never reads a copy a killed or concurrent build left half-written.
    writeFileWhole(copyPath(root, file), json);
    written.push(file);
  }
  return written;
}
