// A carrier's book of business for the scale bench (`npm run bench -- scale`): N clients at every phase of
// onboarding, written through the command side (the one command handler and the domain's deciders, the
// same the routes use), a few clients at a time. Seeded: the same seed and size give the same clients,
// answers, histories and event ids.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { v5 as uuidv5 } from 'uuid';
import {
  censusStream,
  clientStream,
  documentStream,
  eifStream,
  emailStream,
  handleCommand,
  taskStream,
  type EventStore,
  type StreamDecider,
} from '@onboard/events';
import {
  SETUP_STEPS,
  clientLifecycleDecider,
  tasksDecider,
  type TaskCommand,
  type TasksState,
  eifDecider,
  type EifCommand,
  type EifState,
  toClientView,
  documentsDecider,
  emailDecider,
  missingAnswers,
} from '@onboard/domain';
import { censusDecider } from '@onboard/domain/census';
import { editsToComplete } from '@onboard/domain/testing';
import { DEMO_CLIENTS } from '@onboard/platform/seed';

const NAMESPACE = '0b7f6a1e-4d2c-4f5a-8e3b-9c1d2e3f4a5b';

/** Where a client of the book stands (the client list's phases, domain clients/phase.ts). */
export const BOOK_PHASES = ['setup', 'eif', 'enrollment', 'live'] as const;
export type BookPhase = (typeof BOOK_PHASES)[number];

export type BookOptions = {
  clients: number;
  seed?: number;
  /** The day the book is written as of: histories reach back up to a year from it. */
  now: Date;
  /** How many clients are written at once. */
  concurrency?: number;
  /** The implementation consultants the clients are shared between (user ids). */
  consultants: readonly string[];
  onProgress?: (written: number) => void;
};

export type BookSummary = {
  clients: number;
  commands: number;
  events: number;
  phases: Record<BookPhase, number>;
};

const WORDS = ['Lakeside', 'Hilltop', 'Harbor', 'Summit', 'Prairie', 'Granite', 'Maple', 'Cedar', 'Bayview'];
const KINDS = ['Manufacturing', 'Freight', 'Staffing', 'Medical Group', 'Foods', 'Logistics', 'Dental'];
const FORMS = ['Inc.', 'LLC', 'Co.', 'PC', 'Corp.'];
const TASK_STATUS_STEPS = ['In Progress', 'Needs Review', 'Done'] as const;

/** The client ids of a book: the same for the same size, so a bench knows them without reading. */
export const bookClientId = (index: number) => `book-${String(index).padStart(6, '0')}`;

/** One client's dice: its own stream of numbers from the seed and its index, whatever the write order. */
function dice(seed: number, index: number) {
  // Neighbouring seeds start alike: spread the index over the bits first (murmur's constants).
  const rng = xoroshiro128plus(Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
  return {
    int: (from: number, to: number) => uniformInt(rng, from, to),
    pick: <T>(items: readonly T[]) => items[uniformInt(rng, 0, items.length - 1)]!,
    chance: (percent: number) => uniformInt(rng, 1, 100) <= percent,
  };
}

type Dice = ReturnType<typeof dice>;

/** Phases in the proportions of a carrier's year: most clients between the form and go-live. */
function phaseOf(d: Dice): BookPhase {
  const roll = d.int(1, 100);
  return roll <= 15 ? 'setup' : roll <= 50 ? 'eif' : roll <= 80 ? 'enrollment' : 'live';
}

/** Writes one client: its lifecycle, form and history, tasks, documents, census files and e-mails. */
async function writeClient(store: EventStore, options: BookOptions, index: number) {
  const d = dice(options.seed ?? 1, index);
  const clientId = bookClientId(index);
  const phase = phaseOf(d);
  const template = d.pick(DEMO_CLIENTS);
  const name = `${d.pick(WORDS)} ${d.pick(KINDS)} ${index} ${d.pick(FORMS)}`;
  const consultant = d.pick(options.consultants);
  let sequence = 0;
  const eventIds = () => uuidv5(`${options.seed ?? 1}/${clientId}/${sequence++}`, NAMESPACE);
  // The client started up to a year ago; its writes are spread over the days since.
  const startedDaysAgo = d.int(20, 365);
  let clock = options.now.getTime() - startedDaysAgo * 86_400_000;
  const tick = () => {
    clock += d.int(60, 6 * 3600) * 1000;
    return new Date(Math.min(clock, options.now.getTime())).toISOString();
  };
  let commands = 0;
  let events = 0;
  const by = (role = 'SLF_ADMIN') => ({ userId: consultant, role });

  async function write<S, C, E extends { type: string; data: unknown }, R>(
    decider: StreamDecider<S, C, E, R>,
    stream: string,
    command: C | C[],
    at: string,
    read?: { state: S; revision: bigint },
  ) {
    const result = await handleCommand(store, decider, {
      stream,
      ...(read ? { read: async () => read } : {}),
      command,
      newId: eventIds,
      metadata: {
        actorId: consultant,
        actorRole: 'SLF_ADMIN',
        occurredAt: at,
        correlationId: eventIds(),
      },
    });
    if (!result.ok) throw new Error(`The book's ${stream} was refused: ${JSON.stringify(result.error)}`);
    commands += Array.isArray(command) ? command.length : 1;
    events += result.events.length;
    const revision = result.appended ? result.appended.nextExpectedRevision : result.revision;
    return { state: result.after, revision };
  }

  const entities = template.entities.map(
    (e): { entity: string; entityId: string; attributes: Record<string, unknown> } =>
      e.entity === 'Client'
        ? { ...e, entityId: clientId, attributes: { ...e.attributes, name } }
        : { ...e, attributes: { ...e.attributes } },
  );
  const policies = entities
    .filter((e) => e.entity === 'Policy')
    .map((p) => ({
      policyId: p.entityId,
      slfPolicyNumber: String(p.attributes.slfPolicyNumber ?? ''),
      slfCoverages: Array.isArray(p.attributes.slfCoverages) ? p.attributes.slfCoverages.map(String) : [],
      policyEffective: typeof p.attributes.policyEffective === 'string' ? p.attributes.policyEffective : null,
    }));

  // The lifecycle: created, the setup steps done so far, LIVE at the end.
  const created = tick();
  const lifecycle: Parameters<typeof clientLifecycleDecider.decide>[0][] = [
    {
      type: 'CreateClient',
      data: {
        clientId,
        name,
        ticketId: null,
        implementationType: 'NEW_CASE',
        implementationConsultantUserId: consultant,
        isTest: d.chance(2),
        policies: policies.filter((p) => p.slfPolicyNumber !== ''),
        draft: false,
      },
      metadata: { at: created, by: by() },
    },
  ];
  const stepsDone = phase === 'setup' ? d.int(0, SETUP_STEPS.length - 1) : SETUP_STEPS.length;
  for (const step of SETUP_STEPS.slice(0, stepsDone))
    lifecycle.push({
      type: 'CompleteSetupStep',
      data: { clientId, stepId: step.id, assigned: true },
      metadata: { at: created, by: by() },
    });
  const client = await write(clientLifecycleDecider, clientStream(clientId), lifecycle, created);

  // The form as created, then edited in batches of answers (the EIF history).
  const edit = (at: string): { at: string; by: { userId: string; role: string } } => ({ at, by: by() });
  const eifAt = tick();
  let eif = await write(
    eifDecider,
    eifStream(clientId),
    entities.map((e): EifCommand => ({
      type: 'CreateEntity',
      data: {
        clientId,
        entity: e.entity as Extract<EifCommand, { type: 'CreateEntity' }>['data']['entity'],
        entityId: e.entityId,
        changeId: eventIds(),
        attributes: e.attributes,
      },
      metadata: edit(eifAt),
    })),
    eifAt,
    { state: eifDecider.initialState(), revision: -1n },
  );
  const editOnce = async (state: EifState, attributes: Record<string, unknown>) => {
    const at = tick();
    return write(
      eifDecider,
      eifStream(clientId),
      {
        type: 'ChangeAttributes',
        data: { clientId, entity: 'Client', entityId: clientId, changeId: eventIds(), attributes },
        metadata: edit(at),
      } as EifCommand,
      at,
      { state, revision: eif.revision },
    );
  };
  // Answers typed and retyped while the form is open: the employee count and the tax id, as people do.
  const drafts = phase === 'setup' ? d.int(0, 5) : d.int(10, 60);
  for (let i = 0; i < drafts; i += 1)
    eif = await editOnce(
      eif.state,
      d.chance(50)
        ? { employeesNumber: d.int(10, 5000) }
        : { taxId: String(d.int(100_000_000, 999_999_999)) },
    );
  if (phase !== 'setup' && phase !== 'eif') {
    // Every required answer, round by round as follow-up questions appear, then the signature.
    for (let round = 0; round < 8; round += 1) {
      const view = toClientView(eif.state, eif.revision);
      if (!view || missingAnswers(view).length === 0) break;
      const at = tick();
      const intents = editsToComplete(view).map((e): EifCommand =>
        e.action === 'create'
          ? {
              type: 'CreateEntity',
              data: {
                clientId,
                entity: e.entity,
                entityId: eventIds(),
                changeId: eventIds(),
                attributes: e.values,
              },
              metadata: edit(at),
            }
          : {
              type: 'ChangeAttributes',
              data: {
                clientId,
                entity: e.entity,
                entityId: e.entityId ?? '',
                changeId: eventIds(),
                attributes: e.values,
              },
              metadata: edit(at),
            },
      );
      eif = await write(eifDecider, eifStream(clientId), intents, at, eif);
    }
    const signedAt = tick();
    eif = await write(
      eifDecider,
      eifStream(clientId),
      {
        type: 'SignEif',
        data: { clientId, signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null },
        metadata: { at: signedAt, by: { userId: consultant, role: 'BEN_ADMIN' } },
      },
      signedAt,
      eif,
    );
    // Changes after signing: some accepted, some declined, the latest left for review.
    const rounds = d.int(0, 4);
    for (let r = 0; r < rounds; r += 1) {
      for (let i = d.int(1, 3); i > 0; i -= 1)
        eif = await editOnce(eif.state, { employeesNumber: d.int(10, 5000) });
      const at = tick();
      const decision: EifCommand =
        r === rounds - 1 && d.chance(50)
          ? { type: 'MarkChangesReadyForReview', data: { clientId }, metadata: edit(at) }
          : d.chance(75)
            ? { type: 'AcceptChanges', data: { clientId, changeIds: 'all' }, metadata: edit(at) }
            : {
                type: 'DeclineChanges',
                data: { clientId, changeIds: 'all', reason: 'Not agreed with the client' },
                metadata: edit(at),
              };
      eif = await write(eifDecider, eifStream(clientId), decision, at, eif);
    }
  }

  // The tasks, dated from the start, then worked on as far as the phase goes.
  const plans = entities.filter((e) => e.entity === 'Plan');
  const scheduled = await write(
    tasksDecider,
    taskStream(clientId),
    {
      type: 'ScheduleTasks',
      data: {
        clientId,
        implementationType: 'NEW_CASE',
        policies: policies.map((p) => ({
          policyId: p.policyId,
          policyEffective: p.policyEffective,
          slfCoverages: p.slfCoverages,
          planBenefitTypes: plans
            .filter((plan) => plan.attributes.policyId === p.policyId)
            .map((plan) => String(plan.attributes.benefitType ?? '')),
        })),
        startsOn: created.slice(0, 10),
      },
      metadata: { at: created, by: by() },
    } satisfies TaskCommand,
    created,
    { state: tasksDecider.initialState(), revision: -1n },
  );
  let tasks: { state: TasksState; revision: bigint } = scheduled;
  const share = { setup: 0, eif: 25, enrollment: 60, live: 95 }[phase];
  for (const task of [...scheduled.state.tasks.values()]) {
    if (task.taskId === 'company-profile' || task.status === 'Done' || !d.chance(share)) continue;
    for (const status of TASK_STATUS_STEPS.slice(0, d.chance(70) ? 3 : d.int(1, 2))) {
      const at = tick();
      const next = await handleCommand(store, tasksDecider, {
        stream: taskStream(clientId),
        read: async () => tasks,
        command: {
          type: 'ChangeTaskStatus',
          data: { clientId, taskId: task.taskId, policyId: task.policyId, status, reason: null },
          metadata: { at, by: by() },
        },
        newId: eventIds,
        metadata: { actorId: consultant, actorRole: 'SLF_ADMIN', occurredAt: at, correlationId: eventIds() },
      });
      // A status the task's rules do not allow from where it is stops that task's walk.
      if (!next.ok) break;
      commands += 1;
      events += next.events.length;
      tasks = { state: next.after, revision: next.appended?.nextExpectedRevision ?? tasks.revision };
    }
  }

  // Documents (metadata: the files themselves are not the bench's subject), census files, e-mails.
  const documents = phase === 'setup' ? d.int(0, 2) : d.int(2, 12);
  if (documents > 0) {
    const at = tick();
    await write(
      documentsDecider,
      documentStream(clientId),
      {
        type: 'UploadDocuments',
        data: {
          clientId,
          category: d.pick(['prior-carrier-bills', 'plan-documents', 'other']),
          policyId: null,
          language: null,
          files: Array.from({ length: documents }, (_, i) => {
            const documentId = eventIds();
            return {
              documentId,
              documentKey: `book/${clientId}/${documentId}`,
              name: `${d.pick(['Bill', 'Certificate', 'Summary', 'Report'])} ${i + 1}.pdf`,
              mimeType: 'application/pdf',
              size: d.int(20_000, 2_000_000),
            };
          }),
        },
        metadata: { at, by: by() },
      },
      at,
      { state: documentsDecider.initialState(), revision: -1n },
    );
  }
  if (phase === 'enrollment' || phase === 'live') {
    for (const policy of policies.slice(0, 1)) {
      const uploads = d.int(1, 3);
      let census: { state: ReturnType<typeof censusDecider.initialState>; revision: bigint } = {
        state: censusDecider.initialState(),
        revision: -1n,
      };
      for (let i = 0; i < uploads; i += 1) {
        const at = tick();
        census = await write(
          censusDecider,
          censusStream(clientId, policy.policyId),
          {
            type: 'UploadCensus',
            data: {
              clientId,
              policyId: policy.policyId,
              documentId: eventIds(),
              fileName: `census-${i + 1}.csv`,
              format: 'CSV',
              size: d.int(2_000, 60_000),
              headers: ['First Name', 'Last Name', 'SSN', 'Date of Birth', 'Date of Hire', 'Salary'],
              mapping: { firstName: 0, lastName: 1, ssn: 2, dateOfBirth: 3, hireDate: 4, salary: 5 },
            },
            metadata: { at, by: by() },
          },
          at,
          census,
        );
      }
    }
  }
  const emails = phase === 'setup' ? d.int(1, 3) : d.int(4, 20);
  for (let i = 0; i < emails; i += 1) {
    const at = tick();
    const emailId = eventIds();
    await write(
      emailDecider,
      emailStream(emailId),
      {
        type: 'QueueEmail',
        data: {
          email: {
            emailId,
            kind: d.pick(['TASK_NEEDS_ACTION', 'TASK_DUE_SOON', 'NEW_DOCUMENT', 'PHASE_CHANGE'] as const),
            to: [`contact-${index}@book.example`],
            cc: [],
            subject: `${name}: your onboarding`,
            body: `A task of ${name} needs you.`,
            html: null,
            clientId,
            userIds: [],
            resendOf: null,
            heldForDigest: false,
          },
          printedOnConsole: true,
        },
        metadata: { at, by: by() },
      },
      at,
      { state: null, revision: -1n },
    );
  }
  if (phase === 'live') {
    const at = tick();
    await write(
      clientLifecycleDecider,
      clientStream(clientId),
      { type: 'SetReleaseStatus', data: { clientId, releaseStatus: 'LIVE' }, metadata: { at, by: by() } },
      at,
      client,
    );
  }
  return { phase, commands, events };
}

/** Writes the book, `concurrency` clients at a time; answers what was written. */
export async function generateBook(store: EventStore, options: BookOptions): Promise<BookSummary> {
  const summary: BookSummary = {
    clients: 0,
    commands: 0,
    events: 0,
    phases: { setup: 0, eif: 0, enrollment: 0, live: 0 },
  };
  let next = 0;
  const worker = async () => {
    while (next < options.clients) {
      const index = next++;
      const { phase, commands, events } = await writeClient(store, options, index);
      summary.clients += 1;
      summary.commands += commands;
      summary.events += events;
      summary.phases[phase] += 1;
      if (summary.clients % 100 === 0) options.onProgress?.(summary.clients);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return summary;
}
