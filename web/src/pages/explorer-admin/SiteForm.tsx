import { useState, type FormEvent } from 'react';
import { Button, Form, Heading, Label, Radio, RadioGroup, FieldError } from 'react-aria-components';
import {
  BENEFIT_TYPE_SORT_ORDER,
  contrastRatio,
  MIN_TEXT_CONTRAST_RATIO,
  US_STATE_CODES,
} from '../../../../domain/src/explorer/index.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import { Alert } from '../../components/Feedback.tsx';
import type { ExplorerPlanBody } from './api.ts';
import { CheckboxInput, SelectInput, TextInput } from './controls.tsx';
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
  type SiteDraft,
} from './form-model.ts';
import { benefitTypeLabel, PlanEditor } from './PlanEditor.tsx';
import { UploadButton } from './DocumentsSection.tsx';

const STATE_OPTIONS = US_STATE_CODES.map((s) => ({ value: s, label: s }));
export const PLANS_INVALID = 'Some plans need attention: open them to see what is missing.'; // chosen

const newPlanId = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `plan-${Date.now()}-${Math.random()}`;

type Editing = { index: number | null; draft: PlanDraft } | null;

/**
 * The site form of explorer §3/§5 with its plans editor. Every rule is the domain's (the same the API
 * runs); what the server still refuses (a taken vanity slug, a stale version) lands on the field it names.
 */
export function SiteForm({
  initialSite,
  initialPlans,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initialSite: SiteDraft;
  initialPlans: ExplorerPlanBody[];
  submitLabel: string;
  onSubmit: (site: ReturnType<typeof siteAttributes>, plans: ExplorerPlanBody[]) => Promise<void>;
  onCancel: () => void;
}) {
  const [site, setSite] = useState<SiteDraft>(initialSite);
  const [plans, setPlans] = useState<ExplorerPlanBody[]>(initialPlans);
  const [errors, setErrors] = useState<Errors>({});
  const [plansErrors, setPlansErrors] = useState<Record<string, Errors>>({});
  const [editing, setEditing] = useState<Editing>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const set = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => {
    setSite((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
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
      await onSubmit(siteAttributes(site), plans);
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

  const ratio =
    site.customBranding && site.customThemeBrandColor && site.customThemeContrastingColor
      ? contrastRatio(site.customThemeBrandColor.trim(), site.customThemeContrastingColor.trim())
      : null;
  const sortedIndexes = plans
    .map((plan, index) => ({ plan, index }))
    .sort(
      (a, b) =>
        BENEFIT_TYPE_SORT_ORDER.indexOf(a.plan.benefitType as never) -
        BENEFIT_TYPE_SORT_ORDER.indexOf(b.plan.benefitType as never),
    );

  return (
    <Form className="xa-form" onSubmit={(e) => void submit(e)} validationBehavior="aria">
      <section className="card" aria-labelledby="site-title">
        <Heading level={2} id="site-title" className="card__title">
          Site
        </Heading>
        <div className="xa-fieldset">
          <TextInput
            label="Site name"
            value={site.name}
            onChange={(v) => set('name', v)}
            error={errors.name}
            isRequired
          />
          <TextInput
            label="Plan year"
            value={site.planYear}
            onChange={(v) => set('planYear', v)}
            error={errors.planYear}
            placeholder="#### or ####-####"
            isRequired
          />
          <SelectInput
            label="Employer state"
            value={site.employerState}
            options={STATE_OPTIONS}
            onChange={(v) => set('employerState', v)}
            error={errors.employerState}
            isRequired
          />
          <TextInput
            label="Policies"
            value={site.policies}
            onChange={(v) => set('policies', v)}
            error={errors.policies}
            description="Policy numbers, separated by commas."
            isRequired
          />
          <TextInput
            label="Vanity URL"
            value={site.vanitySlug}
            onChange={(v) => set('vanitySlug', v)}
            error={errors.vanitySlug}
            description="Letters, digits, hyphens, underscores and spaces."
          />
          <TextInput
            label="Employee count"
            value={site.employeeCount}
            onChange={(v) => set('employeeCount', v)}
            error={errors.employeeCount}
            inputMode="numeric"
          />
          <TextInput
            label="Start date"
            type="date"
            value={site.startsAt}
            onChange={(v) => set('startsAt', v)}
            error={errors.startsAt}
          />
          <TextInput
            label="End date"
            type="date"
            value={site.expiresAt}
            onChange={(v) => set('expiresAt', v)}
            error={errors.expiresAt}
          />
          <RadioGroup
            className="field"
            value={site.language}
            onChange={(v) => set('language', v)}
            isInvalid={Boolean(errors.language)}
            isRequired
          >
            <Label className="field__label">Language</Label>
            <div className="radio-row">
              <Radio className="radio" value="en">
                English
              </Radio>
              <Radio className="radio" value="es">
                Spanish
              </Radio>
            </div>
            <FieldError className="field__error">{errors.language}</FieldError>
          </RadioGroup>
        </div>
      </section>

      <section className="card" aria-labelledby="branding-title">
        <Heading level={2} id="branding-title" className="card__title">
          Branding
        </Heading>
        <CheckboxInput isSelected={site.customBranding} onChange={(v) => set('customBranding', v)}>
          Custom branding
        </CheckboxInput>
        {site.customBranding && (
          <div className="xa-fieldset">
            <TextInput
              label="Brand color"
              value={site.customThemeBrandColor}
              onChange={(v) => set('customThemeBrandColor', v)}
              error={errors.customThemeBrandColor}
              placeholder="#0b5d7d"
              isRequired
            />
            <TextInput
              label="Contrast color"
              value={site.customThemeContrastingColor}
              onChange={(v) => set('customThemeContrastingColor', v)}
              error={errors.customThemeContrastingColor}
              placeholder="#ffffff"
              description={`Text on the brand color; needs a contrast of ${MIN_TEXT_CONTRAST_RATIO}:1.`}
              isRequired
            />
            {ratio !== null && (
              <div className="field">
                <span className="field__label">Preview</span>
                <span
                  className="xa-swatch"
                  style={{ background: site.customThemeBrandColor, color: site.customThemeContrastingColor }}
                  data-testid="contrast-preview"
                >
                  Contrast {ratio.toFixed(1)}:1
                </span>
              </div>
            )}
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="video-title">
        <Heading level={2} id="video-title" className="card__title">
          Medical video
        </Heading>
        <div className="xa-fieldset">
          <RadioGroup
            className="field xa-fieldset--wide"
            value={site.medicalVideo}
            onChange={(v) => set('medicalVideo', v)}
            isInvalid={Boolean(errors.medicalVideo)}
            isRequired
          >
            <Label className="field__label">Video</Label>
            <div className="radio-row">
              <Radio className="radio" value="NO_VIDEO">
                No video
              </Radio>
              <Radio className="radio" value="ENGLISH_VIDEO">
                English video
              </Radio>
              <Radio className="radio" value="ENGLISH_AND_SPANISH_VIDEO">
                English and Spanish videos
              </Radio>
            </div>
            <FieldError className="field__error">{errors.medicalVideo}</FieldError>
          </RadioGroup>
          {site.medicalVideo !== 'NO_VIDEO' && (
            <>
              <TextInput
                label="English video title"
                value={site.medicalVideoEnglishTitle}
                onChange={(v) => set('medicalVideoEnglishTitle', v)}
                error={errors.medicalVideoEnglishTitle}
                isRequired
              />
              {site.medicalVideo === 'ENGLISH_AND_SPANISH_VIDEO' && (
                <TextInput
                  label="Spanish video title"
                  value={site.medicalVideoSpanishTitle}
                  onChange={(v) => set('medicalVideoSpanishTitle', v)}
                  error={errors.medicalVideoSpanishTitle}
                  isRequired
                />
              )}
              <div>
                <TextInput
                  label="Video document ID"
                  value={site.medicalVideoDocumentId}
                  onChange={(v) => set('medicalVideoDocumentId', v)}
                  error={errors.medicalVideoDocumentId}
                  isRequired
                />
                <UploadButton
                  label="Upload an MP4 video"
                  acceptedFileTypes={['video/mp4', '.mp4']}
                  onUploaded={(video) => set('medicalVideoDocumentId', video.documentId)}
                />
              </div>
            </>
          )}
        </div>
      </section>

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
