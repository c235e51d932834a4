import { useAtom } from '../../state/store.ts';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button, Form, Heading, Link, ToggleButton } from '../../ui/controls.ts';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import {
  PROVIDER_CARRIER_ID,
  type BenefitType,
  type ExplorerLanguage,
  validatePrepaidLocation,
  benefitTypeHighlighters,
  benefitTypeLabel,
  countedBenefitSections,
  hasPrepaidPlans,
  isBenefitType,
  isComparisonAvailable,
  medicalPriceTier,
  medicalVideoOf,
  planTypeLabel,
  sectionsByBenefitType,
  summaryDocumentsByBenefitType,
} from '@onboard/domain/web';
import {
  documentUrl,
  type ExplorerDocumentView,
  type ExplorerPageView,
  type ExplorerPlanView,
} from './api.ts';
import { comparisonRows, planFacts } from './comparison.ts';
import { useLocale } from './context.ts';
import { translateRuleMessage } from './i18n.ts';
import { LazyEmailBenefitsForm, loadStateSelect } from './lazy.ts';
import type { StatePickerProps, StateSelect } from './StateSelect.tsx';
import { explorerPath } from './routing.ts';
import {
  comparisonSelectionAtom,
  favouritesAtom,
  prepaidLocationAtom,
  toggled,
} from '../../state/explorer.ts';

type StateSelectComponent = typeof StateSelect;

/** The benefit type's name in the visitor's language (explorer §2: Specified Disease in CA, NY, CT). */
function categoryName(type: BenefitType, state: string, language: ExplorerLanguage): string {
  return benefitTypeLabel(type, { state, language });
}

export function SitePage({ page, now }: { page: ExplorerPageView; now: Date }) {
  const { t, language } = useLocale();
  const [location] = useAtom(prepaidLocationAtom);
  const sections = countedBenefitSections(page.benefits, location, page);
  const highlighters = benefitTypeHighlighters(page.benefitTypeMetadata, language);
  const documents = summaryDocumentsByBenefitType(
    (page.documents ?? []).filter((d): d is ExplorerDocumentView & { benefitType: BenefitType } =>
      isBenefitType(d.benefitType),
    ),
  );
  return (
    <>
      <h1>{page.customClientName ?? page.name}</h1>
      <p className="explorer-subtitle">{t.planYear(page.planYear)}</p>
      <p className="explorer-hint">{t.enrollHint}</p>
      {highlighters.length > 0 && (
        <ul className="explorer-highlighters">
          {highlighters.map((h) => (
            <li key={h.benefitType}>
              <strong>{categoryName(h.benefitType, page.employerState, language)}:</strong> {h.text}
            </li>
          ))}
        </ul>
      )}
      {hasPrepaidPlans(page.benefits) && <PrepaidLocation />}
      {sections.map((section) => (
        <BenefitSection
          key={section.benefitType}
          page={page}
          benefitType={section.benefitType}
          plans={section.plans}
          planCount={section.planCount}
          documents={documents[section.benefitType] ?? []}
          now={now}
        />
      ))}
    </>
  );
}

/** The prepaid-location chooser (explorer §2, §5: state is required). */
function PrepaidLocation() {
  const { t, language } = useLocale();
  const [location, setLocation] = useAtom(prepaidLocationAtom);
  const [isEditing, setEditing] = useState(location === null);
  const [draft, setDraft] = useState(location ?? '');
  const [error, setError] = useState<string | undefined>();
  // Focus follows the visitor's step (the form it was in goes away): to the choice made, or back to the
  // picker after Change.
  const [focusAfter, setFocusAfter] = useState<'chosen' | 'change' | null>(null);
  const chosenRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusAfter === 'chosen') chosenRef.current?.focus();
  }, [focusAfter]);
  return (
    <section className="explorer-prepaid" aria-labelledby="explorer-prepaid-title">
      <h2 id="explorer-prepaid-title">{t.prepaidTitle}</h2>
      {isEditing ? (
        <Form
          className="explorer-prepaid-form"
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            const message = validatePrepaidLocation({ state: draft }).state;
            setError(message ? translateRuleMessage(message, language) : undefined);
            if (message) return;
            setLocation(draft);
            setEditing(false);
            setFocusAfter('chosen');
          }}
        >
          <p>{t.prepaidBody}</p>
          <OnDemandStateSelect
            value={draft}
            onChange={setDraft}
            error={error}
            autoFocus={focusAfter === 'change'}
          />
          <Button type="submit" className="explorer-button explorer-button--brand">
            {t.showPlans}
          </Button>
        </Form>
      ) : (
        <p ref={chosenRef} tabIndex={-1} className="explorer-prepaid-chosen">
          {t.chosenState(location ?? '')}{' '}
          <Button
            className="explorer-button explorer-button--link"
            onPress={() => {
              setEditing(true);
              setFocusAfter('change');
            }}
          >
            {t.change}
          </Button>
        </p>
      )}
    </section>
  );
}

/**
 * The prepaid state picker, kept out of the first page: until the visitor opens it, a trigger that looks
 * and is labelled like the picker stands in; opening it (press, Enter, Space, arrow keys) loads the
 * react-aria Select, which takes focus and opens its list (bench/explorer-size.ts measures the saving).
 */
function OnDemandStateSelect({
  value,
  onChange,
  error,
  autoFocus = false,
}: StatePickerProps & { autoFocus?: boolean }) {
  const { t } = useLocale();
  const [picker, setPicker] = useState<{ Select: StateSelectComponent } | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const id = useId();
  if (picker) return <picker.Select value={value} onChange={onChange} error={error} autoOpen />;
  const open = () => {
    if (isLoading) return;
    setLoading(true);
    setLoadFailed(false);
    loadStateSelect().then(
      (Select) => setPicker({ Select }),
      () => {
        setLoading(false);
        setLoadFailed(true);
      },
    );
  };
  const message = loadFailed ? t.loadError : error;
  return (
    <div className="explorer-field">
      <span id={`${id}-label`}>{t.state}</span>
      <Button
        className="explorer-select-button"
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={message ? `${id}-error` : undefined}
        aria-invalid={error !== undefined || undefined}
        autoFocus={autoFocus}
        onPress={open}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') open();
          else event.continuePropagation();
        }}
      >
        <span id={`${id}-value`}>{value === '' ? t.chooseState : value}</span>
        <span aria-hidden="true">▾</span>
      </Button>
      {message && (
        <span id={`${id}-error`} className="explorer-error">
          {message}
        </span>
      )}
    </div>
  );
}

function BenefitSection({
  page,
  benefitType,
  plans,
  planCount,
  documents,
  now,
}: {
  page: ExplorerPageView;
  benefitType: BenefitType;
  plans: ExplorerPlanView[];
  /** explorer §3 showBenefitCount: null when the site does not show counts. */
  planCount: number | null;
  documents: ExplorerDocumentView[];
  now: Date;
}) {
  const { t, language } = useLocale();
  const [selection, setSelection] = useAtom(comparisonSelectionAtom);
  const [isComparing, setComparing] = useState(false);
  const name = categoryName(benefitType, page.employerState, language);
  const rows = isComparisonAvailable(benefitType, now) ? comparisonRows(benefitType, t, language) : null;
  const visibleIds = new Set(plans.map((p) => p.id));
  const selected = (selection[benefitType] ?? []).filter((id) => visibleIds.has(id));
  const headingId = `explorer-section-${benefitType}`;
  const canCompare = rows !== null && plans.length > 1;
  return (
    <section className="explorer-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {name}
        {planCount !== null && <span className="explorer-count"> ({t.plans(planCount)})</span>}
      </h2>
      {benefitType === 'MEDICAL' && <MedicalVideo page={page} />}
      <ul className="explorer-plans">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              explorerPageId={page.explorerPageId}
              plan={plan}
              compare={
                canCompare
                  ? {
                      isSelected: selected.includes(plan.id),
                      onChange: () => {
                        setComparing(false);
                        setSelection((s) => ({ ...s, [benefitType]: toggled(selected, plan.id) }));
                      },
                    }
                  : null
              }
            />
          </li>
        ))}
      </ul>
      {canCompare && (
        <div className="explorer-compare-bar">
          <Button
            className="explorer-button explorer-button--brand"
            isDisabled={selected.length < 2}
            onPress={() => setComparing(true)}
          >
            {t.compare(selected.length)}
          </Button>
          {selected.length < 2 && <span className="explorer-hint">{t.compareHint}</span>}
        </div>
      )}
      {rows !== null && isComparing && selected.length >= 2 && (
        <div className="explorer-table-wrap">
          <table className="explorer-table">
            <caption>{t.comparisonTitle(name)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.feature}</th>
                {plans
                  .filter((p) => selected.includes(p.id))
                  .map((p) => (
                    <th scope="col" key={p.id}>
                      {p.planName}
                    </th>
                  ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {plans
                    .filter((p) => selected.includes(p.id))
                    .map((p) => (
                      <td key={p.id}>{row.value(p)}</td>
                    ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {documents.length > 0 && (
        <div className="explorer-documents">
          <h3>{t.documentsTitle(name)}</h3>
          <ul>
            {documents.map((d) => (
              <li key={d.documentId}>
                <a href={documentUrl(page.explorerPageId, d.documentId)} download>
                  {d.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/**
 * The site's medical video, only when one is set. A link, not an embedded player: the player is a third
 * party's page, and a link works with keyboard, screen readers and the public host's security headers.
 */
function MedicalVideo({ page }: { page: ExplorerPageView }) {
  const { t, language } = useLocale();
  const video = medicalVideoOf(page, language);
  if (video === null) return null;
  const href = video.vidyardId
    ? `https://play.vidyard.com/${encodeURIComponent(video.vidyardId)}`
    : documentUrl(page.explorerPageId, video.documentId ?? '');
  return (
    <p className="explorer-video">
      <a href={href} target="_blank" rel="noopener noreferrer">
        <span aria-hidden="true">▶ </span>
        {t.medicalVideo(video.title ?? t.medicalVideoDefault)}
        <span className="explorer-sr-only"> {t.opensInNewTab}</span>
      </a>
    </p>
  );
}

function PlanCard({
  explorerPageId,
  plan,
  compare,
}: {
  explorerPageId: string;
  plan: ExplorerPlanView;
  compare: { isSelected: boolean; onChange: () => void } | null;
}) {
  const { t, language } = useLocale();
  const [favourites, setFavourites] = useAtom(favouritesAtom(explorerPageId));
  const tier = medicalPriceTier(plan);
  // explorer §9: carrier 1 is the provider itself; any other carrier is named by its legal entity.
  const carrier = plan.carrierId === PROVIDER_CARRIER_ID ? t.providerName : plan.legalEntity;
  const isFavourite = favourites.includes(plan.id);
  return (
    <article className="explorer-plan" aria-label={plan.planName}>
      <h3>
        {plan.planName}
        {plan.isNew === true && <span className="explorer-badge">{t.newPlan}</span>}
      </h3>
      <p className="explorer-plan-meta">
        {[plan.planType ? planTypeLabel(plan.planType, language) : null, plan.prepaidSitusState]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <dl className="explorer-plan-facts">
        {carrier && (
          <div>
            <dt>{t.carrier}</dt>
            <dd>{carrier}</dd>
          </div>
        )}
        {tier !== null && (
          <div>
            <dt>{t.priceTier}</dt>
            <dd>
              <span aria-label={`${tier.length} / 3`}>{tier}</span>
            </dd>
          </div>
        )}
        {planFacts(plan, t).map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="explorer-plan-actions">
        <ToggleButton
          className="explorer-button explorer-favourite"
          isSelected={isFavourite}
          onChange={() => setFavourites(toggled(favourites, plan.id))}
        >
          <span aria-hidden="true">{isFavourite ? '★' : '☆'}</span> {t.favourite}
          <span className="explorer-sr-only"> {plan.planName}</span>
        </ToggleButton>
        {compare && (
          <CheckboxInput look="explorer" isSelected={compare.isSelected} onChange={compare.onChange}>
            {t.select(plan.planName)}
          </CheckboxInput>
        )}
      </div>
    </article>
  );
}

/** The visitor's favourite plans, printable (explorer §2 personalBenefitsPlan). */
export function PersonalPlanPage({ page, pageKey }: { page: ExplorerPageView; pageKey: string }) {
  const { t, language, base } = useLocale();
  const [favourites] = useAtom(favouritesAtom(page.explorerPageId));
  const plans = page.benefits.filter((p) => favourites.includes(p.id));
  const sections = sectionsByBenefitType(plans);
  return (
    <>
      <h1>{t.personalTitle}</h1>
      <p>{t.personalIntro}</p>
      <div className="explorer-actions explorer-no-print">
        <Link className="explorer-button" href={explorerPath(language, pageKey, 'site', base)}>
          {t.backToSite}
        </Link>
        <Button className="explorer-button explorer-button--brand" onPress={() => window.print()}>
          {t.print}
        </Button>
      </div>
      {sections.length === 0 && <p>{t.personalEmpty}</p>}
      {sections.map((section) => (
        <section
          key={section.benefitType}
          className="explorer-section"
          aria-labelledby={`fav-${section.benefitType}`}
        >
          <Heading level={2} id={`fav-${section.benefitType}`}>
            {categoryName(section.benefitType, page.employerState, language)}
          </Heading>
          <ul className="explorer-plans">
            {section.plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard explorerPageId={page.explorerPageId} plan={plan} compare={null} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {plans.length > 0 && (
        <section className="explorer-section explorer-no-print" aria-labelledby="explorer-email-title">
          <h2 id="explorer-email-title">{t.emailTitle}</h2>
          <p>{t.emailIntro}</p>
          <Suspense fallback={<p role="status">{t.loading}</p>}>
            <LazyEmailBenefitsForm explorerPageId={page.explorerPageId} plans={plans} />
          </Suspense>
        </section>
      )}
    </>
  );
}
