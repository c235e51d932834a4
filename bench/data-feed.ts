// The data feed (connect-service task): reading and checking a 10,000-member test 834 (node-x12's parse,
// the walk into members and the 999's element rules, every rule against the signed plan design, the
// census and the companion guide) as a ratio to a bare parse of the same file by node-x12 (target at
// least 0.5x: the checks cost less than the parse). `npx tsx bench/data-feed.ts` runs it alone.
import { X12Parser } from 'node-x12';
import { FIXTURE_FACTS, fixtureCensus, fixtureFeed, read834 } from '@onboard/command-api/data-feed';
import { DEFAULT_PROFILE, buildReport, checkFeed } from '@onboard/domain/data-feed';
import type { Report } from './eif.ts';
import { runAlone } from './standalone.ts';

const MEMBERS = Number(process.env.BENCH_DATA_FEED_MEMBERS ?? 10_000);
const RUNS = 5;

/** The best of a few runs, after one to warm up. */
function best(fn: () => void) {
  fn();
  let fastest = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

export async function benchDataFeed(report: Report) {
  // Every fourth employee brings a spouse and a child: employees for MEMBERS members in all.
  const employees = Math.round(MEMBERS / 1.5);
  const census = fixtureCensus(employees);
  const text = fixtureFeed(employees);
  let members = 0;
  let problems = -1;
  const bare = best(() => {
    new X12Parser(false).parse(text);
  });
  const checked = best(() => {
    const read = read834(text, DEFAULT_PROFILE);
    const issues = checkFeed(read.feed, { facts: FIXTURE_FACTS, census, profile: DEFAULT_PROFILE });
    const built = buildReport(read.ack, read.feed, issues, { eif: true, census: true, guide: true });
    members = read.feed.members.length;
    problems = built.problems + (built.accepted ? 0 : 1);
  });
  const ratio = bare / checked;
  report(
    `data feed: read and check a ${members.toLocaleString('en-US')}-member 834 (${(text.length / 1e6).toFixed(1)} MB)`,
    `${checked.toFixed(0)} ms vs a bare node-x12 parse ${bare.toFixed(0)} ms, ${problems} problems`,
    ratio,
    '>= 0.5x of the bare parse',
    ratio >= 0.5 && problems === 0,
  );
}

runAlone(import.meta.url, benchDataFeed);
