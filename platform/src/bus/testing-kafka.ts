import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Availability } from '@onboard/testing/backends';

/**
 * For tests that need a broker of their own (the outage test stops and restarts it): drives
 * scripts/kafka/start.sh and stop.sh with a given port and state dir, apart from the shared broker.
 */
const run = promisify(execFile);
const SCRIPTS = fileURLToPath(new URL('../../../scripts/kafka/', import.meta.url));

export type DedicatedKafka = {
  /** Client listener, 127.0.0.1 only. */
  port: number;
  /** Needs a port of its own too; defaults to port + 1 in the script. */
  controllerPort?: number;
  /** Config, data, log and pid file; data survive stop/start, so an outage loses nothing on disk. */
  stateDir: string;
};

function scriptEnv(kafka: DedicatedKafka): NodeJS.ProcessEnv {
  return {
    ...process.env,
    KAFKA_PORT: String(kafka.port),
    ...(kafka.controllerPort ? { KAFKA_CONTROLLER_PORT: String(kafka.controllerPort) } : {}),
    KAFKA_STATE_DIR: kafka.stateDir,
  };
}

/** Starts the broker (fetching the jars first if missing) and resolves once its port answers. */
export async function startKafka(kafka: DedicatedKafka): Promise<void> {
  await run('bash', [`${SCRIPTS}start.sh`], { env: scriptEnv(kafka), timeout: 240_000 });
}

export async function stopKafka(kafka: DedicatedKafka): Promise<void> {
  await run('bash', [`${SCRIPTS}stop.sh`], { env: scriptEnv(kafka), timeout: 60_000 });
}

async function onPath(command: string): Promise<boolean> {
  try {
    await run('bash', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/** Whether start.sh can run a broker here: Java, and the jars or Maven to fetch them. */
export async function kafkaRuntimeAvailability(): Promise<Availability> {
  if (!(await onPath('java')))
    return { available: false, reason: 'no java on PATH (scripts/kafka/start.sh needs Java 17)' };
  const lib = `${SCRIPTS}target/lib`;
  const haveJars = existsSync(lib) && readdirSync(lib).some((f) => f.startsWith('kafka_2.13-'));
  if (!haveJars && !(await onPath('mvn'))) {
    return { available: false, reason: 'no Kafka jars in scripts/kafka/target/lib and no mvn to fetch them' };
  }
  return { available: true };
}
