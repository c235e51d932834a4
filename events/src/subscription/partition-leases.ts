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

type Lease = { name: string; partition: number };

/**
 * The lease session of the processes using this pool (one per pool: a test's second pool is a second
 * process). Its first caller sets its timing: the app opens it with the configuration's before starting
 * its runners and jobs.
 */
export function partitionLeasesFor(pool: pg.Pool, options: LeaseOptions = {}): PartitionLeases {
  const existing = leaseSessions.get(pool);
  if (existing) return existing;
  const { tickMs = 300, ttlMs = 1200 } = options;
  if (!Number.isInteger(tickMs) || tickMs <= 0 || !Number.isInteger(ttlMs) || ttlMs <= 0)
    throw new Error(`Lease timings are positive whole milliseconds, not ${tickMs} and ${ttlMs}`);
  if (ttlMs <= tickMs)
    throw new Error(`A lease must outlive a tick: ${ttlMs} ms leases renewed every ${tickMs} ms`);
  const session = new LeaseSession(pool, tickMs, ttlMs, options.onError);
  leaseSessions.set(pool, session);
  return session;
}

class LeaseSession implements PartitionLeases {
  readonly processId = `${process.env.PGAPPNAME ?? 'runner'}-${process.pid}-${randomUUID()}`;
  private readonly ttl: string;
  private readonly members = new Map<string, Member>();
  // Runners of a name already running here (a test may start two of one name): each waits its turn.
  private readonly waiting = new Map<string, Member[]>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private renewedAt = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly tickMs: number,
    private readonly ttlMs: number,
    private readonly onError: ((error: unknown) => void) | undefined,
  ) {
    this.ttl = `${ttlMs} milliseconds`;
  }

  join(name: string, partitions: number, onChange: Member['onChange']): () => Promise<void> {
    const member: Member = { partitions, onChange, held: new Set(), told: new Set(), switching: null };
    if (this.members.has(name)) this.waiting.set(name, [...(this.waiting.get(name) ?? []), member]);
    else this.members.set(name, member);
    this.timer ??= setInterval(() => void this.tickNow(), this.tickMs);
    void this.tickNow();
    return () => this.leave(name, member);
  }

  private async leave(name: string, member: Member): Promise<void> {
    const queue = this.waiting.get(name) ?? [];
    if (queue.includes(member)) {
      this.waiting.set(
        name,
        queue.filter((m) => m !== member),
      );
      return;
    }
    if (this.members.get(name) !== member) return;
    this.members.delete(name);
    const next = queue.shift();
    if (next) this.members.set(name, next);
    await member.switching;
    if (member.told.size > 0) await member.onChange(new Set());
    await this.ticking;
    await this.pool
      .query('delete from runner_leases where process_id = $1 and name = $2', [this.processId, name])
      .catch((error: unknown) => this.onError?.(error));
    if (next) void this.tickNow();
    if (this.members.size > 0) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pool
      .query('delete from runner_processes where process_id = $1', [this.processId])
      .catch((error: unknown) => this.onError?.(error));
  }

  private async release(name: string, partitions: readonly number[]): Promise<void> {
    if (partitions.length === 0) return;
    await this.pool.query(
      'delete from runner_leases where process_id = $1 and name = $2 and partition = any($3::int[])',
      [this.processId, name, partitions],
    );
  }

  /** Tells a runner its partitions, then hands over the leases it holds beyond them. */
  private settle(name: string, member: Member, assigned: ReadonlySet<number>): void {
    const beyond = [...member.held].filter((p) => !assigned.has(p));
    if (sameSet(assigned, member.told) && beyond.length === 0) return;
    member.switching = (async () => {
      if (!sameSet(assigned, member.told)) await member.onChange(assigned);
      member.told = assigned;
      await this.release(name, beyond);
      for (const p of beyond) member.held.delete(p);
    })()
      .catch((error: unknown) => this.onError?.(error))
      .finally(() => {
        member.switching = null;
      });
  }

  private tickNow(): Promise<void> {
    this.ticking ??= this.tick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async tick(): Promise<void> {
    const names = [...this.members.keys()];
    if (names.length === 0) return;
    try {
      const live = await this.announce(names);
      const renewed = await this.renew(names);
      this.renewedAt = Date.now();
      const { wanted, desired } = this.wantedLeases(live, renewed);
      if (wanted.length > 0) {
        for (const { name, partition } of await this.take(wanted))
          this.members.get(name)?.held.add(partition);
      }
      for (const [name, member] of this.members) {
        if (member.switching) continue;
        const share = desired.get(name) ?? new Set<number>();
        this.settle(name, member, new Set([...member.held].filter((p) => share.has(p))));
      }
    } catch (error) {
      this.onError?.(error);
      // Leases not renewed within their time may be another process's already: apply none of them.
      if (Date.now() - this.renewedAt >= this.ttlMs)
        for (const [name, member] of this.members) {
          member.held.clear();
          if (!member.switching) this.settle(name, member, new Set());
        }
    }
  }

  /** Says this process is alive and able to run `names`; returns the live processes, this one among them. */
  private async announce(names: readonly string[]) {
    const { rows } = await this.pool.query<{ process_id: string; names: string[] }>(
      `with me as (
         insert into runner_processes (process_id, names, seen_at) values ($1, $2, now())
         on conflict (process_id) do update set names = excluded.names, seen_at = excluded.seen_at
         returning process_id, names)
       select process_id, names from runner_processes
        where seen_at > now() - $3::interval and process_id <> $1
       union all select process_id, names from me`,
      [this.processId, names, this.ttl],
    );
    return rows;
  }

  private async renew(names: readonly string[]): Promise<Lease[]> {
    const { rows } = await this.pool.query<Lease>(
      `update runner_leases set expires_at = now() + $2::interval
        where process_id = $1 and name = any($3::text[])
       returning name, partition`,
      [this.processId, this.ttl, names],
    );
    return rows;
  }

  /** Each runner's share among the live processes, and the leases of it this process does not hold yet. */
  private wantedLeases(live: readonly { process_id: string; names: string[] }[], renewed: readonly Lease[]) {
    const wanted: Lease[] = [];
    const desired = new Map<string, Set<number>>();
    for (const [name, member] of this.members) {
      const able = live.filter((p) => p.names.includes(name)).map((p) => p.process_id);
      const share = shareOf(name, member.partitions, this.processId, able);
      desired.set(name, share);
      // A lease not renewed is another process's now; one renewed is this process's, even one it let go
      // of after its renewals failed for longer than a lease lives (no one took it meanwhile).
      const kept = new Set(renewed.filter((r) => r.name === name).map((r) => r.partition));
      for (const p of member.held) if (!kept.has(p)) member.held.delete(p);
      for (const p of kept) member.held.add(p);
      for (const p of share) if (!member.held.has(p)) wanted.push({ name, partition: p });
    }
    return { wanted, desired };
  }

  /** Takes the wanted leases that are free or expired; returns those taken. */
  private async take(wanted: readonly Lease[]): Promise<Lease[]> {
    const { rows } = await this.pool.query<Lease>(
      `insert into runner_leases (name, partition, process_id, expires_at)
       select w.name, w.partition, $1, now() + $4::interval
         from unnest($2::text[], $3::int[]) as w(name, partition)
       on conflict (name, partition) do update
         set process_id = excluded.process_id, expires_at = excluded.expires_at
         where runner_leases.expires_at < now()
       returning name, partition`,
      [this.processId, wanted.map((w) => w.name), wanted.map((w) => w.partition), this.ttl],
    );
    return rows;
  }
}
