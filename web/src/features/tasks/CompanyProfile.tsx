import { TitledSection } from '../../ui/TitledSection.tsx';
import { useState, type FormEvent } from 'react';
import { Button, Form } from '../../ui/controls.ts';
import { validateFields, type FormSection } from '@onboard/domain/web';
import { Alert } from '../../ui/Feedback.tsx';
import {
  saveClientAnswers,
  useApplyEditingView,
  useEditingView,
  useReloadEditingView,
  type EditingView,
} from '../eif/forms/api.ts';
import { CollectionSection } from '../eif/forms/CollectionSection.tsx';
import { FieldControl } from '../eif/forms/FieldControl.tsx';
import { formFor } from '../eif/forms/forms.ts';
import { CONFLICT_NOTICE, reloadNewerThan, saveFailure } from '../eif/forms/save.ts';
import { useReportDirty } from '../eif/forms/unsaved.tsx';
import { changedValues, initialFormState, shownWireValues } from '../eif/forms/values.ts';
import { useFieldAnswers } from '../eif/forms/answers.ts';
import { QueryFallback } from '../../ui/QueryState.tsx';
import { useAction } from '../../api/action.ts';

type ClientSection = Extract<FormSection, { type: 'client' }>;
type CollectionDef = Extract<FormSection, { type: 'collection' }>;

/**
 * The company profile's parts, each the EIF's own definition (so the server validates them the same way):
 * the tax id, the company's locations and its plan administrators.
 */
const identity = formFor('tax-id').sections.filter((s): s is ClientSection => s.type === 'client');
const lists = [
  ...formFor('claims-check-mailing-locations').sections,
  ...formFor('plan-administrators').sections,
].filter((s): s is CollectionDef => s.type === 'collection');
const identityFields = identity.flatMap((section) => section.fields);

/** The client's own answers (name aside, which the carrier keeps), saved with If-Match like the EIF. */
function IdentityForm({ view }: { view: EditingView }) {
  const apply = useApplyEditingView();
  const reload = useReloadEditingView();
  const { state, setState, setErrors, control } = useFieldAnswers(identityFields, view);
  const [notice, setNotice] = useState<{ tone: 'error' | 'warning' | 'success'; text: string } | null>(null);
  const saving = useAction(
    async (changes: typeof changed) => {
      const saved = await saveClientAnswers(view.id, view.version, changes);
      await apply(saved);
      setState(initialFormState(identityFields, saved));
      setNotice({ tone: 'success', text: 'Saved.' });
    },
    {
      onError: async (caught) => {
        const failure = saveFailure(caught);
        // A collision on named answers reloads like a conflict here: the form then shows their answers.
        if (failure.type === 'conflict' || failure.type === 'collision') {
          const fresh = await reloadNewerThan(view.version, () => reload(view.id));
          if (fresh) setState(initialFormState(identityFields, fresh));
          setNotice({ tone: 'warning', text: CONFLICT_NOTICE });
        } else if (failure.type === 'fields') setErrors(failure.fieldErrors);
        else setNotice({ tone: 'error', text: failure.text });
      },
    },
  );
  const changed = changedValues(identityFields, view, state);
  useReportDirty('company-profile', Object.keys(changed).length > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = validateFields(identityFields, shownWireValues(identityFields, view, state), {
      current: view,
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(changed).length === 0) return;
    await saving.run(changed);
  };

  return (
    <Form className="form--stack" onSubmit={submit} validationBehavior="aria">
      <dl className="task-facts">
        <div>
          <dt>Company name</dt>
          <dd data-testid="company-name">{view.name}</dd>
        </div>
      </dl>
      {identityFields.map((field) => (
        <FieldControl key={field.key} {...control(field)} view={view} scope="client" />
      ))}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="form__actions">
        <Button
          type="submit"
          className="button button--primary"
          isPending={saving.isPending}
          isDisabled={Object.keys(changed).length === 0}
        >
          Save
        </Button>
      </div>
    </Form>
  );
}

export function CompanyProfile({ clientId }: { clientId: string }) {
  const { data: view, error } = useEditingView(clientId);
  if (!view) return <QueryFallback error={error} />;
  return (
    <>
      <TitledSection
        id="profile-identity"
        title="Your company"
        className="card task-card eif-form"
        testId="company-profile"
      >
        <p className="muted">
          The company name is on your policies; ask your implementation consultant to change it. Changes made
          here after the Employer Information Form is signed are reviewed before they apply.
        </p>
        <IdentityForm view={view} />
      </TitledSection>
      {lists.map((section) => (
        <section key={`${section.entity}/${section.title}`} className="card task-card eif-form">
          <CollectionSection section={section} view={view} />
        </section>
      ))}
    </>
  );
}
