import {
  CLIENT_LIFECYCLE_EVENT_TYPES,
  PARTITIONS,
  ClientLifecycleEvent,
  type CheckpointedConsumer,
} from '@onboard/events';

/**
 * One row per client created through the lifecycle calls (`client-{clientId}`): the profile staff keep,
 * whether it is a draft, archived, deleted or LIVE, the setup checklist and who went through the welcome
 * flow. The client list joins it to the form's row (rm_clients) for its filters.
 */
export const clientLifecycleProjection: CheckpointedConsumer = {
  name: 'client-lifecycle',
  // Rows per client: split by client across the processes.
  partitions: PARTITIONS,
  filter: { eventTypes: CLIENT_LIFECYCLE_EVENT_TYPES },
  reset: async (tx) => {
    await tx.query('delete from rm_client_lifecycle');
  },
  handle: async (events, tx) => {
    for (const recorded of events) {
      const event = ClientLifecycleEvent.parse({ type: recorded.type, data: recorded.data });
      const { clientId, at } = event.data;
      const version = recorded.revision.toString();
      // One statement per event: the change and the row's version together.
      const set = (sql: string, ...values: unknown[]) =>
        tx.query(`update rm_client_lifecycle set ${sql}, version = $2 where client_id = $1`, [
          clientId,
          version,
          ...values,
        ]);
      switch (event.type) {
        case 'ClientCreated': {
          const d = event.data;
          await tx.query(
            `insert into rm_client_lifecycle (client_id, name, ticket_id, implementation_type,
               implementation_consultant_user_id, is_test, is_draft, policies, created_at, version)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             on conflict (client_id) do update set version = excluded.version`,
            [
              clientId,
              d.name,
              d.ticketId,
              d.implementationType,
              d.implementationConsultantUserId,
              d.isTest,
              d.draft,
              JSON.stringify(d.policies),
              at,
              version,
            ],
          );
          break;
        }
        case 'ClientProfileChanged': {
          const c = event.data.changes;
          await set(
            `name = coalesce($3, name), ticket_id = case when $4 then $5 else ticket_id end,
             implementation_type = coalesce($6, implementation_type),
             implementation_consultant_user_id = case when $7 then $8 else implementation_consultant_user_id end,
             is_test = coalesce($9, is_test), policies = coalesce($10::jsonb, policies)`,
            c.name ?? null,
            'ticketId' in c,
            c.ticketId ?? null,
            c.implementationType ?? null,
            'implementationConsultantUserId' in c,
            c.implementationConsultantUserId ?? null,
            c.isTest ?? null,
            event.data.policies ? JSON.stringify(event.data.policies) : null,
          );
          break;
        }
        case 'BaseClientMade':
          await set('is_draft = false');
          break;
        case 'ClientArchived':
          await set('is_archived = true');
          break;
        case 'ClientUnarchived':
          await set('is_archived = false');
          break;
        case 'ClientDeleted':
          await set('deleted_at = $3', at);
          break;
        case 'ClientReleaseStatusChanged':
          await set('release_status = $3', event.data.releaseStatus);
          break;
        case 'ClientSetupStepCompleted':
          await set(
            'setup_steps = setup_steps || jsonb_build_object($3::text, $4::text)',
            event.data.stepId,
            at,
          );
          break;
        case 'ClientSetupCompleted':
          await set('completed_setup_at = $3', at);
          break;
        case 'WelcomeFlowCompleted':
          await set(
            'welcome_completed = welcome_completed || jsonb_build_object($3::text, $4::text)',
            event.data.by.userId,
            at,
          );
          break;
      }
    }
  },
};
