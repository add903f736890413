/**
 * PATCH /v1/screenings/{id} (not in the spec): switches ongoing monitoring on or off —
 * `{data: {attributes: {monitor: false}}}` stops re-screening the subject when its lists change.
 * Switching it on for a completed screening takes its current hits as the subject's known hits
 * (hits already known keep what monitoring reported about them).
 * Only list screenings (not business-adverse-media, not monitoring screenings) can be monitored
 * (422 monitoring_not_supported). `data.id` and `data.type`, when given, must name this screening:
 * JSON:API answers a resource object that names another resource with 409 Conflict (id_mismatch,
 * type_mismatch); a type that is no screening type at all fails validation (422).
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
    description:
      'Not in the specification. attributes.monitor false stops ongoing monitoring of the subject; true starts it (list screenings; not ' +
      'business-adverse-media nor monitoring screenings). data.id and data.type are optional; given, they must name this screening ' +
      '(data.type: its type as GET shows it, or screening): another id answers 409 id_mismatch, another screening type 409 type_mismatch.',
    tag: 'Screenings',
    schemas: {
      params: screeningIdParams,
      body: updateScreeningBody,
      responses: { 200: { description: 'The screening', schema: screeningDocument } },
    },
    async handler({ params, body, ctx }) {
      // data.id is checked for every PATCH route (api/app.ts checkPatchedId).
      const { type, attributes } = body.data;
      const row = await setScreeningMonitoring(deps.db, ctx.actor, ctx.environment, params.id, attributes.monitor, deps.clock(), type);
      return { status: 200, body: { data: toScreeningResource(row) } };
    },
  });
}
