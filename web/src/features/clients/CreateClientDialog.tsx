import { Button } from '../../ui/controls.ts';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { clientManagePath } from '../../app/routes.ts';
import { ModalDialog } from '../../ui/Dialogs.tsx';
import { useAction } from '../../api/action.ts';
import { ClientFormDialogBody, useClientForm } from './ClientFields.tsx';
import { createClient, lifecycleKey } from './lifecycle-api.ts';
import { checkClientForm, emptyClientForm, formErrorsFrom, toCreateBody } from './client-form.ts';

/** Every cached page of the staff's client list, so the new client shows when staff come back. */
const isClientListKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/clients?');

/**
 * Opening an onboarding (platform §7 POST /api/clients): the client's profile and policies, kept as a
 * draft to finish later or created at once with its form and tasks. On success the client's manage page
 * opens.
 */
export function CreateClientDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const form = useClientForm(emptyClientForm);
  const { values, showErrors } = form;
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const create = useAction(
    async (draft: boolean) => {
      const view = await createClient(toCreateBody(values, draft));
      await mutate(lifecycleKey(view.clientId), view, { revalidate: false });
      void mutate(isClientListKey);
      onOpenChange(false);
      navigate(clientManagePath(view.clientId));
    },
    { onError: (caught) => showErrors(formErrorsFrom(caught)) },
  );
  const pending = create.pendingArgs && (create.pendingArgs[0] ? 'draft' : 'client');

  const submit = async (draft: boolean) => {
    const problems = checkClientForm(values, draft);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    await create.run(draft);
  };

  return (
    <ModalDialog title="New client" isOpen={isOpen} onOpenChange={onOpenChange}>
      <ClientFormDialogBody
        form={form}
        intro={
          <p className="muted">
            Save as a draft to finish describing the client later: its form and tasks are made when you make
            the base client. Create the client to open its onboarding now.
          </p>
        }
        showPolicies
        onSubmit={() => void submit(false)}
        onCancel={() => onOpenChange(false)}
      >
        <Button
          className="button button--secondary"
          isPending={pending === 'draft'}
          isDisabled={pending !== null}
          onPress={() => void submit(true)}
        >
          Save as draft
        </Button>
        <Button
          type="submit"
          className="button button--primary"
          isPending={pending === 'client'}
          isDisabled={pending !== null}
        >
          Create client
        </Button>
      </ClientFormDialogBody>
    </ModalDialog>
  );
}
