import { v5 as uuidv5 } from 'uuid';
import { eifStream, type EventStore, type NewEvent } from '../../events/src/index.ts';
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
  if (existing.length > 0) return;
  await store.append(eifStream(DEMO_CLIENT_ID), events, 'no_stream');
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
