import { v5 as uuidv5 } from 'uuid';
import { eifStream, type EventStore, type NewEvent } from '../../events/src/index.ts';
import {
  explorerSlugStream,
  explorerStream,
  type ExplorerPlan,
} from '../../events/src/catalogue/explorer.ts';
import { decideExplorerSite } from '../../domain/src/explorer/decider.ts';
import type { Role } from '../../domain/src/index.ts';
import {
  SYSTEM_ACTOR,
  loadUser,
  registerUser,
  setPassword,
  type AuthDeps,
} from '../../command-api/src/auth/index.ts';

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

const entities = [
  {
    entity: 'Client',
    entityId: DEMO_CLIENT_ID,
    attributes: {
      name: 'Lakeside Manufacturing Co.',
      taxId: null,
      employeesNumber: 240,
      isActive: true,
      isTest: false,
      implementationType: 'NEW_CASE',
      digitalEIF: true,
    },
  },
  {
    entity: 'Policy',
    entityId: 'policy-lakeside-1',
    attributes: {
      slfPolicyNumber: '934781',
      primaryPolicy: true,
      slfCoverages: ['Dental', 'Vision', 'Long Term Disability', 'Basic Life'],
      issuedStateSitus: 'IL',
      policyEffective: '2027-01-01',
    },
  },
  {
    entity: 'Policy',
    entityId: 'policy-lakeside-2',
    attributes: {
      slfPolicyNumber: '934782',
      primaryPolicy: false,
      slfCoverages: ['Short Term Disability'],
      issuedStateSitus: 'IL',
      policyEffective: '2027-01-01',
    },
  },
  {
    entity: 'Plan',
    entityId: 'plan-dental',
    attributes: { benefitType: 'DENTAL', policyId: 'policy-lakeside-1' },
  },
  {
    entity: 'Plan',
    entityId: 'plan-vision',
    attributes: { benefitType: 'VISION', policyId: 'policy-lakeside-1' },
  },
  {
    entity: 'Plan',
    entityId: 'plan-ltd',
    attributes: { benefitType: 'LONG_TERM_DISABILITY', policyId: 'policy-lakeside-1', salaryBased: true },
  },
  {
    entity: 'Plan',
    entityId: 'plan-life',
    attributes: { benefitType: 'LIFE', policyId: 'policy-lakeside-1' },
  },
  {
    entity: 'Plan',
    entityId: 'plan-std',
    attributes: { benefitType: 'SHORT_TERM_DISABILITY', policyId: 'policy-lakeside-2', salaryBased: true },
  },
] as const;

const DAY = 24 * 3600_000;

export async function seedDemoData(store: EventStore, now: Date): Promise<void> {
  // The EIF task is due twelve days after the first start, so the badge reads as a real deadline.
  const tasks = [
    {
      id: 'eif-submit-company-information',
      status: 'In Progress',
      dueDate: new Date(now.getTime() + 12 * DAY).toISOString().slice(0, 10),
    },
  ];
  const seeded = entities.map((e) =>
    e.entity === 'Client' ? { ...e, attributes: { ...e.attributes, tasks } } : e,
  );
  const events: NewEvent[] = seeded.map((e) => ({
    id: uuidv5(`${DEMO_CLIENT_ID}/${e.entity}/${e.entityId}`, NAMESPACE),
    type: 'EifEntityCreated',
    data: { clientId: DEMO_CLIENT_ID, ...e },
    metadata: {
      actorId: 'demo-owner',
      actorRole: 'SLF_OWNER',
      occurredAt: now.toISOString(),
      correlationId: uuidv5('seed', NAMESPACE),
    },
  }));
  const existing = await store.readStream(eifStream(DEMO_CLIENT_ID), { maxCount: 1 });
  if (existing.length === 0) await store.append(eifStream(DEMO_CLIENT_ID), events, 'no_stream');
  await seedDemoExplorerPage(store, now);
}

export const DEMO_EXPLORER_PAGE_ID = uuidv5(`${DEMO_CLIENT_ID}/ExplorerPage/demo`, NAMESPACE);
export const DEMO_EXPLORER_SLUG = 'lakeside';

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
  {
    id: 'demo-dental-dhmo-il',
    carrierId: 1,
    benefitType: 'DENTAL',
    planType: 'DHMO',
    planName: 'Prepaid Dental Illinois',
    benefitLevel: 'LOW_HIGH',
    prepaidSitusState: 'IL',
    prepaidDentalNetwork: 'DHMO_SERIES',
    dentalYearType: 'PLAN',
    dentalPreventiveCoinsuranceInNetwork: 100,
    dentalPreventiveCoinsuranceOutOfNetwork: 0,
    dentalBasicCoinsuranceInNetwork: 90,
    dentalBasicCoinsuranceOutOfNetwork: 0,
    dentalMajorCoinsuranceInNetwork: 60,
    dentalMajorCoinsuranceOutOfNetwork: 0,
  },
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
async function seedDemoExplorerPage(store: EventStore, now: Date): Promise<void> {
  const existing = await store.readStream(explorerStream(DEMO_EXPLORER_PAGE_ID), { maxCount: 1 });
  if (existing.length > 0) return;
  const by = { userId: 'demo-owner', at: now.toISOString() };
  const decision = decideExplorerSite(
    {
      type: 'CreateSite',
      explorerPageId: DEMO_EXPLORER_PAGE_ID,
      clientId: DEMO_CLIENT_ID,
      pageOwner: 'demo-owner',
      site: demoExplorerSite(),
      plans: demoPlans,
      by,
    },
    { status: 'none' },
  );
  if (!decision.ok) throw new Error(`demo Explorer page refused: ${JSON.stringify(decision.error)}`);
  const metadata = {
    actorId: 'demo-owner',
    actorRole: 'SLF_OWNER',
    occurredAt: now.toISOString(),
    correlationId: uuidv5('seed/explorer', NAMESPACE),
  };
  const slugEvent: NewEvent = {
    id: uuidv5(`${DEMO_EXPLORER_PAGE_ID}/slug`, NAMESPACE),
    type: 'ExplorerSlugReserved',
    data: { slug: DEMO_EXPLORER_SLUG, explorerPageId: DEMO_EXPLORER_PAGE_ID },
    metadata,
  };
  const slugStream = await store.readStream(explorerSlugStream(DEMO_EXPLORER_SLUG), { maxCount: 1 });
  if (slugStream.length === 0)
    await store.append(explorerSlugStream(DEMO_EXPLORER_SLUG), [slugEvent], 'no_stream');
  const events: NewEvent[] = decision.events.map((event, index) => ({
    id: uuidv5(`${DEMO_EXPLORER_PAGE_ID}/${index}`, NAMESPACE),
    type: event.type,
    data: event.data,
    metadata,
  }));
  await store.append(explorerStream(DEMO_EXPLORER_PAGE_ID), events, 'no_stream');
}

function demoExplorerSite() {
  return {
    name: 'Lakeside Manufacturing benefits',
    language: 'en',
    kioskMode: false,
    startsAt: null,
    expiresAt: null,
    planYear: '2027',
    openEnrollmentStart: null,
    openEnrollmentEnd: null,
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
    benAdminPlatformUrl: null,
    notificationLink: null,
    customCalendlyLink: null,
    customClientName: 'Lakeside Manufacturing Co.',
    logoDocumentId: null,
    employeeCount: 240,
    hasEmployeesInNY: false,
    showBenefitCount: true,
    associationId: null,
    hideProviderLogo: false,
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
    enableContactUsAppointment: false,
    enableContactUsEmail: true,
    enableContactUsLiveChat: false,
  };
}

/**
 * The demo users of the embedded default, with the printed demo password and no authenticator yet (the
 * first sign-in enrols one from the QR code). A user whose stream exists is left as it is, so a restart
 * keeps enrolments and changed passwords.
 */
export async function seedDemoUsers(deps: AuthDeps, password: string): Promise<void> {
  for (const user of DEMO_USERS) {
    const { state } = await loadUser(deps.store, user.id);
    if (state.status !== 'none') continue;
    await registerUser(deps, SYSTEM_ACTOR, {
      type: 'RegisterUser',
      userId: user.id,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: null,
      clientIds: user.clientIds,
    });
    await setPassword(deps, user.id, password);
  }
}
