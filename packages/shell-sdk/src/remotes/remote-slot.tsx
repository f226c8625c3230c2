/**
 * `<RemoteSlot>`: renders one module exposed by a remote, loaded at run time. Second and third
 * layers of failure containment (DESIGN §1a): an error boundary around the slot shows a small
 * "This part is unavailable" panel, and its Retry builds a fresh `React.lazy` (a rejected lazy
 * component stays rejected forever) after making the runtime forget the failed remote.
 */
import { Box, Button, Center, Spinner, Text } from '@vouch/ui';
import { Component, lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useFirstScreenDone } from '../first-screen';
import { isFallbackModule, RemoteUnavailableError } from './fallback-plugin';
import { forgetRemote, loadRemoteModule } from './remote-runtime';

export interface RemoteSlotProps {
  /** Federation name, e.g. `mf_vouches`. */
  remote: string;
  /** Exposed module, e.g. `./CreateVouchButton` or `./routes`. */
  module: string;
  /** For modules whose default export is an object of components (`./routes`): the key to render. */
  pick?: string;
  /** Shown while the module loads: a spinner with "Loading…" when not given; `null` shows nothing. */
  fallback?: ReactNode;
  /** Props for the remote component. */
  props?: Record<string, unknown>;
  /** Smaller "unavailable" panel, for header and inline slots. */
  compact?: boolean;
  /**
   * A signed-in page: the server's first screen (its intro) gives way as soon as the module has
   * rendered, in the same commit, whatever the page still loads. A public page decides that itself
   * (useFirstScreenDone once its data is in), as its first screen shows that data.
   */
  replacesFirstScreen?: boolean;
}

type AnyComponent = ComponentType<Record<string, unknown>>;

function isComponent(value: unknown): value is AnyComponent {
  // Functions, plus memo/forwardRef/lazy objects (which carry React's $$typeof tag).
  return typeof value === 'function' || (!!value && typeof value === 'object' && '$$typeof' in value);
}

/** Loads the module and picks the component to render; any miss is a RemoteUnavailableError. */
export async function loadRemoteComponent(remote: string, module: string, pick?: string): Promise<{ default: AnyComponent }> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const loaded = await loadRemoteModule(remote, module);
  if (isFallbackModule(loaded)) throw loaded.error;
  if (!loaded) throw new RemoteUnavailableError(id);
  const exported = (loaded as { default?: unknown }).default ?? loaded;
  const component = pick ? (exported as Record<string, unknown>)[pick] : exported;
  if (!isComponent(component)) throw new RemoteUnavailableError(pick ? `${id} [${pick}]` : id);
  return { default: component };
}

interface BoundaryProps {
  remote: string;
  compact: boolean;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept visible for whoever debugs a broken deployment; the user sees the panel.
    console.warn(`[RemoteSlot] ${this.props.remote} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RemoteUnavailable remote={this.props.remote} compact={this.props.compact} onRetry={this.props.onRetry} />;
  }
}

function RemoteUnavailable({ remote, compact, onRetry }: { remote: string; compact: boolean; onRetry: () => void }) {
  // A page whose remote failed shows this panel, not the server's first screen, which it cannot replace.
  useFirstScreenDone();
  return (
    <Box
      role="alert"
      data-testid="remote-unavailable"
      data-remote={remote}
      borderWidth="1px"
      borderColor="orange.200"
      bg="orange.50"
      color="orange.900"
      rounded="lg"
      px={compact ? '3' : '5'}
      py={compact ? '1.5' : '4'}
      display="flex"
      alignItems="center"
      gap="3"
      flexWrap="wrap"
    >
      <Box flex="1" minW="0">
        <Text fontWeight="semibold" fontSize={compact ? 'xs' : 'sm'}>
          This part is unavailable
        </Text>
        {compact ? null : (
          <Text fontSize="sm" color="orange.800">
            It could not be loaded. The rest of Vouch keeps working.
          </Text>
        )}
      </Box>
      <Button size={compact ? 'xs' : 'sm'} variant="outline" colorPalette="orange" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}

function DefaultLoading() {
  return (
    <Center py="10" role="status" aria-live="polite">
      <Spinner size="md" color="brand.600" />
      <Text ml="3" color="fg.muted" fontSize="sm">
        Loading…
      </Text>
    </Center>
  );
}

/** Removes the first screen in the commit that shows its siblings (a layout effect runs after theirs). */
function FirstScreenDone() {
  useFirstScreenDone();
  return null;
}

export function RemoteSlot({ remote, module, pick, fallback, props, compact = false, replacesFirstScreen = false }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);

  // A new lazy component per attempt: React caches a lazy's rejection for its lifetime.
  const Remote = useMemo(() => lazy(() => loadRemoteComponent(remote, module, pick)), [remote, module, pick, attempt]);

  const retry = useCallback(() => {
    setRetrying(true);
    void forgetRemote(remote).finally(() => {
      setRetrying(false);
      setAttempt((n) => n + 1);
    });
  }, [remote]);

  // `null` is a fallback of its own (a header button shows nothing while it loads), not a missing one.
  const loading = fallback === undefined ? <DefaultLoading /> : fallback;
  if (retrying) return <>{loading}</>;
  return (
    // Keyed by attempt so the boundary itself resets along with the lazy component.
    <RemoteErrorBoundary key={attempt} remote={remote} compact={compact} onRetry={retry}>
      <Suspense fallback={loading}>
        <Remote {...props} />
        {replacesFirstScreen ? <FirstScreenDone /> : null}
      </Suspense>
    </RemoteErrorBoundary>
  );
}
