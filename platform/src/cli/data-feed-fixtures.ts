// `npm run fixtures:data-feed [folder]`: writes the data-feed fixtures (a valid test 834 and one broken
// 834 per fault: bad envelope counts, an unknown class, coverage not offered, a member missing from the
// census, a termination before the effective date) to the folder, testing/fixtures/data-feed by default.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { dataFeedFixtures } from '@onboard/command-api/data-feed';

const folder = resolve(process.argv[2] ?? 'testing/fixtures/data-feed');
mkdirSync(folder, { recursive: true });
for (const [name, text] of Object.entries(dataFeedFixtures())) {
  writeFileSync(join(folder, name), text);
  console.log(join(folder, name));
}
