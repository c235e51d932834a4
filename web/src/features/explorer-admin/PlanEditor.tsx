import { useState, type ReactNode } from 'react';
import { Button, CheckboxGroup, FieldError, Heading, Label } from '../../ui/controls.ts';
import {
  ALLOWED_BENEFIT_LEVELS,
  ALLOWED_CONTENT_FLAGS,
  ALLOWED_PLAN_TYPES,
  ANSWERS,
  BENEFIT_TYPE_LABELS,
  BENEFIT_TYPES,
  DENTAL_COINSURANCE_FIELDS,
  DENTAL_NETWORKS,
  DENTAL_ORTHODONTIC_ADULT_FIELDS,
  DENTAL_ORTHODONTIC_CHILD_FIELDS,
  DENTAL_YEAR_TYPES,
  MEDICAL_ANSWER_FIELDS,
  MEDICAL_LIMIT_FIELDS,
  MEDICAL_PRICE_TIERS,
  ORTHODONTIC_SERVICES,
  PROVIDER_CARRIER_ID,
  US_STATE_CODES,
  VISION_AMOUNT_FIELDS,
  VISION_FRAMES_OVER_FIELDS,
  isBenefitType,
} from '@onboard/domain/web';
import { CheckboxInput } from '../../ui/Checkbox.tsx';
import { SelectInput } from '../../ui/SelectInput.tsx';
import { TextInput } from '../../ui/TextInput.tsx';
import { type Option } from '../../ui/field.tsx';
import {
  codeLabel,
  dentalCoinsuranceLabel,
  medicalLimitLabel,
  orthodonticLabel,
  planErrors,
  planTypeLabel,
  visionBiYearlyField,
  visionLabel,
  type Errors,
  type PlanDraft,
} from './form-model.ts';
import type { TextBinding } from '../../ui/field-binding.ts';

const BENEFIT_TYPE_OPTIONS: Option[] = BENEFIT_TYPES.map((t) => ({
  value: t,
  label: BENEFIT_TYPE_LABELS[t].en,
}));
const STATE_OPTIONS: Option[] = US_STATE_CODES.map((s) => ({ value: s, label: s }));
const ANSWER_OPTIONS: Option[] = ANSWERS.map((a) => ({ value: a, label: codeLabel(a) }));
const TIER_OPTIONS: Option[] = MEDICAL_PRICE_TIERS.map((t) => ({ value: t, label: t }));
const MEDICAL_ANSWER_LABELS: Record<string, string> = {
  medicalOutOfNetworkBenefits: 'Out-of-network benefits',
  medicalPcpCoordinationRequired: 'PCP coordination required',
  medicalPcpSpecialtyCareReferralRequired: 'PCP referral for specialty care',
};
const CONTENT_FLAG_LABELS: Record<string, string> = {
  HDHP: 'HDHP',
  HSA_COMPATIBLE: 'HSA compatible',
  HRA: 'HRA',
  'AD&D': 'AD&D',
  VAS_1: 'Value-added service 1',
  VAS_2: 'Value-added service 2',
  'Self_Care+': 'Self Care+',
  Health_Navigator_Helpline: 'Health Navigator Helpline',
  Self_Care_From_AbleTo: 'Self Care from AbleTo',
};
const NO_ORTHODONTICS = 'NONE';

export const benefitTypeLabel = (type: string) => (isBenefitType(type) ? BENEFIT_TYPE_LABELS[type].en : type);

/** The plan being edited, as its sections read and change it. */
type PlanFields = {
  draft: PlanDraft;
  errors: Errors;
  text: (field: string) => string;
  flag: (field: string) => boolean;
  set: (field: string, value: string | boolean | string[]) => void;
  /** What a text or select control of the field takes: its value, change and error. */
  bind: (field: string) => TextBinding;
  /** A decimal field. */
  number: (field: string, label: string, isRequired?: boolean) => ReactNode;
};

function planFields(
  draft: PlanDraft,
  errors: Errors,
  set: (field: string, value: string | boolean | string[]) => void,
): PlanFields {
  const text = (field: string) => (typeof draft[field] === 'string' ? (draft[field] as string) : '');
  const bind = (field: string) => ({
    value: text(field),
    onChange: (v: string) => set(field, v),
    error: errors[field],
  });
  return {
    draft,
    errors,
    text,
    flag: (field) => draft[field] === true,
    set,
    bind,
    number: (field, label, isRequired = false) => (
      <TextInput key={field} label={label} {...bind(field)} inputMode="decimal" isRequired={isRequired} />
    ),
  };
}

/** One plan's fields (explorer §3 Plan), checked with the domain's plan rules before it joins the site. */
export function PlanEditor({
  initial,
  serverErrors,
  onSave,
  onCancel,
}: {
  initial: PlanDraft;
  serverErrors?: Errors;
  onSave: (draft: PlanDraft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<PlanDraft>(initial);
  const [errors, setErrors] = useState<Errors>(serverErrors ?? {});
  const isNew = initial.planName === undefined;
  const plan = planFields(draft, errors, (field, value) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  });
  const benefitType = plan.text('benefitType');

  const save = () => {
    const found = planErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(draft);
  };

  const changeBenefitType = (next: string) => {
    // Plan type, level and flags belong to the benefit type: a new type starts them afresh.
    setDraft((d) => ({ ...d, benefitType: next, planType: '', benefitLevel: '', contentFlags: [] }));
    setErrors({});
  };

  return (
    <div className="xa-plan-editor" role="group" aria-labelledby="plan-editor-title">
      <Heading level={3} id="plan-editor-title" className="xa-section-title">
        {isNew ? 'Add a plan' : `Edit plan: ${plan.text('planName')}`}
      </Heading>
      <PlanBasics plan={plan} onBenefitType={changeBenefitType} />
      {benefitType === 'MEDICAL' && <MedicalComparison plan={plan} />}
      {benefitType === 'DENTAL' && <DentalComparison plan={plan} />}
      {benefitType === 'VISION' && <VisionComparison plan={plan} />}
      {benefitType === 'FINANCIAL' && <FinancialFields plan={plan} />}
      <div className="xa-actions">
        <Button className="button button--primary" onPress={save}>
          {isNew ? 'Add plan' : 'Save plan'}
        </Button>
        <Button className="button button--secondary" onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** What every plan has: its type, carrier, name and, by type, its plan type, level and flags. */
function PlanBasics({ plan, onBenefitType }: { plan: PlanFields; onBenefitType: (type: string) => void }) {
  const { text, bind, errors } = plan;
  const benefitType = text('benefitType');
  const isProvider = text('carrierId').trim() === String(PROVIDER_CARRIER_ID);
  const known = isBenefitType(benefitType) ? benefitType : null;
  const planTypes = known ? ALLOWED_PLAN_TYPES[known] : [];
  const levels = known ? ALLOWED_BENEFIT_LEVELS[known] : [];
  return (
    <>
      <div className="xa-fieldset">
        <SelectInput
          label="Benefit type"
          value={benefitType}
          options={BENEFIT_TYPE_OPTIONS}
          onChange={onBenefitType}
          error={errors.benefitType}
          isRequired
        />
        <TextInput
          label="Carrier ID"
          {...bind('carrierId')}
          inputMode="numeric"
          description={`${PROVIDER_CARRIER_ID} is our own carrier.`}
          isRequired
        />
        <TextInput label="Plan name" {...bind('planName')} isRequired />
        {!isProvider && <TextInput label="Underwriter/Administrator" {...bind('legalEntity')} isRequired />}
        {known && (
          <SelectInput
            label="Plan type"
            {...bind('planType')}
            options={planTypes.map((t) => ({ value: t, label: planTypeLabel(t) }))}
            isRequired
          />
        )}
        {levels.length > 0 && (
          <SelectInput
            label="Benefit level"
            {...bind('benefitLevel')}
            options={[
              { value: '', label: 'None' },
              ...levels.map((l) => ({ value: l, label: codeLabel(l) })),
            ]}
          />
        )}
        {isProvider && text('planType') === 'DHMO' && (
          <SelectInput
            label="Prepaid situs state"
            {...bind('prepaidSitusState')}
            options={STATE_OPTIONS}
            isRequired
          />
        )}
        {isProvider && benefitType === 'DENTAL' && (
          <SelectInput
            label="Dental network"
            {...bind('prepaidDentalNetwork')}
            options={DENTAL_NETWORKS.map((n) => ({ value: n.key, label: `${n.name} (${n.code})` }))}
            isRequired
          />
        )}
      </div>
      {known && ALLOWED_CONTENT_FLAGS[known].length > 0 && (
        <ContentFlags plan={plan} flags={ALLOWED_CONTENT_FLAGS[known]} />
      )}
    </>
  );
}

function ContentFlags({ plan, flags }: { plan: PlanFields; flags: readonly string[] }) {
  const { draft, errors, set } = plan;
  return (
    <CheckboxGroup
      className="field"
      value={Array.isArray(draft.contentFlags) ? draft.contentFlags : []}
      onChange={(v) => set('contentFlags', v)}
      isInvalid={Boolean(errors.contentFlags)}
    >
      <Label className="field__label">Content flags</Label>
      <div className="checkbox-list">
        {flags.map((f) => (
          <CheckboxInput key={f} value={f}>
            {CONTENT_FLAG_LABELS[f] ?? f}
          </CheckboxInput>
        ))}
      </div>
      <FieldError className="field__error">{errors.contentFlags}</FieldError>
    </CheckboxGroup>
  );
}

/** A benefit type's comparison fields under their heading. */
function Comparison({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Heading level={4} className="xa-section-title">
        {title}
      </Heading>
      {children}
    </>
  );
}

function MedicalComparison({ plan }: { plan: PlanFields }) {
  const { flag, set, bind, number } = plan;
  return (
    <Comparison title="Medical comparison">
      <div className="xa-fieldset">
        <SelectInput label="Premium tier" {...bind('premium')} options={TIER_OPTIONS} isRequired />
        <SelectInput
          label="Out-of-pocket cost tier"
          {...bind('outOfPocketCosts')}
          options={[{ value: '', label: 'None' }, ...TIER_OPTIONS]}
        />
        {MEDICAL_LIMIT_FIELDS.map((field) => (
          <div key={field} className="field">
            {flag(`${field}NotApplicable`) ? (
              <p className="field__label">{medicalLimitLabel(field)}: not applicable</p>
            ) : (
              number(field, medicalLimitLabel(field), true)
            )}
            <CheckboxInput
              isSelected={flag(`${field}NotApplicable`)}
              onChange={(v) => set(`${field}NotApplicable`, v)}
            >
              Not applicable
            </CheckboxInput>
          </div>
        ))}
        {MEDICAL_ANSWER_FIELDS.map((field) => (
          <SelectInput
            key={field}
            label={MEDICAL_ANSWER_LABELS[field] ?? field}
            {...bind(field)}
            options={ANSWER_OPTIONS}
            isRequired
          />
        ))}
        {number('medicalHealthSavingsAccountEmployerContribution', 'HSA employer contribution')}
      </div>
    </Comparison>
  );
}

function DentalComparison({ plan }: { plan: PlanFields }) {
  const { text, bind, number } = plan;
  const orthodontics = text('dentalOrthodonticServices');
  return (
    <Comparison title="Dental comparison">
      <div className="xa-fieldset">
        <SelectInput
          label="Dental year type"
          {...bind('dentalYearType')}
          options={DENTAL_YEAR_TYPES.map((y) => ({ value: y, label: codeLabel(y) }))}
          isRequired
        />
        {DENTAL_COINSURANCE_FIELDS.filter(
          (f) => !(text('planType') === 'DHMO' && f.endsWith('OutOfNetwork')),
        ).map((f) => number(f, dentalCoinsuranceLabel(f), true))}
        <SelectInput
          label="Orthodontic services"
          {...bind('dentalOrthodonticServices')}
          value={orthodontics || NO_ORTHODONTICS}
          options={[
            { value: NO_ORTHODONTICS, label: 'None' },
            ...ORTHODONTIC_SERVICES.map((o) => ({ value: o, label: o })),
          ]}
          onChange={(v) => plan.set('dentalOrthodonticServices', v === NO_ORTHODONTICS ? '' : v)}
        />
        {['Adults', 'Both'].includes(orthodontics) &&
          DENTAL_ORTHODONTIC_ADULT_FIELDS.map((f) => number(f, orthodonticLabel(f), !f.endsWith('Amount')))}
        {['Children', 'Both'].includes(orthodontics) &&
          DENTAL_ORTHODONTIC_CHILD_FIELDS.map((f) => number(f, orthodonticLabel(f), !f.endsWith('Amount')))}
      </div>
    </Comparison>
  );
}

function VisionComparison({ plan }: { plan: PlanFields }) {
  const { flag, set, number } = plan;
  return (
    <Comparison title="Vision comparison">
      <div className="xa-fieldset">
        {VISION_AMOUNT_FIELDS.map((f) => number(f, visionLabel(f), true))}
        {VISION_FRAMES_OVER_FIELDS.map((f) =>
          number(f, `Frames overage % off, ${f.endsWith('OutOfNetwork') ? 'out of' : 'in'} network`),
        )}
      </div>
      <div className="checkbox-list">
        {(['Exam', 'Lenses', 'Frames', 'ContactLenses'] as const).map((item) => (
          <CheckboxInput
            key={item}
            isSelected={flag(visionBiYearlyField(item))}
            onChange={(v) => set(visionBiYearlyField(item), v)}
          >
            {item === 'ContactLenses' ? 'Contact lenses' : item} every other year
          </CheckboxInput>
        ))}
      </div>
    </Comparison>
  );
}

function FinancialFields({ plan }: { plan: PlanFields }) {
  const { flag, set, bind, number } = plan;
  return (
    <div className="xa-fieldset">
      <div className="field xa-fieldset--wide">
        <CheckboxInput
          isSelected={flag('financialFSAMoneyRollover')}
          onChange={(v) => set('financialFSAMoneyRollover', v)}
        >
          FSA money rolls over
        </CheckboxInput>
      </div>
      {flag('financialFSAMoneyRollover') && (
        <>
          {number('financialFSAMoneyRolloverAmount', 'Rollover amount', true)}
          <TextInput
            label="Rollover date"
            {...bind('financialFSAMoneyRolloverDate')}
            placeholder="MM/DD"
            isRequired
          />
        </>
      )}
    </div>
  );
}
