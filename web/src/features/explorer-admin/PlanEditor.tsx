import { useState } from 'react';
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

  const text = (field: string) => (typeof draft[field] === 'string' ? (draft[field] as string) : '');
  const flag = (field: string) => draft[field] === true;
  const set = (field: string, value: string | boolean | string[]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const benefitType = text('benefitType');
  const isProvider = text('carrierId').trim() === String(PROVIDER_CARRIER_ID);
  const known = isBenefitType(benefitType) ? benefitType : null;
  const planTypes = known ? ALLOWED_PLAN_TYPES[known] : [];
  const levels = known ? ALLOWED_BENEFIT_LEVELS[known] : [];
  const flags = known ? ALLOWED_CONTENT_FLAGS[known] : [];

  const numberField = (field: string, label: string, isRequired = false) => (
    <TextInput
      key={field}
      label={label}
      value={text(field)}
      onChange={(v) => set(field, v)}
      error={errors[field]}
      inputMode="decimal"
      isRequired={isRequired}
    />
  );

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
        {isNew ? 'Add a plan' : `Edit plan: ${text('planName')}`}
      </Heading>
      <div className="xa-fieldset">
        <SelectInput
          label="Benefit type"
          value={benefitType}
          options={BENEFIT_TYPE_OPTIONS}
          onChange={changeBenefitType}
          error={errors.benefitType}
          isRequired
        />
        <TextInput
          label="Carrier ID"
          value={text('carrierId')}
          onChange={(v) => set('carrierId', v)}
          error={errors.carrierId}
          inputMode="numeric"
          description={`${PROVIDER_CARRIER_ID} is our own carrier.`}
          isRequired
        />
        <TextInput
          label="Plan name"
          value={text('planName')}
          onChange={(v) => set('planName', v)}
          error={errors.planName}
          isRequired
        />
        {!isProvider && (
          <TextInput
            label="Underwriter/Administrator"
            value={text('legalEntity')}
            onChange={(v) => set('legalEntity', v)}
            error={errors.legalEntity}
            isRequired
          />
        )}
        {known && (
          <SelectInput
            label="Plan type"
            value={text('planType')}
            options={planTypes.map((t) => ({ value: t, label: planTypeLabel(t) }))}
            onChange={(v) => set('planType', v)}
            error={errors.planType}
            isRequired
          />
        )}
        {levels.length > 0 && (
          <SelectInput
            label="Benefit level"
            value={text('benefitLevel')}
            options={[
              { value: '', label: 'None' },
              ...levels.map((l) => ({ value: l, label: codeLabel(l) })),
            ]}
            onChange={(v) => set('benefitLevel', v)}
            error={errors.benefitLevel}
          />
        )}
        {isProvider && text('planType') === 'DHMO' && (
          <SelectInput
            label="Prepaid situs state"
            value={text('prepaidSitusState')}
            options={STATE_OPTIONS}
            onChange={(v) => set('prepaidSitusState', v)}
            error={errors.prepaidSitusState}
            isRequired
          />
        )}
        {isProvider && benefitType === 'DENTAL' && (
          <SelectInput
            label="Dental network"
            value={text('prepaidDentalNetwork')}
            options={DENTAL_NETWORKS.map((n) => ({ value: n.key, label: `${n.name} (${n.code})` }))}
            onChange={(v) => set('prepaidDentalNetwork', v)}
            error={errors.prepaidDentalNetwork}
            isRequired
          />
        )}
      </div>
      {flags.length > 0 && (
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
      )}

      {benefitType === 'MEDICAL' && (
        <>
          <Heading level={4} className="xa-section-title">
            Medical comparison
          </Heading>
          <div className="xa-fieldset">
            <SelectInput
              label="Premium tier"
              value={text('premium')}
              options={TIER_OPTIONS}
              onChange={(v) => set('premium', v)}
              error={errors.premium}
              isRequired
            />
            <SelectInput
              label="Out-of-pocket cost tier"
              value={text('outOfPocketCosts')}
              options={[{ value: '', label: 'None' }, ...TIER_OPTIONS]}
              onChange={(v) => set('outOfPocketCosts', v)}
              error={errors.outOfPocketCosts}
            />
            {MEDICAL_LIMIT_FIELDS.map((field) => (
              <div key={field} className="field">
                {flag(`${field}NotApplicable`) ? (
                  <p className="field__label">{medicalLimitLabel(field)}: not applicable</p>
                ) : (
                  numberField(field, medicalLimitLabel(field), true)
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
                value={text(field)}
                options={ANSWER_OPTIONS}
                onChange={(v) => set(field, v)}
                error={errors[field]}
                isRequired
              />
            ))}
            {numberField('medicalHealthSavingsAccountEmployerContribution', 'HSA employer contribution')}
          </div>
        </>
      )}

      {benefitType === 'DENTAL' && (
        <>
          <Heading level={4} className="xa-section-title">
            Dental comparison
          </Heading>
          <div className="xa-fieldset">
            <SelectInput
              label="Dental year type"
              value={text('dentalYearType')}
              options={DENTAL_YEAR_TYPES.map((y) => ({ value: y, label: codeLabel(y) }))}
              onChange={(v) => set('dentalYearType', v)}
              error={errors.dentalYearType}
              isRequired
            />
            {DENTAL_COINSURANCE_FIELDS.filter(
              (f) => !(text('planType') === 'DHMO' && f.endsWith('OutOfNetwork')),
            ).map((f) => numberField(f, dentalCoinsuranceLabel(f), true))}
            <SelectInput
              label="Orthodontic services"
              value={text('dentalOrthodonticServices') || NO_ORTHODONTICS}
              options={[
                { value: NO_ORTHODONTICS, label: 'None' },
                ...ORTHODONTIC_SERVICES.map((o) => ({ value: o, label: o })),
              ]}
              onChange={(v) => set('dentalOrthodonticServices', v === NO_ORTHODONTICS ? '' : v)}
              error={errors.dentalOrthodonticServices}
            />
            {['Adults', 'Both'].includes(text('dentalOrthodonticServices')) &&
              DENTAL_ORTHODONTIC_ADULT_FIELDS.map((f) =>
                numberField(f, orthodonticLabel(f), !f.endsWith('Amount')),
              )}
            {['Children', 'Both'].includes(text('dentalOrthodonticServices')) &&
              DENTAL_ORTHODONTIC_CHILD_FIELDS.map((f) =>
                numberField(f, orthodonticLabel(f), !f.endsWith('Amount')),
              )}
          </div>
        </>
      )}

      {benefitType === 'VISION' && (
        <>
          <Heading level={4} className="xa-section-title">
            Vision comparison
          </Heading>
          <div className="xa-fieldset">
            {VISION_AMOUNT_FIELDS.map((f) => numberField(f, visionLabel(f), true))}
            {VISION_FRAMES_OVER_FIELDS.map((f) =>
              numberField(f, `Frames overage % off, ${f.endsWith('OutOfNetwork') ? 'out of' : 'in'} network`),
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
        </>
      )}

      {benefitType === 'FINANCIAL' && (
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
              {numberField('financialFSAMoneyRolloverAmount', 'Rollover amount', true)}
              <TextInput
                label="Rollover date"
                value={text('financialFSAMoneyRolloverDate')}
                onChange={(v) => set('financialFSAMoneyRolloverDate', v)}
                error={errors.financialFSAMoneyRolloverDate}
                placeholder="MM/DD"
                isRequired
              />
            </>
          )}
        </div>
      )}

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
