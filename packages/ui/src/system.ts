/**
 * The Vouch theme. Built on `defaultBaseConfig` (conditions and utilities only) rather than
 * Chakra's `defaultSystem`, so the bundle carries only the recipes we render: a shared module
 * is bundled whole, and the full default theme costs ~30 KB gzip on every first load
 * (DESIGN §1a). `defaultBaseConfig` has no tokens or recipes, so everything a component
 * needs must be listed here, or it renders unstyled without a warning.
 *
 * Adding a Chakra component to ./index.ts? Add its recipe (or slot recipe) below too, or, for a
 * lazily loaded component, pass it as the Root's `recipe` prop in its *-impl.tsx.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  textareaRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { GLOBAL_CSS } from './global-css';
import { lightSchemeOnly } from './light-scheme';

const brand = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef2ff' },
          100: { value: '#e0e7ff' },
          200: { value: '#c7d2fe' },
          300: { value: '#a5b4fc' },
          400: { value: '#818cf8' },
          500: { value: '#6366f1' },
          600: { value: '#4f46e5' },
          700: { value: '#4338ca' },
          800: { value: '#3730a3' },
          900: { value: '#312e81' },
          950: { value: '#1e1b4b' },
        },
      },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's colorPalette convention, so `colorPalette="brand"` works on every recipe.
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          // Light values only, like Chakra's own palettes below (./light-scheme).
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

/**
 * People who ask their system for less motion get none: every animation and transition ends at
 * once (WCAG 2.3.3). Chakra's recipes animate dialogs, toasts and skeletons without asking; the
 * map honours the setting itself (mf-network's use-map-size).
 */
const reducedMotion = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

type System = ReturnType<typeof createSystem>;

let built: System | undefined;

/** What createSystem takes: Chakra's base (conditions and utilities), our theme, the brand. */
function configs(): Parameters<typeof createSystem> {
  return [
    defaultBaseConfig,
    {
      preflight: true,
      cssVarsPrefix: 'chakra',
      cssVarsRoot: ':where(html, .chakra-theme)',
      globalCss: { ...globalCss, ...reducedMotion },
      theme: {
        breakpoints,
        keyframes,
        tokens,
        semanticTokens: lightSchemeOnly(semanticTokens),
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
          container: containerRecipe,
          heading: headingRecipe,
          input: inputRecipe,
          link: linkRecipe,
          separator: separatorRecipe,
          spinner: spinnerRecipe,
          textarea: textareaRecipe,
        },
        slotRecipes: {
          card: cardSlotRecipe,
          field: fieldSlotRecipe,
          // Not here: the dialog, menu, tabs, toast and tooltip recipes. Those components load
          // lazily (*-impl.tsx) and pass their recipe as the Root's `recipe` prop, so the recipes
          // leave the first load with them.
        },
      },
    },
    brand,
  ];
}

/** The system, once built: the page's global styles come from the build (below). */
function keep(system: System): System {
  built = system;
  if (GLOBAL_CSS !== null && typeof document !== 'undefined') adoptBuiltGlobalCss(system, GLOBAL_CSS);
  return system;
}

/**
 * The theme's system (what ChakraProvider takes), built on the first call and kept. Building it
 * (Chakra's token dictionary, CSS variables and utilities) is the largest single piece of a page's
 * start, so it is not done when this package is evaluated: the shell builds it first, in steps
 * (prepareVouchSystem, shell/src/bootstrap.tsx), and a long task cut in pieces blocks a phone's
 * input for less.
 */
export function vouchSystem(): System {
  return built ?? keep(createSystem(...configs()));
}

// The build's Chakra has createSystem a step at a time too (packages/mf-config/loaders/chakra-system-loader.cjs).
type Stepped = typeof createSystem & { steps?: (...args: Parameters<typeof createSystem>) => Generator<void, System, void> };

/**
 * The same system as vouchSystem(), built in a few tasks instead of one: `between()` runs between
 * Chakra's steps (merging the configs, the token dictionary, the style utilities, the rest), each
 * a fraction of the one long task a phone's input would otherwise wait behind (issue 17). Where
 * Chakra has no steps (not built by our webpack config), it builds the system at once.
 */
export async function prepareVouchSystem(between: () => Promise<void>): Promise<System> {
  const steps = (createSystem as Stepped).steps;
  if (built || !steps) return vouchSystem();
  const run = steps(...configs());
  for (let step = run.next(); ; step = run.next()) {
    if (step.done) return built ?? keep(step.value);
    await between();
  }
}

/**
 * The page gets the system's global styles from the build's stylesheet (./global-css.ts) instead
 * of ChakraProvider computing and inserting them: a <style> the browser parses natively, and an
 * empty `_global` for the provider's <Global>. Added before the app renders, so it precedes
 * emotion's own style elements as <Global>'s did.
 */
function adoptBuiltGlobalCss(system: System, css: string): void {
  const style = document.createElement('style');
  style.dataset.vouchGlobal = '';
  style.textContent = css;
  document.head.appendChild(style);
  // `_global` is a getter in the build (packages/mf-config/loaders/chakra-system-loader.cjs).
  Object.defineProperty(system, '_global', { value: [], configurable: true });
}
