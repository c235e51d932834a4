import { useState } from 'react';
import type { FieldDef, FieldValues, FormErrors } from '@onboard/domain/web';
import { initialFormState, type FormState } from './values.ts';

/**
 * A form's answers to its fields and their errors, started from an entity's values: `control(field)` is
 * what a FieldControl takes of them, a change clearing the field's error.
 */
export function useFieldAnswers(fields: readonly FieldDef[], entity: FieldValues) {
  const [state, setState] = useState<FormState>(() => initialFormState(fields, entity));
  const [errors, setErrors] = useState<FormErrors>({});
  const control = (field: FieldDef) => ({
    field,
    value: state[field.key],
    onChange: (value: unknown) => {
      setState((all) => ({ ...all, [field.key]: value }));
      setErrors(({ [field.key]: _dropped, ...rest }) => rest);
    },
    error: errors[field.key],
  });
  return { state, setState, errors, setErrors, control };
}
