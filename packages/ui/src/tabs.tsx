/**
 * Tabs (Chakra's `Tabs.Root / List / Trigger / Content / Indicator / ContentGroup`, same props)
 * whose implementation loads with the first `<Tabs.Root>` rendered: @vouch/ui is a shared module,
 * bundled whole, and tabs (zag's machine, ~4 KB gzip) only appear on pages behind sign-in, never
 * on the landing page (DESIGN §1a). Until the chunk arrives (a few ms) the Root renders nothing;
 * then the parts render synchronously from the loaded module, passed down by context.
 */
import type { Tabs as ChakraTabs } from '@chakra-ui/react';
import { createContext, lazy, Suspense, useContext, type ComponentProps, type ComponentType } from 'react';

type TabsModule = typeof ChakraTabs;
type PartName = 'List' | 'Trigger' | 'Content' | 'Indicator' | 'ContentGroup';

const TabsImplementation = createContext<TabsModule | null>(null);

const LoadedRoot = lazy(async () => {
  const { Tabs, tabsSlotRecipe } = await import('./tabs-impl');
  function Root(props: ComponentProps<TabsModule['Root']>) {
    return (
      <TabsImplementation.Provider value={Tabs}>
        <Tabs.Root recipe={tabsSlotRecipe} {...props} />
      </TabsImplementation.Provider>
    );
  }
  return { default: Root };
});

function Root(props: ComponentProps<TabsModule['Root']>) {
  return (
    <Suspense fallback={null}>
      <LoadedRoot {...props} />
    </Suspense>
  );
}

function part<Name extends PartName>(name: Name): TabsModule[Name] {
  function Part(props: Record<string, unknown>) {
    const Tabs = useContext(TabsImplementation);
    if (!Tabs) throw new Error(`<Tabs.${name}> must be inside <Tabs.Root>`);
    const Component = Tabs[name] as ComponentType<Record<string, unknown>>;
    return <Component {...props} />;
  }
  Part.displayName = `Tabs.${name}`;
  return Part as unknown as TabsModule[Name];
}

export const Tabs: Pick<TabsModule, 'Root' | PartName> = {
  Root: Root as TabsModule['Root'],
  List: part('List'),
  Trigger: part('Trigger'),
  Content: part('Content'),
  Indicator: part('Indicator'),
  ContentGroup: part('ContentGroup'),
};
