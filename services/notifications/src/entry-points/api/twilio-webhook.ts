// Twilio's incoming-message webhook (issue 40: a text carries a working opt-out). With Advanced
// Opt-Out, Twilio answers STOP itself and refuses later texts (error 21610); this keeps our side
// true as well: the member's text preferences go off on STOP and back to their defaults on START,
// so the settings screen says what the phone said. Configure the Messaging Service's incoming
// webhook as PUBLIC_URL + TWILIO_MESSAGING_WEBHOOK_PATH.
import express, { Router } from 'express';
import twilio from 'twilio';
import { problems, type ServiceContext } from '@vouch/service-core';
import { findMemberByPhone } from '@vouch/service-auth';
import { setTextsStopped } from '../../domain/preferences.use-case';

export const TWILIO_MESSAGING_WEBHOOK_PATH = '/api/webhooks/twilio/messages';

/** Twilio's default opt-out and opt-in keywords (Advanced Opt-Out names the kind in OptOutType). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP']);

/** What an incoming text asks of us: stop texts, start them again, or nothing. */
export function optOutIntent(body: { OptOutType?: unknown; Body?: unknown }): 'stop' | 'start' | null {
  const word = String(body.OptOutType ?? body.Body ?? '').trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

export function twilioMessagingWebhook(ctx: ServiceContext, authToken: string): Router {
  const router = Router();
  const publicUrl = ctx.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  router.post(TWILIO_MESSAGING_WEBHOOK_PATH, express.urlencoded({ extended: false, limit: '64kb' }), async (req, res) => {
    const params = (req.body ?? {}) as Record<string, string>;
    // Twilio signs the URL it called (PUBLIC_URL + the path, as configured) and the form's fields.
    const url = `${publicUrl ?? `${req.protocol}://${req.get('host')}`}${req.originalUrl}`;
    if (!twilio.validateRequest(authToken, req.get('x-twilio-signature') ?? '', url, params)) throw problems.badRequest('The X-Twilio-Signature does not match this request: it was not sent by Twilio.');
    const intent = optOutIntent(params);
    const member = intent && typeof params.From === 'string' ? await findMemberByPhone(ctx.db, params.From) : null;
    if (intent && member) {
      await setTextsStopped(ctx.db, member.id, intent === 'stop');
      ctx.logger.info({ memberId: member.id, intent }, 'a member answered a text: texts turned ' + (intent === 'stop' ? 'off' : 'back on'));
    }
    // An empty TwiML answer: Twilio's own opt-out reply is the one the member reads.
    res.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
  return router;
}
