import { CensusEvent, type CheckpointedConsumer } from '@onboard/events';
import { platformKey } from '@onboard/domain/census';
import { eachEvent } from './each-event.ts';
import { deleteRows } from './reset.ts';

/**
 * The census columns confirmed last, by client and by the benefits-administration platform the policy's
 * EIF names (`rm_census_mappings`): the next upload of the client, or of any client on that platform,
 * has its columns matched as confirmed then. Confirmations from before the headers were kept on the
 * event are passed over.
 */
export const censusMappingsProjection: CheckpointedConsumer = {
  name: 'census-mappings',
  filter: { eventTypes: ['CensusMappingConfirmed'] },
  reset: deleteRows('rm_census_mappings'),
  handle: eachEvent(CensusEvent, async (event, tx) => {
    if (event.type !== 'CensusMappingConfirmed' || !event.data.headers) return;
    const { clientId, documentId, mapping, headers, platform, at } = event.data;
    const scopes: [string, string][] = [['CLIENT', clientId]];
    const key = platform ? platformKey(platform) : '';
    if (key !== '') scopes.push(['PLATFORM', key]);
    for (const [scope, scopeKey] of scopes)
      await tx.query(
        `insert into rm_census_mappings (scope, scope_key, platform, client_id, document_id, file_name, headers,
             mapping, confirmed_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           on conflict (scope, scope_key) do update set platform = excluded.platform,
             client_id = excluded.client_id, document_id = excluded.document_id, file_name = excluded.file_name,
             headers = excluded.headers, mapping = excluded.mapping, confirmed_at = excluded.confirmed_at
           where rm_census_mappings.confirmed_at <= excluded.confirmed_at`,
        [
          scope,
          scopeKey,
          platform ?? null,
          clientId,
          documentId,
          event.data.fileName ?? '',
          JSON.stringify(headers),
          JSON.stringify(mapping),
          at,
        ],
      );
  }),
};
