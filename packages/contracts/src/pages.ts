/**
 * The web app's pages as a crawler and a link preview see them: which paths exist, the title and
 * description each one sends, and which ones search engines must not index. The gateway uses it
 * for the HTML it serves (the status, head tags and X-Robots-Tag of a page's first load), the
 * shell for the title after a client-side navigation; the two cannot disagree.
 */

import type { RemoteName } from './remotes';

export interface PageHead {
  title: string;
  description: string;
  /** false: `noindex` (a private link, a sign-in screen, a member's own data, a 404). */
  indexable: boolean;
}

/** The Module Federation remote that renders a page (a name of remotes.ts). */
export type PageRemote = RemoteName;

export interface PageDefinition extends PageHead {
  /** React Router syntax: `:name` is one path segment. */
  path: string;
  /** The remote that renders it (its `./routes` key is `path`); none: the shell's own page. */
  remote?: PageRemote;
  /** Who may open it: a signed-out visitor of a `login` page gets the sign-in screen (SPEC §2). */
  access: 'public' | 'login';
}

const SITE = 'Vouch';
// The separator of useDocumentTitle (@vouch/shell-sdk), which sets the same titles after a navigation.
const titled = (name: string) => `${name} · ${SITE}`;
const DESCRIPTION = 'Vouch: a professional trust network built on personal vouches.';

export const LANDING_PAGE: PageDefinition = {
  path: '/',
  title: `${SITE}: the professional trust network`,
  description: 'Find trusted professionals through the people who vouch for them: vouch for colleagues, grow your network and ask for introductions.',
  indexable: true,
  access: 'public',
};

/** Every activity of the member, paged and filtered by kind (issue 28). */
export const ACTIVITY_PAGE_PATH = '/activity';
/** Every person a search found, paged and filtered by degree (issue 44 item 4): the header search's Enter or "See all results". */
export const SEARCH_PAGE_PATH = '/search';
/** The member's signed-in sessions and devices (issue 43): mf_auth's page, opened from the avatar menu. */
export const SESSIONS_PAGE_PATH = '/settings/sessions';

export const PAGES: readonly PageDefinition[] = [
  LANDING_PAGE,
  { path: '/auth', title: titled('Sign In'), description: 'Sign in to Vouch with your phone number.', indexable: false, remote: 'mf_auth', access: 'public' },
  // A vouch link is sent to one person: its page names the voucher and the recipient.
  { path: '/vouch/:vouchToken', title: titled('A Vouch for You'), description: 'Someone vouched for you on Vouch.', indexable: false, remote: 'mf_vouches', access: 'public' },
  // Replaced by the member's name and summary when the profile is public (api-gateway profile-page.ts).
  { path: '/profile/:slug', title: titled('Profile'), description: DESCRIPTION, indexable: true, remote: 'mf_vouches', access: 'public' },
  { path: '/dashboard', title: titled('Dashboard'), description: DESCRIPTION, indexable: false, remote: 'mf_vouches', access: 'login' },
  { path: '/members/:memberId', title: titled('Member Profile'), description: DESCRIPTION, indexable: false, remote: 'mf_vouches', access: 'login' },
  { path: '/my-vouches', title: titled('My Vouches'), description: DESCRIPTION, indexable: false, remote: 'mf_vouches', access: 'login' },
  { path: '/pending-vouches', title: titled('Pending Vouches'), description: DESCRIPTION, indexable: false, remote: 'mf_vouches', access: 'login' },
  // The shell's own (the activity bell's View All Activity): no remote.
  { path: ACTIVITY_PAGE_PATH, title: titled('Activity'), description: DESCRIPTION, indexable: false, access: 'login' },
  { path: SEARCH_PAGE_PATH, title: titled('Search'), description: DESCRIPTION, indexable: false, access: 'login' },
  { path: '/stats', title: titled('Stats'), description: DESCRIPTION, indexable: false, remote: 'mf_vouches', access: 'login' },
  { path: '/introduction-requests', title: titled('Introduction Requests'), description: DESCRIPTION, indexable: false, remote: 'mf_introductions', access: 'login' },
  { path: '/network', title: titled('Network Map'), description: DESCRIPTION, indexable: false, remote: 'mf_network', access: 'login' },
  { path: '/subscription', title: titled('Subscription'), description: DESCRIPTION, indexable: false, remote: 'mf_subscription', access: 'login' },
  { path: SESSIONS_PAGE_PATH, title: titled('Sessions and devices'), description: DESCRIPTION, indexable: false, remote: 'mf_auth', access: 'login' },
];

/** The head of the 404 page, for any path not in PAGES. */
export const NOT_FOUND_PAGE: PageHead = { title: titled('Page Not Found'), description: 'The page you are looking for does not exist or has moved.', indexable: false };

export interface PageMatch {
  page: PageDefinition;
  /** The `:name` segments, decoded; a segment that is not valid percent-encoding fails the match. */
  params: Record<string, string>;
}

/** The page `pathname` shows (one trailing slash allowed), or null for a 404. */
export function matchPage(pathname: string): PageMatch | null {
  const segments = pathname.replace(/(.)\/$/, '$1').split('/');
  for (const page of PAGES) {
    const pattern = page.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part === segment;
      if (!segment) return false;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { page, params };
  }
  return null;
}
