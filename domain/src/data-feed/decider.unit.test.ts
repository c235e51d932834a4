import { describe, expect, it } from 'vitest';
import type { DataFeedEvent } from '@onboard/events';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { companionGuideDecider, dataFeedDecider, dataFeedView, type DataFeedCommand } from './decider.ts';
import { buildReport, type DataFeedReport } from './report.ts';
import {
  DEFAULT_PROFILE,
  parseMaintenanceText,
  parsePlansText,
  maintenanceText,
  plansText,
} from './profile.ts';
import type { Acknowledgment } from './acknowledgment.ts';
import type { FeedIssue } from './rules.ts';

const metadata = { at: '2026-02-01T12:00:00.000Z', by: { userId: 'u-1', role: 'BEN_ADMIN' } };
const ACCEPTED: Acknowledgment = {
  interchange: { controlNumber: '000000001', codes: [] },
  group: { controlNumber: '1', codes: [] },
  transactions: [{ controlNumber: '0001', accepted: true, codes: [], segments: [] }],
};
const issue = (rule: FeedIssue['rule'], who: string): FeedIssue => ({
  rule,
  key: `${rule}|${who}`,
  member: who,
  at: null,
  censusRow: null,
  message: `${rule} of ${who}`,
});
const report = (issues: FeedIssue[], ack = ACCEPTED): DataFeedReport =>
  buildReport(ack, null, issues, { eif: true, census: true, guide: true });

const recordRound = (r: DataFeedReport, n: number): DataFeedCommand => ({
  type: 'RecordRound',
  data: {
    clientId: 'c-1',
    documentId: `d-${n}`,
    fileName: `test-${n}.834`,
    size: 100,
    acknowledgmentDocumentId: `a-${n}`,
    report: r,
  },
  metadata,
});
const markReady: DataFeedCommand = {
  type: 'MarkReady',
  data: { clientId: 'c-1', notified: ['ops@example.com'] },
  metadata,
};

const given = givenWhenThen(dataFeedDecider);
const rounded = (...reports: DataFeedReport[]) => {
  const events: DataFeedEvent[] = [];
  for (const [i, r] of reports.entries())
    events.push(...eventsOf(dataFeedDecider.decide(recordRound(r, i + 1), given(...events).state)));
  return events;
};

describe('the data feed’s rounds', () => {
  it('numbers each test file as the next round', () => {
    const events = rounded(report([issue('CLASS_NOT_IN_EIF', 'Ada')]), report([]));
    expect(events.map((e) => e.type === 'DataFeedRoundRecorded' && e.data.round)).toEqual([1, 2]);
  });

  it('says what was fixed and what is new since the round before', () => {
    const view = dataFeedView(
      given(
        ...rounded(
          report([issue('CLASS_NOT_IN_EIF', 'Ada'), issue('NOT_IN_CENSUS', 'Bob')]),
          report([issue('NOT_IN_CENSUS', 'Bob'), issue('COVERAGE_NOT_OFFERED', 'Cy')]),
        ),
      ).state,
    );
    expect(view.rounds.map((r) => r.round)).toEqual([2, 1]);
    expect(view.rounds[1]!.changes).toBeNull();
    expect(view.rounds[0]!.changes).toMatchObject({
      fixed: 1,
      new: 1,
      newIssues: [expect.objectContaining({ rule: 'COVERAGE_NOT_OFFERED' })],
      fixedRules: [{ label: 'Class not in the signed EIF', count: 1 }],
    });
  });

  it('a 999 that rejects a round makes it not clean, and its fix counts as fixed', () => {
    const rejected: Acknowledgment = {
      ...ACCEPTED,
      transactions: [{ controlNumber: '0001', accepted: false, codes: ['4'], segments: [] }],
    };
    const view = dataFeedView(given(...rounded(report([], rejected), report([]))).state);
    expect(view.rounds.map((r) => r.clean)).toEqual([true, false]);
    expect(view.rounds[0]!.changes!.fixed).toBe(1);
  });

  it('may be marked ready after two clean rounds in a row, not before', () => {
    const once = given(...rounded(report([issue('NOT_IN_CENSUS', 'Bob')]), report([])));
    expect(refusalOf(once.when(markReady)).code).toBe('NOT_READY');
    expect(dataFeedView(once.state).canMarkReady).toBe(false);

    const broken = given(...rounded(report([]), report([issue('NOT_IN_CENSUS', 'Bob')]), report([])));
    expect(refusalOf(broken.when(markReady)).code).toBe('NOT_READY');

    const twice = given(...rounded(report([issue('NOT_IN_CENSUS', 'Bob')]), report([]), report([])));
    expect(dataFeedView(twice.state).canMarkReady).toBe(true);
    const ready = eventsOf(twice.when(markReady));
    expect(ready).toEqual([
      {
        type: 'DataFeedMarkedReady',
        data: { clientId: 'c-1', round: 3, notified: ['ops@example.com'], at: metadata.at, by: metadata.by },
      },
    ]);
    const after = given(...rounded(report([]), report([])), ...ready);
    expect(refusalOf(after.when(markReady)).code).toBe('ALREADY_READY');
    expect(dataFeedView(after.state)).toMatchObject({ canMarkReady: false, ready: { round: 3 } });
  });
});

describe('the companion-guide profile', () => {
  const set = (profile = DEFAULT_PROFILE) => ({ type: 'SetProfile' as const, data: { profile }, metadata });

  it('is the default until staff save one, and then theirs', () => {
    expect(givenWhenThen(companionGuideDecider)().state.profile).toEqual(DEFAULT_PROFILE);
    const mine = { ...DEFAULT_PROFILE, name: 'Our guide', classCategory: 'CLASS' };
    const events = eventsOf(givenWhenThen(companionGuideDecider)().when(set(mine)));
    expect(givenWhenThen(companionGuideDecider)(...events).state.profile).toEqual(mine);
  });

  it('refuses codes that are not 834 codes, naming the field', () => {
    const refusal = refusalOf(
      givenWhenThen(companionGuideDecider)().when(
        set({ ...DEFAULT_PROFILE, maintenance: [{ type: '099', reasons: ['ZZ'] }], plans: [] }),
      ),
    );
    expect(refusal).toMatchObject({
      code: 'INVALID',
      fields: {
        'maintenance.0.type': '099 is not an 834 maintenance type (INS03)',
        'maintenance.0.reasons': 'ZZ is not an 834 maintenance reason (INS04)',
        plans: 'List at least one plan code',
      },
    });
  });

  it('reads back the lists the staff screen edits as text', () => {
    expect(parseMaintenanceText(maintenanceText(DEFAULT_PROFILE))).toEqual(DEFAULT_PROFILE.maintenance);
    expect(parsePlansText(plansText(DEFAULT_PROFILE))).toEqual(DEFAULT_PROFILE.plans);
    expect(parsePlansText('ah vol life = vol_life')).toEqual([
      { insuranceLine: 'AH', planCode: 'vol life', benefitType: 'VOL_LIFE' },
    ]);
  });
});
