import type { ReactNode } from 'react';
import { Heading } from '../../ui/controls.ts';
import {
  BENEFIT_TYPE_SORT_ORDER,
  contrastRatio,
  highlighterOrderKey,
  MIN_TEXT_CONTRAST_RATIO,
  SALES_TERRITORIES,
  US_STATE_CODES,
  type StoredDocument,
} from '@onboard/domain/web';
import { Alert } from '../../ui/Feedback.tsx';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { RadioInput } from '../../ui/RadioInput.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { UploadButton } from './DocumentsSection.tsx';
import type { ExplorerDocumentBody } from './documents-api.ts';
import { BenAdminPlatformSelect } from './BenAdminPlatformSelect.tsx';
import { bindFields, type FieldBinder, type TextBinding } from '../../ui/field-binding.ts';
import { emptyHighlight, type Errors, type HighlightDraft, type SiteDraft } from './form-model.ts';
import { benefitTypeLabel } from './PlanEditor.tsx';

const STATE_OPTIONS = US_STATE_CODES.map((s) => ({ value: s, label: s }));
const TERRITORY_OPTIONS = [
  { value: '', label: 'None' },
  ...SALES_TERRITORIES.map((t) => ({ value: t, label: t })),
];
const LOGO_TYPES = ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'];

export type SetSiteField = <K extends keyof SiteDraft>(key: K, value: SiteDraft[K]) => void;

const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
];

const MEDICAL_VIDEO_OPTIONS = [
  { value: 'NO_VIDEO', label: 'No video' },
  { value: 'ENGLISH_VIDEO', label: 'English video' },
  { value: 'ENGLISH_AND_SPANISH_VIDEO', label: 'English and Spanish videos' },
];

function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <Heading level={2} id={id} className="card__title">
        {title}
      </Heading>
      {hint && <p className="muted xa-hint">{hint}</p>}
      {children}
    </section>
  );
}

/** A checkbox, with a line saying what it does on the public page when that is not obvious. */
function Flag({
  label,
  hint,
  ...binding
}: {
  label: string;
  hint?: string;
  isSelected: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="xa-flag">
      <CheckboxInput {...binding}>{label}</CheckboxInput>
      {hint && <span className="muted xa-flag__hint">{hint}</span>}
    </div>
  );
}

/** A plan year field: required, written as one year or a range. */
export function PlanYearInput(props: { label: string } & TextBinding) {
  return <TextInput {...props} placeholder="#### or ####-####" isRequired />;
}

/** A web address field: a URL box that suggests its scheme. */
function UrlInput(props: Omit<Parameters<typeof TextInput>[0], 'type'>) {
  return <TextInput type="url" placeholder="https://" {...props} />;
}

/** What each group of the site's settings works on: the draft, its errors, and its fields' bindings. */
type SectionProps = {
  site: SiteDraft;
  errors: Errors;
  set: SetSiteField;
  bind: FieldBinder<SiteDraft>;
};

/** The site's settings of explorer §3, grouped as staff think of them; the plans are edited apart. */
export function SiteFields({
  site,
  errors,
  set,
  benefitTypes,
  documents,
  onLogoUploaded,
}: {
  site: SiteDraft;
  errors: Errors;
  set: SetSiteField;
  /** The benefit types of the site's plans: each may carry a highlighter. */
  benefitTypes: readonly string[];
  /** The site's documents (and a logo uploaded but not yet attached), to pick the logo from. */
  documents: readonly ExplorerDocumentBody[];
  onLogoUploaded: (document: StoredDocument) => void;
}) {
  const section: SectionProps = { site, errors, set, bind: bindFields(site, errors, set) };
  return (
    <>
      <SiteSection {...section} />
      <AvailabilitySection {...section} />
      <ContactSection {...section} />
      <BrandingSection {...section} documents={documents} onLogoUploaded={onLogoUploaded} />
      <Section id="display-title" title="Page display">
        <div className="xa-flags">
          <Flag label="Show the number of benefits" {...section.bind.flag('showBenefitCount')} />
          <Flag label="Legacy dental plan table" {...section.bind.flag('showLegacyDentalPlanTable')} />
          <Flag label="Legacy vision plan table" {...section.bind.flag('showLegacyVisionPlanTable')} />
        </div>
        <Highlights site={site} errors={errors} set={set} benefitTypes={benefitTypes} />
      </Section>
      <VideoSection {...section} />
    </>
  );
}

function SiteSection({ site, errors, set, bind }: SectionProps) {
  return (
    <Section id="site-title" title="Site">
      <div className="xa-fieldset">
        <TextInput label="Site name" {...bind.text('name')} isRequired />
        <TextInput
          label="Client name on the page"
          {...bind.text('customClientName')}
          description="Shown as the page title instead of the site name."
        />
        <PlanYearInput label="Plan year" {...bind.text('planYear')} />
        <SelectInput
          label="Employer state"
          {...bind.text('employerState')}
          options={STATE_OPTIONS}
          isRequired
        />
        <TextInput
          label="Policies"
          {...bind.text('policies')}
          description="Policy numbers, separated by commas."
          isRequired
        />
        <TextInput
          label="Vanity URL"
          {...bind.text('vanitySlug')}
          description="Letters, digits, hyphens, underscores and spaces."
        />
        <SelectInput
          label="Sales territory"
          {...bind.text('territory')}
          options={TERRITORY_OPTIONS}
          placeholder="None"
        />
        <TextInput label="Employee count" {...bind.text('employeeCount')} inputMode="numeric" />
        <TextInput label="Association ID" {...bind.text('associationId')} />
        <RadioInput
          label="Language"
          value={site.language}
          onChange={(v) => set('language', v)}
          error={errors.language}
          options={LANGUAGE_OPTIONS}
          isRequired
        />
        <div className="xa-fieldset--wide">
          <Flag label="Has employees in New York" {...bind.flag('hasEmployeesInNY')} />
        </div>
      </div>
    </Section>
  );
}

function AvailabilitySection({ bind }: SectionProps) {
  return (
    <Section
      id="availability-title"
      title="Availability and open enrollment"
      hint="The site is live from its start date until its end date. During open enrollment the page links to the benefits administration platform."
    >
      <div className="xa-fieldset">
        <TextInput label="Start date" type="date" {...bind.text('startsAt')} />
        <TextInput label="End date" type="date" {...bind.text('expiresAt')} />
        <TextInput label="Open enrollment start" type="date" {...bind.text('openEnrollmentStart')} />
        <TextInput label="Open enrollment end" type="date" {...bind.text('openEnrollmentEnd')} />
        <UrlInput
          label="Benefits administration platform URL"
          {...bind.text('benAdminPlatformUrl')}
          description="Where the enroll button leads during open enrollment."
        />
        <BenAdminPlatformSelect {...bind.text('benAdminPlatformId')} />
      </div>
      <div className="xa-flags">
        <Flag
          label="Maintenance mode"
          hint="Hides the public page's navigation."
          {...bind.flag('maintenanceMode')}
        />
        <Flag label="Kiosk mode" {...bind.flag('kioskMode')} />
      </div>
    </Section>
  );
}

function ContactSection({ site, bind }: SectionProps) {
  return (
    <Section id="contact-title" title="Contact options" hint="How visitors can reach the benefits team.">
      <div className="xa-flags">
        <Flag label="Appointments" {...bind.flag('enableContactUsAppointment')} />
        <Flag label="Email" {...bind.flag('enableContactUsEmail')} />
        <Flag
          label="Live chat"
          hint="Visitors of a live site reach the live support department."
          {...bind.flag('enableContactUsLiveChat')}
        />
      </div>
      <div className="xa-fieldset">
        {site.enableContactUsAppointment && (
          <UrlInput
            label="Appointment booking link"
            {...bind.text('customCalendlyLink')}
            placeholder="https://calendly.com/…"
          />
        )}
        <UrlInput label="Notification link" {...bind.text('notificationLink')} />
      </div>
    </Section>
  );
}

function BrandingSection({
  site,
  bind,
  documents,
  onLogoUploaded,
}: SectionProps & {
  documents: readonly ExplorerDocumentBody[];
  onLogoUploaded: (document: StoredDocument) => void;
}) {
  const logoOptions = [
    { value: '', label: 'No logo' },
    ...documents.map((d) => ({ value: d.documentId, label: d.name })),
    // A logo set elsewhere (the API, a renewal) whose document this site does not list.
    ...(site.logoDocumentId && !documents.some((d) => d.documentId === site.logoDocumentId)
      ? [{ value: site.logoDocumentId, label: `Document ${site.logoDocumentId}` }]
      : []),
  ];
  return (
    <Section id="branding-title" title="Branding">
      <div className="xa-fieldset">
        <div className="field">
          <SelectInput
            label="Client logo"
            {...bind.text('logoDocumentId')}
            options={logoOptions}
            placeholder="No logo"
          />
          <UploadButton label="Upload a logo" acceptedFileTypes={LOGO_TYPES} onUploaded={onLogoUploaded} />
        </div>
        <div className="xa-flags">
          <Flag label="Hide the provider's logo" {...bind.flag('hideProviderLogo')} />
          <Flag
            label="Custom branding"
            hint="The page uses the client's colors for its theme."
            {...bind.flag('customBranding')}
          />
        </div>
      </div>
      {site.hideProviderLogo && (
        <div className="xa-fieldset">
          <TextInput
            label="Third-party administrator"
            {...bind.text('administratorName')}
            description="Named in the page's footer instead of the provider."
          />
          <UrlInput label="Administrator's website" {...bind.text('administratorWebsiteUrl')} />
          <UrlInput label="Administrator's privacy notice" {...bind.text('administratorPrivacyUrl')} />
        </div>
      )}
      {site.customBranding && <ThemeColors site={site} bind={bind} />}
    </Section>
  );
}

/** The custom theme's two colors and, once both are given, a preview with their contrast. */
function ThemeColors({ site, bind }: Pick<SectionProps, 'site' | 'bind'>) {
  const ratio =
    site.customThemeBrandColor && site.customThemeContrastingColor
      ? contrastRatio(site.customThemeBrandColor.trim(), site.customThemeContrastingColor.trim())
      : null;
  return (
    <div className="xa-fieldset">
      <TextInput
        label="Brand color"
        {...bind.text('customThemeBrandColor')}
        placeholder="#0b5d7d"
        isRequired
      />
      <TextInput
        label="Contrast color"
        {...bind.text('customThemeContrastingColor')}
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
  );
}

function VideoSection({ site, errors, set, bind }: SectionProps) {
  return (
    <Section id="video-title" title="Medical video">
      <div className="xa-fieldset">
        <RadioInput
          className="xa-fieldset--wide"
          label="Video"
          value={site.medicalVideo}
          onChange={(v) => set('medicalVideo', v)}
          error={errors.medicalVideo}
          options={MEDICAL_VIDEO_OPTIONS}
          isRequired
        />
        {site.medicalVideo !== 'NO_VIDEO' && (
          <>
            <TextInput label="English video title" {...bind.text('medicalVideoEnglishTitle')} isRequired />
            {site.medicalVideo === 'ENGLISH_AND_SPANISH_VIDEO' && (
              <TextInput label="Spanish video title" {...bind.text('medicalVideoSpanishTitle')} isRequired />
            )}
            <div>
              <TextInput label="Video document ID" {...bind.text('medicalVideoDocumentId')} isRequired />
              <UploadButton
                label="Upload an MP4 video"
                acceptedFileTypes={['video/mp4', '.mp4']}
                onUploaded={(video) => set('medicalVideoDocumentId', video.documentId)}
              />
            </div>
            <TextInput
              label="Vidyard ID"
              {...bind.text('vidyardId')}
              description="When given, the page plays the Vidyard video instead of the uploaded file."
            />
            <TextInput label="Vidyard upload ID" {...bind.text('vidyardUploadId')} />
          </>
        )}
      </div>
    </Section>
  );
}

/** explorer §3 benefitTypeMetadata: per benefit type of the site, its highlighter in both languages. */
function Highlights({
  site,
  errors,
  set,
  benefitTypes,
}: {
  site: SiteDraft;
  errors: Errors;
  set: SetSiteField;
  benefitTypes: readonly string[];
}) {
  const known = new Set([...benefitTypes, ...Object.keys(site.benefitTypeMetadata)]);
  const types = [
    ...BENEFIT_TYPE_SORT_ORDER.filter((t) => known.has(t)),
    ...[...known].filter((t) => !(BENEFIT_TYPE_SORT_ORDER as readonly string[]).includes(t)),
  ];
  const change = (benefitType: string, field: keyof HighlightDraft, value: string) => {
    const row = site.benefitTypeMetadata[benefitType] ?? emptyHighlight();
    set('benefitTypeMetadata', { ...site.benefitTypeMetadata, [benefitType]: { ...row, [field]: value } });
  };
  return (
    <div className="xa-highlights">
      <Heading level={3} className="xa-section-title">
        Benefit highlights
      </Heading>
      <p className="muted xa-hint">
        A short line the page shows for a benefit type; lower orders come first.
      </p>
      {errors.benefitTypeMetadata && <Alert tone="error">{errors.benefitTypeMetadata}</Alert>}
      {types.length === 0 && <p className="muted">Add plans to write highlights for their benefit types.</p>}
      {types.map((benefitType) => {
        const row = site.benefitTypeMetadata[benefitType] ?? emptyHighlight();
        const name = benefitTypeLabel(benefitType);
        return (
          <div key={benefitType} className="xa-highlight" role="group" aria-label={`${name} highlight`}>
            <TextInput
              label={`${name} highlight (English)`}
              value={row.highlighterText}
              onChange={(v) => change(benefitType, 'highlighterText', v)}
            />
            <TextInput
              label={`${name} highlight (Spanish)`}
              value={row.spanishHighlighterText}
              onChange={(v) => change(benefitType, 'spanishHighlighterText', v)}
            />
            <TextInput
              label={`${name} highlight order`}
              value={row.highlighterOrder}
              onChange={(v) => change(benefitType, 'highlighterOrder', v)}
              error={errors[highlighterOrderKey(benefitType)]}
              inputMode="numeric"
            />
          </div>
        );
      })}
    </div>
  );
}
