import { matchPage, PAGES } from '../src';

describe('matchPage: which page a path shows', () => {
  it('finds fixed pages, with or without a trailing slash', () => {
    expect(matchPage('/')?.page.path).toBe('/');
    expect(matchPage('/auth')?.page.path).toBe('/auth');
    expect(matchPage('/dashboard/')?.page.path).toBe('/dashboard');
  });

  it('reads a parameter segment, decoded', () => {
    expect(matchPage('/profile/maya-chen')).toEqual({ page: expect.objectContaining({ path: '/profile/:slug' }), params: { slug: 'maya-chen' } });
    expect(matchPage('/vouch/ab%20c')?.params).toEqual({ vouchToken: 'ab c' });
  });

  it('is null for an unknown path, an extra or missing segment, or broken percent-encoding', () => {
    for (const path of ['/nope', '/profile', '/profile/', '/profile/a/b', '/dashboard/x', '/profile/%E0%A4%A', '//auth']) {
      expect(matchPage(path)).toBeNull();
    }
  });

  it('lets search engines index only the landing page and public profiles', () => {
    expect(PAGES.filter((page) => page.indexable).map((page) => page.path)).toEqual(['/', '/profile/:slug']);
  });

  it('gives every page its own title', () => {
    expect(new Set(PAGES.map((page) => page.title)).size).toBe(PAGES.length);
  });
});
