import { describe, expect, it } from 'vitest';
import {
  nextSupportPanelState,
  selectedBenefitsEmail,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGES,
  supportMessageError,
} from './support-rules.ts';
import { benefitTypeLabel } from './page-content.ts';

describe('support panel states', () => {
  it('expands and collapses through the moving states', () => {
    expect(nextSupportPanelState('collapsed', 'toggle')).toBe('expanding');
    expect(nextSupportPanelState('expanding', 'animationEnd')).toBe('expanded');
    expect(nextSupportPanelState('expanded', 'toggle')).toBe('collapsing');
    expect(nextSupportPanelState('collapsing', 'animationEnd')).toBe('collapsed');
  });
  it('closes (Escape) from any open state and reverses a move on toggle', () => {
    expect(nextSupportPanelState('expanded', 'close')).toBe('collapsing');
    expect(nextSupportPanelState('expanding', 'close')).toBe('collapsing');
    expect(nextSupportPanelState('collapsed', 'close')).toBe('collapsed');
    expect(nextSupportPanelState('collapsing', 'toggle')).toBe('expanding');
    expect(nextSupportPanelState('expanded', 'animationEnd')).toBe('expanded');
  });
});

describe('support messages', () => {
  it('needs text and caps its length', () => {
    expect(supportMessageError('  ')).toBe(SUPPORT_MESSAGES.textRequired);
    expect(supportMessageError('x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1))).toBe(SUPPORT_MESSAGES.tooLong);
    expect(supportMessageError('Hello')).toBeNull();
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
