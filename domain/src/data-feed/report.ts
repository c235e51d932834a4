import { acknowledgmentInWords, isAccepted, type Acknowledgment } from './acknowledgment.ts';
import { DATA_FEED_RULES, type DataFeedRule, type DataFeedRuleSource, type FeedIssue } from './rules.ts';
import type { Feed834 } from './feed.ts';

/** How many problems a report lists in full; past it only the counts grow. */
export const FEED_ISSUE_LIMIT = 2000;

/** The report of one round: the 999 in words, the counts, the problems grouped by rule. */
export type DataFeedReport = {
  accepted: boolean;
  acknowledgment: Acknowledgment;
  acknowledgmentInWords: string[];
  members: { subscribers: number; dependants: number };
  /** Which checks ran: the EIF's once it is signed, the census's once one is submitted. */
  checked: { eif: boolean; census: boolean; guide: boolean };
  problems: number;
  groups: { rule: DataFeedRule; label: string; source: DataFeedRuleSource; count: number }[];
  issues: FeedIssue[];
  truncated: boolean;
  /** Every problem's key (what is fixed and what is new from one round to the next). */
  keys: string[];
};

export function buildReport(
  ack: Acknowledgment,
  feed: Feed834 | null,
  issues: FeedIssue[],
  checked: DataFeedReport['checked'],
): DataFeedReport {
  const counts = new Map<DataFeedRule, number>();
  for (const issue of issues) counts.set(issue.rule, (counts.get(issue.rule) ?? 0) + 1);
  const subscribers = feed?.members.filter((m) => m.subscriber).length ?? 0;
  return {
    accepted: isAccepted(ack),
    acknowledgment: ack,
    acknowledgmentInWords: acknowledgmentInWords(ack),
    members: { subscribers, dependants: (feed?.members.length ?? 0) - subscribers },
    checked,
    problems: issues.length,
    groups: [...counts.entries()]
      .map(([rule, count]) => ({
        rule,
        label: DATA_FEED_RULES[rule].label,
        source: DATA_FEED_RULES[rule].source,
        count,
      }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    issues: issues.slice(0, FEED_ISSUE_LIMIT),
    truncated: issues.length > FEED_ISSUE_LIMIT,
    keys: [...new Set(issues.map((i) => i.key))],
  };
}

/** A round is clean when its file is accepted and no rule found a problem. */
export const isClean = (report: Pick<DataFeedReport, 'accepted' | 'problems'>) =>
  report.accepted && report.problems === 0;

/** The syntax errors of a report as keys, so a 999 fixed between rounds counts as fixed too. */
const syntaxKeys = (report: DataFeedReport) =>
  report.acknowledgmentInWords
    .filter((l) => !/: accepted$|^Accepted|^Rejected|^Partially/.test(l))
    .map((l) => `SYNTAX|${l}`);

/** What was fixed and what is new since the round before (by problem key; syntax errors by their words). */
export function roundChanges(previous: DataFeedReport | null, current: DataFeedReport) {
  if (!previous) return null;
  const before = new Set([...previous.keys, ...syntaxKeys(previous)]);
  const after = new Set([...current.keys, ...syntaxKeys(current)]);
  return {
    fixed: [...before].filter((k) => !after.has(k)).length,
    new: [...after].filter((k) => !before.has(k)).length,
    /** The new problems listed (the first ones), and the rules of the fixed ones with how many. */
    newIssues: current.issues.filter((i) => !before.has(i.key)).slice(0, 200),
    fixedRules: fixedRules(previous, after),
  };
}

function fixedRules(previous: DataFeedReport, after: Set<string>) {
  const counts = new Map<string, number>();
  for (const key of previous.keys)
    if (!after.has(key)) {
      const rule = key.split('|')[0] as DataFeedRule;
      const label = DATA_FEED_RULES[rule]?.label ?? rule;
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  for (const key of syntaxKeys(previous))
    if (!after.has(key)) counts.set('Syntax errors', (counts.get('Syntax errors') ?? 0) + 1);
  return [...counts.entries()].map(([label, count]) => ({ label, count }));
}
