import { useEffect } from 'react';
import { useSetAtom } from '../state/store.ts';
import { useSWRConfig } from 'swr';
import { pushEntriesAtom } from '../state/atoms.ts';
import { applyPushStatus, type ApiJobStatus } from '../state/push-status.ts';
import { showEmailToast } from '../state/toasts.ts';
import { clientKey } from '../api/hooks.ts';
import { censusKey } from '../features/census/api.ts';
import { refreshConversations } from '../features/conversations/api.ts';
import { tasksKey } from '../features/tasks/api.ts';

const EVENTS_STREAM_PATH = '/api/events/stream';
/** Spec platform §6/§9: 5 reconnect attempts once the stream is refused or closed for good. */
const MAX_REOPENS = 5;
const SEEN_IDS_KEPT = 500;

type PushStatusData = { clientId: string; apiJobStatus: ApiJobStatus };
type EmailSentData = { emailId: string; subject: string };
type CensusProgressData = { clientId: string; policyId: string; documentId: string };

/**
 * Opens the gateway's Server-Sent Events stream (admins and owners hear every message, a client's people
 * their clients' conversations). EventSource itself reconnects
 * after network drops and sends Last-Event-ID; delivery is at-least-once, so messages are de-duplicated
 * by their SSE id here.
 */
export function Realtime() {
  const setEntries = useSetAtom(pushEntriesAtom);
  const { mutate } = useSWRConfig();

  useEffect(() => {
    const seen = new Set<string>();
    let source: EventSource | null = null;
    let reopens = 0;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let isClosed = false;

    const isFirstDelivery = (event: MessageEvent) => {
      if (!event.lastEventId) return true;
      if (seen.has(event.lastEventId)) return false;
      seen.add(event.lastEventId);
      if (seen.size > SEEN_IDS_KEPT) seen.delete(seen.values().next().value!);
      return true;
    };

    const open = () => {
      source = new EventSource(EVENTS_STREAM_PATH, { withCredentials: true });
      source.onopen = () => {
        reopens = 0;
      };
      source.addEventListener('QPS_PUSH_STATUS', (event) => {
        if (!isFirstDelivery(event)) return;
        const data = JSON.parse(event.data as string) as PushStatusData;
        setEntries((entries) => applyPushStatus(entries, data, Date.now()));
        if (data.apiJobStatus !== 'IN_PROGRESS') void mutate(clientKey(data.clientId));
      });
      // A census validation's progress: the census page of that policy reads its files again.
      source.addEventListener('CENSUS_VALIDATION_PROGRESS', (event) => {
        if (!isFirstDelivery(event)) return;
        const data = JSON.parse(event.data as string) as CensusProgressData;
        void mutate(censusKey(data.clientId, data.policyId));
      });
      // An onboarding form's status changed: the hub's list, the signer's queue and the tasks read it again.
      source.addEventListener('ONBOARDING_FORM_STATUS', (event) => {
        if (!isFirstDelivery(event)) return;
        const { clientId } = JSON.parse(event.data as string) as { clientId: string };
        const forms = `/api/clients/${encodeURIComponent(clientId)}/onboarding-forms`;
        // The message can overtake the read model by a moment: read again shortly after, too.
        const refresh = () => {
          void mutate(forms);
          void mutate(`${forms}/ready-to-sign-recipients`);
          // The onboarding-forms task follows the forms: its status, in the task list and the client.
          void mutate(tasksKey(clientId));
          void mutate(clientKey(clientId));
        };
        refresh();
        for (const delay of [500, 1500, 4000]) setTimeout(refresh, delay);
      });
      // A conversation changed: the client's threads (and the person's list) are read again.
      source.addEventListener('CONVERSATION_CHANGED', (event) => {
        if (!isFirstDelivery(event)) return;
        const { clientId } = JSON.parse(event.data as string) as { clientId: string };
        // The message can overtake the read model by a moment: read again shortly after, too.
        const refresh = () => void refreshConversations(mutate, clientId);
        refresh();
        for (const delay of [500, 1500]) setTimeout(refresh, delay);
      });
      source.addEventListener('EMAIL_SENT', (event) => {
        if (!isFirstDelivery(event)) return;
        showEmailToast(JSON.parse(event.data as string) as EmailSentData);
      });
      source.onerror = () => {
        // CONNECTING means the browser is already retrying; CLOSED means it gave up (e.g. a 5xx answer).
        if (source?.readyState !== EventSource.CLOSED || isClosed || reopens >= MAX_REOPENS) return;
        reopens += 1;
        reopenTimer = setTimeout(open, 1000 * reopens);
      };
    };

    open();
    return () => {
      isClosed = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [setEntries, mutate]);

  return null;
}
