import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * How the processes share the runners out. Each process says it is alive, and which runners it can run,
 * in `runner_processes`; a runner's work is split into a fixed number of partitions, and a process applies
 * a partition only while it holds its lease, a row of `runner_leases` naming it whose expiry it keeps
 * moving on. Every `tickMs` a process renews its leases and takes the free or expired ones it should hold:
 * partition i of a runner goes to the (i + a fixed offset of the name)-th of the live processes able to
 * run it, in the order of their ids, so each holds its share to within one. A process that gets a share
 * smaller than it holds hands the rest over once its runner stopped applying them (the runner's `onChange`
 * resolved); one that dies stops renewing, its leases expire after `ttlMs` and the others take them at
 * their next tick.
 *
 * Everything goes through the pool, three short statements per tick: no process keeps a session of its
 * own for the leases, so a transaction-mode pooler can stand between the processes and PostgreSQL, and
 * adding a process adds no connection beyond its pool. Holding a lease keeps others from applying the
 * partition, but correctness never rests on it: a batch moves its partition's checkpoint only from the
 * position it read (checkpointed-runner.ts), so an event is applied once even by a process that kept
 * working past its lease.
 */
export type PartitionLeases = {
  readonly processId: string;
  /**
   * Makes this process a candidate for the runner's partitions. `onChange` receives the partitions this
   * process now holds and should apply; once it resolves the runner no longer applies any other, and
   * leases beyond the set are handed over. Returns the function that leaves: every lease of the name goes.
   */
  join: (
    name: string,
    partitions: number,
    onChange: (held: ReadonlySet<number>) => Promise<void>,
  ) => () => Promise<void>;
};

export type LeaseOptions = {
  /** How often leases are renewed and free ones taken (default 300 ms). */
  tickMs?: number;
  /** How long a lease outlives its last renewal, and a process its last tick (default 1,200 ms). */
  ttlMs?: number;
  onError?: (error: unknown) => void;
};

type Member = {
  partitions: number;
  onChange: (held: ReadonlySet<number>) => Promise<void>;
  /** Partitions whose lease this process holds. */
  held: Set<number>;
  /** What `onChange` was last told, once it resolved. */
  told: ReadonlySet<number>;
  switching: Promise<void> | null;
};

const leaseSessions = new WeakMap<pg.Pool, PartitionLeases>();

/** A stable offset per name, so the remainders of different runners fall on different processes. */
function offsetOf(name: string) {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/** The partitions of `name` this process should hold among the live processes able to run it. */
export function shareOf(name: string, partitions: number, processId: string, live: readonly string[]) {
  const candidates = [...new Set([...live, processId])].sort();
  const offset = offsetOf(name);
  const mine = new Set<number>();
  for (let i = 0; i < partitions; i += 1)
    if (candidates[(i + offset) % candidates.length] === processId) mine.add(i);
  return mine;
}

function millisecondsFromEnv(name: string, fallback: number) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name}: a positive whole number of milliseconds, not ${JSON.stringify(raw)}`);
  return value;
}

/** The lease session of the processes using this pool (one per pool: a test's second pool is a second process). */
export function partitionLeasesFor(pool: pg.Pool, options: LeaseOptions = {}): PartitionLeases {
  const existing = leaseSessions.get(pool);
  if (existing) return existing;
  const tickMs = options.tickMs ?? millisecondsFromEnv('RUNNER_LEASE_TICK_MS', 300);
  const ttlMs = options.ttlMs ?? millisecondsFromEnv('RUNNER_LEASE_TTL_MS', 1200);
  if (ttlMs <= tickMs)
    throw new Error(`A lease must outlive a tick: ${ttlMs} ms leases renewed every ${tickMs} ms`);
  const ttl = `${ttlMs} milliseconds`;
  const processId = `${process.env.PGAPPNAME ?? 'runner'}-${process.pid}-${randomUUID()}`;
  const members = new Map<string, Member>();
  // Runners of a name already running here (a test may start two of one name): each waits its turn.
  const waiting = new Map<string, Member[]>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let renewedAt = 0;

  const release = async (name: string, partitions: readonly number[]) => {
    if (partitions.length === 0) return;
    await pool.query(
      'delete from runner_leases where process_id = $1 and name = $2 and partition = any($3::int[])',
      [processId, name, partitions],
    );
  };

  /** Tells a runner its partitions, then hands over the leases it holds beyond them. */
  const settle = (name: string, member: Member, assigned: ReadonlySet<number>) => {
    const beyond = [...member.held].filter((p) => !assigned.has(p));
    if (sameSet(assigned, member.told) && beyond.length === 0) return;
    member.switching = (async () => {
      if (!sameSet(assigned, member.told)) await member.onChange(assigned);
      member.told = assigned;
      await release(name, beyond);
      for (const p of beyond) member.held.delete(p);
    })()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        member.switching = null;
      });
  };

  const tick = async () => {
    const names = [...members.keys()];
    if (names.length === 0) return;
    try {
      const { rows: live } = await pool.query<{ process_id: string; names: string[] }>(
        `with me as (
           insert into runner_processes (process_id, names, seen_at) values ($1, $2, now())
           on conflict (process_id) do update set names = excluded.names, seen_at = excluded.seen_at
           returning process_id, names)
         select process_id, names from runner_processes
          where seen_at > now() - $3::interval and process_id <> $1
         union all select process_id, names from me`,
        [processId, names, ttl],
      );
      const { rows: renewed } = await pool.query<{ name: string; partition: number }>(
        `update runner_leases set expires_at = now() + $2::interval
          where process_id = $1 and name = any($3::text[])
         returning name, partition`,
        [processId, ttl, names],
      );
      renewedAt = Date.now();
      const wanted: { name: string; partition: number }[] = [];
      const desired = new Map<string, Set<number>>();
      for (const [name, member] of members) {
        const able = live.filter((p) => p.names.includes(name)).map((p) => p.process_id);
        const share = shareOf(name, member.partitions, processId, able);
        desired.set(name, share);
        // A lease not renewed is another process's now.
        const kept = new Set(renewed.filter((r) => r.name === name).map((r) => r.partition));
        for (const p of member.held) if (!kept.has(p)) member.held.delete(p);
        for (const p of share) if (!member.held.has(p)) wanted.push({ name, partition: p });
      }
      if (wanted.length > 0) {
        const { rows: taken } = await pool.query<{ name: string; partition: number }>(
          `insert into runner_leases (name, partition, process_id, expires_at)
           select w.name, w.partition, $1, now() + $4::interval
             from unnest($2::text[], $3::int[]) as w(name, partition)
           on conflict (name, partition) do update
             set process_id = excluded.process_id, expires_at = excluded.expires_at
             where runner_leases.expires_at < now()
           returning name, partition`,
          [processId, wanted.map((w) => w.name), wanted.map((w) => w.partition), ttl],
        );
        for (const { name, partition } of taken) members.get(name)?.held.add(partition);
      }
      for (const [name, member] of members) {
        if (member.switching) continue;
        const share = desired.get(name) ?? new Set<number>();
        settle(name, member, new Set([...member.held].filter((p) => share.has(p))));
      }
    } catch (error) {
      options.onError?.(error);
      // Leases not renewed within their time may be another process's already: apply none of them.
      if (Date.now() - renewedAt >= ttlMs)
        for (const [name, member] of members) {
          member.held.clear();
          if (!member.switching) settle(name, member, new Set());
        }
    }
  };
  const tickNow = () => {
    ticking ??= tick().finally(() => {
      ticking = null;
    });
    return ticking;
  };

  const session: PartitionLeases = {
    processId,
    join(name, partitions, onChange) {
      const member: Member = { partitions, onChange, held: new Set(), told: new Set(), switching: null };
      if (members.has(name)) waiting.set(name, [...(waiting.get(name) ?? []), member]);
      else members.set(name, member);
      timer ??= setInterval(() => void tickNow(), tickMs);
      void tickNow();
      return async () => {
        const queue = waiting.get(name) ?? [];
        if (queue.includes(member)) {
          waiting.set(
            name,
            queue.filter((m) => m !== member),
          );
          return;
        }
        if (members.get(name) !== member) return;
        members.delete(name);
        const next = queue.shift();
        if (next) members.set(name, next);
        await member.switching;
        if (member.told.size > 0) await member.onChange(new Set());
        await ticking;
        await pool
          .query('delete from runner_leases where process_id = $1 and name = $2', [processId, name])
          .catch((error: unknown) => options.onError?.(error));
        if (next) void tickNow();
        if (members.size > 0) return;
        if (timer) clearInterval(timer);
        timer = null;
        await pool
          .query('delete from runner_processes where process_id = $1', [processId])
          .catch((error: unknown) => options.onError?.(error));
      };
    },
  };
  leaseSessions.set(pool, session);
  return session;
}
