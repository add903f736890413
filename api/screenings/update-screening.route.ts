/**
 * PATCH /v1/screenings/{id} (not in the spec): switches ongoing monitoring on or off —
 * `{data: {attributes: {monitor: false}}}` stops re-screening the subject when its lists change.
 * Switching it on for a completed screening takes its current hits as the subject's known hits.
 * Only list screenings (not business-adverse-media, not monitoring screenings) can be monitored
 * (422 monitoring_not_supported).
 * A change records a screening.monitoring_started / monitoring_stopped event; the same value again
 * changes nothing.
 */
import { setScreeningMonitoring } from '../../activities/screening/screening.transitions.js';
import type { FeatureDeps } from '../feature-deps.js';
import { defineRoute } from '../http/route.js';
import { screeningDocument, screeningIdParams, updateScreeningBody } from './screening.schemas.js';
import { toScreeningResource } from './screening.serializer.js';

export function updateScreeningRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'patch',
    path: '/v1/screenings/{id}',
    scope: 'screenings:write',
    summary: 'Switch ongoing monitoring of a screening on or off',
    description: 'Not in the specification. attributes.monitor false stops ongoing monitoring of the subject; true starts it (list screenings; not business-adverse-media nor monitoring screenings).',
    tag: 'Screenings',
    schemas: {
      params: screeningIdParams,
      body: updateScreeningBody,
      responses: { 200: { description: 'The screening', schema: screeningDocument } },
    },
    async handler({ params, body, ctx }) {
      const row = await setScreeningMonitoring(deps.db, ctx.actor, ctx.environment, params.id, body.data.attributes.monitor, deps.clock());
      return { status: 200, body: { data: toScreeningResource(row) } };
    },
  });
}
