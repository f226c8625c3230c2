import { Router } from 'express';
import { idPath, memberRead, parse, parsePage, parseSyncQuery, parseUpdatedSince, requireMember, routeId, sendPage, syncPage, syncTokenWindow, type ServiceContext } from '@vouch/service-core';
import { activityKindQuery, markActivitiesSeenBody, notificationPreferencesPatch, notificationSettingsPatch, registerDeviceBody, type PushConfigAnswer } from '@vouch/contracts';
import { describePush, pushPlatforms, readPushConfig, readTextConfig } from '../../config';
import { ACTIVITY_PAGE_LIMITS, ACTIVITY_SYNC_LIST, activityChangedSince, activityFeed, activityOf, activitySyncList, markActivitiesSeen, unreadActivityCount } from '../../domain/activity';
import { devicesOf, registerDevice, unregisterDevice } from '../../domain/devices.use-case';
import { createUnreadWatch } from '../../domain/unread-watch';
import { readUnreadWatchOptions, streamUnread } from './unread-stream';
import { changeNotificationPreferences, changeNotificationSettings, notificationPreferences, notificationSettings } from '../../domain/preferences.use-case';
import { twilioMessagingWebhook } from './twilio-webhook';

/** The bell (activities), devices and push configuration, and what a member chose to hear of (issues 28, 29, 40). */
export function notificationsRouter(ctx: ServiceContext): Router {
  const config = readPushConfig(ctx.env);
  const platforms = pushPlatforms(config);
  const pushConfig: PushConfigAnswer = { platforms, webPushPublicKey: config.webPush?.publicKey ?? null };
  ctx.logger.info({ platforms }, describePush(config, ctx.env));
  const router = Router();

  router.get('/api/activities', async (req, res) => {
    const { memberId } = requireMember(req);
    const page = parsePage(req.query, ACTIVITY_PAGE_LIMITS);
    const since = parseUpdatedSince(req.query);
    const byCreation = (a: { createdAt: string; id: number }) => ({ at: a.createdAt, id: a.id });
    // An activity never changes once written: its creation is its change.
    if (since) return sendPage(req, memberRead(res), await activityChangedSince(ctx.db, memberId, since, page), page, byCreation);
    const { kind } = parse(activityKindQuery, { kind: req.query.kind });
    sendPage(req, memberRead(res), await activityFeed(ctx.db, memberId, page, kind ?? null), page, byCreation);
  });

  // An app's copy of the feed (issue 45): what changed since its token, in commit order.
  const syncOptions = syncTokenWindow(ctx);
  router.get('/api/activities/sync', async (req, res) => {
    const { memberId } = requireMember(req);
    const query = parseSyncQuery(req.query, ACTIVITY_SYNC_LIST, ACTIVITY_PAGE_LIMITS);
    memberRead(res).json(await syncPage(ctx.db, activitySyncList(ctx.db, memberId), query, { ...syncOptions, now: new Date() }));
  });

  router.get('/api/activities/unread', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json({ unread: await unreadActivityCount(ctx.db, memberId) });
  });

  router.post('/api/activities/seen', async (req, res) => {
    const { memberId } = requireMember(req);
    const { throughId } = parse(markActivitiesSeenBody, req.body ?? {});
    res.json({ unread: await markActivitiesSeen(ctx.db, memberId, throughId ?? null) });
  });

  // The bell without a reload: the unread count, pushed as Server-Sent Events whenever it changes.
  const watch = createUnreadWatch(ctx.db, ctx.logger, readUnreadWatchOptions(ctx.env));
  router.get('/api/activities/events', (req, res) => {
    const { memberId } = requireMember(req);
    streamUnread(req, res, watch, memberId);
  });

  // One bell item (a push carries its activityId). Digits only: /api/activities/unread stays itself.
  router.get(idPath('/api/activities'), async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await activityOf(ctx.db, memberId, routeId(req.params[0])));
  });

  router.get('/api/devices/push-config', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(pushConfig);
  });

  router.get('/api/devices', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await devicesOf(ctx.db, memberId));
  });

  router.post('/api/devices', async (req, res) => {
    const member = requireMember(req);
    const input = parse(registerDeviceBody, req.body);
    res.status(201).json(await registerDevice(ctx.db, member, input, { platforms, webPushHosts: config.webPushHosts }, new Date()));
  });

  router.delete('/api/devices/:id', async (req, res) => {
    const { memberId } = requireMember(req);
    await unregisterDevice(ctx.db, memberId, routeId(req.params.id));
    res.status(204).end();
  });

  router.get('/api/notification-preferences', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await notificationPreferences(ctx.db, memberId));
  });

  router.patch('/api/notification-preferences', async (req, res) => {
    const { memberId } = requireMember(req);
    res.json(await changeNotificationPreferences(ctx.db, memberId, parse(notificationPreferencesPatch, req.body)));
  });

  router.get('/api/notification-settings', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await notificationSettings(ctx.db, memberId));
  });

  router.patch('/api/notification-settings', async (req, res) => {
    const { memberId } = requireMember(req);
    res.json(await changeNotificationSettings(ctx.db, memberId, parse(notificationSettingsPatch, req.body)));
  });

  const texts = readTextConfig(ctx.env);
  if (texts.channel === 'twilio') router.use(twilioMessagingWebhook(ctx, texts.authToken));

  return router;
}
