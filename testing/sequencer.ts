import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files of a run in one queue, by the seconds each took in a recent full run
 * (testing/durations.json, refreshed with `npm run test:durations`); vitest's own order needs its results
 * cache, which a clean clone does not have. A file not listed yet counts as the longest (its time is
 * unknown).
 *
 * Grouped by project, and within a project longest first:
 * - A worker that shares its modules across files (`isolate: false`) is kept only while the next file in
 *   the queue is of its own project; otherwise vitest stops it and starts a fresh one, which imports the
 *   app again. Files of several projects mixed in one queue paid that import on most files.
 * - The projects come in the order of their longest file, so the run's longest files start first and the
 *   pool ends with short ones, instead of a long file started last running alone while the other workers
 *   idle.
 */
export default class LongestFirst extends BaseSequencer {
  private readonly seconds: Record<string, number> = JSON.parse(
    readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
  ) as Record<string, number>;

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const secondsOf = (file: TestSpecification) =>
      this.seconds[relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of [...files].sort((a, b) => secondsOf(b) - secondsOf(a))) {
      const name = file.project.name;
      byProject.set(name, [...(byProject.get(name) ?? []), file]);
    }
    // Each group is longest first already: its first file is its longest.
    return [...byProject.values()].sort((a, b) => secondsOf(b[0]!) - secondsOf(a[0]!)).flat();
  }
}
