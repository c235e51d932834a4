/** The hub's documents screen, optionally opened on one category and policy (from a task page). */
export const documentsScreenPath = (
  clientId: string,
  filter: { category?: string; policyId?: string | null } = {},
) => {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.policyId) query.set('policyId', filter.policyId);
  const search = query.toString();
  return `/client/${encodeURIComponent(clientId)}/documents${search ? `?${search}` : ''}`;
};
