// The session in the page (issue 41): the gateway knows who is visiting when it serves the web
// app's HTML, so the page carries it (the shell then asks GET /api/auth/session for nothing), and a
// signed-in screen preloads its remote and its first API reads. A page names its member: it is
// never stored by a shared cache nor kept by the browser. SQLite and (with TEST_DATABASE_URL) MariaDB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { CURRENT_PLAN_TEXT, FIGURES, FRAME_FIRST_READS, PAGE_INTROS, reputationFigures, SESSION_ELEMENT_ID, vouchBackQuestion, type PageSession, type UserProfile } from '@vouch/contracts';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember } from './support';

const SHELL_INDEX = '<!doctype html><html lang=en><head><meta charset=utf-8><title>Vouch</title><script defer src=/main.abcdef12.js></script></head><body><div id=root></div></body></html>';

jest.setTimeout(60_000);

/** The page's session block, parsed as the shell parses it; throws when there is not exactly one. */
function sessionIn(html: string): PageSession {
  const blocks = [...html.matchAll(new RegExp(`<script type="application/json" id="${SESSION_ELEMENT_ID}">(.*?)</script>`, 'g'))];
  if (blocks.length !== 1) throw new Error(`expected one session block, found ${blocks.length} in:\n${html}`);
  return JSON.parse(blocks[0]![1]!) as PageSession;
}

const preloadsIn = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];
const fetchPreload = (url: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`;

describeEachDatabase(
  'the session in the page',
  (t) => {
    const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-page-session-'));
    fs.mkdirSync(path.join(rootDir, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(rootDir, 'shell', 'dist', 'index.html'), SHELL_INDEX);
    // mf_vouches as its build leaves it: the preloads come from this file, read at run time.
    fs.mkdirSync(path.join(rootDir, 'mf-vouches', 'dist'), { recursive: true });
    const manifest = (routesFiles: string[]) =>
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './routes', assets: { js: { sync: routesFiles, async: [] } } }] });
    fs.writeFileSync(path.join(rootDir, 'mf-vouches', 'dist', 'mf-manifest.json'), manifest(['822.7862f3e5.js', '__federation_expose_routes.f2c27adb.js']));
    afterAll(() => fs.rmSync(rootDir, { recursive: true, force: true }));

    let site: { request: supertest.Agent; agent: () => supertest.Agent };
    let ana: SignedInMember;
    let jin: SignedInMember;

    beforeAll(async () => {
      const app = t.createApp({ rootDir, env: { ...GENEROUS_AUTH_LIMITS } });
      site = { request: supertest.agent(app), agent: () => supertest.agent(app) };
      ana = await signIn(site, ['Ana', 'Lima']);
      jin = await signIn(site, ['Jin', 'Park']);
    });

    it("a signed-in member's page carries the member GET /api/auth/session names, on every page", async () => {
      const { user } = (await ana.agent.get('/api/auth/session').expect(200)).body;
      expect(user.name).toBe('Ana Lima');
      for (const url of ['/dashboard', '/', '/auth', '/network', '/my-vouches', '/no-such-page']) {
        const page = await ana.agent.get(url);
        expect(sessionIn(page.text)).toEqual({ user });
      }
    });

    it("a signed-in screen's first screen: the frame and the page's intro, the dashboard greeting the member by name; no script", async () => {
      const firstScreenOf = (html: string) => /<div id="first-screen">([\s\S]*?)<\/div><div id=root>/.exec(html)?.[1];
      const escaped = (text: string) => text.replace(/'/g, '&#39;');
      for (const [path, intro] of Object.entries(PAGE_INTROS)) {
        const screen = firstScreenOf((await ana.agent.get(path).expect(200)).text);
        // Ana joined a moment ago: welcomed, not welcomed back.
        const heading = path === '/dashboard' ? 'Welcome to Vouch, Ana Lima' : intro.heading;
        expect(screen).toContain(`<h1>${heading}</h1><p>${escaped(intro.lead)}</p>`);
        expect(screen).toContain('<a href="/dashboard" class="fs-logo" aria-label="Vouch dashboard">');
        expect(screen!.includes('<div class="fs-col">')).toBe(intro.narrow);
        expect(screen).not.toContain('<script');
      }
      // A visitor meets the sign-in screen there, which the app draws: no first screen.
      expect(firstScreenOf((await site.request.get('/dashboard').expect(200)).text)).toBeUndefined();
      // A page without an intro (the pending vouches) has none either.
      expect(firstScreenOf((await ana.agent.get('/pending-vouches').expect(200)).text)).toBeUndefined();
    });

    it('a visitor, or a session that is no longer valid, gets "not signed in"', async () => {
      for (const url of ['/', '/auth', '/dashboard']) expect(sessionIn((await site.request.get(url).expect(200)).text)).toEqual({ user: null });
      const stranger = await site.request.get('/dashboard').set('Cookie', 'vouch_session=not-a-session').expect(200);
      expect(sessionIn(stranger.text)).toEqual({ user: null });
    });

    it('is never shared: a signed-in page is private and not stored, and every page varies by cookie', async () => {
      const anaPage = await ana.agent.get('/dashboard').expect(200);
      const jinPage = await jin.agent.get('/dashboard').expect(200);
      expect(sessionIn(anaPage.text).user?.name).toBe('Ana Lima');
      expect(sessionIn(jinPage.text).user?.name).toBe('Jin Park');
      for (const page of [anaPage, jinPage]) {
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(page.headers.vary).toMatch(/\bCookie\b/);
      }
      const visitor = await site.request.get('/').expect(200);
      expect(visitor.headers['cache-control']).toBe('no-cache');
      expect(visitor.headers.vary).toMatch(/\bCookie\b/);
    });

    it('a name holding </script> stays inside the block and parses back to itself', async () => {
      // Markup cannot be typed as a name (issue 26); one stored before that rule must still not break out.
      const name = '</script><script>alert(1)</script><!-- & "Ana" \u2028';
      await t.db.sequelize.query('UPDATE members SET name = :name WHERE id = :id', { replacements: { name, id: ana.memberId } });
      const { text } = await ana.agent.get('/dashboard').expect(200);
      expect(sessionIn(text).user?.name).toBe(name);
      expect(text).not.toContain('<script>alert(1)');
      expect(text.match(/<\/script>/g)).toHaveLength(3); // the registry's, the session's and the shell's own
      // The first screen's greeting holds the name as text.
      expect(text).toContain('<h1>Welcome to Vouch, &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &quot;Ana&quot;');
      await t.db.sequelize.query('UPDATE members SET name = :name WHERE id = :id', { replacements: { name: 'Ana Lima', id: ana.memberId } });
    });

    it("a signed-in screen preloads its first reads (contracts' FIRST_READS) and its remote, from the manifest read at run time", async () => {
      // Ana has no vouch yet: the dashboard reads her sent vouches first (its welcome banner).
      const dashboard = preloadsIn((await ana.agent.get('/dashboard').expect(200)).text);
      expect(dashboard).toEqual([
        fetchPreload('/api/vouches/my'),
        ...FRAME_FIRST_READS.map(fetchPreload),
        '<link rel="preload" as="fetch" crossorigin href="/mf/vouches/mf-manifest.json">',
        '<link rel="preload" as="script" href="/mf/vouches/remoteEntry.js">',
        '<link rel="preload" as="script" href="/mf/vouches/822.7862f3e5.js">',
        '<link rel="preload" as="script" href="/mf/vouches/__federation_expose_routes.f2c27adb.js">',
      ]);
      // With an accepted vouch: the summary and the onboarding map's read.
      const created = await ana.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Jin Park', recipientPhone: jin.phone, reason: 'We shipped together', skills: 'TypeScript', characterTraits: null, accomplishments: null })
        .expect(201);
      await jin.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
      const withVouch = preloadsIn((await ana.agent.get('/dashboard').expect(200)).text);
      expect(withVouch.slice(0, 3)).toEqual([fetchPreload('/api/profile/my-summary'), fetchPreload('/api/vouches/vouch-back'), fetchPreload('/api/onboarding/network-map')]);
      // Jin, vouched for by Ana: his dashboard's first screen asks what its Vouch back card will ask; Ana's asks nothing.
      const firstScreenOf = (html: string) => /<div id="first-screen">([\s\S]*?)<\/div><div id=root>/.exec(html)?.[1];
      expect(firstScreenOf((await jin.agent.get('/dashboard').expect(200)).text)).toContain(`<div class="fs-vb"><p>${vouchBackQuestion('Ana Lima')}</p></div>`);
      expect(firstScreenOf((await ana.agent.get('/dashboard').expect(200)).text)).not.toContain('fs-vb');

      // The remote deploys alone: a new build's manifest is what the next page names, without a gateway or shell change.
      const manifestFile = path.join(rootDir, 'mf-vouches', 'dist', 'mf-manifest.json');
      fs.writeFileSync(manifestFile, manifest(['123.aaaaaaaa.js', '__federation_expose_routes.bbbbbbbb.js']));
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(manifestFile, later, later);
      const redeployed = preloadsIn((await ana.agent.get('/stats').expect(200)).text);
      expect(redeployed).toContain('<link rel="preload" as="script" href="/mf/vouches/123.aaaaaaaa.js">');
      expect(redeployed).not.toContain('<link rel="preload" as="script" href="/mf/vouches/822.7862f3e5.js">');
      // Stats, with a vouch: its own first reads, then the frame's.
      const statsReads = ['/api/profile/my-reputation', '/api/vouches/pending-for-me', '/api/vouches/my', '/api/profile/my-summary'];
      expect(redeployed.filter((tag) => tag.includes('as="fetch" crossorigin="use-credentials"'))).toEqual([...statsReads, ...FRAME_FIRST_READS].map(fetchPreload));
      // A screen FIRST_READS does not list (the pending vouches) preloads the frame's reads only.
      const pending = preloadsIn((await ana.agent.get('/pending-vouches').expect(200)).text);
      expect(pending.filter((tag) => tag.includes('as="fetch" crossorigin="use-credentials"'))).toEqual(FRAME_FIRST_READS.map(fetchPreload));
    });

    it("Stats' first screen draws its first row of cards from the member's profile; before a first vouch, none", async () => {
      const firstScreenOf = (html: string) => /<div id="first-screen">([\s\S]*?)<\/div><div id=root>/.exec(html)?.[1];
      const kim = await signIn(site, ['Kim', 'Stats']);
      const lee = await signIn(site, ['Lee', 'Stats']);
      // Locked (no vouch yet): the intro only; the app says why.
      expect(firstScreenOf((await lee.agent.get('/stats').expect(200)).text)).not.toContain('fs-cards');
      const created = await kim.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: 'Lee Stats', recipientPhone: lee.phone, reason: 'We shipped together', skills: 'TypeScript', characterTraits: null, accomplishments: null })
        .expect(201);
      await lee.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);

      const user = (await lee.agent.get('/api/auth/session').expect(200)).body.user as UserProfile;
      const figures = reputationFigures(user);
      const screen = firstScreenOf((await lee.agent.get('/stats').expect(200)).text)!;
      const cards = screen.slice(screen.indexOf('<div class="fs-cards">'));
      expect([...cards.matchAll(/<h2 id="[^"]+">([^<]+)<\/h2>/g)].map((match) => match[1])).toEqual(['Social Capital', 'Reputation', 'Network Size']);
      expect(cards).toContain(`<b>${figures.socialCapital}</b><span>${figures.socialCapital === 1 ? 'point' : 'points'}</span>`);
      expect(cards).toContain(`<p class="fs-sm fs-muted fs-counts">${FIGURES.socialCapital.counts}</p>`);
      for (const row of figures.scores) expect(cards).toContain(`<p>${row.label}</p><p>${row.value}<span>/100</span></p>`);
      expect(cards).toContain(`<b>${figures.score}</b><span>/ 100</span>`);
      expect(cards).toContain(`>${figures.level}</span>`);
      expect(cards).toContain('<b>1</b><span>vouch</span>');
      expect(cards).toContain('<span class="fs-muted">Vouches given</span><b>0</b>');
      expect(cards).toContain('<span class="fs-muted">Vouches received</span><b>1</b>');
      expect(cards).not.toContain('<script');
    });

    it("Subscription's first screen draws the current plan card: the free plan's note, then a paid plan's price and local billing's note", async () => {
      const firstScreenOf = (html: string) => /<div id="first-screen">([\s\S]*?)<\/div><div id=root>/.exec(html)?.[1];
      const planCard = async (who: SignedInMember) => {
        const screen = firstScreenOf((await who.agent.get('/subscription').expect(200)).text)!;
        return screen.slice(screen.indexOf('<div class="fs-plans">'));
      };
      const sam = await signIn(site, ['Sam', 'Plans']);
      const free = await planCard(sam);
      expect(free).toContain(`<p id="fs-current-plan" class="fs-eyebrow">${CURRENT_PLAN_TEXT.label}</p>`);
      expect(free).toContain('<h2>Network Builder</h2><span class="fs-status fs-green">active</span>');
      expect(free).toContain('<p class="fs-price"><b>$0</b> / month</p>');
      expect(free).toContain(`<div class="fs-free"><p>${CURRENT_PLAN_TEXT.freePlan}</p></div>`);
      expect(free).not.toContain(CURRENT_PLAN_TEXT.localBilling);

      // What GET /api/subscriptions/status then says, the card says: the plan, its price, and no billing portal here.
      await sam.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
      const status = (await sam.agent.get('/api/subscriptions/status').expect(200)).body;
      const paid = await planCard(sam);
      expect(paid).toContain(`<h2>${status.plan.displayName}</h2><span class="fs-status fs-green">${status.status}</span>`);
      expect(paid).toContain('<p class="fs-price"><b>$29</b> / month</p>');
      expect(paid).toContain(`<div class="fs-pc-acts"><div></div><p class="fs-sm fs-muted">${CURRENT_PLAN_TEXT.localBilling}</p></div>`);
      expect(paid).not.toContain('fs-free');
      // Another member's page shows theirs.
      expect(await planCard(ana)).toContain('<h2>Network Builder</h2>');
    });

    it("a visitor's login page preloads nothing: its remote is the sign-in screen, known to the shell", async () => {
      expect(preloadsIn((await site.request.get('/dashboard').expect(200)).text)).toEqual([]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
