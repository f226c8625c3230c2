import { REMOTE_ROUTES, SIGN_IN_SCREEN } from '../src/app/route-table';

describe('shell route table', () => {
  it('covers every remote-rendered route of SPEC §2 with its access', () => {
    const access = Object.fromEntries(REMOTE_ROUTES.map((route) => [route.path, route.access]));
    expect(access).toEqual({
      '/auth': 'public',
      '/vouch/:vouchToken': 'public',
      '/profile/:slug': 'public',
      '/dashboard': 'login',
      '/members/:memberId': 'login',
      '/my-vouches': 'login',
      '/pending-vouches': 'login',
      '/introduction-requests': 'login',
      '/network': 'login',
      '/stats': 'login',
      '/subscription': 'login',
      '/settings/sessions': 'login',
    });
  });

  it('sends each route to the remote that owns it (architecture.md)', () => {
    const owner = Object.fromEntries(REMOTE_ROUTES.map((route) => [route.path, route.remote]));
    expect(owner['/network']).toBe('mf_network');
    expect(owner['/introduction-requests']).toBe('mf_introductions');
    expect(owner['/subscription']).toBe('mf_subscription');
    expect(owner['/stats']).toBe('mf_vouches');
    expect(owner['/settings/sessions']).toBe('mf_auth');
    expect(SIGN_IN_SCREEN).toEqual({ remote: 'mf_auth', key: '/auth' });
  });
});
