// The score of a fraud analysis, from its indicators:
//   HIGH_RISK — at least one RISK indicator of origin FRAUD;
//   WARNING   — otherwise, at least one WARNING (either origin) or a RISK of origin QUALITY;
//   NORMAL    — otherwise (INFO indicators only, or none).
// Pure.

import type { Indicator } from './indicator.js';

export type FraudScore = 'NORMAL' | 'WARNING' | 'HIGH_RISK';

export function scoreIndicators(indicators: readonly Indicator[]): FraudScore {
  if (indicators.some((i) => i.type === 'RISK' && i.origin === 'FRAUD')) return 'HIGH_RISK';
  if (indicators.some((i) => i.type === 'WARNING' || i.type === 'RISK')) return 'WARNING';
  return 'NORMAL';
}
