// The first screen of a page, in the HTML the gateway sends: a phone paints the page's own words
// before any script has loaded (issue 17: the public pages; issue 41: a signed-in screen's frame
// and intro, its largest text). It is plain markup of the same texts the app
// renders (contracts' page-texts, the member's name and summary, who vouched for whom), styled by
// a small inline stylesheet that copies the theme's sizes and colours. The app renders into a
// hidden #root beside it and removes it when its page is ready (@vouch/shell-sdk
// useFirstScreenDone): the app's elements were never laid out before, so nothing shifts. Links are
// real links, so the first screen works without JavaScript too. No script: the CSP allows none
// inline; inline styles it allows.
import fs from 'node:fs';
import path from 'node:path';
import { CURRENT_PLAN_TEXT, FIGURES, figureUnit, formatPrice, formatStatus, LANDING_HERO, NOT_FOUND_PAGE, NOT_FOUND_TEXT, PROFILE_MESSAGES, publicVouchHeading, reputationFigures, SIGN_IN_INTRO, statusTone, vouchBackQuestion, type BillingProvider, type PageIntro, type ReputationLevel, type UserProfile } from '@vouch/contracts';
import type { PublicProfilePreview, PublicVouchPreview } from '@vouch/service-vouches';
import { whenBuilt } from './build-file';
import { escapeHtml } from './profile-page';

/** Which first screen a page sends (pages.ts decides). */
export type FirstScreen =
  | { page: 'landing'; slide: LandingSlide | null }
  | { page: 'auth' }
  | { page: 'not-found' }
  | { page: 'profile'; profile: PublicProfilePreview }
  | { page: 'vouch'; vouch: PublicVouchPreview }
  | { page: 'signed-in'; intro: PageIntro; vouchBack?: string; stats?: UserProfile; plan?: CurrentPlan };

/** The member's plan as the Subscription page's current plan card shows it (pages.ts reads it). */
export interface CurrentPlan {
  plan: { displayName: string };
  status: string;
  priceMonthlyUsd: number;
  /** The server's billing provider: without Stripe, a paid plan has no billing portal. */
  provider: BillingProvider;
}

/** The landing slideshow's first picture, inlined (a data: URL) so it paints with the HTML. */
export interface LandingSlide {
  src: string;
  caption: string;
}

/**
 * The first slide of shell/src/features/landing/slides.ts: its file in the shell's build
 * (assets/vouch.<hash>.svg) and caption. On a phone the slideshow is the largest thing on the
 * landing's first screen, so it is the page's LCP: were it missing here, the app's copy would be
 * the LCP element once the scripts ran. The e2e test compares this caption with the app's.
 */
const FIRST_SLIDE = { file: /^vouch\.[0-9a-f]{8,}\.svg$/, caption: 'Vouch for someone trustworthy' };

/** Reads the first slide from `<rootDir>/shell/dist/assets` (again after a rebuild); null when not built. */
export function landingSlideReader(rootDir: string): () => LandingSlide | null {
  const dir = path.join(rootDir, 'shell', 'dist', 'assets');
  return whenBuilt(dir, () => {
    const file = fs.readdirSync(dir).find((name) => FIRST_SLIDE.file.test(name));
    const svg = file ? fs.readFileSync(path.join(dir, file), 'utf8') : null;
    return svg ? { src: `data:image/svg+xml,${encodeURIComponent(svg)}`, caption: FIRST_SLIDE.caption } : null;
  });
}

/** The element @vouch/shell-sdk useFirstScreenDone removes. */
const ELEMENT_ID = 'first-screen';

// The theme's values (@vouch/ui system, Chakra's tokens): brand.50/.600/.700/.800, gray.50/100/200/600/700/900,
// container padding 1/1.5/2rem at the md/lg breakpoints (48rem, 64rem), headings semibold.
const CSS = `#${ELEMENT_ID}~#root{display:none}
body{margin:0}
#${ELEMENT_ID}{font-family:'Inter','Segoe UI',system-ui,-apple-system,sans-serif;line-height:1.5;color:#000;-webkit-text-size-adjust:100%}
#${ELEMENT_ID} *{box-sizing:border-box}
:where(#${ELEMENT_ID} *){margin:0}
#${ELEMENT_ID} a{color:inherit;text-decoration:none}
#${ELEMENT_ID} svg{display:block;flex-shrink:0}
.fs-page{min-height:100vh;background:#fafafa}
.fs-landing{background:linear-gradient(to bottom,#eef2ff,#fff)}
.fs-c{max-width:72rem;margin:0 auto;padding:0 1rem}
.fs-bar{background:#fff;border-bottom:1px solid #f4f4f5}
.fs-landing .fs-bar{background:rgba(255,255,255,.92)}
.fs-bar .fs-c{display:flex;align-items:center;justify-content:space-between;padding-top:.75rem;padding-bottom:.75rem}
.fs-logo{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.25rem;letter-spacing:-.02em;color:#18181b}
.fs-row{display:flex;gap:.5rem;flex-wrap:wrap}
.fs-btn{display:inline-flex;align-items:center;justify-content:center;white-space:nowrap;border:1px solid transparent;border-radius:.25rem;font-weight:500;line-height:1.2;height:2.25rem;min-width:2.25rem;padding:0 .875rem;font-size:.875rem}
.fs-md{height:2.5rem;padding:0 1rem}
.fs-lg{height:2.75rem;padding:0 1.25rem;font-size:1rem}
.fs-solid{background:#4f46e5;color:#fff!important}
.fs-outline{border-color:#e4e4e7}
.fs-c.fs-main{padding-top:2.5rem;padding-bottom:2.5rem}
.fs-grid{display:grid;grid-template-columns:1fr;gap:2.5rem;align-items:center}
.fs-hero{display:flex;flex-direction:column;gap:1.5rem}
.fs-slides{background:#fff;border-radius:1rem;border:1px solid #f4f4f5;overflow:hidden;box-shadow:0 16px 24px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.3)}
.fs-pic{position:relative;aspect-ratio:1.6;background:#fafafa}
.fs-pic img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.fs-slides figcaption{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:1rem 1.25rem;font-weight:500;color:#27272a}
.fs-dots{display:flex;flex-shrink:0}
.fs-dot{display:flex;align-items:center;justify-content:center;min-width:1.5rem;height:1.5rem;padding:0 .25rem}
.fs-dot i{display:block;width:.5rem;height:.5rem;border-radius:9999px;background:#d4d4d8}
.fs-dot i.fs-on{width:1.25rem;background:#4f46e5}
.fs-badge{align-self:flex-start;display:inline-flex;align-items:center;min-height:1.75rem;padding:0 .75rem;border-radius:9999px;background:#eef2ff;color:#4338ca;font-size:.875rem;line-height:1.25rem;font-weight:500}
.fs-h1{font-size:2.25rem;line-height:1.08;letter-spacing:-.03em;color:#18181b;font-weight:600}
.fs-brand{color:#4f46e5}
.fs-lead{font-size:1.125rem;color:#52525b;max-width:36rem}
.fs-hero .fs-row{gap:.75rem}
.fs-stats{display:flex;gap:1.5rem;padding-top:1rem}
.fs-stat{font-size:1.5rem;font-weight:700;color:#18181b;line-height:1.1}
.fs-muted{color:#52525b}
.fs-sm{font-size:.875rem}
.fs-c.fs-pub{padding-top:2rem;padding-bottom:2rem}
.fs-card{background:#fff;border-radius:1rem;border:1px solid #f4f4f5;box-shadow:0 4px 8px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.3);overflow:hidden}
.fs-signin{max-width:28rem;margin:0 auto;border:0;box-shadow:0 8px 16px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.3);padding:1.5rem}
.fs-icon{display:flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:.75rem;background:#eef2ff;color:#4f46e5;margin-bottom:.75rem!important}
.fs-h2{font-size:1.5rem;line-height:2rem;letter-spacing:-.02em;font-weight:600;margin-bottom:.25rem!important}
.fs-frame{max-width:48rem;margin:0 auto;display:flex;flex-direction:column;gap:1.25rem}
.fs-narrow{max-width:36rem}
.fs-grad{background:linear-gradient(to bottom right,#4f46e5,#3730a3);color:#fff}
.fs-profile{border-radius:1rem;box-shadow:0 4px 8px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.3);padding:1.75rem 1.5rem;display:flex;flex-direction:column;gap:1.25rem}
.fs-disc{display:flex;align-items:center;justify-content:center;width:4rem;height:4rem;border-radius:9999px;background:rgba(255,255,255,.08)}
.fs-name{font-size:1.5rem;line-height:1.875rem;letter-spacing:-.02em;font-weight:600}
.fs-soft{color:rgba(255,255,255,.92)}
.fs-facts{display:flex;gap:.5rem;margin-top:.5rem!important;flex-wrap:wrap;align-items:center;font-size:.875rem}
.fs-pill{display:inline-flex;align-items:center;min-height:1.5rem;padding:0 .625rem;border-radius:9999px;background:rgba(255,255,255,.08);font-weight:500;line-height:1.25rem}
.fs-section{background:#fff;border-radius:1rem;border:1px solid #f4f4f5;box-shadow:0 1px 2px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.2);padding:1.25rem}
.fs-section h2{font-size:1.125rem;line-height:1.75rem;letter-spacing:-.01em;font-weight:600;margin-bottom:1rem!important}
.fs-vhero{padding:2rem 1.5rem 1.75rem;text-align:center}
.fs-vhero .fs-disc{width:3.5rem;height:3.5rem;margin:0 auto;border:1px solid rgba(255,255,255,.24)}
.fs-vhero h1{margin-top:.75rem!important}
.fs-vhero p{margin-top:.5rem!important}
.fs-for{padding:1.5rem 1.25rem}
.fs-label{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;font-weight:600;color:#52525b}
.fs-center{min-height:100vh;background:#fafafa;display:flex;align-items:center;justify-content:center;padding:0 1.5rem}
.fs-404{display:flex;flex-direction:column;align-items:center;gap:1rem;text-align:center;max-width:28rem}
.fs-big{font-size:3.75rem;font-weight:700;color:#4f46e5;line-height:1}
.fs-app{min-height:100vh;background:#fafafa;color:#09090b}
.fs-app .fs-bar{background:rgba(255,255,255,.9)}
.fs-app .fs-bar .fs-c{height:60px;padding:0 .75rem}
.fs-word{display:none}
.fs-c.fs-intro{padding-top:1.5rem;padding-bottom:1.5rem}
.fs-col{max-width:48rem;margin:0 auto!important}
.fs-intro h1{font-size:1.5rem;line-height:2rem;letter-spacing:-.02em;font-weight:600}
.fs-intro h1+p{margin-top:.25rem!important;color:#52525b}
.fs-acts{height:2.25rem;margin-top:1rem!important}
.fs-vb{margin-top:1.5rem!important;background:#eef2ff;border:1px solid #e0e7ff;border-radius:.75rem;padding:1rem;display:flex;align-items:center;min-height:calc(4.5rem + 2px)}
.fs-vb p{font-weight:500}
.fs-cards{display:grid;grid-template-columns:minmax(0,1fr);gap:1.25rem;margin-top:1.5rem!important}
.fs-sc,.fs-pc{background:#fff;border-radius:1rem;border:1px solid #f4f4f5;box-shadow:0 1px 2px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.2);padding:1.25rem;min-width:0}
.fs-sc h2{font-size:1rem;line-height:1.5rem;letter-spacing:-.01em;font-weight:600;margin-bottom:1rem!important}
.fs-num{display:flex;align-items:baseline;gap:.375rem}
.fs-num b{font-size:2.25rem;line-height:1;font-weight:700;color:#18181b;font-variant-numeric:tabular-nums}
.fs-num span{color:#52525b}
.fs-fig{display:flex;align-items:center;gap:.75rem;flex-wrap:wrap}
.fs-lvl,.fs-status{display:inline-flex;align-items:center;min-height:1.25rem;padding:0 .625rem;border-radius:9999px;font-size:.75rem;line-height:1rem;font-weight:500;font-variant-numeric:tabular-nums}
.fs-lvl{color:#fff}
.fs-green{background:#dcfce7;color:#116932}
.fs-orange{background:#ffedd5;color:#92310a}
.fs-counts{margin:.25rem 0 1.25rem!important}
.fs-bars{display:flex;flex-direction:column;gap:1rem}
.fs-bar-row{display:flex;justify-content:space-between;align-items:baseline;gap:.75rem;font-size:.875rem}
.fs-bar-row p:first-child{font-weight:500;color:#27272a}
.fs-bar-row p:last-child{font-weight:600;color:#18181b;font-variant-numeric:tabular-nums}
.fs-bar-row span{font-weight:400;color:#52525b}
.fs-track{margin-top:.375rem!important;height:.5rem;background:#f4f4f5;border-radius:9999px;overflow:hidden}
.fs-track i{display:block;height:100%;background:#6366f1;border-radius:9999px}
.fs-track.fs-rep{margin-top:1rem!important;height:.625rem}
.fs-track.fs-rep i{background:linear-gradient(to right,#818cf8,#4f46e5)}
.fs-rep-note{margin-top:.75rem!important}
.fs-split{display:flex;flex-direction:column;gap:.25rem;margin-top:1rem!important;font-size:.875rem}
.fs-split div{display:flex;justify-content:space-between}
.fs-split b{font-weight:600}
.fs-plans{display:grid;grid-template-columns:1fr;gap:1.5rem;align-items:start;margin-top:2rem!important}
.fs-pc{padding:1.5rem;display:flex;flex-direction:column;gap:1.25rem}
.fs-pc-head{display:flex;flex-direction:column;gap:.25rem}
.fs-eyebrow{font-size:.875rem;font-weight:500;color:#52525b;text-transform:uppercase;letter-spacing:.06em}
.fs-pc h2{font-size:1.5rem;line-height:2rem;font-weight:600;letter-spacing:-.02em}
.fs-price{color:#52525b}
.fs-price b{font-weight:600;color:#18181b}
.fs-pc-acts{display:flex;flex-direction:column;gap:.75rem}
.fs-pc-acts div{height:2.5rem}
.fs-free{background:#eef2ff;border-radius:.75rem;padding:1rem;font-size:.875rem;color:#312e81}
@media(min-width:30rem){.fs-word{display:inline}}
@media(min-width:48rem){.fs-acts{display:none}.fs-cards{grid-template-columns:repeat(2,minmax(0,1fr))}.fs-sc{padding:1.5rem}.fs-c{padding:0 1.5rem}.fs-app .fs-bar .fs-c{padding-left:1.5rem;padding-right:1.5rem}.fs-c.fs-intro{padding-top:2.5rem;padding-bottom:2.5rem}.fs-c.fs-main{padding-top:4rem;padding-bottom:4rem}.fs-h1{font-size:3rem}.fs-lead{font-size:1.25rem}.fs-stats{gap:2.5rem}.fs-stat{font-size:1.875rem}.fs-c.fs-pub{padding-top:3rem;padding-bottom:3rem}.fs-signin{padding:2rem}.fs-profile{padding:2.25rem 2rem}.fs-name{font-size:1.875rem}.fs-headline{font-size:1.125rem}.fs-section{padding:1.75rem}.fs-vhero{padding:2rem 2rem 1.75rem}.fs-for{padding:1.5rem 2rem}}
@media(min-width:30rem){.fs-profile{flex-direction:row;align-items:center}}
@media(min-width:64rem){.fs-cards{grid-template-columns:repeat(3,minmax(0,1fr))}.fs-plans{grid-template-columns:1fr 1.2fr}.fs-c{padding:0 2rem}.fs-app .fs-bar .fs-c{padding-left:2rem;padding-right:2rem}.fs-grid{grid-template-columns:1.05fr 1fr;gap:3.5rem}}`;

/** The inline stylesheet of every first screen (in the head). */
export const FIRST_SCREEN_STYLE = `<style>${CSS}</style>`;

const icon = (paths: string, size: string) =>
  `<svg viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;
const SHIELD = '<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10"/><path d="m9 12 2 2 4-4"/>';
const USER_PLUS = '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M19 8v6M22 11h-6"/>';

/** The Vouch mark and name (shell/src/layout/logo.tsx), a link home. */
function logo(size: string, signedIn = false): string {
  // Signed in, the mark leads to the dashboard and its word shows from 30rem up (the app's `compact` logo).
  const [href, label, word] = signedIn ? ['/dashboard', 'Vouch dashboard', '<span class="fs-word">Vouch</span>'] : ['/', 'Vouch home', 'Vouch'];
  return `<a href="${href}" class="fs-logo" aria-label="${label}"><svg viewBox="0 0 64 64" width="${size}" height="${size}" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#4338ca"/><path d="M18 20l14 26 14-26" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></svg>${word}</a>`;
}

/** The frame of the public pages a remote renders (shell/src/layout/public-layout.tsx). */
function publicFrame(body: string, signIn: boolean): string {
  const action = signIn ? '<a class="fs-btn fs-outline" href="/auth">Sign In</a>' : '';
  return `<div class="fs-page"><header class="fs-bar"><div class="fs-c">${logo('1.75rem')}${action}</div></header><main class="fs-c fs-pub">${body}</main></div>`;
}

/** The slideshow's frame (shell/src/features/landing/slideshow.tsx) with its first picture and caption. */
function slideshow(slide: LandingSlide): string {
  const dots = [0, 1, 2, 3].map((i) => `<span class="fs-dot"><i${i === 0 ? ' class="fs-on"' : ''}></i></span>`).join('');
  return `<figure class="fs-slides" aria-label="How Vouch works"><div class="fs-pic"><img src="${escapeHtml(slide.src)}" alt=""></div><figcaption><span>${escapeHtml(slide.caption)}</span><span class="fs-dots" aria-hidden="true">${dots}</span></figcaption></figure>`;
}

function landing(slide: LandingSlide | null): string {
  const hero = LANDING_HERO;
  const stat = (label: string, value: string) => `<div><p class="fs-stat">${value}</p><p class="fs-sm fs-muted">${label}</p></div>`;
  return (
    `<div class="fs-page fs-landing"><header class="fs-bar"><nav class="fs-c" aria-label="Main">${logo('2rem')}` +
    '<span class="fs-row"><a class="fs-btn" href="/auth">Sign In</a><a class="fs-btn fs-solid" href="/auth">Join Network</a></span></nav></header>' +
    `<main class="fs-c fs-main"><div class="fs-grid"><div class="fs-hero"><span class="fs-badge">${escapeHtml(hero.badge)}</span>` +
    `<h1 class="fs-h1">${escapeHtml(hero.headline)} <span class="fs-brand">${escapeHtml(hero.highlight)}</span></h1>` +
    `<p class="fs-lead">${escapeHtml(hero.lead)}</p>` +
    `<div class="fs-row"><a class="fs-btn fs-lg fs-solid" href="/auth">${escapeHtml(hero.primary)}</a><a class="fs-btn fs-lg fs-outline" href="/auth">${escapeHtml(hero.secondary)}</a></div>` +
    // The numbers load with the app (as its own row shows them until then).
    `<div class="fs-stats">${stat('Trusted Members', '–')}${stat('Vouches Given', '–')}</div></div>` +
    `${slide ? slideshow(slide) : ''}</div></main></div>`
  );
}

function signIn(): string {
  return publicFrame(
    `<div class="fs-card fs-signin"><div class="fs-icon">${icon(SHIELD, '1.5rem')}</div><h1 class="fs-h2">${escapeHtml(SIGN_IN_INTRO.title)}</h1><p class="fs-muted">${escapeHtml(SIGN_IN_INTRO.text)}</p></div>`,
    false,
  );
}

function notFound(): string {
  return `<div class="fs-center"><div class="fs-404"><p class="fs-big">404</p><h1 class="fs-h2">${escapeHtml(NOT_FOUND_TEXT.heading)}</h1><p class="fs-muted">${escapeHtml(NOT_FOUND_PAGE.description)}</p><a class="fs-btn fs-md fs-solid" href="/">${escapeHtml(NOT_FOUND_TEXT.back)}</a></div></div>`;
}

function profile(preview: PublicProfilePreview): string {
  const count = `${preview.vouchCount} ${preview.vouchCount === 1 ? 'Vouch' : 'Vouches'}`;
  const headline = preview.headline ? `<p class="fs-soft fs-headline" style="margin-top:.25rem">${escapeHtml(preview.headline)}</p>` : '';
  const summary = preview.summary?.trim() || PROFILE_MESSAGES.fallbackSummary;
  return publicFrame(
    '<div class="fs-frame">' +
      `<div class="fs-grad fs-profile"><div class="fs-disc">${icon(SHIELD, '2rem')}</div><div>` +
      `<h1 class="fs-name">${escapeHtml(preview.name)}</h1>${headline}` +
      `<div class="fs-facts fs-soft"><span class="fs-pill">${count}</span><span>Member since ${preview.memberSince}</span></div></div></div>` +
      `<section class="fs-section" aria-labelledby="fs-summary"><h2 id="fs-summary">Professional Summary</h2><p style="color:#3f3f46">${escapeHtml(summary)}</p></section>` +
      '</div>',
    true,
  );
}

function vouch(preview: PublicVouchPreview): string {
  const invite = preview.type === 'invite';
  const voucher = `<b>${escapeHtml(preview.voucherName)}</b>`;
  const recipient = `<b>${escapeHtml(preview.recipientName)}</b>`;
  const sentence = invite ? `${voucher} invited ${recipient} to join a professional network built on trust.` : `${voucher} vouched for ${recipient}.`;
  return publicFrame(
    '<div class="fs-frame fs-narrow"><div class="fs-card">' +
      `<div class="fs-grad fs-vhero"><div class="fs-disc">${icon(invite ? USER_PLUS : SHIELD, '1.75rem')}</div>` +
      `<h1 class="fs-name">${escapeHtml(publicVouchHeading(preview.type))}</h1><p class="fs-soft">${sentence}</p></div>` +
      `<div class="fs-for"><p class="fs-label">For</p><p style="font-size:1.25rem;font-weight:700">${escapeHtml(preview.recipientName)}</p></div>` +
      '</div></div>',
    true,
  );
}

/**
 * A signed-in screen (shell/src/app/signed-in-layout.tsx): the header's bar with the mark (its
 * buttons come with the app) and the page's intro (@vouch/ui PageTitle), the page's largest text
 * on a phone until its data is in; on the dashboard, the Vouch back card's question under it
 * (where the page draws it: below the room its buttons take on a phone, and centred on its own
 * buttons' line, 2.5rem, when it fits beside them); on Stats, its first row of cards; on
 * Subscription, the current plan card. The shell removes it when the page's code has rendered.
 */
function signedIn({ intro, vouchBack, stats, plan }: Extract<FirstScreen, { page: 'signed-in' }>): string {
  const card = vouchBack ? `<div class="fs-acts"></div><div class="fs-vb"><p>${escapeHtml(vouchBackQuestion(vouchBack))}</p></div>` : '';
  return (
    `<div class="fs-app"><header class="fs-bar"><div class="fs-c">${logo('1.75rem', true)}</div></header>` +
    `<main class="fs-c fs-intro"><div${intro.narrow ? ' class="fs-col"' : ''}><h1>${escapeHtml(intro.heading)}</h1><p>${escapeHtml(intro.lead)}</p></div>${card}${stats ? scoreCards(stats) : ''}${plan ? currentPlanCard(plan) : ''}</main></div>`
  );
}

/** The level badge's colour: Chakra's `<palette>.solid` of mf-vouches' LEVEL_PALETTES (the e2e test compares them). */
const LEVEL_COLOURS: Readonly<Record<ReputationLevel, string>> = { Expert: '#9333ea', Advanced: '#16a34a', Intermediate: '#2563eb', Beginner: '#ea580c', New: '#18181b' };

/** A progress bar of a 0–100 figure. */
function track(label: string, value: number, width: number, className = 'fs-track'): string {
  return `<div class="${className}" role="progressbar" aria-label="${escapeHtml(label)}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${value}"><i style="width:${width}%"></i></div>`;
}

/** A card with its heading (mf-vouches StatCard). */
function statCard(id: string, title: string, body: string): string {
  return `<section class="fs-sc" aria-labelledby="fs-${id}"><h2 id="fs-${id}">${title}</h2>${body}</section>`;
}

/**
 * Stats' first row (mf-vouches ScoreCards): social capital with its three scores, reputation with
 * its level, network size. All from the member's profile, which the page's session carries: no read of its own.
 */
function scoreCards(member: UserProfile): string {
  const view = reputationFigures(member);
  const big = (value: number, suffix: string) => `<div class="fs-num"><b>${value}</b>${suffix ? `<span>${suffix}</span>` : ''}</div>`;
  const bars = view.scores
    .map((row) => {
      // As mf-vouches' ScoreBar: the bar is as wide as the whole score it shows.
      return `<div><div class="fs-bar-row"><p>${row.label}</p><p>${row.value}<span>/100</span></p></div>${track(row.label, row.value, row.value)}</div>`;
    })
    .join('');
  const split = (label: string, value: number | null | undefined) => `<div><span class="fs-muted">${label}</span><b>${value ?? 0}</b></div>`;
  return (
    '<div class="fs-cards">' +
    statCard('social-capital', 'Social Capital', `${big(view.socialCapital, figureUnit('socialCapital', view.socialCapital))}<p class="fs-sm fs-muted fs-counts">${escapeHtml(FIGURES.socialCapital.counts)}</p><div class="fs-bars">${bars}</div>`) +
    statCard(
      'reputation',
      'Reputation',
      `<div class="fs-fig">${big(view.score, '/ 100')}<span class="fs-lvl" style="background:${LEVEL_COLOURS[view.level]}">${view.level}</span></div>` +
        `${track('Reputation score', view.score, view.percent, 'fs-track fs-rep')}<p class="fs-sm fs-muted fs-rep-note">${escapeHtml(FIGURES.reputation.counts)}</p>`,
    ) +
    statCard('network-size', 'Network Size', `${big(view.networkSize, figureUnit('networkSize', view.networkSize))}<div class="fs-split">${split('Vouches given', member.vouchesGiven)}${split('Vouches received', member.vouchesReceived)}</div>`) +
    '</div>'
  );
}

/**
 * The Subscription page's current plan card (mf-subscription CurrentPlanCard) in the first cell of
 * its grid: the plan, its status and price, and what the card says under them. A paid plan's
 * buttons come with the app (their room is kept): a button that does nothing until then would mislead.
 */
function currentPlanCard({ plan, status, priceMonthlyUsd, provider }: CurrentPlan): string {
  const paid = priceMonthlyUsd > 0;
  const note = provider === 'stripe' ? '' : `<p class="fs-sm fs-muted">${escapeHtml(CURRENT_PLAN_TEXT.localBilling)}</p>`;
  const below = paid ? `<div class="fs-pc-acts"><div></div>${note}</div>` : `<div class="fs-free"><p>${escapeHtml(CURRENT_PLAN_TEXT.freePlan)}</p></div>`;
  return (
    '<div class="fs-plans"><section class="fs-pc" aria-labelledby="fs-current-plan"><div class="fs-pc-head">' +
    `<p id="fs-current-plan" class="fs-eyebrow">${escapeHtml(CURRENT_PLAN_TEXT.label)}</p>` +
    `<div class="fs-fig"><h2>${escapeHtml(plan.displayName)}</h2><span class="fs-status fs-${statusTone(status)}">${escapeHtml(formatStatus(status))}</span></div>` +
    `<p class="fs-price"><b>${formatPrice(priceMonthlyUsd)}</b> / month</p></div>${below}</section></div>`
  );
}

/** The first screen's markup: an element the app's #root is hidden behind until it takes over. */
export function firstScreenHtml(screen: FirstScreen): string {
  const body =
    screen.page === 'landing'
      ? landing(screen.slide)
      : screen.page === 'auth'
        ? signIn()
        : screen.page === 'not-found'
          ? notFound()
          : screen.page === 'profile'
            ? profile(screen.profile)
            : screen.page === 'vouch'
              ? vouch(screen.vouch)
              : signedIn(screen);
  return `<div id="${ELEMENT_ID}">${body}</div>`;
}

/** The shell's index.html with `markup` placed just before its #root element. */
export function withFirstScreen(indexHtml: string, markup: string): string {
  return indexHtml.replace(/<div id=["']?root["']?>/i, (root) => `${markup}${root}`);
}
