import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { DocumentStore, StoredDocument } from '@onboard/domain';

export type S3DocumentStoreConfig = {
  /** An S3-compatible endpoint (MinIO, moto, Ceph...); null for AWS itself. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
};

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The document store on S3-compatible object storage (the distributed topology): one object per document
 * under its key, with the media type as Content-Type and the file name (URI-encoded, since S3 metadata is
 * ASCII) as metadata. Putting a key that is already stored keeps the first object, as the table does.
 */
export function createS3DocumentStore(config: S3DocumentStoreConfig): DocumentStore & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;

  const head = async (Key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const nameOf = (metadata: Record<string, string> | undefined, key: string) => {
    const encoded = metadata?.name;
    if (!encoded) return key;
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  };

  return {
    client,
    async get(documentId) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: documentId }));
        const bytes = await object.Body!.transformToByteArray();
        return {
          bytes,
          mimeType: object.ContentType ?? 'application/octet-stream',
          name: nameOf(object.Metadata, documentId),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async put(file): Promise<StoredDocument> {
      const existing = await head(file.documentId);
      if (existing) {
        return {
          documentId: file.documentId,
          name: nameOf(existing.Metadata, file.documentId),
          mimeType: existing.ContentType ?? 'application/octet-stream',
          size: Number(existing.ContentLength ?? 0),
        };
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: file.documentId,
          Body: file.bytes,
          ContentType: file.mimeType,
          ContentLength: file.bytes.byteLength,
          Metadata: {
            name: encodeURIComponent(file.name),
            'uploaded-by': encodeURIComponent(file.uploadedBy),
          },
        }),
      );
      return {
        documentId: file.documentId,
        name: file.name,
        mimeType: file.mimeType,
        size: file.bytes.byteLength,
      };
    },
  };
}
