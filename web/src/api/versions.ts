/**
 * The newest EIF version this tab has seen for each client (kept in sessionStorage, so a reload
 * remembers it). Reads of the client ask the server for at least this version (`minVersion`), so an
 * answer the user has just saved is never read back older from the eventually consistent read model.
 */
const seenKey = (clientId: string) => `onboard.eif-version.${clientId}`;

export function rememberVersion(view: { id: string; version: number }) {
  try {
    const seen = Number(sessionStorage.getItem(seenKey(view.id)) ?? -1);
    if (view.version > seen) sessionStorage.setItem(seenKey(view.id), String(view.version));
  } catch {
    // Storage can be unavailable (private modes); reads then simply do not wait.
  }
}

/** The newest version of the client this tab has seen, null before any. */
export function seenVersion(clientId: string): number | null {
  try {
    const seen = sessionStorage.getItem(seenKey(clientId));
    return seen === null ? null : Number(seen);
  } catch {
    return null;
  }
}

/** The client read path with `minVersion` added when this tab has seen a version. */
export function withSeenVersion(path: string, clientId: string): string {
  const seen = seenVersion(clientId);
  if (seen === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}minVersion=${seen}`;
}
