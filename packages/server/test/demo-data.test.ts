import { isValidCnpj } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../src/cli/seed-demo.js';
import { demoCompanies } from '../src/seed/demo-companies.js';
import { testAppPerSuite } from './support/app.js';

describe('demo companies', () => {
  const companies = [...demoCompanies(2_000)];

  it('are valid, distinct and realistic', () => {
    expect(companies).toHaveLength(2_000);
    expect(companies.every((c) => isValidCnpj(c.tax_id))).toBe(true);
    expect(new Set(companies.map((c) => c.tax_id)).size).toBe(2_000);
    const share = (p: (c: (typeof companies)[number]) => boolean) => companies.filter(p).length / companies.length;
    expect(share((c) => c.type === 'matriz')).toBeGreaterThan(0.2);
    expect(share((c) => c.type === 'filial')).toBeGreaterThan(0.4);
    expect(share((c) => !c.is_active)).toBeGreaterThan(0.05);
    expect(share((c) => /[A-Z]/.test(c.tax_id))).toBeGreaterThan(0.05);
  });

  it('give each filial the CNPJ root of the matriz before it', () => {
    let root = '';
    for (const c of companies) {
      if (c.type === 'matriz') {
        root = c.tax_id.slice(0, 8);
        expect(c.tax_id.slice(8, 12)).toBe('0001');
      } else {
        expect(c.tax_id.slice(0, 8)).toBe(root);
      }
    }
  });

  describe('loaded into the database', () => {
    const t = testAppPerSuite();

    it('adds new companies each time and keeps the counters exact', async () => {
      expect(await loadDemoCompanies(t.database, 1_500)).toBe(1_500);
      expect(await loadDemoCompanies(t.database, 300)).toBe(300);
      const list = await t.get('companies/?limit=1', t.superuserToken);
      expect(list.json().count).toBe(1_800);
      const inactive = await t.get('companies/?is_active=false&limit=1', t.superuserToken);
      const active = await t.get('companies/active?limit=1', t.superuserToken);
      expect(inactive.json().count + active.json().count).toBe(1_800);
    });
  });
});
