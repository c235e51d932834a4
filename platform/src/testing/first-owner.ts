import { apiClient } from './http-client.ts';

/** The activation link a process prints once for ONBOARD_FIRST_OWNER_EMAIL (platform/src/app.ts). */
function firstOwnerLinkIn(output: string): string | null {
  return /First owner \S+ registered[\s\S]*?(https?:\/\/\S+\/activate\?token=\S+)/.exec(output)?.[1] ?? null;
}

/**
 * Follows the first owner's activation link as a browser would: the token from the link, the password set
 * through `baseUrl` (the link's own origin unless given). Returns the link.
 */
export async function activateFirstOwner(output: string, password: string, baseUrl?: string) {
  const link = firstOwnerLinkIn(output);
  if (!link) throw new Error(`no first-owner activation link in the output:\n${output}`);
  const url = new URL(link);
  const api = apiClient(baseUrl ?? url.origin);
  await api.get('/api/auth/csrf');
  const token = url.searchParams.get('token')!;
  const set = await api.post('/api/users/password-upsert', { token, password });
  if (set.status !== 204) throw new Error(`password-upsert: ${set.status} ${set.text}`);
  return link;
}
