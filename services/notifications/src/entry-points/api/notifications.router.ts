import { Router } from 'express';
import { memberRead, parse, requireMember, routeId, type ServiceContext } from '@vouch/service-core';
import { notificationSettingsPatch, registerDeviceBody, type PushConfigAnswer } from '@vouch/contracts';
import { describePush, pushPlatforms, readPushConfig } from '../../config';
import { devicesOf, registerDevice, unregisterDevice } from '../../domain/devices.use-case';
import { changeNotificationSettings, notificationSettings } from '../../domain/settings.use-case';

/** Devices, push configuration and notification settings (issue 29). */
export function notificationsRouter(ctx: ServiceContext): Router {
  const config = readPushConfig(ctx.env);
  const platforms = pushPlatforms(config);
  const pushConfig: PushConfigAnswer = { platforms, webPushPublicKey: config.webPush?.publicKey ?? null };
  ctx.logger.info({ platforms }, describePush(config, ctx.env));
  const router = Router();

  router.get('/api/devices/push-config', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(pushConfig);
  });

  router.get('/api/devices', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await devicesOf(ctx.db, memberId));
  });

  router.post('/api/devices', async (req, res) => {
    const { memberId } = requireMember(req);
    const input = parse(registerDeviceBody, req.body);
    const { device, created } = await registerDevice(ctx.db, memberId, input, { platforms, webPushHosts: config.webPushHosts }, new Date());
    res.status(created ? 201 : 200).json(device);
  });

  router.delete('/api/devices/:id', async (req, res) => {
    const { memberId } = requireMember(req);
    await unregisterDevice(ctx.db, memberId, routeId(req.params.id));
    res.status(204).end();
  });

  router.get('/api/notification-settings', async (req, res) => {
    const { memberId } = requireMember(req);
    memberRead(res).json(await notificationSettings(ctx.db, memberId));
  });

  router.patch('/api/notification-settings', async (req, res) => {
    const { memberId } = requireMember(req);
    res.json(await changeNotificationSettings(ctx.db, memberId, parse(notificationSettingsPatch, req.body)));
  });

  return router;
}
