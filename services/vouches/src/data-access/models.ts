import { DataTypes, Model, type ModelStatic, type Sequelize } from 'sequelize';

/** Sequelize models of the tables the vouches service owns; bound per Sequelize instance. */
export interface VouchesModels {
  Vouch: ModelStatic<Model>;
  Profile: ModelStatic<Model>;
  ProfileSlug: ModelStatic<Model>;
  ReleasedProfileSlug: ModelStatic<Model>;
  ReputationRun: ModelStatic<Model>;
  ReputationExplanation: ModelStatic<Model>;
  VouchAsk: ModelStatic<Model>;
}

const cache = new WeakMap<Sequelize, VouchesModels>();

// Functions, not shared objects: Sequelize writes `field` into each attribute definition.
const text = () => ({ type: DataTypes.TEXT, allowNull: true });

export function vouchesModels(sequelize: Sequelize): VouchesModels {
  const existing = cache.get(sequelize);
  if (existing) return existing;
  const common = { underscored: true, freezeTableName: true, timestamps: false } as const;

  const Vouch = sequelize.define(
    'VouchesVouch',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      type: { type: DataTypes.STRING(20), allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      // The public link's token (vouchToken on the wire); the column is `token`.
      vouchToken: { type: DataTypes.STRING(64), allowNull: false, field: 'token' },
      // NULL once the voucher deleted their account (an accepted vouch kept, anonymised).
      voucherId: { type: DataTypes.INTEGER, allowNull: true },
      recipientName: { type: DataTypes.STRING(100), allowNull: false },
      recipientPhone: { type: DataTypes.STRING(16), allowNull: false },
      recipientId: { type: DataTypes.INTEGER, allowNull: true },
      pendingKey: { type: DataTypes.STRING(40), allowNull: true },
      reason: text(),
      skills: text(),
      characterTraits: text(),
      accomplishments: text(),
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      acceptedAt: { type: DataTypes.DATE(3), allowNull: true },
      respondedAt: { type: DataTypes.DATE(3), allowNull: true },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      lastSharedAt: { type: DataTypes.DATE(3), allowNull: true },
      // Addressed by member id: the voucher never saw the phone, so the API masks it (vouch-asks migration).
      phonePrivate: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      relationship: { type: DataTypes.STRING(20), allowNull: true },
      // Every write sets it to the use case's instant; a fixture row without one gets the time of its insert.
      updatedAt: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
    },
    { ...common, tableName: 'vouches' },
  );


  const Profile = sequelize.define(
    'VouchesProfile',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      slug: { type: DataTypes.STRING(80), allowNull: false },
      isPublic: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      customBio: { type: DataTypes.STRING(500), allowNull: true },
      headline: { type: DataTypes.STRING(120), allowNull: true },
      // The name (and the URL made from it) is still the one a voucher typed (issue 44).
      nameFromVoucher: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      currentSummary: text(),
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'profiles' },
  );

  // Every slug a profile ever had, the current one included: unique, so a slug names one member for good.
  const ProfileSlug = sequelize.define(
    'VouchesProfileSlug',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      memberId: { type: DataTypes.INTEGER, allowNull: false },
      slug: { type: DataTypes.STRING(80), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      /** Chosen in the settings (not made from the name at registration): a change the yearly bound counts. */
      chosen: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    { ...common, tableName: 'profile_slugs' },
  );

  const ReleasedProfileSlug = sequelize.define(
    'VouchesReleasedProfileSlug',
    {
      slug: { type: DataTypes.STRING(80), primaryKey: true },
      releasedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'released_profile_slugs' },
  );

  // Epoch milliseconds as BIGINT: mysql2 returns them as strings, read with Number().
  const epoch = (allowNull: boolean) => ({ type: DataTypes.BIGINT, allowNull });
  const ReputationRun = sequelize.define(
    'VouchesReputationRun',
    {
      name: { type: DataTypes.STRING(32), primaryKey: true },
      requestedSeq: epoch(false),
      requestedAt: epoch(true),
      doneSeq: epoch(false),
      leaseHolder: { type: DataTypes.STRING(96), allowNull: true },
      leaseUntil: epoch(false),
      runs: { type: DataTypes.INTEGER, allowNull: false },
      lastStartedAt: epoch(true),
      lastFinishedAt: epoch(true),
      lastMembers: { type: DataTypes.INTEGER, allowNull: true },
      lastChanged: { type: DataTypes.INTEGER, allowNull: true },
      trustReference: { type: DataTypes.DOUBLE, allowNull: true },
    },
    { ...common, tableName: 'reputation_runs' },
  );

  const ReputationExplanation = sequelize.define(
    'VouchesReputationExplanation',
    {
      memberId: { type: DataTypes.INTEGER, primaryKey: true },
      vouchPass: { type: DataTypes.DOUBLE, allowNull: false },
      previousScore: { type: DataTypes.DOUBLE, allowNull: true },
      changedAt: { type: DataTypes.DATE(3), allowNull: true },
      previousChangedAt: { type: DataTypes.DATE(3), allowNull: true },
    },
    { ...common, tableName: 'reputation_explanations' },
  );

  const VouchAsk = sequelize.define(
    'VouchesVouchAsk',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      askerId: { type: DataTypes.INTEGER, allowNull: false },
      askedId: { type: DataTypes.INTEGER, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      openKey: { type: DataTypes.STRING(40), allowNull: true },
      message: { type: DataTypes.STRING(500), allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      answeredAt: { type: DataTypes.DATE(3), allowNull: true },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'vouch_asks' },
  );

  const models = { Vouch, Profile, ProfileSlug, ReleasedProfileSlug, ReputationRun, ReputationExplanation, VouchAsk };
  cache.set(sequelize, models);
  return models;
}
