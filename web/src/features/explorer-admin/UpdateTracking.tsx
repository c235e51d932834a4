import { useState } from 'react';
import { useExplorerSite } from './api.ts';
import { OnDemandPopover } from '../../ui/OnDemandMenu.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function TrackingContent({ clientId, explorerPageId }: { clientId: string; explorerPageId: string }) {
  const { data, error } = useExplorerSite(clientId, explorerPageId);
  if (error && !data) return <p role="alert">Update data could not be loaded.</p>; // wording chosen (§8)
  if (!data) return <p aria-busy="true">Loading update data...</p>;
  const by = data.updatedBy;
  const name = [by.firstName, by.lastName].filter(Boolean).join(' ') || by.userId;
  return (
    <p data-testid="update-tracking">
      Last updated by <strong>{name}</strong>
      {by.email ? ` (${by.email})` : ''} on {when(by.at)}.
    </p>
  );
}

/** explorer §3 update tracking / §8: who last updated the site and when, loaded when opened. */
export function UpdateTracking({ clientId, explorerPageId }: { clientId: string; explorerPageId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <OnDemandPopover
      trigger={{ className: 'button button--secondary button--small', children: 'Last update' }}
      placement="bottom end"
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      dialogClassName="xa-tracking"
      dialogLabel="Last update"
    >
      {isOpen && <TrackingContent clientId={clientId} explorerPageId={explorerPageId} />}
    </OnDemandPopover>
  );
}
