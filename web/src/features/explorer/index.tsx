import { useAtomValue } from '../../state/store.ts';
import { Suspense, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  Button,
  Form,
  Input,
  Label,
  Link,
  Radio,
  RadioGroup,
  RouterProvider,
  TextField,
} from '../../ui/controls.ts';
import { useLocation } from 'wouter';
import {
  DEMO_ENROLLMENT_STATUSES,
  type DemoEnrollmentStatus,
  type ExplorerLanguage,
  hasReadableContrast,
  contactOptions,
  explorerAvailability,
  showsBenAdminCallToAction,
  showsDemoBanner,
  type ExplorerAvailability,
} from '@onboard/domain/web';
import { documentUrl, ExplorerNotFound, useExplorerPage, type ExplorerPageView } from './api.ts';
import { LocaleContext, useLocale } from './context.ts';
import { formatSiteDate, MESSAGES } from './i18n.ts';
import { LazyLanguageDialog, LazyLeadDialog } from './lazy.ts';
import {
  explorerDocumentTitle,
  explorerPath,
  parseExplorerPath,
  pathInLanguage,
  type ExplorerRoute,
} from './routing.ts';
import { PersonalPlanPage, SitePage } from './SitePage.tsx';
import { ProviderLogo } from './ProviderLogo.tsx';
import { SupportPanel } from './SupportPanel.tsx';
import { explorerFooterBranding, thirdPartyAdministratorFooter } from './footer.ts';
import { LegalFooter } from '../../app/LegalFooter.tsx';
import { favouritesAtom } from '../../state/explorer.ts';
import './explorer.css';

/** The count animates for 500 ms whenever it changes (explorer §2, §9). */
const FAVOURITE_COUNT_ANIMATION_MS = 500;

/**
 * The public Benefits Explorer (explorer §2): index, one site (by id or vanity slug), the personal
 * benefits plan and a not-found view, in English or Spanish. Needs no account.
 */
export function ExplorerPublicApp({ path }: { path: string }) {
  const [, navigate] = useLocation();
  const route = parseExplorerPath(path);
  const locale = { language: route.language, t: MESSAGES[route.language], base: route.base };
  useEffect(() => {
    const previous = document.documentElement.lang;
    document.documentElement.lang = route.language;
    return () => {
      document.documentElement.lang = previous;
    };
  }, [route.language]);
  return (
    <RouterProvider navigate={(to) => navigate(to)}>
      <LocaleContext.Provider value={locale}>
        {route.view === 'site' || route.view === 'personal' ? (
          <SiteRoute key={route.pageKey} route={route} />
        ) : (
          <Frame route={route} page={null}>
            {route.view === 'index' ? <IndexView /> : <NotFoundView />}
          </Frame>
        )}
      </LocaleContext.Provider>
    </RouterProvider>
  );
}

function SiteRoute({ route }: { route: Extract<ExplorerRoute, { view: 'site' | 'personal' }> }) {
  const { t } = useLocale();
  const [demoStatus, setDemoStatus] = useState<DemoEnrollmentStatus | null>(null);
  const { data: page, error } = useExplorerPage(route.pageKey, demoStatus);
  const now = new Date();
  if (error instanceof ExplorerNotFound)
    return (
      <Frame route={route} page={null}>
        <NotFoundView />
      </Frame>
    );
  if (!page)
    return (
      <Frame route={route} page={null}>
        <p role={error ? 'alert' : 'status'}>{error ? t.loadError : t.loading}</p>
      </Frame>
    );
  const availability = explorerAvailability(page, now);
  if (availability !== 'open')
    return (
      <Frame route={route} page={null} brand={page} isNavigationHidden>
        <UnavailableView availability={availability} startsAt={page.startsAt} />
      </Frame>
    );
  return (
    <Frame
      route={route}
      page={page}
      brand={page}
      demo={
        showsDemoBanner(page) ? (
          <DemoBanner status={demoStatus ?? page.enrollmentStatus} onChange={setDemoStatus} />
        ) : null
      }
      showCallToAction={showsBenAdminCallToAction(page, now, demoStatus)}
    >
      {route.view === 'personal' ? (
        <PersonalPlanPage page={page} pageKey={route.pageKey} />
      ) : (
        <SitePage page={page} now={now} />
      )}
    </Frame>
  );
}

/** explorer §2: the browser page title (explorerDocumentTitle), kept in step with the page shown. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Why the site shows nothing yet (explorer §4 Site availability); the navigation is hidden meanwhile. */
function UnavailableView({
  availability,
  startsAt,
}: {
  availability: Exclude<ExplorerAvailability, 'open'>;
  startsAt: string | null;
}) {
  const { t, language } = useLocale();
  if (availability === 'maintenance')
    return (
      <div className="explorer-unavailable">
        <h1>{t.maintenanceTitle}</h1>
        <p>{t.maintenanceBody}</p>
      </div>
    );
  return (
    <div className="explorer-unavailable">
      <h1>{t.notStartedTitle}</h1>
      {startsAt && <p>{t.notStartedBody(formatSiteDate(startsAt, language))}</p>}
    </div>
  );
}

/** Brand and contrast colours as CSS variables, only when the pair is readable (WCAG 1.4.3). */
function brandStyle(page: ExplorerPageView | undefined): CSSProperties {
  const brand = page?.customThemeBrandColor;
  const contrast = page?.customThemeContrastingColor;
  if (!page?.customBranding || !brand || !contrast || !hasReadableContrast(brand, contrast)) return {};
  return { '--explorer-brand': brand, '--explorer-contrast': contrast } as CSSProperties;
}

/** Dialogs render outside .explorer: the site's brand colours go on the root element for them too. */
function useRootBrandColours(style: CSSProperties) {
  const entries = Object.entries(style as Record<string, string>);
  const key = JSON.stringify(entries);
  useEffect(() => {
    const root = document.documentElement.style;
    for (const [name, value] of entries) root.setProperty(name, value);
    return () => {
      for (const [name] of entries) root.removeProperty(name);
    };
  }, [key]);
}

function Frame({
  route,
  page,
  brand,
  demo,
  showCallToAction = false,
  isNavigationHidden = false,
  children,
}: {
  route: ExplorerRoute;
  page: ExplorerPageView | null;
  brand?: ExplorerPageView;
  demo?: ReactNode;
  showCallToAction?: boolean;
  /** explorer §2: no navigation at all (logo, links, language, banners) in maintenance or before start. */
  isNavigationHidden?: boolean;
  children: ReactNode;
}) {
  const { t, base } = useLocale();
  const pageKey = route.view === 'site' || route.view === 'personal' ? route.pageKey : null;
  useDocumentTitle(
    explorerDocumentTitle(base, brand ? (brand.customClientName ?? brand.name) : null, t.benefitsExplorer),
  );
  const style = brandStyle(brand);
  useRootBrandColours(style);
  return (
    <div className="explorer" style={style}>
      <a className="explorer-skip-link" href="#explorer-main">
        {t.skipToMain}
      </a>
      {!isNavigationHidden && (
        <header className="explorer-header">
          <nav className="explorer-nav" aria-label={t.siteNavigation}>
            <Link
              className="explorer-logo"
              href={explorerPath(route.language, pageKey ?? undefined, 'site', base)}
            >
              <SiteLogo page={brand ?? null} />
            </Link>
            <div className="explorer-nav-items">
              {page && pageKey && <FavouritesLink page={page} pageKey={pageKey} language={route.language} />}
              {page && showCallToAction && page.benAdminPlatformUrl && (
                <Link
                  className="explorer-button explorer-button--brand"
                  href={page.benAdminPlatformUrl}
                  target="_blank"
                >
                  {t.enrollCta}
                </Link>
              )}
              <LanguageControl route={route} page={page} />
            </div>
          </nav>
          {demo}
        </header>
      )}
      <main id="explorer-main" className="explorer-main" tabIndex={-1}>
        {children}
      </main>
      {/* The closed site shows its message alone (explorer §2), so not even the legal links. */}
      {!isNavigationHidden && (
        <LegalFooter
          branding={explorerFooterBranding(brand)}
          isExplorer
          className="legal-footer explorer-footer"
          thirdParty={brand && thirdPartyAdministratorFooter(brand)}
        />
      )}
      {page && (
        <LeadBanner explorerPageId={page.explorerPageId} isAboveLauncher={contactOptions(page).length > 0} />
      )}
      {page && <Support page={page} />}
    </div>
  );
}

/**
 * explorer §2 Logo: the provider's logo unless the site hides it, then the client's own logo when the
 * site has one (else the client's name). A logo whose file cannot be loaded falls back to the name.
 */
function SiteLogo({ page }: { page: ExplorerPageView | null }) {
  const { t } = useLocale();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const clientName = page ? (page.customClientName ?? page.name) : null;
  const logoId = page?.logoDocumentId ?? null;
  return (
    <>
      {page?.hideProviderLogo !== true && <ProviderLogo alt={t.providerLogoAlt} />}
      {page && logoId && failedLogo !== logoId ? (
        <img
          className="explorer-client-logo"
          src={documentUrl(page.explorerPageId, logoId)}
          alt={t.clientLogoAlt(clientName ?? '')}
          onError={() => setFailedLogo(logoId)}
        />
      ) : (
        <span className="explorer-logo-name">{clientName ?? t.benefitsExplorer}</span>
      )}
    </>
  );
}

function FavouritesLink({
  page,
  pageKey,
  language,
}: {
  page: ExplorerPageView;
  pageKey: string;
  language: ExplorerLanguage;
}) {
  const { t, base } = useLocale();
  const count = useAtomValue(favouritesAtom(page.explorerPageId)).filter((id) =>
    page.benefits.some((p) => p.id === id),
  ).length;
  const [isBumping, setBumping] = useState(false);
  const previous = useRef(count);
  useEffect(() => {
    if (previous.current === count) return;
    previous.current = count;
    setBumping(true);
    const timer = setTimeout(() => setBumping(false), FAVOURITE_COUNT_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [count]);
  return (
    <Link className="explorer-favourites-link" href={explorerPath(language, pageKey, 'personal', base)}>
      {t.myPlan}{' '}
      <span
        className={`explorer-favourite-count${isBumping ? ' explorer-favourite-count--bump' : ''}`}
        data-testid="favourite-count"
        aria-label={t.favouriteCount(count)}
      >
        {count}
      </span>
    </Link>
  );
}

/**
 * A plain toggle to the other language; the language dialog instead when its rule says so (explorer §2:
 * the language toggle is on and the client is not a large client).
 */
function LanguageControl({ route, page }: { route: ExplorerRoute; page: ExplorerPageView | null }) {
  const { t, language } = useLocale();
  const [, navigate] = useLocation();
  const [isOpen, setOpen] = useState(false);
  const other: ExplorerLanguage = language === 'en' ? 'es' : 'en';
  // The page answer carries the rule's outcome (query-api: showsLanguageDialog).
  if (page?.showsLanguageDialog) {
    return (
      <>
        <Button className="explorer-button" aria-haspopup="dialog" onPress={() => setOpen(true)}>
          {t.language}
        </Button>
        {isOpen && (
          <Suspense fallback={null}>
            <LazyLanguageDialog
              isOpen={isOpen}
              onOpenChange={setOpen}
              onChoose={(value) => navigate(pathInLanguage(route, value))}
            />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <Link className="explorer-button" href={pathInLanguage(route, other)} hrefLang={other} lang={other}>
      {other === 'es' ? MESSAGES.es.spanish : MESSAGES.en.english}
    </Link>
  );
}

function DemoBanner({
  status,
  onChange,
}: {
  status: DemoEnrollmentStatus;
  onChange: (status: DemoEnrollmentStatus) => void;
}) {
  const { t } = useLocale();
  return (
    <div className="explorer-demo-banner" role="region" aria-label={t.demoStatus}>
      <span>{t.demoBanner}</span>
      <RadioGroup
        className="explorer-demo-switch"
        orientation="horizontal"
        aria-label={t.demoStatus}
        value={status}
        onChange={(value) => onChange(value as DemoEnrollmentStatus)}
      >
        {DEMO_ENROLLMENT_STATUSES.map((s) => (
          <Radio key={s} value={s}>
            {t[s]}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}

function IndexView() {
  const { t, language, base } = useLocale();
  const [, navigate] = useLocation();
  const [key, setKey] = useState('');
  return (
    <>
      <h1>{t.indexTitle}</h1>
      <p>{t.indexBody}</p>
      <Form
        className="explorer-index-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (key.trim() !== '') navigate(explorerPath(language, key.trim(), 'site', base));
        }}
      >
        <TextField className="explorer-field" value={key} onChange={setKey}>
          <Label>{t.siteAddress}</Label>
          <Input />
        </TextField>
        <Button type="submit" className="explorer-button explorer-button--brand">
          {t.open}
        </Button>
      </Form>
    </>
  );
}

function NotFoundView() {
  const { t, language, base } = useLocale();
  return (
    <>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <Link href={explorerPath(language, undefined, 'site', base)}>{t.benefitsExplorer}</Link>
    </>
  );
}

/** The support launcher and panel, only when the site enables a contact option (explorer §3). */
function Support({ page }: { page: ExplorerPageView }) {
  const options = contactOptions(page);
  return options.length === 0 ? null : <SupportPanel page={page} options={options} />;
}

/** The lead-generation banner (explorer §2); its dialog loads on first open. */
function LeadBanner({
  explorerPageId,
  isAboveLauncher,
}: {
  explorerPageId: string;
  /** The support launcher floats at the bottom: the banner keeps room for it (explorer.css). */
  isAboveLauncher: boolean;
}) {
  const { t } = useLocale();
  const [isOpen, setOpen] = useState(false);
  return (
    <aside
      className={`explorer-lead-banner${isAboveLauncher ? ' explorer-lead-banner--above-launcher' : ''}`}
      aria-label={t.leadOpen}
    >
      <p>{t.leadBanner}</p>
      <Button
        className="explorer-button explorer-button--brand"
        aria-haspopup="dialog"
        onPress={() => setOpen(true)}
      >
        {t.leadOpen}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <LazyLeadDialog explorerPageId={explorerPageId} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </aside>
  );
}
