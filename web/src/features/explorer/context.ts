import { createContext, useContext } from 'react';
import type { ExplorerLanguage } from '@onboard/domain/web';
import { MESSAGES, type Messages } from './i18n.ts';
import { MAIN_HOST_BASE, type ExplorerBase } from './routing.ts';

/** The visitor's language and the routes' base (main host or public Explorer host). */
export type ExplorerLocale = { language: ExplorerLanguage; t: Messages; base: ExplorerBase };

export const LocaleContext = createContext<ExplorerLocale>({
  language: 'en',
  t: MESSAGES.en,
  base: MAIN_HOST_BASE,
});

export const useLocale = (): ExplorerLocale => useContext(LocaleContext);
