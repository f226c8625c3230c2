import { DataTypes, Model, type ModelStatic, type Sequelize } from 'sequelize';

/** Sequelize models of the tables the notifications service owns; bound per Sequelize instance. */
export interface NotificationsModels {
  Device: ModelStatic<Model>;
  OptOut: ModelStatic<Model>;
  Outbox: ModelStatic<Model>;
}

const cache = new WeakMap<Sequelize, NotificationsModels>();

export function notificationsModels(sequelize: Sequelize): NotificationsModels {
  const existing = cache.get(sequelize);
  if (existing) return existing;
  const common = { underscored: true, freezeTableName: true, timestamps: false } as const;

  const Device = sequelize.define(
    'NotificationsDevice',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      platform: { type: DataTypes.STRING(10), allowNull: false },
      token: { type: DataTypes.TEXT, allowNull: false },
      tokenHash: { type: DataTypes.STRING(64), allowNull: false },
      appVersion: { type: DataTypes.STRING(50), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'devices' },
  );

  const OptOut = sequelize.define(
    'NotificationsOptOut',
    {
      memberId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      kind: { type: DataTypes.STRING(40), allowNull: false, primaryKey: true },
    },
    { ...common, tableName: 'notification_opt_outs' },
  );

  const Outbox = sequelize.define(
    'NotificationsOutbox',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      deviceId: { type: DataTypes.INTEGER, allowNull: false },
      kind: { type: DataTypes.STRING(40), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      body: { type: DataTypes.STRING(500), allowNull: false },
      link: { type: DataTypes.STRING(300), allowNull: false },
      status: { type: DataTypes.STRING(10), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false },
      nextAttemptAt: { type: DataTypes.DATE(3), allowNull: false },
      lastError: { type: DataTypes.STRING(500), allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'push_outbox' },
  );

  const models = { Device, OptOut, Outbox };
  cache.set(sequelize, models);
  return models;
}
