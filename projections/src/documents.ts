import {
  CensusDeleted,
  CensusRenamed,
  CensusSubmitted,
  CensusUploaded,
  DocumentEvent,
  DocumentUploaded,
  type CheckpointedConsumer,
  type ProjectionTx,
  type RecordedEvent,
} from '@onboard/events';
import { deleteRows } from './reset.ts';

const CENSUS_MIME_TYPES = {
  CSV: 'text/csv',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A document's row as its upload (a document's or a census file's) inserts it. */
type Upload = {
  client_id: string;
  document_id: string;
  document_key: string;
  name: string;
  mime_type: string;
  size: number;
  category: string;
  policy_id: string | null;
  language: string | null;
  uploaded_by: string;
  uploaded_by_role: string;
  created_at: string;
  source: 'census' | 'upload';
};

/** Inserts uploads' rows in one statement. */
async function insertUploads(tx: ProjectionTx, uploads: readonly Upload[]): Promise<void> {
  if (uploads.length === 0) return;
  await tx.query(
    `insert into rm_documents (client_id, document_id, document_key, name, mime_type, size, category,
       policy_id, language, uploaded_by, uploaded_by_role, updated_by, created_at, updated_at, source)
     select client_id, document_id, document_key, name, mime_type, size, category, policy_id, language,
       uploaded_by, uploaded_by_role, uploaded_by, created_at, created_at, source
       from jsonb_to_recordset($1::jsonb) as t(client_id text, document_id text, document_key text, name text,
         mime_type text, size bigint, category text, policy_id text, language text, uploaded_by text,
         uploaded_by_role text, created_at timestamptz, source text)
     on conflict (client_id, document_id) do nothing`,
    [JSON.stringify(uploads)],
  );
}

/** The row an upload (a document's or a census file's) inserts; null for any other event. */
function uploadOf(recorded: RecordedEvent): Upload | null {
  if (recorded.type === 'CensusUploaded') {
    const d = CensusUploaded.parse({ type: recorded.type, data: recorded.data }).data;
    // A census file is listed as a document of the census category, kept under its own id.
    return uploadRow(
      {
        ...d,
        documentKey: d.documentId,
        name: d.fileName,
        mimeType: CENSUS_MIME_TYPES[d.format],
        category: 'census',
        language: null,
        uploadedBy: d.by.userId,
        uploadedByRole: d.by.role,
      },
      'census',
    );
  }
  if (recorded.type === 'DocumentUploaded')
    return uploadRow(DocumentUploaded.parse({ type: recorded.type, data: recorded.data }).data, 'upload');
  return null;
}

/** A document's row from its upload's data. */
function uploadRow(d: DocumentUploaded['data'], source: Upload['source']): Upload {
  return {
    client_id: d.clientId,
    document_id: d.documentId,
    document_key: d.documentKey,
    name: d.name,
    mime_type: d.mimeType,
    size: d.size,
    category: d.category,
    policy_id: d.policyId,
    language: d.language,
    uploaded_by: d.uploadedBy,
    uploaded_by_role: d.uploadedByRole,
    created_at: d.at,
    source,
  };
}

/** Applies a census file's rename, submission or deletion to its row; false for any other event. */
async function applyCensusChange(tx: ProjectionTx, recorded: RecordedEvent): Promise<boolean> {
  if (recorded.type === 'CensusRenamed') {
    const d = CensusRenamed.parse({ type: recorded.type, data: recorded.data }).data;
    await tx.query(
      `update rm_documents set name = $3, updated_at = $4, updated_by = $5
       where client_id = $1 and document_id = $2 and source = 'census'`,
      [d.clientId, d.documentId, d.fileName, d.at, d.by.userId],
    );
    return true;
  }
  if (recorded.type === 'CensusSubmitted') {
    const d = CensusSubmitted.parse({ type: recorded.type, data: recorded.data }).data;
    await tx.query(
      `update rm_documents set submitted_at = $3
       where client_id = $1 and document_id = $2 and source = 'census'`,
      [d.clientId, d.documentId, d.at],
    );
    return true;
  }
  if (recorded.type === 'CensusDeleted') {
    const d = CensusDeleted.parse({ type: recorded.type, data: recorded.data }).data;
    await tx.query(
      `update rm_documents set deleted_at = $3, updated_at = $3, updated_by = $4
       where client_id = $1 and document_id = $2 and source = 'census'`,
      [d.clientId, d.documentId, d.at, d.by.userId],
    );
    return true;
  }
  return false;
}

async function applyDocumentEvent(tx: ProjectionTx, event: DocumentEvent): Promise<void> {
  switch (event.type) {
    case 'DocumentRenamed': {
      const d = event.data;
      await tx.query(
        `update rm_documents set name = $3, updated_at = $4, updated_by = $5
         where client_id = $1 and document_id = $2`,
        [d.clientId, d.documentId, d.name, d.at, d.by.userId],
      );
      break;
    }
    case 'DocumentMetaChanged': {
      const d = event.data;
      await tx.query(
        `update rm_documents set category = $3, policy_id = $4, language = $5, updated_at = $6,
           updated_by = $7
         where client_id = $1 and document_id = $2`,
        [d.clientId, d.documentId, d.category, d.policyId, d.language, d.at, d.by.userId],
      );
      break;
    }
    case 'DocumentDeleted': {
      const d = event.data;
      await tx.query(
        `update rm_documents set deleted_at = $3, updated_at = $3, updated_by = $4
         where client_id = $1 and document_id = $2`,
        [d.clientId, d.documentId, d.at, d.by.userId],
      );
      break;
    }
    case 'DocumentVideoUploaded': {
      const d = event.data;
      await tx.query(
        `insert into rm_document_videos (client_id, video_id, document_key, name, size, created_at)
         values ($1, $2, $3, $4, $5, $6) on conflict (client_id, video_id) do nothing`,
        [d.clientId, d.videoId, d.documentKey, d.name, d.size, d.at],
      );
      break;
    }
    case 'DocumentVideoDeleted': {
      const d = event.data;
      await tx.query('update rm_document_videos set deleted_at = $3 where client_id = $1 and video_id = $2', [
        d.clientId,
        d.videoId,
        d.at,
      ]);
      break;
    }
    case 'NewDocumentNoticeSet': {
      const d = event.data;
      await tx.query(
        `insert into rm_document_notices (client_id, user_id, status, set_at) values ($1, $2, $3, $4)
         on conflict (client_id, user_id) do update set status = excluded.status, set_at = excluded.set_at`,
        [d.clientId, d.userId, d.status, d.at],
      );
      break;
    }
  }
}

/**
 * The documents read model: one row per client document (deleted ones keep their row with deleted_at),
 * the client's videos, and each user's new-document notice per client. A census file uploaded for a
 * policy (census-{clientId}-{policyId}) is listed too (source 'census'), filed under the census category of
 * its policy, and follows the census's own renames, deletes and submission (a submitted file is kept).
 */
export const documentsProjection: CheckpointedConsumer = {
  name: 'documents',
  filter: {
    eventTypes: [
      'DocumentUploaded',
      'DocumentRenamed',
      'DocumentMetaChanged',
      'DocumentDeleted',
      'DocumentVideoUploaded',
      'DocumentVideoDeleted',
      'NewDocumentNoticeSet',
      'CensusUploaded',
      'CensusRenamed',
      'CensusDeleted',
      'CensusSubmitted',
    ],
  },
  reset: deleteRows('rm_documents', 'rm_document_videos', 'rm_document_notices'),
  handle: async (events, tx) => {
    // Consecutive uploads are inserted together; any other event first writes them, since it may change
    // their rows.
    let uploads: Upload[] = [];
    for (const recorded of events) {
      const upload = uploadOf(recorded);
      if (upload) {
        uploads.push(upload);
        continue;
      }
      await insertUploads(tx, uploads);
      uploads = [];
      if (await applyCensusChange(tx, recorded)) continue;
      await applyDocumentEvent(tx, DocumentEvent.parse({ type: recorded.type, data: recorded.data }));
    }
    await insertUploads(tx, uploads);
  },
};
