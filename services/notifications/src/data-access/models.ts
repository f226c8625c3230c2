import { DataTypes, Model, type ModelStatic, type Sequelize } from 'sequelize';

/** Sequelize models of the tables the notifications service owns; bound per Sequelize instance. */
export interface NotificationsModels {
  Activity: ModelStatic<Model>;
  Device: ModelStatic<Model>;
  Preference: ModelStatic<Model>;
  Notification: ModelStatic<Model>;
  Delivery: ModelStatic<Model>;
}

const cache = new WeakMap<Sequelize, NotificationsModels>();

export function notificationsModels(sequelize: Sequelize): NotificationsModels {
  const existing = cache.get(sequelize);
  if (existing) return existing;
  const common = { underscored: true, freezeTableName: true, timestamps: false } as const;

  // The bell: every member's feed (the table was the vouches service's until issue 40).
  const Activity = sequelize.define(
    'NotificationsActivity',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      type: { type: DataTypes.STRING(50), allowNull: false },
      description: { type: DataTypes.STRING(500), allowNull: false },
      aboutMemberId: { type: DataTypes.INTEGER, allowNull: true },
      bySelf: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      objectType: { type: DataTypes.STRING(30), allowNull: true },
      objectId: { type: DataTypes.INTEGER, allowNull: true },
      link: { type: DataTypes.STRING(300), allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'activities' },
  );

  const Device = sequelize.define(
    'NotificationsDevice',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      sessionId: { type: DataTypes.STRING(64), allowNull: true },
      platform: { type: DataTypes.STRING(10), allowNull: false },
      token: { type: DataTypes.TEXT, allowNull: false },
      tokenHash: { type: DataTypes.STRING(64), allowNull: false },
      appVersion: { type: DataTypes.STRING(50), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'devices' },
  );

  const Preference = sequelize.define(
    'NotificationsPreference',
    {
      memberId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      kind: { type: DataTypes.STRING(40), allowNull: false, primaryKey: true },
      channel: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
      enabled: { type: DataTypes.BOOLEAN, allowNull: false },
    },
    { ...common, tableName: 'notification_preferences' },
  );

  const Notification = sequelize.define(
    'NotificationsNotification',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      activityId: { type: DataTypes.INTEGER, allowNull: true },
      kind: { type: DataTypes.STRING(40), allowNull: false },
      objectType: { type: DataTypes.STRING(30), allowNull: true },
      objectId: { type: DataTypes.INTEGER, allowNull: true },
      link: { type: DataTypes.STRING(300), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      body: { type: DataTypes.STRING(500), allowNull: false },
      textBody: { type: DataTypes.STRING(400), allowNull: true },
      status: { type: DataTypes.STRING(10), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'notifications' },
  );

  const Delivery = sequelize.define(
    'NotificationsDelivery',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      notificationId: { type: DataTypes.INTEGER, allowNull: false },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      channel: { type: DataTypes.STRING(10), allowNull: false },
      deviceId: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(10), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false },
      nextAttemptAt: { type: DataTypes.DATE(3), allowNull: false },
      lastError: { type: DataTypes.STRING(500), allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      sentAt: { type: DataTypes.DATE(3), allowNull: true },
      claim: { type: DataTypes.STRING(40), allowNull: true },
    },
    { ...common, tableName: 'notification_deliveries' },
  );

  const models = { Activity, Device, Preference, Notification, Delivery };
  cache.set(sequelize, models);
  return models;
}
