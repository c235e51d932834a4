import { existsSync, readdirSync } from 'node:fs';
import { Socket } from 'node:net';

/**
 * Integration tests that need a backend this machine may lack report themselves skipped with the reason.
 * CI sets ONBOARD_STRICT_SKIPS=1, which turns a skip for Kafka or the browser into a failure.
 */
export const isStrict = process.env.ONBOARD_STRICT_SKIPS === '1';

function reachable(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((done) => {
    const socket = new Socket();
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('error', () => finish(false));
    socket.connect(port, host, () => finish(true));
  });
}

export type Availability = { available: true } | { available: false; reason: string };

/** Kafka from KAFKA_BROKERS (default 127.0.0.1:9092, where scripts/kafka/start.sh runs it). */
export async function kafkaAvailability(): Promise<Availability & { brokers: string[] }> {
  const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
  const [host, port] = brokers[0]!.split(':');
  if (await reachable(host!, Number(port))) return { available: true, brokers };
  return {
    available: false,
    reason: `no Kafka broker at ${brokers.join(',')} (start one with scripts/kafka/start.sh)`,
    brokers,
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function browserAvailability(): Availability {
  if (existsSync(CHROMIUM_PATH)) return { available: true };
  return { available: false, reason: `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)` };
}

/** Throws in strict mode; otherwise returns whether the suite should be skipped (and logs why). */
export function skipUnless(what: string, availability: Availability): boolean {
  if (availability.available) return false;
  if (isStrict) throw new Error(`${what} is required in CI but unavailable: ${availability.reason}`);
  console.warn(`[skipped] ${what}: ${availability.reason}`);
  return true;
}

function onPath(command: string): boolean {
  // nginx lives in /usr/sbin, which a non-root PATH may lack.
  const path = `${process.env.PATH ?? ''}:/usr/sbin:/sbin`;
  return path.split(':').some((dir) => dir !== '' && existsSync(`${dir}/${command}`));
}

/**
 * The distributed topology of scripts/topology/start.sh: nginx for the edge, Java for Kafka (with its jars
 * already fetched or Maven to fetch them). PostgreSQL comes from node_modules.
 */
export function topologyAvailability(kafkaLib: string): Availability {
  if (!onPath('nginx')) return { available: false, reason: 'no nginx on PATH (apt-get install -y nginx)' };
  if (!onPath('java')) return { available: false, reason: 'no java on PATH (Kafka needs Java 17)' };
  const haveJars = existsSync(kafkaLib) && readdirSync(kafkaLib).some((f) => f.startsWith('kafka_2.13-'));
  if (!haveJars && !onPath('mvn'))
    return { available: false, reason: `no Kafka jars in ${kafkaLib} and no mvn to fetch them` };
  return { available: true };
}
