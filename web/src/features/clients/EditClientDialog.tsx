import { Button } from '../../ui/controls.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { ClientFormDialogBody, useClientForm } from './ClientFields.tsx';
import { updateDraft } from './lifecycle-api.ts';
import { checkClientForm, formErrorsFrom, formValuesOf, toDraftBody } from './client-form.ts';
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
  const form = useClientForm(() => formValuesOf(view));
  const { values, showErrors } = form;
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
      <ClientFormDialogBody
        form={form}
        intro={
          !view.isDraft && (
            <p className="muted">
              Policies are fixed once the base client is made; the profile can still change.
            </p>
          )
        }
        showPolicies={view.isDraft}
        onSubmit={save}
        onCancel={onClose}
      >
        <Button type="submit" className="button button--primary" isPending={update.isPending}>
          Save changes
        </Button>
      </ClientFormDialogBody>
    </ModalDialog>
  );
}
