// A process applying a split consumer, for partitioned-runner.int.test.ts, which starts and kills it:
// each batch records its events in `seen` (with this process's name), then lingers `delayMs`, so the
// process is still catching up when it is killed.
import pg from 'pg';
import { createPostgresEventStore } from '../../store/postgres.ts';
import { startRunner } from '../checkpointed-runner.ts';
import { recordingConsumer } from './recording-consumer.ts';

const [url, name, delayMs] = process.argv.slice(2) as [string, string, string];
const pool = new pg.Pool({ connectionString: url, application_name: name, max: 4 });
const store = createPostgresEventStore({ pool, connectionString: url });
startRunner({ store, pool, consumer: recordingConsumer(Number(delayMs)), batchSize: 20 });
