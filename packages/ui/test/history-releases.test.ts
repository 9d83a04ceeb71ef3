import { describe, expect, it } from 'vitest';
import { auditActionText, auditActorName, auditChanges } from '../src/kit/index.js';
import { makeAuditEvent } from '../src/testing/data.js';

/** Release operations in the history (issues 25 and 27): a remote's deploy key acts, and who gets a version changes. */
describe('a release event in the history', () => {
  const release = (fields: Parameters<typeof makeAuditEvent>[1]) =>
    makeAuditEvent(1, { entity_type: 'release', entity_label: 'companies@1.0.0-b2', ...fields });

  it('names the deploy key that acted, as it names a partner portal', () => {
    const event = release({
      action: 'release.published',
      actor: { type: 'deploy_key', id: null, label: 'CI empresas' },
    });
    expect(auditActorName(event)).toBe('Chave de publicação CI empresas');
    expect(auditActionText(event)).toBe('Publicou a versão');
    // A new release's values are its own, not a change.
    expect(auditChanges({ ...event, changes: { version: { old: null, new: '1.0.0-b2' } } })).toEqual([]);
  });

  it('lists who gets which version before and after', () => {
    const promoted = release({
      action: 'release.promoted',
      changes: {
        stable_version: { old: 'companies@1.0.0-a1', new: 'companies@1.0.0-b2' },
        canary_version: { old: 'companies@1.0.0-b2', new: null },
        canary_users: { old: ['ana@example.com', 'bia@example.com'], new: [] },
      },
    });
    expect(auditActionText(promoted)).toBe('Liberou a versão para todos');
    expect(auditChanges(promoted)).toEqual([
      'Versão de todos: companies@1.0.0-a1 → companies@1.0.0-b2',
      'Versão do canary: companies@1.0.0-b2 → (vazio)',
      'Usuários do canary: ana@example.com, bia@example.com → (vazio)',
    ]);
    const canary = release({ action: 'release.canary', changes: { canary_percent: { old: 10, new: 50 } } });
    expect(auditActionText(canary)).toBe('Liberou a versão para um grupo (canary)');
    expect(auditChanges(canary)).toEqual(['Parcela do canary (%): 10 → 50']);
    expect(auditActionText(release({ action: 'release.rolled_back' }))).toBe('Voltou à versão anterior');
  });
});
