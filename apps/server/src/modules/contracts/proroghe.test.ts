import { describe, expect, it } from 'vitest';
import { prorogheOf } from './contracts.service';

/** "Proroghe n/4" (issue 30 item 14): D.Lgs. 81/2015 tells the proroghe of one contract from the rinnovi. */
describe('prorogheOf', () => {
  const spans = [
    { s: '2024-01-01', e: '2024-06-30' },
    // A proroga: the next contract continues the first without a day's break.
    { s: '2024-07-01', e: '2024-12-31' },
    // A rinnovo: after a break of a month it starts its own count.
    { s: '2025-02-01', e: '2025-04-30' },
    { s: '2025-05-01', e: '2025-07-31' },
    { s: '2025-08-01', e: null },
  ];

  it('counts the fixed-term contracts a contract continues without a break, not every earlier one', () => {
    expect(prorogheOf(spans, '2024-01-01')).toBe(0);
    expect(prorogheOf(spans, '2024-07-01')).toBe(1);
    // Before the fix this was 2 (every earlier fixed-term contract): the rinnovo starts afresh.
    expect(prorogheOf(spans, '2025-02-01')).toBe(0);
    expect(prorogheOf(spans, '2025-05-01')).toBe(1);
    expect(prorogheOf(spans, '2025-08-01')).toBe(2);
  });

  it('ends on a loop of data it cannot trust', () => {
    expect(prorogheOf([{ s: '2025-01-02', e: '2025-01-01' }], '2025-01-02')).toBe(1);
  });
});
