import type { DataFeedFacts } from '../data-feed/index.ts';

/**
 * A signed plan design for the data feed: one class, Salaried, offered dental and long term disability,
 * covered from the first of the month after hire, every policy effective New Year 2026.
 */
export const SALARIED_FEED_FACTS: DataFeedFacts = {
  signed: true,
  classes: [
    {
      name: 'Salaried',
      waitingPeriod: { type: 'FIRST_OF_MONTH_AFTER_HIRE', days: null },
      plans: [
        { benefitType: 'DENTAL', label: 'Dental', policyEffectiveDate: '2026-01-01' },
        {
          benefitType: 'LONG_TERM_DISABILITY',
          label: 'Long term disability',
          policyEffectiveDate: '2026-01-01',
        },
      ],
    },
  ],
  domesticPartnersEligible: false,
  policyEffectiveDate: '2026-01-01',
};
