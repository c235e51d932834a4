import { lazy } from 'react';

/**
 * Parts of the public site that load on demand: they pull in react-aria's overlay, collection and
 * selection code, which the first page does not need (first-page budget 150 KB gzipped, measured by
 * bench/explorer-size.ts).
 */
export const LazyLeadDialog = lazy(() => import('./LeadDialog.tsx').then((m) => ({ default: m.LeadDialog })));
export const LazyLanguageDialog = lazy(() =>
  import('./LanguageDialog.tsx').then((m) => ({ default: m.LanguageDialog })),
);
/** The state picker's code (react-aria Select, popover and list box: about 40 KB gzipped). */
export const loadStateSelect = () => import('./StateSelect.tsx').then((m) => m.StateSelect);
export const LazySupportChat = lazy(() =>
  import('./SupportChat.tsx').then((m) => ({ default: m.SupportChat })),
);
export const LazyEmailBenefitsForm = lazy(() =>
  import('./EmailBenefitsForm.tsx').then((m) => ({ default: m.EmailBenefitsForm })),
);
