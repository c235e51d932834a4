import { FeatureToggleEvent } from '@onboard/events';
import { unionProjection } from './each-event.ts';

/**
 * The feature toggles as staff set them: one row per toggle set globally (`client_id` '') and one per
 * client override; clearing an override deletes its row.
 */
export const featureTogglesProjection = unionProjection(
  { name: 'feature-toggles', union: FeatureToggleEvent, tables: ['rm_feature_toggles'] },
  async (event, tx) => {
    if (event.type === 'FeatureToggleOverrideCleared') {
      await tx.query('delete from rm_feature_toggles where toggle = $1 and client_id = $2', [
        event.data.toggle,
        event.data.clientId,
      ]);
      return;
    }
    const { toggle, clientId, enabled, at, by } = event.data;
    await tx.query(
      `insert into rm_feature_toggles (toggle, client_id, enabled, updated_at, updated_by)
         values ($1, $2, $3, $4, $5)
         on conflict (toggle, client_id) do update set
           enabled = excluded.enabled, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      [toggle, clientId ?? '', enabled, at, by.userId],
    );
  },
);
