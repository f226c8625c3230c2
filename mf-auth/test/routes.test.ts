import { routes } from '../src/routes';

// The shell's route table (shell/src/app/route-table.ts, docs/architecture.md) picks these keys.
describe('mf_auth ./routes', () => {
  it('exposes a page component for exactly the routes it owns', () => {
    expect(Object.keys(routes).sort()).toEqual(['/auth', '/settings/sessions'].sort());
    for (const page of Object.values(routes)) expect(typeof page).toBe('function');
  });
});
