import { SHARED_SINGLETONS, sharedSingletons } from '../src/shared';

describe('the shared singleton map (DESIGN §1a)', () => {
  it('shares exactly React and our two wrappers (the SDK in two parts), never Chakra, emotion, the router or react-query directly', () => {
    expect([...SHARED_SINGLETONS].sort()).toEqual(['@vouch/shell-sdk', '@vouch/shell-sdk/base', '@vouch/ui', 'react', 'react-dom', 'react-dom/', 'react/']);
    const keys = Object.keys(sharedSingletons());
    for (const direct of ['@chakra-ui/react', '@emotion/react', 'react-router-dom', 'react-router', '@tanstack/react-query']) expect(keys).not.toContain(direct);
  });

  it('makes every entry a singleton and none eager', () => {
    for (const entry of Object.values(sharedSingletons())) {
      expect(entry.singleton).toBe(true);
      expect(entry.eager).toBe(false);
    }
  });
});
