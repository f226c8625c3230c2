import { globalCssText } from '../src/global-css-text';
import { GLOBAL_CSS } from '../src/global-css';
import { prepareVouchSystem, vouchSystem } from '../src/system';

describe("the theme's global stylesheet, written at build time (issue 17)", () => {
  const css = globalCssText(vouchSystem());

  it('holds the preflight, the global styles and the light value of every token, in their layers', () => {
    expect(css.startsWith('@layer reset{html{')).toBe(true);
    expect(css).toContain('@layer base{');
    expect(css).toContain('@layer tokens{:where(html, .chakra-theme){');
    // Our brand and a light semantic colour, each once (no dark-scheme copy).
    expect(css).toContain('--chakra-colors-brand-600:#4f46e5;');
    expect(css.match(/--chakra-colors-bg:/g)).toHaveLength(1);
    expect(css).not.toContain('.dark');
  });

  it('is the same text every time (the build writes it into each app)', () => {
    expect(globalCssText(vouchSystem())).toBe(css);
  });

  it('is left to ChakraProvider where no build filled it in', () => {
    expect(GLOBAL_CSS).toBeNull();
    expect(vouchSystem()._global).toHaveLength(3);
  });

  it('prepareVouchSystem gives the one system vouchSystem() gives', async () => {
    let between = 0;
    const system = await prepareVouchSystem(async () => {
      between += 1;
    });
    expect(system).toBe(vouchSystem());
    // Built already above: no steps to run.
    expect(between).toBe(0);
  });
});
