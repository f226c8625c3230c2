import { DataTypes, Model, type ModelStatic, type Sequelize } from 'sequelize';

/** Sequelize models of the tables auth owns; bound per Sequelize instance (one per database). */
export interface AuthModels {
  Member: ModelStatic<Model>;
  Session: ModelStatic<Model>;
  OtpCode: ModelStatic<Model>;
  RateLimit: ModelStatic<Model>;
  SignInDevice: ModelStatic<Model>;
}

const cache = new WeakMap<Sequelize, AuthModels>();

// Functions, not shared objects: Sequelize writes `field` into each attribute definition.
const score = () => ({ type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 });
const counter = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });

export function authModels(sequelize: Sequelize): AuthModels {
  const existing = cache.get(sequelize);
  if (existing) return existing;

  const common = { underscored: true, freezeTableName: true } as const;

  const Member = sequelize.define(
    'AuthMember',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      phone: { type: DataTypes.STRING(16), allowNull: false, unique: true },
      name: { type: DataTypes.STRING(101), allowNull: false },
      onboardingComplete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      socialCapitalBalance: score(),
      introductionScore: score(),
      connectorScore: score(),
      vouchScore: score(),
      reputationScore: score(),
      vouchesGiven: counter(),
      vouchesReceived: counter(),
      introductionRequestsCount: counter(),
      connectionsCount: counter(),
      profileViews: counter(),
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      updatedAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'members', timestamps: true },
  );

  const Session = sequelize.define(
    'AuthSession',
    {
      id: { type: DataTypes.STRING(36), primaryKey: true },
      tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      phone: { type: DataTypes.STRING(16), allowNull: false },
      memberId: { type: DataTypes.INTEGER, allowNull: true },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      revokedAt: { type: DataTypes.DATE(3), allowNull: true },
      lastSeenAt: { type: DataTypes.DATE(3), allowNull: false },
      /** The absolute end: expiresAt slides forward on use but never past it (SESSION_MAX_AGE_DAYS). */
      endsAt: { type: DataTypes.DATE(3), allowNull: true },
      /** The browser or app, as its User-Agent said at sign-in (at most 255 characters). */
      userAgent: { type: DataTypes.STRING(255), allowNull: true },
      /** Where it was last used: the client address's /24 (IPv4) or /48 (IPv6), never the address. */
      addressPrefix: { type: DataTypes.STRING(64), allowNull: true },
      /** 'cookie' (a browser) or 'token' (an app's bearer token). */
      kind: { type: DataTypes.STRING(8), allowNull: true },
      /** SHA-256 of the device token of the device it signed in on (sign_in_devices). */
      deviceHash: { type: DataTypes.CHAR(64), allowNull: true },
      /** When its member last entered a fresh code in it (sign-in or POST /api/auth/reverify). */
      reverifiedAt: { type: DataTypes.DATE(3), allowNull: true },
      endedAt: { type: DataTypes.DATE(3), allowNull: true },
      endReason: { type: DataTypes.STRING(24), allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'sessions', timestamps: true, updatedAt: false },
  );
  // A session for a phone whose member was registered elsewhere still resolves to that member.
  Session.belongsTo(Member, { as: 'member', foreignKey: 'phone', targetKey: 'phone', constraints: false });

  const OtpCode = sequelize.define(
    'AuthOtpCode',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      phone: { type: DataTypes.STRING(16), allowNull: false },
      codeHash: { type: DataTypes.STRING(64), allowNull: false },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      consumedAt: { type: DataTypes.DATE(3), allowNull: true },
      /** SHA-256 of the sign-in attempt's id: only verify-otp calls naming that attempt reach this code. */
      attemptHash: { type: DataTypes.CHAR(64), allowNull: true },
      /** The SMS provider's id of the text (Twilio Verify's verification sid), told when the code is used. */
      providerRef: { type: DataTypes.STRING(64), allowNull: true },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'otp_codes', timestamps: true, updatedAt: false },
  );

  const SignInDevice = sequelize.define(
    'AuthSignInDevice',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      tokenHash: { type: DataTypes.CHAR(64), allowNull: false },
      phone: { type: DataTypes.STRING(16), allowNull: false },
      createdAt: { type: DataTypes.DATE(3), allowNull: false },
      lastSignInAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'sign_in_devices', timestamps: false },
  );

  const RateLimit = sequelize.define(
    'AuthRateLimit',
    {
      key: { type: DataTypes.STRING(191), primaryKey: true, field: 'bucket_key' },
      points: { type: DataTypes.INTEGER, allowNull: false },
      expiresAt: { type: DataTypes.DATE(3), allowNull: false },
    },
    { ...common, tableName: 'auth_rate_limits', timestamps: false },
  );

  const models = { Member, Session, OtpCode, RateLimit, SignInDevice };
  cache.set(sequelize, models);
  return models;
}
