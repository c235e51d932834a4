import { useRef, useState } from 'react';
import { Button } from '../../ui/controls.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { clearError, ClientFields, revealFirstError } from './ClientFields.tsx';
import { updateDraft } from './lifecycle-api.ts';
import {
  checkClientForm,
  formErrorsFrom,
  formValuesOf,
  toDraftBody,
  type FormErrors,
} from './client-form.ts';
import { CONFLICT_MESSAGE, isConflict, type ClientLifecycleView } from './lifecycle-model.ts';
import { useAction } from '../../api/action.ts';

/**
 * Changing the client's profile (PATCH /api/clients/{clientId}/draft); a draft's policies too, which are
 * fixed once the base client is made.
 */
export function EditClientDialog({
  view,
  onSaved,
  onConflict,
  onClose,
}: {
  view: ClientLifecycleView;
  onSaved: (view: ClientLifecycleView) => Promise<void>;
  onConflict: () => Promise<void>;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => formValuesOf(view));
  const [errors, setErrors] = useState<FormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const showErrors = (next: FormErrors) => {
    setErrors(next);
    revealFirstError(formRef.current);
  };
  const update = useAction(
    async (body: ReturnType<typeof toDraftBody>) =>
      onSaved(await updateDraft(view.clientId, view.version, body)),
    {
      onSuccess: onClose,
      onError: async (caught) => {
        if (isConflict(caught)) {
          // Someone else saved first: the section shows their version, and the form starts again from it.
          await onConflict();
          showErrors({ form: CONFLICT_MESSAGE });
          return;
        }
        showErrors(formErrorsFrom(caught));
      },
    },
  );

  const save = () => {
    const problems = checkClientForm(values, true);
    if (Object.keys(problems).length > 0) return showErrors(problems);
    void update.run(toDraftBody(values, view.isDraft));
  };

  return (
    <ModalDialog
      title={view.isDraft ? 'Edit the draft' : 'Edit the client’s profile'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      <form
        ref={formRef}
        className="client-form-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {!view.isDraft && (
          <p className="muted">
            Policies are fixed once the base client is made; the profile can still change.
          </p>
        )}
        <ClientFields
          values={values}
          errors={errors}
          showPolicies={view.isDraft}
          onChange={(next, field) => {
            setValues(next);
            setErrors((current) => clearError(current, field));
          }}
        />
        <FormFooter error={errors.form} errorTestId="client-form-error" onCancel={onClose}>
          <Button type="submit" className="button button--primary" isPending={update.isPending}>
            Save changes
          </Button>
        </FormFooter>
      </form>
    </ModalDialog>
  );
}
