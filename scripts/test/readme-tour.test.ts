/**
 * The README's 60-second tour works for a new user: the `sh` block of its "## 60-second tour" section
 * runs as written, with bash -e, in a fresh clone of this repository's HEAD. The clone shares this
 * checkout's node_modules (a symlink) instead of running `npm ci`, and the tour's port 8080 becomes a
 * free port so the test does not collide with a mock already running on this machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { fencedBlocks, readmeSection } from './readme-sections.js';

const TOUR_HEADING = '## 60-second tour';
const TOUR_PORT = '8080';
// npm start compiles the code and builds the docs site first in a fresh clone.
const TOUR_TIMEOUT_MS = 300_000;

const clone = mkdtempSync(join(tmpdir(), 'catalog-contract-clone-'));
afterAll(() => rmSync(clone, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface Run {
  code: number | null;
  output: string;
}

/** Runs `script` with bash -e in `cwd`, then ends whatever it left running in the background (the mock). */
function runScript(script: string, cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-c', script], {
      cwd,
      detached: true,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const stop = (): void => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        // the process group has already ended
      }
    };
    const timer = setTimeout(stop, TOUR_TIMEOUT_MS - 5_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      stop();
      resolve({ code, output });
    });
  });
}

it(
  'runs the tour commands of README.md as written, in a fresh clone',
  async () => {
    execFileSync('git', ['clone', '--quiet', fromRoot(), clone]);
    symlinkSync(fromRoot('node_modules'), join(clone, 'node_modules'), 'dir');
    const section = readmeSection(readFileSync(join(clone, 'README.md'), 'utf8'), TOUR_HEADING);
    expect(section, `README.md has no "${TOUR_HEADING}" section`).toBeDefined();
    const [tour] = fencedBlocks(section ?? '', 'sh');
    expect(tour, 'the tour section has no ```sh block').toBeDefined();
    expect(tour).toContain(TOUR_PORT);

    const port = String(await freePort());
    const { code, output } = await runScript((tour ?? '').split(TOUR_PORT).join(port), clone);
    expect(code, output).toBe(0);
    // What the tour promises to show: an entity, a search result, a GraphQL answer.
    expect(output).toMatch(/"entityName":"dataset"/);
    expect(output).toMatch(/"numEntities":\d+/);
    expect(output).toMatch(/\{"data":\{"dataset":\{/);
  },
  TOUR_TIMEOUT_MS,
);
