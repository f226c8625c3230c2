import { DataTypes, Model, type InferAttributes, type InferCreationAttributes, type CreationOptional, type Sequelize } from 'sequelize';

export class SubscriptionModel extends Model<InferAttributes<SubscriptionModel>, InferCreationAttributes<SubscriptionModel>> {
  declare id: CreationOptional<number>;
  declare memberId: number;
  declare plan: CreationOptional<string>;
  declare status: CreationOptional<string>;
  declare stripeCustomerId: CreationOptional<string | null>;
  declare stripeSubscriptionId: CreationOptional<string | null>;
  declare currentPeriodEnd: CreationOptional<Date | null>;
  declare cancelAtPeriodEnd: CreationOptional<boolean>;
  declare stripeSyncedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class UsageModel extends Model<InferAttributes<UsageModel>, InferCreationAttributes<UsageModel>> {
  declare id: CreationOptional<number>;
  declare memberId: number;
  declare kind: string;
  declare periodStart: string;
  declare used: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class StripeEventModel extends Model<InferAttributes<StripeEventModel>, InferCreationAttributes<StripeEventModel>> {
  declare id: string;
  declare type: string;
  declare createdAt: CreationOptional<Date>;
}

export interface SubscriptionModels {
  Subscription: typeof SubscriptionModel;
  Usage: typeof UsageModel;
  StripeEvent: typeof StripeEventModel;
}

const cache = new WeakMap<Sequelize, SubscriptionModels>();

/**
 * The models bound to one Sequelize instance (tests open several databases in one process,
 * so models are not module singletons). Migrations own the schema (snake_case
 * columns, as in every service); these only map it.
 */
export function modelsFor(sequelize: Sequelize): SubscriptionModels {
  const cached = cache.get(sequelize);
  if (cached) return cached;
  // Subclass per instance: Model.init binds a class to one Sequelize.
  const Subscription = class extends SubscriptionModel {};
  Subscription.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
      plan: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'free' },
      status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: 'active' },
      stripeCustomerId: { type: DataTypes.STRING(255), allowNull: true },
      stripeSubscriptionId: { type: DataTypes.STRING(255), allowNull: true },
      currentPeriodEnd: { type: DataTypes.DATE, allowNull: true },
      cancelAtPeriodEnd: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      stripeSyncedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'subscriptions', modelName: 'Subscription', underscored: true },
  );
  const Usage = class extends UsageModel {};
  Usage.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      kind: { type: DataTypes.STRING(20), allowNull: false },
      periodStart: { type: DataTypes.DATEONLY, allowNull: false },
      used: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'usage', modelName: 'Usage', underscored: true },
  );
  const StripeEvent = class extends StripeEventModel {};
  StripeEvent.init(
    {
      id: { type: DataTypes.STRING(255), primaryKey: true },
      type: { type: DataTypes.STRING(100), allowNull: false },
      createdAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'stripe_events', modelName: 'StripeEvent', underscored: true, updatedAt: false },
  );
  const models = { Subscription, Usage, StripeEvent };
  cache.set(sequelize, models);
  return models;
}
