import type { Queryable } from '@onboard/api-contract/people';
import { platformKey, type ColumnMapping, type RememberedMapping } from '@onboard/domain/census';

type Row = {
  scope: 'CLIENT' | 'PLATFORM';
  platform: string | null;
  file_name: string;
  headers: string[];
  mapping: ColumnMapping;
  confirmed_at: Date | string;
};

/**
 * The columns confirmed last for a census of this client, else for a census of any client whose EIF
 * names the same benefits-administration platform (`rm_census_mappings`); null when neither has one.
 */
export async function rememberedMapping(
  db: Queryable,
  clientId: string,
  platform: string | null,
): Promise<RememberedMapping | null> {
  const key = platform === null ? '' : platformKey(platform);
  const { rows } = await db.query<Row>(
    `select scope, platform, file_name, headers, mapping, confirmed_at from rm_census_mappings
      where (scope = 'CLIENT' and scope_key = $1) or (scope = 'PLATFORM' and scope_key = $2 and $2 <> '')
      order by (scope = 'CLIENT') desc limit 1`,
    [clientId, key],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    scope: row.scope,
    platform: row.platform,
    fileName: row.file_name,
    confirmedAt: new Date(row.confirmed_at).toISOString(),
    headers: row.headers,
    mapping: row.mapping,
  };
}
