import { lightSchemeOnly } from '../src/light-scheme';
import { vouchSystem } from '../src/system';

describe('the theme has the light colour scheme only', () => {
  it('keeps the light value of every scheme pair, at any depth, and leaves the rest alone', () => {
    const tokens = {
      colors: {
        fg: { DEFAULT: { value: { _light: '{colors.black}', _dark: '{colors.gray.50}' } }, muted: { value: '{colors.gray.600}' } },
        red: { solid: { value: { _light: '{colors.red.600}', _dark: '{colors.red.600}' } } },
      },
      shadows: { xs: { value: { _light: '0px 1px 2px black', _dark: '0px 1px 1px black' } } },
      sizes: { list: { value: ['1rem', '2rem'] } },
    };
    expect(lightSchemeOnly(tokens)).toEqual({
      colors: { fg: { DEFAULT: { value: '{colors.black}' }, muted: { value: '{colors.gray.600}' } }, red: { solid: { value: '{colors.red.600}' } } },
      shadows: { xs: { value: '0px 1px 2px black' } },
      sizes: { list: { value: ['1rem', '2rem'] } },
    });
  });

  it('gives the page the light colours and no dark variables', () => {
    // The CSS variables the page gets: one block, on the page's root.
    const css = vouchSystem().getTokenCss() as Record<string, Record<string, Record<string, string>>>;
    const blocks = css['@layer tokens'] ?? {};
    expect(Object.keys(blocks)).toEqual(['&:where(html, .chakra-theme)']);
    const variables = blocks['&:where(html, .chakra-theme)'] ?? {};
    expect(variables['--chakra-colors-red-fg']).toBe('var(--chakra-colors-red-700)');
    expect(variables['--chakra-colors-brand-fg']).toBe('var(--chakra-colors-brand-700)');
    expect(variables['--chakra-colors-brand-solid']).toBe('var(--chakra-colors-brand-600)');
    expect(variables['--chakra-colors-fg']).toBe('var(--chakra-colors-black)');
  });
});
