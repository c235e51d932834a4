import { ProgressMeter } from '../../ui/ProgressMeter.tsx';
import { useEffect, useState } from 'react';
import { useAtom, useSetAtom } from '../../state/store.ts';
import { Button, Link, Label } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { pushEntriesAtom } from '../../state/atoms.ts';
import {
  PUSH_POLL_INTERVAL_MS,
  applyPolledJobs,
  loadingClientIds,
  mockProgress,
  removePushEntry,
  type OverlayState,
  type PushEntry,
} from '../../state/push-status.ts';
import { get } from '../../api/client.ts';
import { clientKey, useClient } from '../../api/hooks.ts';
import { taxIdPath } from '../../app/routes.ts';

const STATE_TEXT: Record<OverlayState, string> = {
  loading: 'Pushing plan design…',
  success: 'Pushed to the plan system',
  warning: 'Pushed with warnings',
  error: 'Push failed',
};

function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

function PushStatusItem({ entry, now, onRemove }: { entry: PushEntry; now: number; onRemove: () => void }) {
  const { data: client } = useClient(entry.clientId);
  const name = client?.name ?? 'Client';
  const progress = mockProgress(entry, now);
  return (
    <li
      className={`push-item push-item--${entry.state}`}
      data-testid={`push-status-${entry.clientId}`}
      data-state={entry.state}
    >
      <div className="push-item__head">
        <span className="push-item__icon" aria-hidden="true" />
        <div className="push-item__text">
          <Link className="push-item__name" href={taxIdPath(entry.clientId)}>
            {name}
          </Link>
          <span className="push-item__status">{STATE_TEXT[entry.state]}</span>
        </div>
        <Button className="icon-button" aria-label={`Remove ${name} from the list`} onPress={onRemove}>
          ×
        </Button>
      </div>
      <ProgressMeter label={`${name}: ${STATE_TEXT[entry.state]}`} percent={progress}>
        <Label className="visually-hidden">{STATE_TEXT[entry.state]}</Label>
      </ProgressMeter>
    </li>
  );
}

/**
 * The fallback to QPS_PUSH_STATUS (spec platform §4): while any push is loading, ask /api/api-jobs every
 * 60 seconds, so a message lost while the stream was down still ends the spinner.
 */
function usePushPolling(loadingIds: readonly string[]) {
  const setEntries = useSetAtom(pushEntriesAtom);
  const { mutate } = useSWRConfig();
  const key = loadingIds.join('\n');
  useEffect(() => {
    if (key === '') return;
    const clientIds = key.split('\n');
    const timer = setInterval(() => {
      get('/api/api-jobs', {}, { 'clientIds[]': clientIds })
        .then(({ apiJobs }) => {
          let finished: string[] = [];
          setEntries((current) => {
            const result = applyPolledJobs(current, apiJobs, Date.now());
            finished = result.finished;
            return result.entries;
          });
          for (const clientId of finished) void mutate(clientKey(clientId));
        })
        // A failed poll is retried at the next tick; the stream may still deliver the status meanwhile.
        .catch(() => undefined);
    }, PUSH_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [key, setEntries, mutate]);
}

/** Bottom-right list of plan-system pushes (spec platform §4). */
export function PushStatusOverlay() {
  const [entries, setEntries] = useAtom(pushEntriesAtom);
  usePushPolling(loadingClientIds(entries));
  const now = useNow(entries.some((e) => e.state === 'loading'));
  if (entries.length === 0) return null;
  return (
    <section className="push-overlay" aria-label="Plan system pushes" aria-live="polite">
      <h2 className="push-overlay__title">Plan system pushes</h2>
      <ul className="push-overlay__list">
        {entries.map((entry) => (
          <PushStatusItem
            key={entry.clientId}
            entry={entry}
            now={now}
            onRemove={() => setEntries((current) => removePushEntry(current, entry.clientId))}
          />
        ))}
      </ul>
    </section>
  );
}
