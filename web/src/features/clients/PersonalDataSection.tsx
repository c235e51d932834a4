import { useState } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { Button } from '../../ui/controls.ts';
import { ERASURE_REASON_LABELS, type ErasureReason } from '@onboard/domain/web';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { Alert } from '../../ui/Feedback.tsx';
import { RadioInput } from '../../ui/RadioInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { erasePersonalData, type ErasureScope } from './personal-data-api.ts';
import { useAction } from '../../api/action.ts';

type PersonReason = Exclude<ErasureReason, 'RETENTION'>;

/** The reasons a person may give, by whose data goes; retention is the scheduled job's own. */
const reasonsFor = (scope: ErasureScope) =>
  (scope === 'EMPLOYEE'
    ? (['PERSON_REQUEST', 'CLIENT_REQUEST'] as const)
    : (['CLIENT_REQUEST', 'LEFT_CARRIER'] as const)
  ).map((value) => ({ value, label: ERASURE_REASON_LABELS[value] }));

const WORDS: Record<ErasureScope, { title: string; warning: string; confirm: string; done: string }> = {
  EMPLOYEE: {
    title: 'Erase one employee’s personal data',
    warning:
      'Their census rows and those of their dependants (SSN, date of birth, salary, name, address) will read “erased” everywhere, for good. The onboarding record stays.',
    confirm: 'Erase this employee’s data',
    done: 'The employee’s personal data was erased.',
  },
  CLIENT: {
    title: 'Erase every employee’s personal data',
    warning:
      'Every census file of this client and every employee’s and dependant’s personal data in it will be erased for good: the values will read “erased” everywhere. The onboarding record stays.',
    confirm: 'Erase all personal data',
    done: 'Every employee’s personal data was erased.',
  },
};

function ErasureDialog({
  clientId,
  clientName,
  scope,
  onClose,
  onErased,
}: {
  clientId: string;
  clientName: string;
  scope: ErasureScope;
  onClose: () => void;
  onErased: (text: string) => void;
}) {
  const [employeeId, setEmployeeId] = useState('');
  const [reason, setReason] = useState<PersonReason | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const words = WORDS[scope];
  const erasing = useAction(erasePersonalData, {
    onSuccess: () => onErased(words.done),
    onError: (caught) =>
      setErrors(
        caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0
          ? caught.fieldErrors
          : { form: errorMessage(caught) },
      ),
  });

  const erase = async () => {
    const missing: Record<string, string> = {};
    if (scope === 'EMPLOYEE' && employeeId.trim() === '') missing.employeeId = 'Enter the employee’s ID';
    if (reason === null) missing.reason = 'Choose a reason';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    await erasing.run(clientId, {
      scope,
      reason: reason!,
      ...(scope === 'EMPLOYEE' ? { employeeId: employeeId.trim() } : {}),
    });
  };

  return (
    <ModalDialog title={words.title} isOpen onOpenChange={(open) => !open && onClose()} isAlert>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void erase();
        }}
      >
        <p>
          <strong>{clientName}</strong>: {words.warning}
        </p>
        {scope === 'EMPLOYEE' && (
          <TextInput
            label="Employee ID"
            description="As the census carries it; their dependants’ rows go with them."
            value={employeeId}
            onChange={(value) => {
              setEmployeeId(value);
              setErrors(({ employeeId: _cleared, ...rest }) => rest);
            }}
            error={errors.employeeId}
            isRequired
          />
        )}
        <RadioInput
          label="Reason"
          value={reason}
          options={reasonsFor(scope)}
          onChange={(value) => {
            setReason(value as PersonReason);
            setErrors(({ reason: _cleared, ...rest }) => rest);
          }}
          error={errors.reason}
          isRequired
        />
        <FormFooter error={errors.form} errorTestId="erasure-error" onCancel={onClose}>
          <Button type="submit" className="button button--danger" isPending={erasing.isPending}>
            {words.confirm}
          </Button>
        </FormFooter>
      </form>
    </ModalDialog>
  );
}

/**
 * Personal data on the manage page (staff with the owner role): how the census's personal data is kept,
 * and its erasure, of one employee or of every employee, each behind a confirmation with a reason.
 */
export function PersonalDataSection({ clientId, clientName }: { clientId: string; clientName: string }) {
  const [scope, setScope] = useState<ErasureScope | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <TitledSection id="personal-data-title" title="Personal data" className="card">
      <p className="muted">
        The census’s personal data (SSNs, dates of birth, salaries, names, addresses, dependants) is kept
        encrypted with this client’s own keys. Erasing destroys the keys: the values then read “erased”
        everywhere, and the onboarding record and its evidence pack stay whole.
      </p>
      {notice && (
        <Alert tone="success" testId="erasure-notice">
          {notice}
        </Alert>
      )}
      <div className="button-row card__actions">
        <Button className="button button--secondary" onPress={() => setScope('EMPLOYEE')}>
          Erase one employee’s data
        </Button>
        <Button className="button button--danger" onPress={() => setScope('CLIENT')}>
          Erase all personal data
        </Button>
      </div>
      {scope && (
        <ErasureDialog
          clientId={clientId}
          clientName={clientName}
          scope={scope}
          onClose={() => setScope(null)}
          onErased={(text) => {
            setScope(null);
            setNotice(text);
          }}
        />
      )}
    </TitledSection>
  );
}
