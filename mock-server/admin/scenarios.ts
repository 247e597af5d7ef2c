/**
 * Named scenarios a session's state can be replaced with (`POST /__mock/scenarios/<name>`): the
 * built-in `sample` (the sample catalog) and `empty`, and each seed file of `--scenarios DIR`, named
 * after its file without the extension. The files are read at start, so a broken one stops the
 * server there rather than in the middle of a test run.
 */
import { readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { counted, type Contract } from '../../spec/index.js';
import { badRequest, notFound } from '../errors.js';
import { sampleCatalog } from '../sample/index.js';
import { readSeedFile } from '../seed/index.js';
import { describeSkip, loadProposals, type StartupProposal } from '../ingest/startup-data.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { AccountRole } from '../ingest/account-roles.js';
import { systemEntities } from '../ingest/system-entities.js';

const SEED_EXTENSION = '.json';

export class ScenarioCatalog {
  private readonly scenarios = new Map<string, () => readonly StartupProposal[]>();

  /**
   * `referenceTime`: the mock's (`../ingest/reference-day.ts`), which every scenario is stamped with; `accounts`:
   * the roles of the accounts the mock was started with, which every scenario keeps.
   */
  constructor(
    private readonly contract: Contract,
    private readonly referenceTime: number,
    dir?: string,
    private readonly accounts: readonly AccountRole[] = [],
  ) {
    this.scenarios.set('sample', () => sampleCatalog(contract, referenceTime));
    this.scenarios.set('empty', () => []);
    if (dir === undefined) return;
    for (const file of readdirSync(dir)
      .filter((name) => extname(name) === SEED_EXTENSION)
      .sort()) {
      const { proposals } = readSeedFile(join(dir, file), contract);
      this.scenarios.set(basename(file, SEED_EXTENSION), () => proposals);
    }
  }

  names(): string[] {
    return [...this.scenarios.keys()];
  }

  /**
   * Replaces the store's state with the scenario's, all or nothing: a rejected aspect is a 400 naming
   * it and leaves the store as it was. The scenario becomes the state a reset returns to.
   */
  load(store: CatalogStore, name: string): void {
    const proposals = this.scenarios.get(name);
    if (!proposals) throw notFound(`scenario '${name}' does not exist; known: ${this.names().join(', ')}`);
    store.transaction(() => {
      store.clear();
      // A fresh upstream store holds its system entities whatever else it is given.
      const report = loadProposals(
        store,
        `scenario ${name}`,
        [...systemEntities(this.contract, this.referenceTime, this.accounts), ...proposals()],
        this.referenceTime,
      );
      if (report.rejected > 0)
        throw badRequest(
          `scenario '${name}': ${counted(report.rejected, 'aspect')} rejected: ${report.skipped.map((skip) => describeSkip(`scenario ${name}`, skip)).join('; ')}`,
        );
    });
    store.markStartupState();
  }
}
