import { useState, type FormEvent } from 'react';
import { Button, Form, Heading } from '../../ui/controls.ts';
import { BENEFIT_TYPE_SORT_ORDER } from '@onboard/domain/web';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
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
}: {
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
}) {
  const [site, setSite] = useState<SiteDraft>(initialSite);
  const [plans, setPlans] = useState<ExplorerPlanBody[]>(initialPlans);
  const [errors, setErrors] = useState<Errors>({});
  const [plansErrors, setPlansErrors] = useState<Record<string, Errors>>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  // A logo uploaded in this form, and the one of those already attached by a save.
  const [logo, setLogo] = useState<ExplorerDocumentBody | null>(null);
  const [attachedLogo, setAttachedLogo] = useState<string | null>(null);

  const set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => {
    setSite((s) => ({ ...s, [key]: value }));
    // A field's own error and those under it (`benefitTypeMetadata.DENTAL.highlighterOrder`) go.
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => k !== key && !k.startsWith(`${key}.`))),
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = siteErrors(site);
    const perPlan: Record<string, Errors> = {};
    for (const plan of plans) {
      const e = planErrors(draftOfPlan(plan));
      if (Object.keys(e).length > 0) perPlan[plan.id] = e;
    }
    if (Object.keys(perPlan).length > 0) found.benefits = PLANS_INVALID;
    setErrors(found);
    setPlansErrors(perPlan);
    if (Object.keys(found).length > 0) {
      setFailure('Please correct the highlighted fields.');
      return;
    }
    setIsPending(true);
    try {
      const attributes = siteAttributes(site);
      const isNewLogo =
        logo !== null && logo.documentId === attributes.logoDocumentId && logo.documentId !== attachedLogo;
      await onSubmit(attributes, plans, isNewLogo ? logo : null);
      if (isNewLogo) setAttachedLogo(logo.documentId);
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fieldErrors).length > 0) {
        const split = splitServerErrors(caught.fieldErrors);
        const byId: Record<string, Errors> = {};
        for (const [index, e] of Object.entries(split.plans)) {
          const plan = plans[Number(index)];
          if (plan) byId[plan.id] = e;
        }
        if (Object.keys(byId).length > 0) split.site.benefits = PLANS_INVALID;
        setErrors(split.site);
        setPlansErrors(byId);
        setFailure('Please correct the highlighted fields.');
      } else if (caught instanceof ApiError && caught.status === 409) {
        setFailure('Someone else changed this site meanwhile. Reload the page to see their changes.');
      } else {
        setFailure(caught instanceof ApiError ? caught.message : GENERIC_ERROR_MESSAGE);
      }
    } finally {
      setIsPending(false);
    }
  };

  const savePlan = (draft: PlanDraft) => {
    const plan = planOfDraft(draft);
    setPlans((list) =>
      editing?.index === null || editing === null
        ? [...list, plan]
        : list.map((p, i) => (i === editing.index ? plan : p)),
    );
    setPlansErrors((e) => ({ ...e, [plan.id]: {} }));
    setErrors((e) => ({ ...e, benefits: '' }));
    setEditing(null);
  };

  const sortedIndexes = plans
    .map((plan, index) => ({ plan, index }))
    .sort(
      (a, b) =>
        BENEFIT_TYPE_SORT_ORDER.indexOf(a.plan.benefitType as never) -
        BENEFIT_TYPE_SORT_ORDER.indexOf(b.plan.benefitType as never),
    );

  return (
    <Form className="xa-form" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      <SiteFields
        site={site}
        errors={errors}
        set={set}
        benefitTypes={[...new Set(plans.map((p) => p.benefitType))]}
        documents={
          logo && !documents.some((d) => d.documentId === logo.documentId) ? [...documents, logo] : documents
        }
        onLogoUploaded={(stored) => {
          setLogo({
            documentId: stored.documentId,
            documentKey: stored.name,
            name: stored.name.replace(/\.[a-z0-9]{2,5}$/i, ''),
            // No benefit type: the page keeps it out of the summary documents.
            benefitType: null,
            language: null,
          });
          set('logoDocumentId', stored.documentId);
        }}
      />

      <section className="card" aria-labelledby="plans-title">
        <Heading level={2} id="plans-title" className="card__title">
          Plans ({plans.length})
        </Heading>
        {errors.benefits && <Alert tone="error">{errors.benefits}</Alert>}
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
                    onPress={() => setEditing({ index, draft: draftOfPlan(plan) })}
                  >
                    Edit
                  </Button>
                  <Button
                    className="button button--secondary button--small"
                    aria-label={`Remove plan ${plan.planName}`}
                    isDisabled={editing !== null}
                    onPress={() => setPlans((list) => list.filter((_, i) => i !== index))}
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
            onSave={savePlan}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <Button
            className="button button--secondary"
            onPress={() => setEditing({ index: null, draft: { id: newPlanId(), contentFlags: [] } })}
          >
            Add plan
          </Button>
        )}
      </section>

      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="xa-actions">
        <Button
          type="submit"
          className="button button--primary"
          isPending={isPending}
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
