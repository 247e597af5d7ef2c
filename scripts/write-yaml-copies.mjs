/**
 * The build's last step (`npm run build`, and `build:code-if-stale` on every `npm start`): the JSON
 * copies of the spec's start-up YAML files beside the compiled loader (spec/yaml-copy.ts says why
 * and how a stale copy is never used). Writes only the copies whose YAML changed.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const { writeStartupYamlCopies } = await import(pathToFileURL(join(root, 'dist', 'spec', 'yaml-copy.js')).href);
for (const file of writeStartupYamlCopies()) console.error(`wrote the JSON copy of spec/${file}`);
