import { describe, expect, it } from 'vitest';
import { withoutBanners } from './plain-report.js';

// pytest's closing line: a banner of '=' around "N passed/failed/warnings… in T s" or "no tests ran".
const PYTEST_CLOSING = /^=+ .*\b(passed|failed|warnings?|errors?|no tests ran)\b.* in [\d.]+s? =+$/m;

describe('the fuzzing report printed inside npm test', () => {
  it('carries no line CI would read as a pytest run that executed no test', () => {
    const report = [
      '=== WARNINGS ===================================',
      'Test cases:',
      '  8911 generated, 8911 passed',
      '',
      '============================ 2 warnings in 108.86s =============================',
    ].join('\n');
    expect(report).toMatch(PYTEST_CLOSING);
    const plain = withoutBanners(report);
    expect(plain).not.toMatch(PYTEST_CLOSING);
    expect(plain).not.toMatch(/^=/m);
    expect(plain).toContain('-- 2 warnings in 108.86s --');
    expect(plain).toContain('-- WARNINGS --');
    expect(plain).toContain('8911 generated, 8911 passed');
  });
});
