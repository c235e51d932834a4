import PDFDocument from 'pdfkit';
import { v5 as uuidv5 } from 'uuid';
import {
  BEN_ADMIN_PLATFORMS_STREAM,
  clientStream,
  eifStream,
  handleCommand,
  taskStream,
  WrongExpectedRevisionError,
  type EventStore,
  type StreamDecider,
} from '@onboard/events';
import {
  demoFormDecider,
  type SeedFormCommand,
  slugDecider,
  SETUP_STEPS,
  clientLifecycleDecider,
  tasksDecider,
  explorerSiteDecider,
  foldExplorerSite,
  benAdminPlatformsDecider,
  type DocumentStore,
  type Role,
} from '@onboard/domain';
import {
  ExplorerEvent,
  explorerSlugStream,
  explorerStream,
  type ExplorerDocument,
  type ExplorerPlan,
} from '@onboard/events/catalogue/explorer';
import type pg from 'pg';
import {
  SYSTEM_ACTOR,
  createActivationLink,
  enrolTotpSecret,
  findActiveUserByEmail,
  loadUser,
  readCredentials,
  registerUser,
  setPassword,
  type AuthDeps,
} from '@onboard/command-api/auth';

export const DEMO_CLIENT_ID = 'lakeside-manufacturing';

export type DemoUser = {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  clientIds: string[];
};

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 'demo-owner',
    name: 'Olivia Owens',
    firstName: 'Olivia',
    lastName: 'Owens',
    email: 'owner@onboard.example',
    role: 'SLF_OWNER',
    clientIds: [],
  },
  {
    id: 'demo-admin',
    name: 'Adam Alvarez',
    firstName: 'Adam',
    lastName: 'Alvarez',
    email: 'admin@onboard.example',
    role: 'SLF_ADMIN',
    clientIds: [],
  },
  {
    id: 'demo-broker',
    name: 'Bianca Brooks',
    firstName: 'Bianca',
    lastName: 'Brooks',
    email: 'broker@onboard.example',
    role: 'BROKER',
    clientIds: [DEMO_CLIENT_ID],
  },
  {
    id: 'demo-ben-admin',
    name: 'Ben Adler',
    firstName: 'Ben',
    lastName: 'Adler',
    email: 'benadmin@onboard.example',
    role: 'BEN_ADMIN',
    clientIds: [DEMO_CLIENT_ID],
  },
];

// Fixed event ids (name-based UUIDs): seeding twice re-appends the same ids, which the store treats as a
// no-op, so a second start keeps the data and adds nothing.
const NAMESPACE = '6f1d3a52-2c8e-4b8e-9a43-1f7b6a0c9d11';

type SeedEntity = { entity: string; entityId: string; attributes: Record<string, unknown> };
type DemoClient = { id: string; entities: readonly SeedEntity[] };

const client = (id: string, attributes: Record<string, unknown>): SeedEntity => ({
  entity: 'Client',
  entityId: id,
  attributes: { taxId: null, isActive: true, isTest: false, digitalEIF: true, ...attributes },
});
const policy = (entityId: string, attributes: Record<string, unknown>): SeedEntity => ({
  entity: 'Policy',
  entityId,
  attributes: { policyEffective: '2027-01-01', ...attributes },
});
const plan = (entityId: string, attributes: Record<string, unknown>): SeedEntity => ({
  entity: 'Plan',
  entityId,
  attributes,
});

/**
 * The demo clients of the embedded default. Besides Lakeside (a general group case), three clients whose
 * coverages exercise the sub-step visibility rules (onboarding §4): one with Family Leave Insurance, one
 * that holds only New York / New Jersey / Hawaii statutory coverage, and one in the healthcare
 * professionals segment with Long Term Disability.
 */
export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    id: DEMO_CLIENT_ID,
    entities: [
      client(DEMO_CLIENT_ID, {
        name: 'Lakeside Manufacturing Co.',
        employeesNumber: 240,
        implementationType: 'NEW_CASE',
      }),
      policy('policy-lakeside-1', {
        slfPolicyNumber: '934781',
        primaryPolicy: true,
        slfCoverages: ['Dental', 'Vision', 'Long Term Disability', 'Basic Life'],
        issuedStateSitus: 'IL',
      }),
      policy('policy-lakeside-2', {
        slfPolicyNumber: '934782',
        primaryPolicy: false,
        slfCoverages: ['Short Term Disability'],
        issuedStateSitus: 'IL',
      }),
      plan('plan-dental', { benefitType: 'DENTAL', policyId: 'policy-lakeside-1' }),
      plan('plan-vision', { benefitType: 'VISION', policyId: 'policy-lakeside-1' }),
      plan('plan-ltd', {
        benefitType: 'LONG_TERM_DISABILITY',
        policyId: 'policy-lakeside-1',
        salaryBased: true,
      }),
      plan('plan-life', { benefitType: 'LIFE', policyId: 'policy-lakeside-1' }),
      plan('plan-std', {
        benefitType: 'SHORT_TERM_DISABILITY',
        policyId: 'policy-lakeside-2',
        salaryBased: true,
      }),
    ],
  },
  {
    id: 'harbor-freight-lines',
    entities: [
      client('harbor-freight-lines', {
        name: 'Harbor Freight Lines LLC',
        employeesNumber: 85,
        implementationType: 'NEW_CASE',
      }),
      policy('policy-harbor-1', {
        slfPolicyNumber: '935120',
        primaryPolicy: true,
        slfCoverages: ['Basic Life', 'Dental', 'Family Leave Insurance'],
        issuedStateSitus: 'NJ',
      }),
      plan('plan-harbor-life', { benefitType: 'LIFE', policyId: 'policy-harbor-1' }),
      plan('plan-harbor-dental', { benefitType: 'DENTAL', policyId: 'policy-harbor-1' }),
      plan('plan-harbor-fli', { benefitType: 'FLI', policyId: 'policy-harbor-1' }),
    ],
  },
  {
    id: 'tri-state-staffing',
    entities: [
      client('tri-state-staffing', {
        name: 'Tri-State Staffing Inc.',
        employeesNumber: 410,
        implementationType: 'NEW_CASE',
      }),
      policy('policy-tristate-1', {
        slfPolicyNumber: '936004',
        primaryPolicy: true,
        slfCoverages: ['Disability Benefits Law', 'Paid Family Leave'],
        issuedStateSitus: 'NY',
      }),
      policy('policy-tristate-2', {
        slfPolicyNumber: '936005',
        primaryPolicy: false,
        slfCoverages: ['Temporary Disability Benefits', 'Temporary Disability Insurance'],
        issuedStateSitus: 'NJ',
      }),
      plan('plan-tristate-dbl', { benefitType: 'DBL', policyId: 'policy-tristate-1' }),
      plan('plan-tristate-pfl', { benefitType: 'PFL', policyId: 'policy-tristate-1' }),
      plan('plan-tristate-tdb', { benefitType: 'TDB', policyId: 'policy-tristate-2' }),
      plan('plan-tristate-tdi', { benefitType: 'TDI', policyId: 'policy-tristate-2' }),
    ],
  },
  {
    id: 'riverside-medical-group',
    entities: [
      client('riverside-medical-group', {
        name: 'Riverside Medical Group PC',
        employeesNumber: 130,
        implementationType: 'NEW_CASE',
        healthcareProfessionalsSegment: true,
      }),
      policy('policy-riverside-1', {
        slfPolicyNumber: '937310',
        primaryPolicy: true,
        slfCoverages: ['Long Term Disability', 'Vision', 'Basic Life'],
        issuedStateSitus: 'CO',
      }),
      policy('policy-riverside-2', {
        slfPolicyNumber: '937311',
        primaryPolicy: false,
        slfCoverages: ['Colorado Paid Family and Medical Leave'],
        issuedStateSitus: 'CO',
      }),
      plan('plan-riverside-ltd', {
        benefitType: 'LONG_TERM_DISABILITY',
        policyId: 'policy-riverside-1',
        salaryBased: true,
      }),
      plan('plan-riverside-vision', { benefitType: 'VISION', policyId: 'policy-riverside-1' }),
      plan('plan-riverside-life', { benefitType: 'LIFE', policyId: 'policy-riverside-1' }),
      plan('plan-riverside-pfml', { benefitType: 'PFML_CO_FULLY_INS', policyId: 'policy-riverside-2' }),
    ],
  },
];

export async function seedDemoData(store: EventStore, now: Date, documents: DocumentStore): Promise<void> {
  for (const demo of DEMO_CLIENTS) {
    const existing = await store.readStream(eifStream(demo.id), { maxCount: 1 });
    if (existing.length > 0) continue;
    await seedWrite(store, demoFormDecider, {
      now,
      stream: eifStream(demo.id),
      ids: (i) => {
        const e = demo.entities[i]!;
        return uuidv5(`${demo.id}/${e.entity}/${e.entityId}`, NAMESPACE);
      },
      command: {
        type: 'SeedForm',
        data: { clientId: demo.id, entities: demo.entities as SeedFormCommand['data']['entities'] },
        metadata: DEMO_OWNER_METADATA(now),
      },
      correlationId: uuidv5(`seed/${demo.id}`, NAMESPACE),
    });
  }
  await seedDemoLifecycles(store, now);
  await seedDemoExplorerPage(store, now);
  await seedDemoExplorerDocument(store, documents, now);
  await seedDemoBenAdminPlatforms(store, now);
}

/** The benefits-administration platforms staff find in the catalogue of a fresh installation. */
export const DEMO_BEN_ADMIN_PLATFORMS = [
  { name: 'Benefitfocus', website: 'https://www.benefitfocus.com', supportsDataFeeds: true },
  { name: 'bswift', website: 'https://www.bswift.com', supportsDataFeeds: true },
  { name: 'Businessolver Benefitsolver', website: 'https://www.businessolver.com', supportsDataFeeds: true },
  { name: 'Employee Navigator', website: 'https://www.employeenavigator.com', supportsDataFeeds: true },
  { name: 'PlanSource', website: 'https://www.plansource.com', supportsDataFeeds: true },
  { name: 'Paper enrollment (no platform)', website: '', supportsDataFeeds: false },
] as const;

export const demoBenAdminPlatformId = (name: string) => uuidv5(`ben-admin-platform/${name}`, NAMESPACE);

/**
 * The platform catalogue, decided by its decider with fixed ids and event ids; an existing stream is left
 * as it is (staff may have edited it), so a restart adds nothing.
 */
async function seedDemoBenAdminPlatforms(store: EventStore, now: Date): Promise<void> {
  const existing = await store.readStream(BEN_ADMIN_PLATFORMS_STREAM, { maxCount: 1 });
  if (existing.length > 0) return;
  await seedWrite(store, benAdminPlatformsDecider, {
    now,
    stream: BEN_ADMIN_PLATFORMS_STREAM,
    ids: (index) => uuidv5(`ben-admin-platforms/${index}`, NAMESPACE),
    command: DEMO_BEN_ADMIN_PLATFORMS.map((platform) => ({
      type: 'AddBenAdminPlatform' as const,
      data: { platformId: demoBenAdminPlatformId(platform.name), platform },
      metadata: DEMO_OWNER_METADATA(now),
    })),
    correlationId: uuidv5('seed/ben-admin-platforms', NAMESPACE),
  });
}

const DEMO_IMPLEMENTATION_CONSULTANT = 'demo-admin';

/**
 * Each demo client's lifecycle (created by the demo owner with Adam Alvarez as its implementation
 * consultant, setup complete) and its tasks, decided by the same deciders as the calls, with fixed event
 * ids. A stream that exists is left as it is, so a restart adds nothing.
 */
async function seedDemoLifecycles(store: EventStore, now: Date): Promise<void> {
  const metadata = { at: now.toISOString(), by: { userId: 'demo-owner', role: 'SLF_OWNER' } };
  const ids = (clientId: string, kind: string) => (i: number) =>
    uuidv5(`${clientId}/${kind}/${i}`, NAMESPACE);
  for (const demo of DEMO_CLIENTS) {
    const clientId = demo.id;
    const attributesOf = (entity: string) => demo.entities.filter((e) => e.entity === entity);
    const client = attributesOf('Client')[0]!.attributes;
    const policies = attributesOf('Policy').map((p) => ({
      policyId: p.entityId,
      slfPolicyNumber: String(p.attributes.slfPolicyNumber ?? ''),
      slfCoverages: Array.isArray(p.attributes.slfCoverages) ? p.attributes.slfCoverages.map(String) : [],
      policyEffective: typeof p.attributes.policyEffective === 'string' ? p.attributes.policyEffective : null,
    }));
    if ((await store.readStream(clientStream(clientId), { maxCount: 1 })).length === 0) {
      const commands: Parameters<typeof clientLifecycleDecider.decide>[0][] = [];
      commands.push({
        type: 'CreateClient',
        data: {
          clientId,
          name: String(client.name),
          ticketId: null,
          implementationType: client.implementationType === 'ADD_COVERAGE' ? 'ADD_COVERAGE' : 'NEW_CASE',
          implementationConsultantUserId: DEMO_IMPLEMENTATION_CONSULTANT,
          isTest: false,
          // Policies without a number (a second policy still being described) are the form's business.
          policies: policies.filter((p) => p.slfPolicyNumber !== ''),
          draft: false,
        },
        metadata,
      });
      for (const step of SETUP_STEPS)
        commands.push({
          type: 'CompleteSetupStep',
          data: { clientId, stepId: step.id, assigned: true },
          metadata,
        });
      await seedWrite(store, clientLifecycleDecider, {
        now,
        stream: clientStream(clientId),
        ids: ids(clientId, 'lifecycle'),
        command: commands,
        correlationId: uuidv5(`seed/${clientId}`, NAMESPACE),
      });
    }
    if ((await store.readStream(taskStream(clientId), { maxCount: 1 })).length === 0) {
      const plans = attributesOf('Plan');
      await seedWrite(store, tasksDecider, {
        now,
        stream: taskStream(clientId),
        ids: ids(clientId, 'tasks'),
        correlationId: uuidv5(`seed/${clientId}`, NAMESPACE),
        command: {
          type: 'ScheduleTasks',
          data: {
            clientId,
            implementationType:
              typeof client.implementationType === 'string' ? client.implementationType : null,
            policies: policies.map((p) => ({
              policyId: p.policyId,
              policyEffective: p.policyEffective ?? null,
              slfCoverages: p.slfCoverages,
              planBenefitTypes: plans
                .filter((plan) => plan.attributes.policyId === p.policyId)
                .map((plan) => String(plan.attributes.benefitType ?? '')),
            })),
            startsOn: metadata.at.slice(0, 10),
          },
          metadata,
        },
      }).catch((error: unknown) => {
        // Another process's client-base reactor schedules every created client's tasks (the same ones): it
        // may have written them between the look above and this write.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      });
    }
  }
}

export const DEMO_EXPLORER_PAGE_ID = uuidv5(`${DEMO_CLIENT_ID}/ExplorerPage/demo`, NAMESPACE);
export const DEMO_EXPLORER_SLUG = 'lakeside';

/** A carrier-1 prepaid dental plan (DHMO) of the DHMO series, sold in `state`: in network only. */
export const prepaidDentalPlan = (id: string, state: string, planName = `Prepaid Dental ${state}`) =>
  ({
    id,
    carrierId: 1,
    benefitType: 'DENTAL',
    planType: 'DHMO',
    planName,
    benefitLevel: 'LOW_HIGH',
    prepaidSitusState: state,
    prepaidDentalNetwork: 'DHMO_SERIES',
    dentalYearType: 'PLAN',
    dentalPreventiveCoinsuranceInNetwork: 100,
    dentalPreventiveCoinsuranceOutOfNetwork: 0,
    dentalBasicCoinsuranceInNetwork: 90,
    dentalBasicCoinsuranceOutOfNetwork: 0,
    dentalMajorCoinsuranceInNetwork: 60,
    dentalMajorCoinsuranceOutOfNetwork: 0,
  }) satisfies ExplorerPlan;

const demoPlans: ExplorerPlan[] = [
  {
    id: 'demo-medical-ppo',
    carrierId: 7,
    benefitType: 'MEDICAL',
    planType: 'PPO',
    planName: 'Lakeside PPO 1500',
    legalEntity: 'Great Lakes Health Co.',
    premium: '$$',
    medicalPlanYearDeductibleIndividualInNetwork: 1500,
    medicalPlanYearDeductibleIndividualOutOfNetwork: 3000,
    medicalPlanYearDeductibleFamilyInNetwork: 3000,
    medicalPlanYearDeductibleFamilyOutOfNetwork: 6000,
    medicalPlanYearOutOfPocketMaxIndividualInNetwork: 5000,
    medicalPlanYearOutOfPocketMaxIndividualOutOfNetwork: 10000,
    medicalPlanYearOutOfPocketMaxFamilyInNetwork: 10000,
    medicalPlanYearOutOfPocketMaxFamilyOutOfNetwork: 20000,
    medicalOutOfNetworkBenefits: 'YES',
    medicalPcpCoordinationRequired: 'NO',
    medicalPcpSpecialtyCareReferralRequired: 'NO',
  },
  {
    id: 'demo-dental-ppo',
    carrierId: 1,
    benefitType: 'DENTAL',
    planType: 'PPO',
    planName: 'Dental PPO High',
    benefitLevel: 'LOW_HIGH',
    prepaidDentalNetwork: 'PROVIDER_PPO',
    dentalYearType: 'CALENDAR',
    dentalPreventiveCoinsuranceInNetwork: 100,
    dentalPreventiveCoinsuranceOutOfNetwork: 100,
    dentalBasicCoinsuranceInNetwork: 80,
    dentalBasicCoinsuranceOutOfNetwork: 80,
    dentalMajorCoinsuranceInNetwork: 50,
    dentalMajorCoinsuranceOutOfNetwork: 50,
  },
  prepaidDentalPlan('demo-dental-dhmo-il', 'IL', 'Prepaid Dental Illinois'),
  {
    id: 'demo-vision',
    carrierId: 1,
    benefitType: 'VISION',
    planType: 'VOLUNTARY',
    planName: 'Vision Plus',
    visionExamInNetwork: 10,
    visionExamOutOfNetwork: 40,
    visionLensesInNetwork: 25,
    visionLensesOutOfNetwork: 30,
    visionFramesInNetwork: 150,
    visionFramesOutOfNetwork: 70,
    visionContactLensesInNetwork: 150,
    visionContactLensesOutOfNetwork: 105,
  },
];

/**
 * A demo Explorer site for the demo client, decided by the same decider as the create command. It has no
 * start date, so it is not live and shows the demo banner. Fixed ids: a second start appends nothing.
 */
/** The demo owner as the actor of the seeded Explorer commands. */
const DEMO_OWNER_METADATA = (at: Date) => ({
  at: at.toISOString(),
  by: { userId: 'demo-owner', role: 'SLF_OWNER' },
});

async function seedDemoExplorerPage(store: EventStore, now: Date): Promise<void> {
  const existing = await store.readStream(explorerStream(DEMO_EXPLORER_PAGE_ID), { maxCount: 1 });
  if (existing.length > 0) return;
  const correlationId = uuidv5('seed/explorer', NAMESPACE);
  const slugStream = await store.readStream(explorerSlugStream(DEMO_EXPLORER_SLUG), { maxCount: 1 });
  if (slugStream.length === 0)
    await seedWrite(store, slugDecider, {
      now,
      stream: explorerSlugStream(DEMO_EXPLORER_SLUG),
      ids: () => uuidv5(`${DEMO_EXPLORER_PAGE_ID}/slug`, NAMESPACE),
      command: {
        type: 'ReserveSlug',
        data: { slug: DEMO_EXPLORER_SLUG, explorerPageId: DEMO_EXPLORER_PAGE_ID },
        metadata: DEMO_OWNER_METADATA(now),
      },
      correlationId,
    });
  await seedWrite(store, explorerSiteDecider, {
    now,
    stream: explorerStream(DEMO_EXPLORER_PAGE_ID),
    ids: (index) => uuidv5(`${DEMO_EXPLORER_PAGE_ID}/${index}`, NAMESPACE),
    command: {
      type: 'CreateSite',
      data: {
        explorerPageId: DEMO_EXPLORER_PAGE_ID,
        clientId: DEMO_CLIENT_ID,
        pageOwner: 'demo-owner',
        site: demoExplorerSite(),
        plans: demoPlans,
      },
      metadata: DEMO_OWNER_METADATA(now),
    },
    correlationId,
  });
}

export const DEMO_DENTAL_DOCUMENT: ExplorerDocument = {
  documentId: uuidv5(`${DEMO_EXPLORER_PAGE_ID}/Document/dental-summary`, NAMESPACE),
  documentKey: 'lakeside-dental-summary',
  name: 'Dental plans summary',
  benefitType: 'DENTAL',
  language: 'en',
};

/**
 * One real summary document on the demo site, so its document link downloads a file. The file is made
 * and stored on the first start only; the attach event has a fixed id and is appended only while the
 * site lacks the document. A store this server only reads from (the relay) gets no demo file.
 */
async function seedDemoExplorerDocument(store: EventStore, documents: DocumentStore, now: Date) {
  if (!documents.put) return;
  const { documentId } = DEMO_DENTAL_DOCUMENT;
  if (!(await documents.get(documentId))) {
    await documents.put({
      documentId,
      bytes: await renderDemoDentalSummary(now),
      mimeType: 'application/pdf',
      name: `${DEMO_DENTAL_DOCUMENT.name}.pdf`,
      uploadedBy: 'demo-owner',
    });
  }
  const recorded = await store.readStream(explorerStream(DEMO_EXPLORER_PAGE_ID));
  const state = foldExplorerSite(recorded.map((r) => ExplorerEvent.parse({ type: r.type, data: r.data })));
  if (state.status !== 'active' || state.page.documents.some((d) => d.documentId === documentId)) return;
  await seedWrite(store, explorerSiteDecider, {
    now,
    stream: explorerStream(DEMO_EXPLORER_PAGE_ID),
    read: { state, revision: BigInt(recorded.length) - 1n },
    ids: () => uuidv5(`${DEMO_EXPLORER_PAGE_ID}/document/${documentId}`, NAMESPACE),
    command: {
      type: 'AttachDocument',
      data: { document: DEMO_DENTAL_DOCUMENT },
      metadata: DEMO_OWNER_METADATA(now),
    },
    correlationId: uuidv5('seed/explorer-document', NAMESPACE),
  });
}

/**
 * Every seeded write goes through the one command handler, as the demo owner, with fixed event ids: on
 * a stream that must not exist yet, or (`read`) at the revision of the state the seed read.
 */
async function seedWrite<State, Command, Event extends { type: string; data: unknown }, Refusal>(
  store: EventStore,
  decider: StreamDecider<State, Command, Event, Refusal>,
  options: {
    stream: string;
    command: Command | Command[];
    ids: (index: number) => string;
    correlationId: string;
    now: Date;
    read?: { state: State; revision: bigint };
  },
) {
  const { read } = options;
  const result = await handleCommand(store, decider, {
    stream: options.stream,
    ...(read ? { read: async () => read } : { appendAt: 'no_stream' as const }),
    command: options.command,
    newId: () => {
      throw new Error('every seeded event has a fixed id');
    },
    eventId: (_, index) => options.ids(index),
    metadata: {
      actorId: 'demo-owner',
      actorRole: 'SLF_OWNER',
      occurredAt: options.now.toISOString(),
      correlationId: options.correlationId,
    },
  });
  if (!result.ok) throw new Error(`Demo ${options.stream} refused: ${JSON.stringify(result.error)}`);
}

/** A one-page summary of the demo site's dental plans, from the same plan data the page shows. */
function renderDemoDentalSummary(createdAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: 'Lakeside Manufacturing - dental plans', Author: 'Onboard', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text('Dental plans summary');
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`Lakeside Manufacturing Co. - plan year ${demoExplorerSite().planYear}`);
  doc.moveDown();
  for (const plan of demoPlans.filter((p) => p.benefitType === 'DENTAL')) {
    doc.font('Helvetica-Bold').fontSize(13).text(`${plan.planName} (${plan.planType})`);
    doc.font('Helvetica').fontSize(10);
    for (const [service, key] of [
      ['Preventive care', 'dentalPreventiveCoinsurance'],
      ['Basic services', 'dentalBasicCoinsurance'],
      ['Major services', 'dentalMajorCoinsurance'],
    ] as const) {
      const inNetwork = plan[`${key}InNetwork`];
      const outOfNetwork = plan[`${key}OutOfNetwork`];
      doc.text(`${service}: ${inNetwork}% in network, ${outOfNetwork}% out of network`);
    }
    doc.moveDown();
  }
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('Demo document. The plan documents and certificates of coverage govern the benefits.');
  doc.end();
  return done;
}

function demoExplorerSite() {
  return {
    name: 'Lakeside Manufacturing benefits',
    language: 'en',
    kioskMode: false,
    startsAt: null,
    expiresAt: null,
    planYear: '2027',
    // Plain days: the page compares them on the visitor's calendar. The site is not live, so its demo
    // banner's enrollment switch also shows the enroll button (status active) and hides it (pre, post).
    openEnrollmentStart: '2026-11-02',
    openEnrollmentEnd: '2026-12-04',
    maintenanceMode: false,
    benefitTypeMetadata: {
      DENTAL: {
        highlighterText: 'Two dental plans to choose from',
        spanishHighlighterText: 'Dos planes dentales para elegir',
        highlighterOrder: 1,
      },
    },
    employerState: 'IL',
    benAdminPlatformId: null,
    benAdminPlatformUrl: 'https://enroll.example.com/lakeside-manufacturing',
    notificationLink: null,
    // Every contact option is on, so the demo's support panel shows the chat, booking a call and e-mail.
    customCalendlyLink: 'https://calendly.example.com/lakeside-manufacturing/benefits-call',
    customClientName: 'Lakeside Manufacturing Co.',
    logoDocumentId: null,
    employeeCount: 240,
    hasEmployeesInNY: false,
    showBenefitCount: true,
    associationId: null,
    hideProviderLogo: false,
    administratorName: null,
    administratorWebsiteUrl: null,
    administratorPrivacyUrl: null,
    policies: ['934781', '934782'],
    medicalVideo: 'NO_VIDEO',
    medicalVideoEnglishTitle: null,
    medicalVideoSpanishTitle: null,
    medicalVideoDocumentId: null,
    vidyardUploadId: null,
    vidyardId: null,
    territory: null,
    showLegacyVisionPlanTable: false,
    showLegacyDentalPlanTable: false,
    vanitySlug: DEMO_EXPLORER_SLUG,
    customBranding: true,
    customThemeBrandColor: '#0b4f6c',
    customThemeContrastingColor: '#ffffff',
    enableContactUsAppointment: true,
    enableContactUsEmail: true,
    enableContactUsLiveChat: true,
  };
}

/**
 * The demo users of the embedded default, with the printed demo password, and either no authenticator
 * yet (the first sign-in enrols one from the QR code) or, given `totpSecretFor`, enrolled with that
 * secret. A user whose stream exists is left as it is, so a restart keeps enrolments and changed passwords.
 */
export async function seedDemoUsers(
  deps: AuthDeps,
  password: string,
  totpSecretFor?: (email: string) => string,
): Promise<void> {
  for (const user of DEMO_USERS) {
    await seedDemoUser(deps, user, password);
    if (totpSecretFor) await enrolTotpSecret(deps, user.id, totpSecretFor(user.email));
  }
}

async function seedDemoUser(deps: AuthDeps, user: DemoUser, password: string): Promise<void> {
  const { state } = await loadUser(deps.store, user.id);
  if (state.status === 'none') {
    try {
      await registerUser(deps, SYSTEM_ACTOR, {
        userId: user.id,
        role: user.role,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phoneNumber: null,
        clientIds: user.clientIds,
      });
    } catch (error) {
      // A lost race with another seeder is a success: the user is there, registered by the other one.
      if ((await loadUser(deps.store, user.id)).state.status === 'none') throw error;
    }
  }
  // Only a user that never got a password (a seeder stopped between the two steps): one set since stays.
  if ((await readCredentials(deps.pool, user.id)).passwordSetAt) return;
  try {
    await setPassword(deps, user.id, password);
  } catch (error) {
    if (!(await readCredentials(deps.pool, user.id)).passwordSetAt) throw error;
  }
}

/**
 * The distributed topology's first owner (ONBOARD_FIRST_OWNER_EMAIL): while no user has the address, it is
 * registered as an owner (SLF_OWNER) without a password, and the single-use activation link (7 days) is
 * returned, for the caller to print once. null: the user exists already (no link is made again; another
 * owner, or `Copy activation link` in the user administration, gives a new one).
 */
export async function createFirstOwner(deps: AuthDeps, email: string): Promise<string | null> {
  if (await findActiveUserByEmail(deps.store, email)) return null;
  const userId = uuidv5(`first-owner:${email.trim().toLowerCase()}`, NAMESPACE);
  await registerUser(deps, SYSTEM_ACTOR, {
    userId,
    role: 'SLF_OWNER',
    firstName: 'First',
    lastName: 'Owner',
    email: email.trim(),
    phoneNumber: null,
    clientIds: [],
  });
  return createActivationLink(deps, userId);
}

/** One lock for seeding: replicas starting together seed one after the other; the later ones find it done. */
const SEED_LOCK = `hashtext('onboard.seed')`;

const SEED_LOCK_WAIT_MS = 10 * 60_000;

export async function underSeedLock<T>(pool: pg.Pool, seed: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // Another replica may seed for longer than a query may take (PG_QUERY_TIMEOUT_MS): this wait has none.
    await client.query('set statement_timeout = 0');
    // (pg reads query_timeout per query too; its types leave it out.)
    const lock = { text: `select pg_advisory_lock(${SEED_LOCK})`, query_timeout: SEED_LOCK_WAIT_MS };
    await client.query(lock as pg.QueryConfig);
    return await seed();
  } finally {
    const unlocked = await client
      .query(`select pg_advisory_unlock(${SEED_LOCK}); reset statement_timeout`)
      .then(
        () => undefined,
        (error: Error) => error,
      );
    client.release(unlocked);
  }
}
