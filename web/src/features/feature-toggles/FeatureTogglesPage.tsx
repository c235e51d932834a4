import { useState } from 'react';
import { Button, Heading } from 'react-aria-components';
import { ClientComboBox, type ClientChoice } from '../../ui/ClientComboBox.tsx';
import { ErrorPanel, PageSkeleton } from '../../ui/Feedback.tsx';
import { useFeatureToggles, useFeatureToggleWrites, type FeatureToggle } from './api.ts';

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
  const [busy, setBusy] = useState(false);

  const run = async (write: () => Promise<void>, expect: (toggles: FeatureToggle[]) => boolean) => {
    setBusy(true);
    setWriteError(null);
    try {
      await write();
      for (let attempt = 0; attempt < 20; attempt++) {
        const fresh = await mutate();
        if (fresh && expect(fresh.toggles)) break;
        await new Promise((done) => setTimeout(done, 250));
      }
    } catch (caught) {
      setWriteError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page feature-toggles" aria-labelledby="feature-toggles-title">
      <Heading level={1} id="feature-toggles-title">
        Feature toggles
      </Heading>
      <div className="feature-toggles__client">
        <ClientComboBox label="Client (empty: everyone)" value={client} onChange={setClient} />
      </div>
      {writeError ? <ErrorPanel error={writeError} /> : null}
      {error ? <ErrorPanel error={error} /> : null}
      {!data && !error ? <PageSkeleton /> : null}
      {data ? (
        <table className="table">
          <caption>
            {client ? `Toggles of ${data.clientName ?? client.name}` : 'Toggles for everyone'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Toggle</th>
              <th scope="col">State</th>
              <th scope="col">From</th>
              <th scope="col">Client overrides</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.toggles.map((toggle) => {
              const next = !toggle.enabled;
              return (
                <tr key={toggle.name} data-testid={`feature-toggle-${toggle.name}`}>
                  <th scope="row">
                    {toggle.label}
                    <div className="muted">{toggle.description}</div>
                  </th>
                  <td data-state={toggle.enabled ? 'on' : 'off'}>{toggle.enabled ? 'On' : 'Off'}</td>
                  <td>{SOURCE_LABELS[toggle.source]}</td>
                  <td>
                    {toggle.globalOnly ? (
                      <span className="muted">For everyone only</span>
                    ) : toggle.overrides.length === 0 ? (
                      <span className="muted">None</span>
                    ) : (
                      <ul className="feature-toggles__overrides">
                        {toggle.overrides.map((o) => (
                          <li key={o.clientId}>{`${o.clientName}: ${o.enabled ? 'On' : 'Off'}`}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    {clientId && toggle.globalOnly ? null : (
                      <Button
                        className="button button--secondary"
                        isDisabled={busy}
                        onPress={() =>
                          void run(
                            () => writes.set(toggle.name, next, clientId),
                            (toggles) => toggles.find((t) => t.name === toggle.name)?.enabled === next,
                          )
                        }
                      >
                        {`Turn ${next ? 'on' : 'off'}${clientId ? ' for this client' : ''}: ${toggle.label}`}
                      </Button>
                    )}
                    {clientId && toggle.source === 'client' ? (
                      <Button
                        className="button button--tertiary"
                        isDisabled={busy}
                        onPress={() =>
                          void run(
                            () => writes.clearOverride(toggle.name, clientId),
                            (toggles) => toggles.find((t) => t.name === toggle.name)?.source !== 'client',
                          )
                        }
                      >
                        {`Remove override: ${toggle.label}`}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
