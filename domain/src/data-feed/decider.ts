import type { CompanionGuideProfileEvent, DataFeedEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';
import { isClean, roundChanges, type DataFeedReport } from './report.ts';
import { DEFAULT_PROFILE, profileProblems, type CompanionGuideProfile } from './profile.ts';

/**
 * A client's data feed (`data-feed-{clientId}`): each test 834 uploaded is a round, kept with its
 * report; after two clean rounds in a row staff mark the feed ready for production (production support
 * is told); staff export the submitted census as an 834.
 */

export type DataFeedRound = {
  round: number;
  documentId: string;
  fileName: string;
  size: number;
  acknowledgmentDocumentId: string;
  report: DataFeedReport;
  at: string;
  by: string;
};

export type DataFeedState = {
  rounds: DataFeedRound[];
  ready: { round: number; at: string; notified: string[] } | null;
  exports: { documentId: string; fileName: string; members: number; at: string }[];
};

type By = { userId: string; role: string };

export type DataFeedCommand =
  | Command<
      'RecordRound',
      {
        clientId: string;
        documentId: string;
        fileName: string;
        size: number;
        acknowledgmentDocumentId: string;
        report: DataFeedReport;
      }
    >
  | Command<'MarkReady', { clientId: string; notified: string[] }>
  | Command<
      'RecordCensusExport',
      { clientId: string; documentId: string; fileName: string; members: number }
    >;
export type DataFeedIntent = Intent<DataFeedCommand>;

export type DataFeedError = { code: 'NOT_READY' | 'ALREADY_READY'; message: string };

/** Clean rounds in a row needed before the feed may go to production. */
export const CLEAN_ROUNDS_FOR_PRODUCTION = 2;

export const DATA_FEED_MESSAGES = {
  notReady: `The feed can be marked ready for production after ${CLEAN_ROUNDS_FOR_PRODUCTION} clean rounds in a row`,
  alreadyReady: 'The feed is already marked ready for production',
} as const;

const initialState = (): DataFeedState => ({ rounds: [], ready: null, exports: [] });

/** Clean rounds at the end of the list, in a row. */
export function cleanRoundsInARow(state: Pick<DataFeedState, 'rounds'>): number {
  let count = 0;
  for (let i = state.rounds.length - 1; i >= 0 && isClean(state.rounds[i]!.report); i--) count++;
  return count;
}

function decide(command: DataFeedCommand, state: DataFeedState) {
  const by: By = command.metadata.by;
  switch (command.type) {
    case 'RecordRound': {
      const { report, ...rest } = command.data;
      return accepted<DataFeedEvent>({
        type: 'DataFeedRoundRecorded',
        data: {
          ...rest,
          round: state.rounds.length + 1,
          report: report as unknown as Record<string, unknown>,
          at: command.metadata.at,
          by,
        },
      });
    }
    case 'MarkReady':
      if (state.ready)
        return refused<DataFeedError>({ code: 'ALREADY_READY', message: DATA_FEED_MESSAGES.alreadyReady });
      if (cleanRoundsInARow(state) < CLEAN_ROUNDS_FOR_PRODUCTION)
        return refused<DataFeedError>({ code: 'NOT_READY', message: DATA_FEED_MESSAGES.notReady });
      return accepted<DataFeedEvent>({
        type: 'DataFeedMarkedReady',
        data: {
          clientId: command.data.clientId,
          round: state.rounds.length,
          notified: command.data.notified,
          at: command.metadata.at,
          by,
        },
      });
    case 'RecordCensusExport':
      return accepted<DataFeedEvent>({
        type: 'DataFeedCensusExported',
        data: { ...command.data, at: command.metadata.at, by },
      });
  }
}

function evolve(state: DataFeedState, event: DataFeedEvent): DataFeedState {
  switch (event.type) {
    case 'DataFeedRoundRecorded': {
      const { round, documentId, fileName, size, acknowledgmentDocumentId, report, at, by } = event.data;
      return {
        ...state,
        rounds: [
          ...state.rounds,
          {
            round,
            documentId,
            fileName,
            size,
            acknowledgmentDocumentId,
            report: report as unknown as DataFeedReport,
            at,
            by: by.userId,
          },
        ],
      };
    }
    case 'DataFeedMarkedReady':
      return {
        ...state,
        ready: { round: event.data.round, at: event.data.at, notified: event.data.notified },
      };
    case 'DataFeedCensusExported':
      return {
        ...state,
        exports: [
          ...state.exports,
          {
            documentId: event.data.documentId,
            fileName: event.data.fileName,
            members: event.data.members,
            at: event.data.at,
          },
        ],
      };
  }
}

export const dataFeedDecider: Decider<DataFeedState, DataFeedCommand, DataFeedEvent, DataFeedError> = {
  initialState,
  decide,
  evolve,
};

/** The feed as the page reads it: rounds newest first with what changed since the one before. */
export function dataFeedView(state: DataFeedState) {
  const clean = cleanRoundsInARow(state);
  return {
    rounds: state.rounds
      .map((r, i) => ({
        round: r.round,
        documentId: r.documentId,
        fileName: r.fileName,
        size: r.size,
        acknowledgmentDocumentId: r.acknowledgmentDocumentId,
        at: r.at,
        clean: isClean(r.report),
        report: r.report,
        changes: roundChanges(i > 0 ? state.rounds[i - 1]!.report : null, r.report),
      }))
      .reverse(),
    cleanRoundsInARow: clean,
    canMarkReady: state.ready === null && clean >= CLEAN_ROUNDS_FOR_PRODUCTION,
    ready: state.ready,
    exports: [...state.exports].reverse(),
  };
}
export type DataFeedView = ReturnType<typeof dataFeedView>;

// ---- the carrier's companion-guide profile ------------------------------------------------------------

export type ProfileState = { profile: CompanionGuideProfile; changedAt: string | null };
export type ProfileCommand = Command<'SetProfile', { profile: CompanionGuideProfile }>;
export type ProfileError = { code: 'INVALID'; message: string; fields: Record<string, string> };

export const companionGuideDecider: Decider<
  ProfileState,
  ProfileCommand,
  CompanionGuideProfileEvent,
  ProfileError
> = {
  initialState: () => ({ profile: DEFAULT_PROFILE, changedAt: null }),
  decide(command) {
    const problems = profileProblems(command.data.profile);
    const first = Object.values(problems)[0];
    if (first !== undefined)
      return refused<ProfileError>({ code: 'INVALID', message: first, fields: problems });
    return accepted<CompanionGuideProfileEvent>({
      type: 'CompanionGuideProfileSet',
      data: {
        profile: command.data.profile as unknown as Record<string, unknown>,
        at: command.metadata.at,
        by: command.metadata.by,
      },
    });
  },
  evolve: (_state, event) => ({
    profile: event.data.profile as unknown as CompanionGuideProfile,
    changedAt: event.data.at,
  }),
};
