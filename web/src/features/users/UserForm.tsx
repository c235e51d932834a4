import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, Radio, RadioGroup } from '../../ui/controls.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { ROLE_LABELS, type Role } from '../../api/types.ts';
import type { ProfileChanges, UserKind } from './api.ts';
import type { ClientChoice } from '../../ui/ClientComboBox.tsx';

// The client picker loads when a broker or ben-admin is created: the internal users' page carries none of it.
const ClientComboBox = lazy(() =>
  import('../../ui/ClientComboBox.tsx').then((m) => ({ default: m.ClientComboBox })),
);
import { Alert } from '../../ui/Feedback.tsx';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { TextInput } from '../../ui/TextInput.tsx';

export type UserFormValues = ProfileChanges & {
  role?: Role;
  clientIds?: string[];
  sendWelcomeEmail?: boolean;
};

type Errors = Partial<
  Record<'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'role' | 'clientIds' | 'form', string>
>;

/** Server answers mapped onto the form: 409 EMAIL_TAKEN on the e-mail field, validation errors per field. */
function errorsFromApi(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: GENERIC_ERROR_MESSAGE };
  if (error.code === 'EMAIL_TAKEN')
    return { email: error.message || 'This e-mail address is already in use.' };
  const fields = error.fieldErrors;
  if (Object.keys(fields).length === 0) return { form: error.message };
  const known = ['firstName', 'lastName', 'email', 'phoneNumber', 'role', 'clientIds'] as const;
  const mapped: Errors = {};
  for (const key of known) if (fields[key]) mapped[key] = fields[key];
  const unmapped = Object.entries(fields).filter(([key]) => !known.includes(key as (typeof known)[number]));
  if (unmapped.length > 0) mapped.form = unmapped.map(([, message]) => message).join(' ');
  return mapped;
}

/** The clients of a new broker or ben-admin: picked one by one by name, listed with a remove button. */
function ClientPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const [chosen, setChosen] = useState<ClientChoice[]>([]);
  const [pickerKey, setPickerKey] = useState(0);
  const listed = chosen.filter((client) => value.includes(client.id));
  return (
    <div className="field">
      <Suspense fallback={null}>
        <ClientComboBox
          key={pickerKey}
          label="Clients"
          value={null}
          exclude={value}
          error={error}
          onChange={(client) => {
            if (!client) return;
            setChosen([...listed, client]);
            onChange([...value, client.id]);
            setPickerKey((k) => k + 1);
          }}
        />
      </Suspense>
      {listed.length > 0 && (
        <ul className="chosen-clients" aria-label="Chosen clients">
          {listed.map((client) => (
            <li key={client.id} className="chosen-clients__item">
              {client.name}
              <Button
                className="button button--small button--secondary"
                aria-label={`Remove ${client.name}`}
                onPress={() => onChange(value.filter((id) => id !== client.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The profile form of user administration: create (with role or clients, and 'Send welcome e-mail') or
 * edit (profile only; clients change through assign/unassign).
 */
export function UserForm({
  kind,
  mode,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  kind: UserKind;
  mode: 'create' | 'edit';
  initial?: Partial<UserFormValues>;
  submitLabel: string;
  onSubmit: (values: UserFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<UserFormValues>({
    firstName: initial?.firstName ?? '',
    lastName: initial?.lastName ?? '',
    email: initial?.email ?? '',
    phoneNumber: initial?.phoneNumber ?? null,
    role: initial?.role ?? (kind === 'internal' ? 'SLF_ADMIN' : undefined),
    clientIds: initial?.clientIds ?? [],
    sendWelcomeEmail: initial?.sendWelcomeEmail ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [isPending, setIsPending] = useState(false);

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const required: Errors = {};
    if (!values.firstName.trim()) required.firstName = 'Please provide a response';
    if (!values.lastName.trim()) required.lastName = 'Please provide a response';
    if (!values.email.trim()) required.email = 'Please provide a response';
    if (Object.keys(required).length > 0) {
      setErrors(required);
      return;
    }
    setIsPending(true);
    try {
      await onSubmit({
        ...values,
        phoneNumber: values.phoneNumber?.trim() ? values.phoneNumber.trim() : null,
      });
    } catch (caught) {
      setErrors(errorsFromApi(caught));
    } finally {
      setIsPending(false);
    }
  };

  const text = (key: 'firstName' | 'lastName' | 'email' | 'phoneNumber', label: string, type = 'text') => (
    <TextInput
      label={label}
      name={key}
      type={type}
      value={values[key] ?? ''}
      onChange={(v) => set(key, v)}
      error={errors[key]}
    />
  );

  return (
    <Form className="form form--stack" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <div className="form__row">
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
      </div>
      {text('email', 'E-mail', 'email')}
      {text('phoneNumber', 'Phone number', 'tel')}
      {mode === 'create' && kind === 'internal' && (
        <RadioGroup
          className="field"
          value={values.role ?? 'SLF_ADMIN'}
          onChange={(role) => set('role', role as Role)}
          isInvalid={errors.role !== undefined}
        >
          <Label className="field__label">Role</Label>
          <div className="radio-row">
            <Radio value="SLF_ADMIN" className="radio">
              {ROLE_LABELS.SLF_ADMIN}
            </Radio>
            <Radio value="SLF_OWNER" className="radio">
              {ROLE_LABELS.SLF_OWNER}
            </Radio>
          </div>
          <FieldError className="field__error">{errors.role}</FieldError>
        </RadioGroup>
      )}
      {mode === 'create' && kind !== 'internal' && (
        <ClientPicker
          value={values.clientIds ?? []}
          onChange={(ids) => set('clientIds', ids)}
          error={errors.clientIds}
        />
      )}
      {mode === 'create' && (
        <CheckboxInput isSelected={values.sendWelcomeEmail} onChange={(v) => set('sendWelcomeEmail', v)}>
          Send welcome e-mail
        </CheckboxInput>
      )}
      <div className="form__actions">
        <Button type="submit" className="button button--primary" isPending={isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button className="button button--secondary" onPress={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}
