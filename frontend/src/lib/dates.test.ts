import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('shows a calendar day as that day in any time zone', () => {
    expect(formatDate('2026-01-01', 'en')).toBe('Jan 1, 2026');
    expect(formatDate('2026-01-01', 'de')).toBe('01.01.2026');
  });

  it('is empty without a value and echoes what it cannot read', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('shows the date and the time', () => {
    const text = formatDateTime('2026-03-05T14:30:00Z', 'en');
    expect(text).toMatch(/Mar \d, 2026/);
    expect(text).toMatch(/\d{1,2}:30/);
  });

  it('is empty without a value', () => {
    expect(formatDateTime(undefined, 'en')).toBe('');
  });
});
