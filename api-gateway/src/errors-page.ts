import type { RequestHandler } from 'express';
import { PROBLEM_CODE_DOCS, PROBLEM_CODES, STATUS_TITLES } from '@vouch/service-core';
import { escapeHtml } from './profile-page';

const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/**
 * GET /docs/errors: every problem code with its status and what a client does about it, each an
 * anchor (`#OTP_INCORRECT`): the page a problem's `type` names (services/core/src/problems.ts).
 * Plain HTML without scripts, the same for everyone, so caches may keep it for a day.
 */
export function errorsPage(): RequestHandler {
  const rows = [...PROBLEM_CODES]
    .sort((a, b) => PROBLEM_CODE_DOCS[a].status - PROBLEM_CODE_DOCS[b].status || a.localeCompare(b))
    .map((code) => {
      const { status, meaning } = PROBLEM_CODE_DOCS[code];
      return `<tr id="${code}"><td><a href="#${code}"><code>${code}</code></a></td><td>${status} ${escapeHtml(STATUS_TITLES[status] ?? '')}</td><td>${inlineCode(meaning)}</td></tr>`;
    });
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Vouch API errors</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}td{padding:.4rem .6rem;vertical-align:top;border-bottom:1px solid #ddd}tr:target{background:#fff6d5}</style>',
    '</head><body><h1>Vouch API errors</h1>',
    '<p>Every error is <code>application/problem+json</code> (RFC 9457) with a stable <code>code</code>: branch on it, show <code>detail</code> (English), quote <code>requestId</code> to support. ',
    'A problem&rsquo;s <code>type</code> is this page&rsquo;s anchor for its code (<code>/docs/errors#CODE</code>). New codes may be added; treat an unknown one by its HTTP status.</p>',
    `<table><thead><tr><th>Code</th><th>Status</th><th>Meaning and what to do</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    '</body></html>',
  ].join('\n');
  return (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('html').send(html);
  };
}
