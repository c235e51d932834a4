import { PARTITIONS, ResourceEvent } from '@onboard/events';
import { unionProjection } from './each-event.ts';

/**
 * One row per resource of a client, for the resources page: its words, groups, link or document, and the
 * version the next edit names in If-Match. A removed resource's row is deleted. Rows are per client: split
 * by client across the processes.
 */
export const resourcesProjection = unionProjection(
  { name: 'resources', union: ResourceEvent, tables: ['rm_resources'], partitions: PARTITIONS },
  async (event, tx) => {
    const key = [event.data.clientId, event.data.resourceId];
    if (event.type === 'ResourceRemoved') {
      await tx.query('delete from rm_resources where client_id = $1 and resource_id = $2', key);
      return;
    }
    const { title, description, benefitType, audiences, content, at } = event.data;
    const file = content.kind === 'document' ? content : null;
    await tx.query(
      `insert into rm_resources (client_id, resource_id, title, description, benefit_type, audiences, kind,
           url, document_id, file_name, mime_type, size, version, added_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13)
         on conflict (client_id, resource_id) do update set
           title = excluded.title, description = excluded.description, benefit_type = excluded.benefit_type,
           audiences = excluded.audiences, kind = excluded.kind, url = excluded.url,
           document_id = excluded.document_id, file_name = excluded.file_name,
           mime_type = excluded.mime_type, size = excluded.size,
           version = rm_resources.version + 1, updated_at = excluded.updated_at`,
      [
        ...key,
        title,
        description,
        benefitType,
        audiences,
        content.kind,
        content.kind === 'link' ? content.url : null,
        file?.documentId ?? null,
        file?.fileName ?? null,
        file?.mimeType ?? null,
        file?.size ?? null,
        at,
      ],
    );
  },
);
