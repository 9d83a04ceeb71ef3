import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatNumber } from '../src/index.js';

describe('pt-BR formatting', () => {
  it('groups thousands with a dot', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(1_000_001)).toBe('1.000.001');
  });

  it('writes dates day first', () => {
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('05/03/2026');
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe('05/03/2026, 14:07');
  });

  it('says a total with the singular for one and "mais de" for a lower bound', () => {
    const noun = { one: 'empresa', other: 'empresas' };
    expect(formatCount(1, noun)).toBe('1 empresa');
    expect(formatCount(2, noun)).toBe('2 empresas');
    expect(formatCount(0, noun)).toBe('0 empresas');
    expect(formatCount(12_345, noun)).toBe('12.345 empresas');
    expect(formatCount(10_000, noun, false)).toBe('mais de 10.000 empresas');
  });
});
