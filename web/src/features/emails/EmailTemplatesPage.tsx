import { useState } from 'react';
import { Heading, Link, ToggleButton, ToggleButtonGroup } from '../../ui/controls.ts';
import { ALL_EMAILS_PATH } from '../../app/routes.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { useRead } from '../../api/client.ts';
import './emails.css';

/** Staff preview every e-mail template with sample data: the HTML as a mail client shows it, and the text. */
export function EmailTemplatesPage() {
  const { data: templates, error } = useRead('/api/email-templates', {});
  const [kind, setKind] = useState<string | null>(null);
  const selected = kind ?? templates?.[0]?.kind ?? null;
  const { data: preview, error: previewError } = useRead(
    '/api/email-templates/{kind}/preview',
    selected ? { kind: selected } : null,
  );
  const [view, setView] = useState<'html' | 'text'>('html');

  return (
    <div className="page page--wide">
      <Link className="back-link" href={ALL_EMAILS_PATH}>
        ← All emails
      </Link>
      <div className="page__header">
        <Heading level={1}>E-mail templates</Heading>
      </div>
      <p className="muted">Each kind of e-mail the portal sends, filled in with sample data.</p>
      <QueryState data={templates} error={error} staleError="above">
        {(templates) => (
          <div className="email-templates">
            <nav className="card email-templates__list" aria-label="Templates">
              <ul>
                {templates.map((t) => (
                  <li key={t.kind}>
                    <button
                      type="button"
                      className={`email-templates__item${t.kind === selected ? ' email-templates__item--active' : ''}`}
                      aria-current={t.kind === selected ? 'true' : undefined}
                      onClick={() => setKind(t.kind)}
                    >
                      {t.label}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <section className="card email-templates__preview" aria-label="Preview">
              <QueryState data={preview} error={previewError} staleError="above">
                {(preview) => (
                  <>
                    <Heading level={2} className="email-detail__heading">
                      {preview.label}
                    </Heading>
                    <dl className="email-meta">
                      <dt>Subject</dt>
                      <dd data-testid="template-subject">{preview.subject}</dd>
                      <dt>Sample data</dt>
                      <dd>
                        {Object.entries(preview.sample)
                          .map(([k, val]) => `${k}: ${val}`)
                          .join(' · ')}
                      </dd>
                    </dl>
                    <ToggleButtonGroup
                      className="segmented"
                      selectionMode="single"
                      disallowEmptySelection
                      selectedKeys={[view]}
                      onSelectionChange={(keys) => setView([...keys][0] === 'text' ? 'text' : 'html')}
                      aria-label="Version"
                    >
                      <ToggleButton id="html" className="button button--small button--secondary">
                        HTML
                      </ToggleButton>
                      <ToggleButton id="text" className="button button--small button--secondary">
                        Text
                      </ToggleButton>
                    </ToggleButtonGroup>
                    {view === 'html' ? (
                      <iframe
                        title={`${preview.label}: HTML preview`}
                        className="email-templates__frame"
                        sandbox=""
                        srcDoc={preview.html}
                      />
                    ) : (
                      <pre className="email-body">{preview.text}</pre>
                    )}
                  </>
                )}
              </QueryState>
            </section>
          </div>
        )}
      </QueryState>
    </div>
  );
}
