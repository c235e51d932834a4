import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files of a run, longest first, by the seconds each took in a recent full run
 * (testing/durations.json, refreshed with `npm run test:durations`),
 * across projects: the pool then ends with short files, instead of a long one started last running alone
 * while the other workers idle. A file not listed yet goes first (its time is unknown). vitest's own order
 * needs its results cache, which a clean clone does not have.
 */
export default class LongestFirst extends BaseSequencer {
  private readonly seconds: Record<string, number> = JSON.parse(
    readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
  ) as Record<string, number>;

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const secondsOf = (file: TestSpecification) =>
      this.seconds[relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}
