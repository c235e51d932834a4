import { useState } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import { ClientComboBox, type ClientChoice } from '../../ui/ClientComboBox.tsx';
import { ConfirmDialog } from '../../ui/Dialogs.tsx';
import { formatWhen } from '../../ui/format.ts';
import { SwitchInput } from '../../ui/SwitchInput.tsx';
import { ErrorPanel } from '../../ui/Feedback.tsx';
import { useFeatureToggles, useFeatureToggleWrites, type FeatureToggle } from './api.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { useAction } from '../../api/action.ts';

const SOURCE_LABELS: Record<FeatureToggle['source'], string> = {
  default: 'Default',
  global: 'Set for everyone',
  client: 'This client’s override',
};

/**
 * Staff switch the feature toggles (platform §3): for everyone, or, with a client picked by name, for that client
 * only (an override, which they can remove so the client follows everyone's value again). The read
 * model catches up a moment after a switch, so the list is fetched again until it shows it.
 */
export function FeatureTogglesPage() {
  const [client, setClient] = useState<ClientChoice | null>(null);
  const clientId = client?.id ?? null;
  const { data, error, mutate } = useFeatureToggles(clientId);
  const writes = useFeatureToggleWrites();
  const [writeError, setWriteError] = useState<unknown>(null);
  const writing = useAction(
    async (write: () => Promise<void>, expect: (toggles: FeatureToggle[]) => boolean) => {
      setWriteError(null);
      await write();
      for (let attempt = 0; attempt < 20; attempt++) {
        const fresh = await mutate();
        if (fresh && expect(fresh.toggles)) break;
        await new Promise((done) => setTimeout(done, 250));
      }
    },
    { onError: setWriteError },
  );
  const { run } = writing;
  const busy = writing.isPending;

  return (
    <section className="page feature-toggles" aria-labelledby="feature-toggles-title">
      <Heading level={1} id="feature-toggles-title">
        Feature toggles
      </Heading>
      <div className="feature-toggles__client">
        <ClientComboBox label="Client (empty: everyone)" value={client} onChange={setClient} />
      </div>
      {writeError ? <ErrorPanel error={writeError} /> : null}
      <QueryState data={data} error={error} staleError="above">
        {(data) => (
          <section aria-labelledby="feature-toggles-list-title">
            <Heading level={2} id="feature-toggles-list-title" className="card__title">
              {client ? `Toggles of ${data.clientName ?? client.name}` : 'Toggles for everyone'}
            </Heading>
            <ul className="toggle-list">
              {data.toggles.map((toggle) => (
                <ToggleRow
                  key={toggle.name}
                  toggle={toggle}
                  clientId={clientId}
                  isBusy={busy}
                  onSet={(enabled) =>
                    void run(
                      () => writes.set(toggle.name, enabled, clientId),
                      (toggles) => toggles.find((t) => t.name === toggle.name)?.enabled === enabled,
                    )
                  }
                  onClearOverride={(forClient) =>
                    void run(
                      () => writes.clearOverride(toggle.name, forClient),
                      (toggles) => toggles.find((t) => t.name === toggle.name)?.source !== 'client',
                    )
                  }
                />
              ))}
            </ul>
          </section>
        )}
      </QueryState>
    </section>
  );
}

/** Toggles whose switch asks first: turning them changes what every staff member sees at once. */
const CONFIRMED_TOGGLES: ReadonlySet<string> = new Set(['ticketSystemDown']);

/**
 * One toggle: its name and description, a switch (for everyone, or for the chosen client), where its
 * value comes from, who set it and when, and the clients that override it.
 */
function ToggleRow({
  toggle,
  clientId,
  isBusy,
  onSet,
  onClearOverride,
}: {
  toggle: FeatureToggle;
  clientId: string | null;
  isBusy: boolean;
  onSet: (enabled: boolean) => void;
  onClearOverride: (clientId: string) => void;
}) {
  const [asking, setAsking] = useState<boolean | null>(null);
  const isLocked = clientId !== null && toggle.globalOnly;
  const change = (enabled: boolean) =>
    CONFIRMED_TOGGLES.has(toggle.name) ? setAsking(enabled) : onSet(enabled);
  return (
    <li className="toggle-row" data-testid={`feature-toggle-${toggle.name}`}>
      <div className="toggle-row__text">
        <SwitchInput
          label={toggle.label}
          isSelected={toggle.enabled}
          isDisabled={isBusy || isLocked}
          onChange={change}
        />
        <p className="muted toggle-row__description">{toggle.description}</p>
        <p className="toggle-row__facts">
          {SOURCE_LABELS[toggle.source]}
          {toggle.lastChange
            ? ` · changed by ${toggle.lastChange.byName} on ${formatWhen(toggle.lastChange.at)}`
            : ''}
          {isLocked ? ' · set for everyone only' : ''}
        </p>
        {!toggle.globalOnly && toggle.overrides.length > 0 && (
          <ul className="feature-toggles__overrides" aria-label={`Clients that override ${toggle.label}`}>
            {toggle.overrides.map((o) => (
              <li key={o.clientId}>{`${o.clientName}: ${o.enabled ? 'On' : 'Off'}`}</li>
            ))}
          </ul>
        )}
      </div>
      {clientId && toggle.source === 'client' ? (
        <Button
          className="button button--tertiary"
          isDisabled={isBusy}
          onPress={() => onClearOverride(clientId)}
        >
          {`Remove override: ${toggle.label}`}
        </Button>
      ) : null}
      <ConfirmDialog
        title={`Turn ${asking ? 'on' : 'off'} “${toggle.label}”?`}
        message={
          asking
            ? 'Every staff member sees the ticket system banner until it is turned off again.'
            : 'The ticket system banner goes away for every staff member.'
        }
        confirmLabel={`Turn ${asking ? 'on' : 'off'}`}
        isOpen={asking !== null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking !== null) onSet(asking);
          setAsking(null);
        }}
      />
    </li>
  );
}
