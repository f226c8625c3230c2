import { createFallbackModule, isFallbackModule, remoteFallbackPlugin, RemoteUnavailableError } from '../src/remotes/fallback-plugin';
import { shouldRetryProfile } from '../src/auth/use-current-user';

describe('errorLoadRemote fallback plugin', () => {
  const plugin = remoteFallbackPlugin();
  const hook = plugin.errorLoadRemote as (args: Record<string, unknown>) => unknown;

  it('answers a failed module load with a fallback module whose component throws', () => {
    const failure = new Error('ScriptExternalLoadError');
    const result = hook({ id: 'mf_vouches/routes', error: failure, lifecycle: 'onLoad', from: 'runtime' });
    expect(isFallbackModule(result)).toBe(true);
    if (!isFallbackModule(result)) return;
    expect(result.error).toBeInstanceOf(RemoteUnavailableError);
    expect(result.error.cause).toBe(failure);
    expect(() => result.default()).toThrow('Remote module mf_vouches/routes is unavailable');
  });

  it('leaves other lifecycles failing', () => {
    expect(hook({ id: 'react', error: new Error('x'), lifecycle: 'beforeLoadShare', from: 'runtime' })).toBeUndefined();
    expect(hook({ id: 'mf_auth/routes', error: new Error('x'), lifecycle: 'beforeRequest', from: 'runtime' })).toBeUndefined();
  });

  it('does not mistake an ordinary module for a fallback', () => {
    expect(isFallbackModule({ default: () => null })).toBe(false);
    expect(isFallbackModule(null)).toBe(false);
    expect(isFallbackModule(createFallbackModule('x/y', null))).toBe(true);
  });
});

describe('profile retry rule', () => {
  it('never retries "Not authenticated" and retries anything else once', () => {
    expect(shouldRetryProfile(0, new Error('401: Not authenticated'))).toBe(false);
    expect(shouldRetryProfile(0, new Error('503: Service Unavailable'))).toBe(true);
    expect(shouldRetryProfile(1, new Error('503: Service Unavailable'))).toBe(false);
  });
});
