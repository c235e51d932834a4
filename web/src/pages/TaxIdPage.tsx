import { useState, type FormEvent } from 'react';
import {
  Button,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  Link,
  Text,
  TextField,
} from 'react-aria-components';
import { useSWRConfig } from 'swr';
import { formatTaxId, parseTaxId } from '../../../domain/src/eif/tax-id.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../api/errors.ts';
import { clientKey, updateClientTaxId, useClient } from '../api/hooks.ts';
import type { ClientView } from '../api/types.ts';
import { editingViewKey, useEditingView } from '../api/eif-forms.ts';
import { rememberVersion } from '../api/versions.ts';
import { EifLayout } from '../eif-forms/EifLayout.tsx';
import { eifSubStepPath, nextSubStep, previousSubStep } from '../eif-forms/navigation.ts';
import { reviewSubmitPath } from '../routes.ts';
import { useReportDirty } from '../eif-forms/unsaved.tsx';
import { ErrorPanel, PageSkeleton } from '../components/Feedback.tsx';
import { AnswerRow, EditStateBanner } from '../components/Eif.tsx';
import { isSigned, pendingValue } from '../eif/view.ts';

const CONFLICT_RELOAD_ATTEMPTS = 5;
const CONFLICT_RELOAD_DELAY_MS = 300;

type Notice = { tone: 'success' | 'warning' | 'error'; text: string } | null;

/** The value the editor works on: the pending one when a post-sign change waits, else the accepted one. */
const displayed = (client: ClientView) => {
  const pending = pendingValue(client, 'Client', client.id, 'taxId');
  const taxId = pending ? pending.value : client.taxId;
  return typeof taxId === 'string' && taxId ? formatTaxId(taxId) : '';
};

export function conflictNotice(fresh: ClientView): string {
  const current = fresh.taxId ? formatTaxId(fresh.taxId) : 'empty';
  return `This form was changed by someone else while you were editing. The Tax ID is now ${current}. Review it and save again if needed.`;
}

function TaxIdForm({ client }: { client: ClientView }) {
  const { mutate } = useSWRConfig();
  const [value, setValue] = useState(() => displayed(client));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [isSaving, setIsSaving] = useState(false);
  useReportDirty('tax-id', value.replace(/\D/g, '') !== displayed(client).replace(/\D/g, ''));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const parsed = parseTaxId(value);
    if (!parsed.ok) {
      setFieldError(parsed.message);
      return;
    }
    setFieldError(null);
    setIsSaving(true);
    try {
      const updated = await updateClientTaxId(client.id, client.version, parsed.digits);
      rememberVersion(updated);
      // The read side is eventually consistent: the PUT answer already holds the new state, so use it.
      await mutate(clientKey(client.id), updated, { revalidate: false });
      // The step list reads the editing view; refetch it so the sub-step's status follows.
      void mutate(editingViewKey(client.id));
      setValue(displayed(updated));
      setNotice({ tone: 'success', text: isSigned(updated) ? 'Saved · pending review' : 'Saved' });
    } catch (caught) {
      await handleFailure(caught);
    } finally {
      setIsSaving(false);
    }
  };

  /**
   * After a conflict the read model may not have caught up with the other writer yet (it is eventually
   * consistent), so reload a few times until it shows a newer version than the one we edited.
   */
  const reloadNewerThan = async (version: number): Promise<ClientView | undefined> => {
    let fresh: ClientView | undefined;
    for (let attempt = 0; attempt < CONFLICT_RELOAD_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, CONFLICT_RELOAD_DELAY_MS));
      fresh = await mutate<ClientView>(clientKey(client.id)).catch(() => undefined);
      if (fresh && fresh.version > version) break;
    }
    return fresh;
  };

  const handleFailure = async (caught: unknown) => {
    if (!(caught instanceof ApiError)) {
      setNotice({ tone: 'error', text: GENERIC_ERROR_MESSAGE });
      return;
    }
    if (caught.status === 409) {
      const fresh = await reloadNewerThan(client.version);
      if (fresh) {
        setValue(displayed(fresh));
        setNotice({ tone: 'warning', text: conflictNotice(fresh) });
      } else {
        setNotice({ tone: 'warning', text: caught.message });
      }
      return;
    }
    const taxIdError = caught.fieldErrors.taxId;
    if (taxIdError) setFieldError(taxIdError);
    else setNotice({ tone: 'error', text: caught.message });
  };

  return (
    <Form className="form" onSubmit={(event) => void onSubmit(event)} validationBehavior="aria">
      <TextField
        className="field"
        name="taxId"
        data-field="taxId"
        value={value}
        onChange={(next) => {
          setValue(next);
          setFieldError(null);
          if (notice?.tone === 'success') setNotice(null);
        }}
        isInvalid={fieldError !== null}
        inputMode="numeric"
        autoComplete="off"
      >
        <Label className="field__label">Federal Tax ID (EIN)</Label>
        <Input className="field__input" placeholder="##-#######" maxLength={12} />
        <Text slot="description" className="field__description">
          The nine-digit Employer Identification Number the IRS assigned to the company.
        </Text>
        <FieldError className="field__error">{fieldError}</FieldError>
      </TextField>
      <div className="form__actions">
        <Button type="submit" className="button button--primary" isPending={isSaving}>
          {isSaving ? 'Saving…' : 'Save'}
        </Button>
        <div className="form__status" role="status" aria-live="polite">
          {notice?.tone === 'success' && (
            <span className="saved" data-testid="save-status">
              <span aria-hidden="true">✓ </span>
              {notice.text}
            </span>
          )}
        </div>
      </div>
      {notice && notice.tone !== 'success' && (
        <div className={`alert alert--${notice.tone}`} role="alert" data-testid="form-notice">
          {notice.text}
        </div>
      )}
    </Form>
  );
}

/** EIF step: company information → tax id. */
export function TaxIdPage({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);
  const { data: view, error: viewError } = useEditingView(clientId);
  return (
    <EifLayout clientId={clientId} view={view} error={viewError} place={{ subStepId: 'tax-id' }}>
      {(loaded, steps) => {
        const previous = previousSubStep(steps, 'tax-id');
        const next = nextSubStep(steps, 'tax-id');
        return (
          <>
            <section className="card step-card" aria-labelledby="step-title">
              <p className="eyebrow">
                Step {steps.findIndex((s) => s.id === 'company-information') + 1} of {steps.length} · Company
                information
              </p>
              <Heading level={2} id="step-title" className="step-card__title">
                Tax ID
              </Heading>
              <p className="muted">
                We use the company's federal tax id on the policy and on tax documents for the plans.
              </p>
              {error && !client && <ErrorPanel error={error} />}
              {!client && !error && <PageSkeleton />}
              {client && isSigned(client) && (
                <>
                  <EditStateBanner client={client} />
                  <dl className="answers answers--single">
                    <AnswerRow
                      label="Signed value"
                      client={client}
                      entity="Client"
                      entityId={client.id}
                      attributeKey="taxId"
                      accepted={client.taxId}
                    />
                  </dl>
                </>
              )}
              {client && <TaxIdForm key={client.id} client={client} />}
            </section>
            <div className="task-next eif-form__next">
              {previous && (
                <Link
                  className="button button--secondary"
                  href={eifSubStepPath(loaded.id, previous.stepId, previous.subStepId)}
                >
                  Back
                </Link>
              )}
              {next && (
                <Link
                  className="button button--secondary"
                  href={eifSubStepPath(loaded.id, next.stepId, next.subStepId)}
                >
                  Next: {next.label}
                </Link>
              )}
              <Link className="button button--secondary" href={reviewSubmitPath(loaded.id)}>
                Continue to review &amp; submit
              </Link>
            </div>
          </>
        );
      }}
    </EifLayout>
  );
}
