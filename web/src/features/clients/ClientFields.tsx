import { useRef, useState, type ReactNode } from 'react';
import { Button, Heading } from '../../ui/controls.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { CheckboxGroupInput, CheckboxInput } from '../../ui/Checkbox.tsx';
import { RadioInput } from '../../ui/RadioInput.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { bindFields } from '../../ui/field-binding.ts';
import { useStaffUsers } from './lifecycle-api.ts';
import {
  COVERAGE_NAMES,
  emptyPolicy,
  type ClientFormValues,
  type FormErrors,
  type PolicyFormValues,
} from './client-form.ts';
import { IMPLEMENTATION_TYPE_OPTIONS } from './lifecycle-model.ts';
import './lifecycle.css';

const NO_CONSULTANT = 'none';
const COVERAGE_OPTIONS = COVERAGE_NAMES.map((name) => ({ value: name, label: name }));

/**
 * The client's profile and policies as staff fill them in: creating a client (or a draft) and editing a
 * draft. Errors are keyed as the request body names its fields, so the server's land where the browser's do.
 */
function ClientFields({
  values,
  errors,
  onChange,
  showPolicies,
}: {
  values: ClientFormValues;
  errors: FormErrors;
  onChange: (values: ClientFormValues, changedField: string) => void;
  showPolicies: boolean;
}) {
  const { data: staff, error: staffError } = useStaffUsers();
  const set = <K extends keyof ClientFormValues>(key: K, value: ClientFormValues[K]) =>
    onChange({ ...values, [key]: value }, key);
  const bind = bindFields(values, errors, set);
  const setPolicy = (index: number, changes: Partial<PolicyFormValues>, field: string) =>
    onChange(
      { ...values, policies: values.policies.map((p, i) => (i === index ? { ...p, ...changes } : p)) },
      `policies.${index}.${field}`,
    );

  const consultantOptions = [
    { value: NO_CONSULTANT, label: 'Not chosen yet' },
    ...(staff ?? []).map((user) => ({ value: user.id, label: `${user.firstName} ${user.lastName}` })),
  ];

  return (
    <div className="client-form">
      <TextInput label="Client name" {...bind.named('name')} isRequired />
      <div className="form__row">
        <TextInput
          label="Ticket ID"
          {...bind.named('ticketId')}
          description="The onboarding ticket, if there is one."
        />
        <SelectInput
          label="Implementation consultant"
          fieldKey="implementationConsultantUserId"
          value={values.implementationConsultantUserId || NO_CONSULTANT}
          options={consultantOptions}
          onChange={(id) => set('implementationConsultantUserId', id === NO_CONSULTANT ? '' : id)}
          error={
            errors.implementationConsultantUserId ??
            (staffError ? 'The staff list could not be read. Try again later.' : undefined)
          }
          placeholder={staff ? 'Choose a person' : 'Loading staff…'}
        />
      </div>
      <RadioInput
        label="Implementation type"
        name="implementationType"
        fieldKey="implementationType"
        value={values.implementationType || null}
        options={IMPLEMENTATION_TYPE_OPTIONS}
        onChange={(type) => set('implementationType', type as ClientFormValues['implementationType'])}
        error={errors.implementationType}
        isRequired
      />
      <CheckboxInput {...bind.flag('isTest')}>
        Test client (for trying things out; kept apart from real clients)
      </CheckboxInput>
      {errors.isTest && <p className="field__error">{errors.isTest}</p>}

      {showPolicies && (
        <fieldset className="client-form__policies" data-field="policies">
          <legend className="field__label">Policies</legend>
          {errors.policies && (
            <p className="field__error" role="alert">
              {errors.policies}
            </p>
          )}
          {values.policies.map((policy, index) => (
            <section
              key={policy.key}
              className="client-form__policy"
              aria-label={`Policy ${index + 1}`}
              data-testid="policy-fields"
            >
              <div className="client-form__policy-head">
                <Heading level={3} className="client-form__policy-title">
                  Policy {index + 1}
                </Heading>
                {values.policies.length > 1 && (
                  <Button
                    className="button button--small button--ghost"
                    onPress={() =>
                      onChange(
                        { ...values, policies: values.policies.filter((_, i) => i !== index) },
                        'policies',
                      )
                    }
                  >
                    Remove policy {index + 1}
                  </Button>
                )}
              </div>
              <div className="form__row">
                <TextInput
                  label="Policy number"
                  fieldKey={`policies.${index}.slfPolicyNumber`}
                  value={policy.slfPolicyNumber}
                  onChange={(slfPolicyNumber) => setPolicy(index, { slfPolicyNumber }, 'slfPolicyNumber')}
                  error={errors[`policies.${index}.slfPolicyNumber`]}
                />
                <TextInput
                  label="Effective date"
                  type="date"
                  fieldKey={`policies.${index}.policyEffective`}
                  value={policy.policyEffective}
                  onChange={(policyEffective) => setPolicy(index, { policyEffective }, 'policyEffective')}
                  error={errors[`policies.${index}.policyEffective`]}
                />
              </div>
              <CheckboxGroupInput
                label="Coverages"
                className="client-form__coverages"
                fieldKey={`policies.${index}.slfCoverages`}
                value={policy.slfCoverages}
                options={COVERAGE_OPTIONS}
                onChange={(slfCoverages) => setPolicy(index, { slfCoverages }, 'slfCoverages')}
                error={errors[`policies.${index}.slfCoverages`]}
              />
            </section>
          ))}
          <Button
            className="button button--small button--secondary"
            onPress={() => onChange({ ...values, policies: [...values.policies, emptyPolicy()] }, 'policies')}
          >
            Add a policy
          </Button>
        </fieldset>
      )}
    </div>
  );
}

/** A field's error goes away as soon as it is changed (with the form's own message). */
function clearError(errors: FormErrors, field: string): FormErrors {
  const next = { ...errors };
  delete next[field];
  delete next.form;
  return next;
}

/** After a refused save, the first field in error (or the form's message) is scrolled into view. */
function revealFirstError(form: HTMLElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector('[data-invalid], .field__error, [role="alert"]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

/** A client form's values and errors; `showErrors` shows a refusal's errors and scrolls to the first. */
export function useClientForm(initial: () => ClientFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const showErrors = (next: FormErrors) => {
    setErrors(next);
    revealFirstError(formRef.current);
  };
  const onChange = (next: ClientFormValues, field: string) => {
    setValues(next);
    setErrors((current) => clearError(current, field));
  };
  return { values, errors, formRef, showErrors, onChange };
}

/**
 * A client form in a dialog: `intro`, the client's fields, then the form's failure and Cancel beside the
 * form's own buttons (`children`); submitting it (Enter) calls `onSubmit`.
 */
export function ClientFormDialogBody({
  form,
  intro,
  showPolicies,
  onSubmit,
  onCancel,
  children,
}: Pick<Parameters<typeof FormFooter>[0], 'onCancel' | 'children'> & {
  form: ReturnType<typeof useClientForm>;
  intro: ReactNode;
  showPolicies: boolean;
  onSubmit: () => void;
}) {
  return (
    <form
      ref={form.formRef}
      className="client-form-dialog"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {intro}
      <ClientFields
        values={form.values}
        errors={form.errors}
        showPolicies={showPolicies}
        onChange={form.onChange}
      />
      <FormFooter error={form.errors.form} errorTestId="client-form-error" onCancel={onCancel}>
        {children}
      </FormFooter>
    </form>
  );
}
