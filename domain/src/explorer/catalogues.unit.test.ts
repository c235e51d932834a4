import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  ALLOWED_BENEFIT_LEVELS,
  ALLOWED_CONTENT_FLAGS,
  ALLOWED_PLAN_TYPES,
  BENEFIT_TYPE_LABELS,
  BENEFIT_TYPE_SORT_ORDER,
  BENEFIT_TYPES,
  DENTAL_NETWORKS,
  isDentalPlanAvailableInState,
  isSalesTerritory,
  PLAN_TYPES,
  SALES_TERRITORIES,
  US_STATE_CODES,
  WELLNESS_PLAN_TYPES,
} from './catalogues.ts';

describe('explorer catalogues (explorer §9)', () => {
  it('has the thirteen benefit types, each labelled, with the two labels the spec fixes', () => {
    expect(BENEFIT_TYPES).toHaveLength(13);
    expect(Object.keys(BENEFIT_TYPE_LABELS).sort()).toEqual([...BENEFIT_TYPES].sort());
    expect(BENEFIT_TYPE_LABELS.OTHER.en).toBe('Additional Benefits');
    expect(BENEFIT_TYPE_LABELS.FINANCIAL.en).toBe('Financial Products');
  });

  it('sorts every benefit type once, starting dental, vision, disabilities, life', () => {
    expect([...BENEFIT_TYPE_SORT_ORDER].sort()).toEqual([...BENEFIT_TYPES].sort());
    expect(BENEFIT_TYPE_SORT_ORDER.slice(0, 5)).toEqual([
      'DENTAL',
      'VISION',
      'SHORT_TERM_DISABILITY',
      'LONG_TERM_DISABILITY',
      'LIFE',
    ]);
  });

  it('allows the plan types of the spec table per benefit type', () => {
    expect(ALLOWED_PLAN_TYPES.MEDICAL).toEqual(['HMO', 'EPO', 'POS', 'PPO', 'MEC', 'OAP']);
    expect(ALLOWED_PLAN_TYPES.DENTAL).toEqual(['PPO', 'DHMO', 'ASO_PPO', 'INDEMNITY']);
    expect(ALLOWED_PLAN_TYPES.SHORT_TERM_DISABILITY).toEqual(['EMPLOYER_PAID', 'VOLUNTARY']);
    expect(ALLOWED_PLAN_TYPES.LONG_TERM_DISABILITY).toEqual(['EMPLOYER_PAID', 'VOLUNTARY']);
    expect(ALLOWED_PLAN_TYPES.FINANCIAL).toEqual(['HSA', 'HRA', 'FSA', 'LPFSA', 'DCA']);
    expect(ALLOWED_PLAN_TYPES.LIFE).toEqual(['BASIC_LIFE', 'VOLUNTARY_LIFE', 'STANDALONE_ADD']);
    expect(ALLOWED_PLAN_TYPES.OTHER).toBe(WELLNESS_PLAN_TYPES);
    expect(WELLNESS_PLAN_TYPES).toHaveLength(13);
    for (const types of Object.values(ALLOWED_PLAN_TYPES)) {
      for (const t of types) expect(PLAN_TYPES).toContain(t);
    }
  });

  it('gives benefit levels and content flags per benefit type', () => {
    expect(ALLOWED_BENEFIT_LEVELS.ACCIDENT).toEqual(['LOW_HIGH']);
    expect(ALLOWED_BENEFIT_LEVELS.HOSPITAL_INDEMNITY).toEqual(['LOW_HIGH']);
    expect(ALLOWED_BENEFIT_LEVELS.DENTAL).toEqual(['LOW_HIGH']);
    expect(ALLOWED_BENEFIT_LEVELS.CANCER).toEqual(['LEVEL_1_LEVEL_2']);
    expect(ALLOWED_BENEFIT_LEVELS.LIFE).toEqual(['BUY_UP']);
    expect(ALLOWED_BENEFIT_LEVELS.MEDICAL).toEqual([]);
    expect(ALLOWED_CONTENT_FLAGS.LIFE).toEqual(['AD&D', 'VAS_1', 'VAS_2', 'Self_Care+']);
    expect(ALLOWED_CONTENT_FLAGS.ACCIDENT).toEqual(['VAS_1']);
    expect(ALLOWED_CONTENT_FLAGS.CRITICAL_ILLNESS).toEqual([
      'Health_Navigator_Helpline',
      'Self_Care_From_AbleTo',
    ]);
  });

  it('lists the nine dental networks with their codes, 29 twice', () => {
    expect(DENTAL_NETWORKS.map((n) => n.code)).toEqual([46, 47, 23, 29, 28, 24, 27, 29, 26]);
    expect(new Set(DENTAL_NETWORKS.map((n) => n.key)).size).toBe(9);
  });

  it('has 50 states plus DC and 17 distinct sales territories', () => {
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(new Set(SALES_TERRITORIES).size).toBe(17);
    expect(isSalesTerritory('Texas')).toBe(true);
    expect(isSalesTerritory('Atlantis')).toBe(false);
  });

  itAnswers(isDentalPlanAvailableInState, {
    'offers dental PPO and ASO everywhere but MT, indemnity not in MT or RI, DHMO only in its situs': [
      [['PPO', 'TX'], true],
      [['PPO', 'MT'], false],
      [['ASO_PPO', 'MT'], false],
      [['ASO_PPO', 'RI'], true],
      [['INDEMNITY', 'RI'], false],
      [['INDEMNITY', 'NY'], true],
      [['DHMO', 'FL', 'FL'], true],
      [['DHMO', 'GA', 'FL'], false],
      [['HMO', 'TX'], false],
      [['PPO', 'XX'], false],
    ],
  });
});
