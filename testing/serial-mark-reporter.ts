import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Marks the moment a run reaches its serial files (the projects of a later `sequence.groupOrder`, one
 * file at a time): writes the file named by ONBOARD_SERIAL_MARK once. CI starts its static checks then,
 * on the core the serial files leave idle (.ci/run).
 */
export default class SerialMarkReporter implements Reporter {
  private marked = false;

  onTestModuleStart(testModule: TestModule): void {
    const mark = process.env.ONBOARD_SERIAL_MARK;
    if (this.marked || !mark || testModule.project.config.sequence.groupOrder === 0) return;
    this.marked = true;
    writeFileSync(mark, `${testModule.moduleId}\n`);
  }
}
