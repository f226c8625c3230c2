import { usagePeriod } from '../src/domain/usage-period';

describe('usage periods are calendar months in UTC', () => {
  it('run from the 1st to 00:00 UTC on the 1st of the next month', () => {
    expect(usagePeriod(new Date('2025-11-22T10:30:00Z'))).toEqual({ periodStart: '2025-11-01', periodEnd: new Date('2025-12-01T00:00:00Z') });
  });

  it('roll over into the new year', () => {
    expect(usagePeriod(new Date('2025-12-31T23:59:59.999Z'))).toEqual({ periodStart: '2025-12-01', periodEnd: new Date('2026-01-01T00:00:00Z') });
    expect(usagePeriod(new Date('2026-01-01T00:00:00Z')).periodStart).toBe('2026-01-01');
  });

  it('follow UTC, not the server time zone, at the boundary', () => {
    // 23:30 on Jan 31 in New York is already February in UTC.
    expect(usagePeriod(new Date('2026-01-31T23:30:00-05:00')).periodStart).toBe('2026-02-01');
  });

  it('handle February in leap and common years', () => {
    expect(usagePeriod(new Date('2028-02-29T12:00:00Z')).periodEnd).toEqual(new Date('2028-03-01T00:00:00Z'));
    expect(usagePeriod(new Date('2027-02-28T12:00:00Z')).periodEnd).toEqual(new Date('2027-03-01T00:00:00Z'));
  });
});
