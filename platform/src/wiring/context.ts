import type { Express } from 'express';
import type pg from 'pg';
import type { Bus, SealingEventStore, SnapshotStore } from '@onboard/events';
import type { DocumentStore } from '@onboard/domain';
import type { ESignatureService } from '@onboard/domain';
import type { AppConfig } from '../config.ts';
import type { Identity } from '../identity/identity.ts';
import type { Logger } from '../logger.ts';
import type { DataKeyService } from '../personal-data/index.ts';

/**
 * What every slice's wiring is given: the app to mount on, the configuration, and the adapters the
 * composition root connected once. `has` says whether this process runs a service.
 */
export type Wiring = {
  app: Express;
  config: AppConfig;
  has: (service: AppConfig['services'][number]) => boolean;
  store: SealingEventStore;
  snapshots: SnapshotStore;
  pool: pg.Pool;
  bus: Bus;
  documents: DocumentStore;
  eSignature: ESignatureService;
  identity: Identity;
  dataKeys: DataKeyService;
  now: () => Date;
  newId: () => string;
  logger: Logger;
};

/** The dependencies every write route takes. */
export const commandDepsOf = ({ store, snapshots, identity, now, newId }: Wiring) => ({
  store,
  snapshots,
  authenticate: identity.authenticate,
  now,
  newId,
});

/** Where identity's links and e-mails go: the outbox and the app's public address. */
export const mailOf = ({ identity }: Wiring) => ({
  emailSender: identity.deps.emailSender,
  publicUrl: identity.deps.publicUrl,
});
