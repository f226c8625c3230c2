import { DataTypes, Model, type ModelStatic, type Sequelize } from 'sequelize';

/** Sequelize models of the tables the introductions service owns; bound per Sequelize instance. */
export interface IntroductionsModels {
  Request: ModelStatic<Model>;
  Suggestion: ModelStatic<Model>;
  Introduction: ModelStatic<Model>;
}

const cache = new WeakMap<Sequelize, IntroductionsModels>();

export function introductionsModels(sequelize: Sequelize): IntroductionsModels {
  const existing = cache.get(sequelize);
  if (existing) return existing;
  const common = { underscored: true, freezeTableName: true, timestamps: false } as const;

  const Request = sequelize.define(
    'IntroductionsRequest',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      requesterId: { type: DataTypes.INTEGER, allowNull: false },
      requestType: { type: DataTypes.STRING(100), allowNull: false },
      desiredSkills: { type: DataTypes.STRING(500), allowNull: false },
      reason: { type: DataTypes.TEXT, allowNull: false },
      context: { type: DataTypes.TEXT, allowNull: true },
      status: { type: DataTypes.STRING(30), allowNull: false },
      degreeLevel: { type: DataTypes.INTEGER, allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
      targetId: { type: DataTypes.INTEGER, allowNull: true },
      connectorId: { type: DataTypes.INTEGER, allowNull: true },
      openToTarget: { type: DataTypes.INTEGER, allowNull: true },
      connectorNote: { type: DataTypes.TEXT, allowNull: true },
      connectorAnsweredAt: { type: DataTypes.DATE(3), allowNull: true },
    },
    { ...common, tableName: 'introduction_requests' },
  );

  const Suggestion = sequelize.define(
    'IntroductionsSuggestion',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      requestId: { type: DataTypes.INTEGER, allowNull: false },
      suggesterId: { type: DataTypes.INTEGER, allowNull: false },
      suggestedPersonId: { type: DataTypes.INTEGER, allowNull: false },
      isSelfSuggestion: { type: DataTypes.BOOLEAN, allowNull: false },
      reasoning: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(30), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      respondedAt: { type: DataTypes.DATE(3), allowNull: true },
    },
    { ...common, tableName: 'introduction_suggestions' },
  );

  const Introduction = sequelize.define(
    'IntroductionsIntroduction',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      suggestionId: { type: DataTypes.INTEGER, allowNull: false },
      requestId: { type: DataTypes.INTEGER, allowNull: false },
      requesterId: { type: DataTypes.INTEGER, allowNull: false },
      targetId: { type: DataTypes.INTEGER, allowNull: false },
      connectorId: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(30), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      answeredAt: { type: DataTypes.DATE(3), allowNull: true },
    },
    { ...common, tableName: 'introductions' },
  );

  const models = { Request, Suggestion, Introduction };
  cache.set(sequelize, models);
  return models;
}
