/**
 * Which screenings ongoing monitoring can follow: list screenings (watchlist, PEP, business
 * watchlist) of an API or batch request, whatever their status — a subject whose screening failed
 * with no_lists_loaded is screened when its lists arrive. Adverse media has no list versions to
 * follow, and a monitoring screening reports on a subject that is itself monitored.
 */
import type { ScreeningType } from '../../../workflows/screening/screening.contract.js';

export const MONITORABLE_TYPES: readonly ScreeningType[] = ['screening/watchlist', 'screening/politically-exposed-person', 'screening/business-watchlist'];

export interface MonitoringRefusal {
  code: 'monitoring_not_supported';
  detail: string;
}

export function monitoringRefusal(screening: { type: string; origin: string }): MonitoringRefusal | undefined {
  if (!(MONITORABLE_TYPES as readonly string[]).includes(screening.type)) {
    return { code: 'monitoring_not_supported', detail: `${screening.type} screenings cannot be monitored (only ${MONITORABLE_TYPES.join(', ')})` };
  }
  if (screening.origin === 'monitoring') return { code: 'monitoring_not_supported', detail: 'a monitoring screening reports on a monitored subject; monitor the original screening' };
  return undefined;
}
