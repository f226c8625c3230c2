// The pages as a crawler and a link preview meet them (issue 17): real statuses, noindex where a
// page is private or a sign-in screen, each page's own title, robots.txt, the sitemap of public
// profiles and the link-preview image, on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { LANDING_HERO, NOT_FOUND_PAGE, NOT_FOUND_TEXT, PROFILE_MESSAGES, SIGN_IN_INTRO } from '@vouch/contracts';
import { publicProfilesInRange } from '@vouch/service-vouches';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember } from './support';

const SHELL_INDEX =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="Vouch: a professional trust network built on personal vouches.">' +
  '<title>Vouch: the professional trust network</title><script defer src=/main.abcdef12.js></script></head><body><div id=root></div></body></html>';

jest.setTimeout(60_000);

describeEachDatabase(
  'pages for crawlers and link previews',
  (t) => {
    const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-pages-'));
    fs.mkdirSync(path.join(rootDir, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(rootDir, 'shell', 'dist', 'index.html'), SHELL_INDEX);
    // The landing slideshow's first picture, as the shell's build names it.
    fs.mkdirSync(path.join(rootDir, 'shell', 'dist', 'assets'));
    fs.writeFileSync(path.join(rootDir, 'shell', 'dist', 'assets', 'vouch.96ecd08d.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="8" height="5"/></svg>');
    fs.writeFileSync(path.join(rootDir, 'shell', 'dist', 'assets', 'search.1b926be1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // mf_vouches as its build leaves it: the manifest names remoteEntry.js and the files of ./routes.
    fs.mkdirSync(path.join(rootDir, 'mf-vouches', 'dist'), { recursive: true });
    fs.writeFileSync(
      path.join(rootDir, 'mf-vouches', 'dist', 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { path: './routes', assets: { js: { sync: ['822.7862f3e5.js', '__federation_expose_routes.f2c27adb.js'], async: ['720.0af795d2.js'] } } },
          { path: './parcel', assets: { js: { sync: ['999.00000000.js'], async: [] } } },
        ],
      }),
    );
    afterAll(() => fs.rmSync(rootDir, { recursive: true, force: true }));
    let site: supertest.Agent;
    let ana: SignedInMember;
    let jin: SignedInMember;
    let hidden: SignedInMember;
    let vouchToken: string;
    const slugOf = async (member: SignedInMember) => (await member.agent.get('/api/profile/my-summary').expect(200)).body.profile.profileSlug as string;

    beforeAll(async () => {
      site = supertest.agent(t.createApp({ rootDir, env: { ...GENEROUS_AUTH_LIMITS, PUBLIC_URL: 'https://vouch.example/' } }));
      ana = await signIn(t, ['Ana', 'Lima']);
      jin = await signIn(t, ['Jin', 'Park']);
      hidden = await signIn(t, ['Hugo', 'Hidden']);
      await hidden.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
      // A member's profile (and its slug) exists from their first look at it.
      await slugOf(ana);
      await slugOf(jin);
      const created = await ana.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Jin Park', recipientPhone: jin.phone, reason: 'We shipped together', skills: 'TypeScript', characterTraits: null, accomplishments: null })
        .expect(201);
      vouchToken = created.body.vouchToken;
    });

    describe('statuses, titles and robots', () => {
      it('the landing page is indexable, with its title, description and canonical address', async () => {
        const res = await site.get('/').expect(200);
        expect(res.headers['x-robots-tag']).toBeUndefined();
        expect(res.text).toContain('<title>Vouch: the professional trust network</title>');
        expect(res.text).toContain('<link rel="canonical" href="https://vouch.example/">');
        expect(res.text).not.toContain('noindex');
        expect(res.text.match(/<meta name="description"/g)).toHaveLength(1);
      });

      it('the sign-in page and a vouch link are noindex, in the header and the page', async () => {
        for (const [url, title] of [['/auth', 'Sign In · Vouch'], [`/vouch/${vouchToken}`, 'A Vouch for You · Vouch']]) {
          const res = await site.get(url!).expect(200);
          expect(res.headers['x-robots-tag']).toBe('noindex');
          expect(res.text).toContain('<meta name="robots" content="noindex">');
          expect(res.text).toContain(`<title>${title}</title>`);
          expect(res.text).not.toContain('canonical');
        }
      });

      it('a vouch link names nobody in its head: a link preview shows no names (its first screen does, to whoever opens it)', async () => {
        const res = await site.get(`/vouch/${vouchToken}`).expect(200);
        const head = res.text.slice(0, res.text.indexOf('</head>'));
        expect(head).not.toContain('Ana');
        expect(head).not.toContain('Jin');
      });

      it('an unknown vouch token, an unknown path and an unknown profile are 404s, noindex', async () => {
        for (const url of ['/vouch/bogus', `/vouch/${'x'.repeat(32)}`, '/no-such-page', '/profile/nobody-here', '/dashboard/more']) {
          const res = await site.get(url);
          expect(res.status).toBe(404);
          expect(res.headers['x-robots-tag']).toBe('noindex');
          expect(res.text).toContain('<title>Page Not Found · Vouch</title>');
          expect(res.text).toContain('<div id=root></div>');
        }
      });

      it('a revoked vouch link is a page that says so (200, noindex, no names in it), reading the state answer', async () => {
        const revocable = await ana.agent
          .post('/api/vouches')
          .send({ type: 'recommendation', recipientName: 'Hugo Hidden', recipientPhone: hidden.phone, reason: 'Good', skills: 'Go', characterTraits: null, accomplishments: null })
          .expect(201);
        expect((await site.get(`/vouch/${revocable.body.vouchToken}`)).status).toBe(200);
        await ana.agent.post(`/api/vouches/${revocable.body.id}/revoke`).expect(200);
        const page = await site.get(`/vouch/${revocable.body.vouchToken}`).expect(200);
        expect(page.text).not.toContain('Hugo');
        expect(page.text).toContain(`href="/api/vouches/public/${revocable.body.vouchToken}?states=true"`);
        const state = await site.get(`/api/vouches/public/${revocable.body.vouchToken}?states=true`).expect(200);
        expect(state.body).toEqual({ removed: true, detail: 'This Vouch was removed by its sender.' });
        // Older clients still get the problem.
        expect((await site.get(`/api/vouches/public/${revocable.body.vouchToken}`)).status).toBe(410);
      });
    });

    describe('first screens: each page’s words are in its HTML, before any script', () => {
      const firstScreenOf = (html: string) => {
        const match = /<div id="first-screen">([\s\S]*?)<\/div><div id=root>/.exec(html);
        if (!match) throw new Error(`no first screen before #root in:\n${html}`);
        return match[1]!;
      };
      const textOf = (markup: string) => markup.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

      it('the landing page: the spec’s hero, real links to sign in, and its stylesheet in the head; no script', async () => {
        const { text } = await site.get('/').expect(200);
        const screen = firstScreenOf(text);
        expect(screen).toContain(`<h1 class="fs-h1">${LANDING_HERO.headline} <span class="fs-brand">${LANDING_HERO.highlight}</span></h1>`);
        expect(textOf(screen)).toContain(LANDING_HERO.lead);
        expect(screen).toContain(`<a class="fs-btn fs-lg fs-solid" href="/auth">${LANDING_HERO.primary}</a>`);
        expect(screen).not.toContain('<script');
        // The slideshow's first picture, inline: on a phone it is the largest thing on the screen.
        const picture = encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><rect width="8" height="5"/></svg>');
        expect(screen).toContain(`<div class="fs-pic"><img src="data:image/svg+xml,${picture}" alt=""></div><figcaption><span>Vouch for someone trustworthy</span>`);
        const head = text.slice(0, text.indexOf('</head>'));
        expect(head).toMatch(/<style>#first-screen~#root\{display:none\}/);
      });

      it('the sign-in page and the 404 page', async () => {
        expect(textOf(firstScreenOf((await site.get('/auth').expect(200)).text))).toContain(`${SIGN_IN_INTRO.title} ${SIGN_IN_INTRO.text}`);
        const missing = await site.get('/no-such-page').expect(404);
        expect(textOf(firstScreenOf(missing.text))).toContain(`404 ${NOT_FOUND_TEXT.heading} ${NOT_FOUND_PAGE.description}`);
      });

      it('a public profile: the name, headline, vouch count and summary; its headline escaped', async () => {
        await jin.agent.patch('/api/profile').send({ headline: '<script>alert("x")</script> & Co' }).expect(200);
        const screen = firstScreenOf((await site.get(`/profile/${await slugOf(jin)}`).expect(200)).text);
        expect(screen).toContain('<h1 class="fs-name">Jin Park</h1>');
        expect(screen).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
        expect(screen).not.toContain('<script');
        expect(textOf(screen)).toContain('0 Vouches');
        expect(textOf(screen)).toContain(`Professional Summary ${PROFILE_MESSAGES.fallbackSummary}`);
        await jin.agent.patch('/api/profile').send({ headline: null }).expect(200);
      });

      it('a vouch link: who vouched for whom, the names escaped', async () => {
        const plain = firstScreenOf((await site.get(`/vouch/${vouchToken}`).expect(200)).text);
        expect(plain).toContain('<h1 class="fs-name">You&#39;ve Been Vouched For!</h1><p class="fs-soft"><b>Ana Lima</b> vouched for <b>Jin Park</b>.</p>');
        const odd = await ana.agent
          .post('/api/vouches')
          .send({ type: 'invite', recipientName: 'Odd Name', recipientPhone: hidden.phone, reason: 'Good', skills: 'Go', characterTraits: null, accomplishments: null })
          .expect(201);
        // Markup can no longer be typed as a name (issue 26 item 7); one stored before that rule is still escaped.
        await t.db.sequelize.query('UPDATE vouches SET recipient_name = :name WHERE id = :id', { replacements: { name: '<img src=x onerror=alert(1)></b>', id: odd.body.id } });
        const screen = firstScreenOf((await site.get(`/vouch/${odd.body.vouchToken}`).expect(200)).text);
        expect(screen).toContain('<b>Ana Lima</b> invited <b>&lt;img src=x onerror=alert(1)&gt;&lt;/b&gt;</b> to join');
        expect(screen).not.toContain('<img');
      });

      it('an unknown profile or vouch link, and a login page to a visitor, send no first screen (the app says what is missing)', async () => {
        for (const url of ['/profile/nobody-here', '/vouch/bogus', '/dashboard']) expect((await site.get(url)).text).not.toContain('first-screen');
      });
    });

    describe('a flat waterfall: what the shell will load is in the HTML', () => {
      const registryIn = (html: string) => JSON.parse(/<script type="application\/json" id="mf-registry">(.*?)<\/script>/.exec(html)![1]!.replace(/\\u003c/g, '<'));

      it('every page carries the remote registry as a data block, the same as GET /mf-registry.json', async () => {
        const registry = (await site.get('/mf-registry.json').expect(200)).body;
        for (const url of ['/', '/auth', '/no-such-page', `/profile/${await slugOf(jin)}`]) expect(registryIn((await site.get(url)).text)).toEqual(registry);
      });

      it('a public remote page preloads its first API read, its manifest, remoteEntry.js and the files of ./routes, nothing else', async () => {
        for (const [url, data] of [
          [`/vouch/${vouchToken}`, `/api/vouches/public/${vouchToken}?states=true`],
          [`/profile/${await slugOf(jin)}`, `/api/profile/public/${await slugOf(jin)}`],
        ]) {
          const { text } = await site.get(url!).expect(200);
          const preloads = text.match(/<link rel="preload"[^>]*>/g);
          expect(preloads).toEqual([
            `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${data}">`,
            '<link rel="preload" as="fetch" crossorigin href="/mf/vouches/mf-manifest.json">',
            '<link rel="preload" as="script" href="/mf/vouches/remoteEntry.js">',
            '<link rel="preload" as="script" href="/mf/vouches/822.7862f3e5.js">',
            '<link rel="preload" as="script" href="/mf/vouches/__federation_expose_routes.f2c27adb.js">',
          ]);
        }
      });

      it('a remote without a built manifest gets its manifest preloaded only', async () => {
        expect((await site.get('/auth').expect(200)).text.match(/<link rel="preload"[^>]*>/g)).toEqual(['<link rel="preload" as="fetch" crossorigin href="/mf/auth/mf-manifest.json">']);
      });

      it('the landing page, a 404 and a login page preload no remote', async () => {
        for (const url of ['/', '/no-such-page', '/dashboard', '/vouch/bogus']) expect((await site.get(url)).text).not.toContain('rel="preload"');
      });
    });

    describe('robots.txt, the sitemap and the preview image', () => {
      it('robots.txt allows everything and names the sitemap', async () => {
        const res = await site.get('/robots.txt').expect(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toBe('User-agent: *\nAllow: /\n\nSitemap: https://vouch.example/sitemap.xml\n');
      });

      it('the sitemap index names the pages and the profile parts, and the parts list public profiles only', async () => {
        const index = await site.get('/sitemap.xml').expect(200);
        expect(index.headers['content-type']).toMatch(/^application\/xml/);
        expect(index.text).toContain('<loc>https://vouch.example/sitemaps/pages.xml</loc>');
        expect(index.text).toContain('<loc>https://vouch.example/sitemaps/profiles-0.xml</loc>');
        expect(index.text).not.toContain('profiles-1.xml');
        expect((await site.get('/sitemaps/pages.xml').expect(200)).text).toContain('<loc>https://vouch.example/</loc>');

        const part = await site.get('/sitemaps/profiles-0.xml').expect(200);
        expect(part.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
        expect(part.text).toContain(`<loc>https://vouch.example/profile/${await slugOf(jin)}</loc>`);
        expect(part.text).toContain(`<loc>https://vouch.example/profile/${await slugOf(ana)}</loc>`);
        expect(part.text).not.toContain(await slugOf(hidden));
        expect(part.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
        expect(part.text.endsWith('</urlset>\n')).toBe(true);
      });

      it('a part past the last profile is a 404', async () => {
        expect((await site.get('/sitemaps/profiles-1.xml')).status).toBe(404);
        expect((await site.get('/sitemaps/profiles-x.xml')).status).toBe(404);
      });

      it('reads public profiles page by page, each page after the last id of the one before', async () => {
        const pages: string[][] = [];
        for await (const page of publicProfilesInRange(t.db, { afterId: 0, throughId: 1_000_000 }, 1)) pages.push(page.map((p) => p.slug));
        expect(pages.length).toBeGreaterThanOrEqual(2);
        expect(pages.every((page) => page.length === 1)).toBe(true);
        const slugs = pages.flat();
        expect(new Set(slugs).size).toBe(slugs.length);
        expect(slugs).toContain(await slugOf(jin));
        expect(slugs).not.toContain(await slugOf(hidden));
      });

      it('serves the link-preview image the profile pages name', async () => {
        const res = await site.get('/og-image.png').expect(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(Number(res.headers['content-length'])).toBeGreaterThan(1000);
        const profile = await site.get(`/profile/${await slugOf(jin)}`).expect(200);
        expect(profile.text).toContain('<meta property="og:image" content="https://vouch.example/og-image.png">');
      });
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
