/**
 * Which screenings ongoing monitoring can follow: list screenings (watchlist, PEP, business
 * watchlist) of an API or batch request that have not failed. Adverse media has no list versions to
 * follow, a failed screening has no result to compare against, and a monitoring screening reports
 * on a subject that is itself monitored.
 */
import type { ScreeningType } from '../../../workflows/screening/screening.contract.js';

export const MONITORABLE_TYPES: readonly ScreeningType[] = ['screening/watchlist', 'screening/politically-exposed-person', 'screening/business-watchlist'];

export interface MonitoringRefusal {
  code: 'monitoring_not_supported';
  detail: string;
}

export function monitoringRefusal(screening: { type: string; status: string; origin: string }): MonitoringRefusal | undefined {
  if (!(MONITORABLE_TYPES as readonly string[]).includes(screening.type)) {
    return { code: 'monitoring_not_supported', detail: `${screening.type} screenings cannot be monitored (only ${MONITORABLE_TYPES.join(', ')})` };
  }
  if (screening.origin === 'monitoring') return { code: 'monitoring_not_supported', detail: 'a monitoring screening reports on a monitored subject; monitor the original screening' };
  if (screening.status === 'failed') return { code: 'monitoring_not_supported', detail: 'a failed screening has no result to monitor; create a new screening with monitor: true' };
  return undefined;
}
