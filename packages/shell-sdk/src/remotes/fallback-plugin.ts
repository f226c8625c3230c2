/**
 * First layer of failure containment (DESIGN §1a): a federation runtime plugin whose
 * `errorLoadRemote` hook answers a failed `loadRemote` with a fallback module instead of a
 * rejection. Its default export is a component that throws `RemoteUnavailableError` when
 * rendered, so any consumer's error boundary shows the "unavailable" panel; `<RemoteSlot>`
 * recognises the module and fails fast.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const FALLBACK = Symbol.for('vouch.remoteFallback');

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';

  constructor(
    readonly remoteId: string,
    override readonly cause?: unknown,
  ) {
    super(`Remote module ${remoteId} is unavailable`);
  }
}

export interface FallbackModule {
  [FALLBACK]: true;
  error: RemoteUnavailableError;
  default: () => never;
}

export function createFallbackModule(remoteId: string, cause: unknown): FallbackModule {
  const error = new RemoteUnavailableError(remoteId, cause);
  return {
    [FALLBACK]: true,
    error,
    default: () => {
      throw error;
    },
  };
}

export function isFallbackModule(value: unknown): value is FallbackModule {
  return !!value && typeof value === 'object' && (value as Record<symbol, unknown>)[FALLBACK] === true;
}

export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vouch-remote-fallback',
    errorLoadRemote(args) {
      // Only a module load can be answered with a module; other lifecycles (shared-module
      // negotiation, request rewriting) expect other shapes, so they keep failing loudly.
      if (args.lifecycle !== 'onLoad') return undefined;
      return createFallbackModule(args.id, args.error);
    },
  };
}
