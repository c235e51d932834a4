import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  nextSupportPanelState,
  selectedBenefitsEmail,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES,
  supportMessageError,
} from './support-rules.ts';
import { benefitTypeLabel } from './page-content.ts';

describe('support panel states', () => {
  itAnswers(nextSupportPanelState, {
    'expands and collapses through the moving states': [
      [['collapsed', 'toggle'], 'expanding'],
      [['expanding', 'animationEnd'], 'expanded'],
      [['expanded', 'toggle'], 'collapsing'],
      [['collapsing', 'animationEnd'], 'collapsed'],
    ],
    'closes (Escape) from any open state and reverses a move on toggle': [
      [['expanded', 'close'], 'collapsing'],
      [['expanding', 'close'], 'collapsing'],
      [['collapsed', 'close'], 'collapsed'],
      [['collapsing', 'toggle'], 'expanding'],
      [['expanded', 'animationEnd'], 'expanded'],
    ],
  });
});

describe('support messages', () => {
  itAnswers(supportMessageError, {
    'needs text and caps its length': [
      [['  '], SUPPORT_MESSAGES.textRequired],
      [['x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1)], SUPPORT_MESSAGES.tooLong],
      [['Hello'], null],
    ],
  });
});

describe('the selected-benefits e-mail', () => {
  it('groups plans in the fixed benefit-type order, in the chosen language', () => {
    const mail = selectedBenefitsEmail({
      siteName: 'Lakeside',
      language: 'es',
      link: 'http://x/es/benefits-explorer/lakeside',
      categoryName: (type) => benefitTypeLabel(type),
      plans: [
        { id: 'm', benefitType: 'MEDICAL', planName: 'PPO 1500' },
        { id: 'd', benefitType: 'DENTAL', planName: 'Dental High' },
      ],
    });
    expect(mail.subject).toBe('Sus beneficios seleccionados: Lakeside');
    expect(mail.body.indexOf('Dental High')).toBeLessThan(mail.body.indexOf('PPO 1500'));
    expect(mail.body).toContain('http://x/es/benefits-explorer/lakeside');
  });
});
