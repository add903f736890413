import { describe, expect, it } from 'vitest';
import { plainReport } from './plain-report.js';

// Closing lines of test runners that CI reads: pytest's (with or without its '=' banner: "-q" drops
// it) and the plain "N passed, N failed" line.
const RUNNER_CLOSING = [
  /^=*\s*(\d+ (passed|failed|warnings?|errors?|skipped|deselected)(, )?)+ in [\d.]+s\b/m,
  /^=*\s*no tests ran\b/m,
  /^(\w+: )?\d+ passed, \d+ failed/m,
];

describe('the fuzzing report printed inside npm test', () => {
  const report = [
    '=== WARNINGS ===================================',
    'Test cases:',
    '  8911 generated, 8911 passed',
    '',
    '============================ 2 warnings in 108.86s =============================',
    '2 warnings in 108.86s',
    '3 passed, 0 failed',
    '============================ no tests ran in 0.01s =============================',
  ].join('\n');

  it('carries no line CI would read as the closing line of a test runner', () => {
    for (const pattern of RUNNER_CLOSING) expect(report).toMatch(pattern);
    const plain = plainReport(report);
    for (const pattern of RUNNER_CLOSING) expect(plain).not.toMatch(pattern);
    expect(plain).not.toMatch(/^=/m);
  });

  it('keeps every line readable', () => {
    const plain = plainReport(report).split('\n');
    expect(plain).toHaveLength(8);
    expect(plain[0]).toBe('schemathesis | -- WARNINGS --');
    expect(plain[2]).toBe('schemathesis |   8911 generated, 8911 passed');
    expect(plain[4]).toBe('schemathesis | -- 2 warnings in 108.86s --');
  });
});
