// Internal management of Benefits Explorer sites (explorer §2 internal routes).
export { CreateExplorerSitePage, EditExplorerSitePage, RenewExplorerSitePage } from './pages.tsx';
export { ExplorerSitesSection } from './ExplorerSitesSection.tsx';
export { ExplorerSitesByOwnerPage } from './OwnerSitesPage.tsx';
export { ExplorerSupportPage } from './SupportInboxPage.tsx';
