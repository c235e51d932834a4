import { useState, type FormEvent } from 'react';
import { Button, Form, Heading } from '../../ui/controls.ts';
import { BENEFIT_TYPE_SORT_ORDER, type StoredDocument } from '@onboard/domain/web';
import { useAction } from '../../api/action.ts';
import { ApiError, errorMessage } from '../../api/errors.ts';
import { Alert } from '../../ui/Feedback.tsx';
import type { ExplorerPlanBody } from './api.ts';
import type { ExplorerDocumentBody } from './documents-api.ts';
import {
  draftOfPlan,
  planErrors,
  planOfDraft,
  planTypeLabel,
  siteAttributes,
  siteErrors,
  splitServerErrors,
  type Errors,
  type PlanDraft,
  type SiteAttributes,
  type SiteDraft,
} from './form-model.ts';
import { benefitTypeLabel, PlanEditor } from './PlanEditor.tsx';
import { SiteFields } from './SiteFields.tsx';

const PLANS_INVALID = 'Some plans need attention: open them to see what is missing.'; // chosen

const newPlanId = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `plan-${Date.now()}-${Math.random()}`;

type Editing = { index: number | null; draft: PlanDraft } | null;
type PlansErrors = Record<string, Errors>;

const INVALID = 'Please correct the highlighted fields.';

/** The domain's rules over the site and each of its plans: the site's errors, and each invalid plan's by id. */
function formErrors(site: SiteDraft, plans: readonly ExplorerPlanBody[]) {
  const found = siteErrors(site);
  const perPlan: PlansErrors = {};
  for (const plan of plans) {
    const e = planErrors(draftOfPlan(plan));
    if (Object.keys(e).length > 0) perPlan[plan.id] = e;
  }
  if (Object.keys(perPlan).length > 0) found.benefits = PLANS_INVALID;
  return { site: found, plans: perPlan };
}

/** The server's field errors, on the site's fields and on the plans (by id) they name by index. */
function serverErrors(fieldErrors: Record<string, string>, plans: readonly ExplorerPlanBody[]) {
  const split = splitServerErrors(fieldErrors);
  const byId: PlansErrors = {};
  for (const [index, e] of Object.entries(split.plans)) {
    const plan = plans[Number(index)];
    if (plan) byId[plan.id] = e;
  }
  if (Object.keys(byId).length > 0) split.site.benefits = PLANS_INVALID;
  return { site: split.site, plans: byId };
}

/** The errors but a field's own and those under it (`benefitTypeMetadata.DENTAL.highlighterOrder`). */
const withoutErrorsOf = (errors: Errors, key: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));

/** The plans with a new one added (no index) or the one at `index` replaced. */
const withPlan = (plans: ExplorerPlanBody[], plan: ExplorerPlanBody, index: number | null) =>
  index === null ? [...plans, plan] : plans.map((p, i) => (i === index ? plan : p));

const hasFieldErrors = (caught: unknown): caught is ApiError =>
  caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0;

function saveFailure(caught: unknown) {
  if (hasFieldErrors(caught)) return INVALID;
  if (caught instanceof ApiError && caught.status === 409)
    return 'Someone else changed this site meanwhile. Reload the page to see their changes.';
  return errorMessage(caught);
}

type SiteFormProps = {
  initialSite: SiteDraft;
  initialPlans: ExplorerPlanBody[];
  documents?: readonly ExplorerDocumentBody[];
  submitLabel: string;
  onSubmit: (
    site: SiteAttributes,
    plans: ExplorerPlanBody[],
    logo: ExplorerDocumentBody | null,
  ) => Promise<void>;
  onCancel: () => void;
};

/**
 * The site form of explorer §3/§5 with its plans editor. Every rule is the domain's (the same the API
 * runs); what the server still refuses (a taken vanity slug, a stale version) lands on the field it names.
 * A logo uploaded here reaches `onSubmit` to be attached to the site once it exists, so the public page
 * may serve it.
 */
export function SiteForm({
  initialSite,
  initialPlans,
  documents = [],
  submitLabel,
  onSubmit,
  onCancel,
}: SiteFormProps) {
  const [site, setSite] = useState<SiteDraft>(initialSite);
  const [plans, setPlans] = useState<ExplorerPlanBody[]>(initialPlans);
  const [errors, setErrors] = useState<Errors>({});
  const [plansErrors, setPlansErrors] = useState<PlansErrors>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [isInvalid, setIsInvalid] = useState(false);

  const set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => {
    setSite((s) => ({ ...s, [key]: value }));
    setErrors((e) => withoutErrorsOf(e, key));
  };
  const showErrors = (found: { site: Errors; plans: PlansErrors }) => {
    setErrors(found.site);
    setPlansErrors(found.plans);
  };

  const logo = useUploadedLogo(documents, (documentId) => set('logoDocumentId', documentId));

  const save = useAction(
    async (attributes: SiteAttributes, newLogo: ExplorerDocumentBody | null) => {
      await onSubmit(attributes, plans, newLogo);
      if (newLogo) logo.attached(newLogo.documentId);
    },
    {
      describe: saveFailure,
      onError: (caught) => {
        if (hasFieldErrors(caught)) showErrors(serverErrors(caught.fieldErrors, plans));
      },
    },
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.clearError();
    const found = formErrors(site, plans);
    showErrors(found);
    const isValid = Object.keys(found.site).length === 0;
    setIsInvalid(!isValid);
    if (!isValid) return;
    const attributes = siteAttributes(site);
    void save.run(attributes, logo.toAttach(attributes.logoDocumentId));
  };

  const savePlan = (draft: PlanDraft) => {
    const plan = planOfDraft(draft);
    setPlans((list) => withPlan(list, plan, editing?.index ?? null));
    setPlansErrors((e) => ({ ...e, [plan.id]: {} }));
    setErrors((e) => ({ ...e, benefits: '' }));
    setEditing(null);
  };

  const failure = isInvalid ? INVALID : save.error;
  return (
    <Form className="xa-form" onSubmit={submit} validationBehavior="aria">
      <SiteFields
        site={site}
        errors={errors}
        set={set}
        benefitTypes={[...new Set(plans.map((p) => p.benefitType))]}
        documents={logo.documents}
        onLogoUploaded={logo.uploaded}
      />
      <PlansSection
        plans={plans}
        error={errors.benefits}
        plansErrors={plansErrors}
        editing={editing}
        onEdit={setEditing}
        onRemove={(index) => setPlans((list) => list.filter((_, i) => i !== index))}
        onSave={savePlan}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="xa-actions">
        <Button
          type="submit"
          className="button button--primary"
          isPending={save.isPending}
          isDisabled={editing !== null}
        >
          {submitLabel}
        </Button>
        <Button className="button button--secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/**
 * A logo uploaded in the form: offered among the site's documents and chosen as the logo at once, and
 * handed to the save that makes it the site's logo (once: a later save does not attach it again).
 */
function useUploadedLogo(documents: readonly ExplorerDocumentBody[], choose: (documentId: string) => void) {
  const [logo, setLogo] = useState<ExplorerDocumentBody | null>(null);
  const [attachedLogo, setAttachedLogo] = useState<string | null>(null);
  return {
    documents:
      logo && !documents.some((d) => d.documentId === logo.documentId) ? [...documents, logo] : documents,
    uploaded: (stored: StoredDocument) => {
      setLogo({
        documentId: stored.documentId,
        documentKey: stored.name,
        name: stored.name.replace(/\.[a-z0-9]{2,5}$/i, ''),
        // No benefit type: the page keeps it out of the summary documents.
        benefitType: null,
        language: null,
      });
      choose(stored.documentId);
    },
    toAttach: (logoDocumentId: string | null | undefined) =>
      logo !== null && logo.documentId === logoDocumentId && logo.documentId !== attachedLogo ? logo : null,
    attached: setAttachedLogo,
  };
}

/** The site's plans, by benefit type, each to edit or remove, and the editor of the one being edited. */
function PlansSection({
  plans,
  error,
  plansErrors,
  editing,
  onEdit,
  onRemove,
  onSave,
}: {
  plans: readonly ExplorerPlanBody[];
  error: string | undefined;
  plansErrors: PlansErrors;
  editing: Editing;
  onEdit: (editing: Editing) => void;
  onRemove: (index: number) => void;
  onSave: (draft: PlanDraft) => void;
}) {
  const sortedIndexes = plans
    .map((plan, index) => ({ plan, index }))
    .sort(
      (a, b) =>
        BENEFIT_TYPE_SORT_ORDER.indexOf(a.plan.benefitType as never) -
        BENEFIT_TYPE_SORT_ORDER.indexOf(b.plan.benefitType as never),
    );
  return (
    <section className="card" aria-labelledby="plans-title">
      <Heading level={2} id="plans-title" className="card__title">
        Plans ({plans.length})
      </Heading>
      {error && <Alert tone="error">{error}</Alert>}
      {plans.length === 0 && <p className="muted">No plans yet.</p>}
      <ul className="xa-plans" aria-label="Plans">
        {sortedIndexes.map(({ plan, index }) => {
          const planProblems = plansErrors[plan.id] ?? {};
          const isInvalid = Object.values(planProblems).some(Boolean);
          return (
            <li
              key={plan.id}
              className={`xa-plan ${isInvalid ? 'xa-plan--invalid' : ''}`}
              data-testid="plan-row"
            >
              <div>
                <div className="xa-plan__name">{plan.planName}</div>
                <div className="muted">
                  {benefitTypeLabel(plan.benefitType)}
                  {typeof plan.planType === 'string' ? ` · ${planTypeLabel(plan.planType)}` : ''}
                  {isInvalid ? ' · needs attention' : ''}
                </div>
              </div>
              <div className="xa-actions">
                <Button
                  className="button button--secondary button--small"
                  aria-label={`Edit plan ${plan.planName}`}
                  isDisabled={editing !== null}
                  onPress={() => onEdit({ index, draft: draftOfPlan(plan) })}
                >
                  Edit
                </Button>
                <Button
                  className="button button--secondary button--small"
                  aria-label={`Remove plan ${plan.planName}`}
                  isDisabled={editing !== null}
                  onPress={() => onRemove(index)}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {editing ? (
        <PlanEditor
          key={editing.index ?? 'new'}
          initial={editing.draft}
          serverErrors={plansErrors[String(editing.draft.id)]}
          onSave={onSave}
          onCancel={() => onEdit(null)}
        />
      ) : (
        <Button
          className="button button--secondary"
          onPress={() => onEdit({ index: null, draft: { id: newPlanId(), contentFlags: [] } })}
        >
          Add plan
        </Button>
      )}
    </section>
  );
}
