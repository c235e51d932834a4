import { describe } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { clientPhase } from './phase.ts';

describe('clientPhase', () => {
  itAnswers(clientPhase, {
    'is live once released, whatever else is open': [
      [[{ releaseStatus: 'LIVE', isSetUp: false, eifStatus: null }], 'live'],
      [[{ releaseStatus: 'LIVE', isSetUp: true, eifStatus: 'pre_sign' }], 'live'],
    ],
    'is setup until staff finish the checklist, drafts included': [
      [[{ releaseStatus: null, isSetUp: false, eifStatus: 'signed' }], 'setup'],
      [[{ releaseStatus: null, isSetUp: false, eifStatus: null }], 'setup'],
    ],
    'is eif while the form is unsigned, enrollment once it is signed': [
      [[{ releaseStatus: null, isSetUp: true, eifStatus: 'pre_sign' }], 'eif'],
      [[{ releaseStatus: null, isSetUp: true, eifStatus: null }], 'eif'],
      [[{ releaseStatus: null, isSetUp: true, eifStatus: 'signed' }], 'enrollment'],
    ],
  });
});
