import { Op, UniqueConstraintError, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { vouchesModels } from './models';

/** A profile row as the domain sees it. */
export interface ProfileRecord {
  id: number;
  memberId: number;
  slug: string;
  isPublic: boolean;
  customBio: string | null;
  headline: string | null;
  currentSummary: string | null;
  /** The name, and the URL made from it at registration, are still a voucher's (issue 44). */
  nameFromVoucher: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toProfileRecord(row: Model): ProfileRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    memberId: Number(r.memberId),
    slug: String(r.slug),
    isPublic: Boolean(r.isPublic),
    customBio: r.customBio === null || r.customBio === undefined ? null : String(r.customBio),
    headline: r.headline === null || r.headline === undefined ? null : String(r.headline),
    currentSummary: r.currentSummary === null || r.currentSummary === undefined ? null : String(r.currentSummary),
    nameFromVoucher: Boolean(r.nameFromVoucher),
    createdAt: new Date(r.createdAt as string | Date),
    updatedAt: new Date(r.updatedAt as string | Date),
  };
}

export async function findProfileByMember(db: Database, memberId: number, t?: Transaction): Promise<ProfileRecord | null> {
  const row = await vouchesModels(db.sequelize).Profile.findOne({ where: { memberId }, transaction: t });
  return row ? toProfileRecord(row) : null;
}

export async function findProfileBySlug(db: Database, slug: string): Promise<ProfileRecord | null> {
  const row = await vouchesModels(db.sequelize).Profile.findOne({ where: { slug } });
  return row ? toProfileRecord(row) : null;
}

/**
 * Slugs taken, now or before (profile_slugs holds past slugs too, released_profile_slugs those
 * held after their member left), that are `base` or `base-<something>` (the caller picks the next
 * free number). A release whose hold is over does not count.
 */
export async function slugsLike(db: Database, base: string, holdStart: Date = new Date(0), t?: Transaction): Promise<string[]> {
  const { ProfileSlug, ReleasedProfileSlug } = vouchesModels(db.sequelize);
  // Slugs hold only [a-z0-9-]: no LIKE wildcard can appear in `base`.
  const like = { [Op.or]: [{ slug: base }, { slug: { [Op.like]: `${base}-%` } }] };
  const [held, released] = await Promise.all([
    ProfileSlug.findAll({ attributes: ['slug'], where: like, raw: true, transaction: t }),
    ReleasedProfileSlug.findAll({ attributes: ['slug'], where: { [Op.and]: [like, { releasedAt: { [Op.gt]: holdStart } }] }, raw: true, transaction: t }),
  ]);
  return [...held, ...released].map((r) => String((r as unknown as { slug: string }).slug));
}

/** When this slug was released, while its hold lasts (after `holdStart`); null when it is not held released. */
export async function slugReleasedAt(db: Database, slug: string, holdStart: Date, t?: Transaction): Promise<Date | null> {
  const row = await vouchesModels(db.sequelize).ReleasedProfileSlug.findOne({ attributes: ['releasedAt'], where: { slug, releasedAt: { [Op.gt]: holdStart } }, transaction: t, raw: true });
  return row ? new Date((row as unknown as { releasedAt: string | Date }).releasedAt) : null;
}

/** Whether the member chose this URL of theirs in the settings (not made from a name). */
export async function slugWasChosen(db: Database, memberId: number, slug: string, t?: Transaction): Promise<boolean> {
  const row = await vouchesModels(db.sequelize).ProfileSlug.findOne({ attributes: ['chosen'], where: { memberId, slug }, transaction: t, raw: true });
  return Boolean((row as unknown as { chosen?: unknown } | null)?.chosen);
}

/** When the member chose each of their URLs since `since` (the yearly bound's count). */
export async function chosenSlugTimes(db: Database, memberId: number, since: Date, t?: Transaction): Promise<Date[]> {
  const rows = await vouchesModels(db.sequelize).ProfileSlug.findAll({
    attributes: ['createdAt'],
    where: { memberId, chosen: true, createdAt: { [Op.gt]: since } },
    transaction: t,
    raw: true,
  });
  return rows.map((r) => new Date((r as unknown as { createdAt: string | Date }).createdAt));
}

/** The member's URLs other than `current`, with when each was first theirs, in the order they were (id). */
export async function earlierSlugsOf(db: Database, memberId: number, current: string, t?: Transaction): Promise<{ slug: string; createdAt: Date }[]> {
  const rows = await vouchesModels(db.sequelize).ProfileSlug.findAll({ attributes: ['slug', 'createdAt'], where: { memberId, slug: { [Op.ne]: current } }, order: [['id', 'ASC']], transaction: t, raw: true });
  return rows.map((r) => {
    const row = r as unknown as { slug: string; createdAt: string | Date };
    return { slug: String(row.slug), createdAt: new Date(row.createdAt) };
  });
}

/**
 * Lets these slugs go: they leave their member (profile_slugs) and are held released from `now`
 * (released_profile_slugs), so they lead nowhere and nobody takes them while the hold lasts. With
 * `memberId`, only that member's. Releases whose hold ended before `holdStart` are deleted on the way.
 */
export async function releaseSlugs(db: Database, t: Transaction, input: { slugs: readonly string[]; now: Date; holdStart: Date; memberId?: number }): Promise<void> {
  const { ProfileSlug, ReleasedProfileSlug } = vouchesModels(db.sequelize);
  await ReleasedProfileSlug.destroy({ where: { releasedAt: { [Op.lte]: input.holdStart } }, transaction: t });
  if (input.slugs.length === 0) return;
  // An old release of the same slug (its hold over) is replaced by this one.
  await ReleasedProfileSlug.destroy({ where: { slug: [...input.slugs] }, transaction: t });
  await ReleasedProfileSlug.bulkCreate(input.slugs.map((slug) => ({ slug, releasedAt: input.now })), { transaction: t });
  await ProfileSlug.destroy({ where: { slug: [...input.slugs], ...(input.memberId !== undefined ? { memberId: input.memberId } : {}) }, transaction: t });
}

/** Every slug the member holds, current and earlier. */
export async function slugsOfMember(db: Database, memberId: number, t?: Transaction): Promise<string[]> {
  const rows = await vouchesModels(db.sequelize).ProfileSlug.findAll({ attributes: ['slug'], where: { memberId }, transaction: t, raw: true });
  return rows.map((r) => String((r as unknown as { slug: string }).slug));
}

/** The member a slug belongs to, now or from before (null: nobody ever had it). */
export async function slugOwner(db: Database, slug: string, t?: Transaction): Promise<number | null> {
  const row = await vouchesModels(db.sequelize).ProfileSlug.findOne({ attributes: ['memberId'], where: { slug }, transaction: t, raw: true });
  return row ? Number((row as unknown as { memberId: number }).memberId) : null;
}

/**
 * Gives the member's profile `slug` in the caller's transaction: recorded in profile_slugs as
 * chosen (unless it was theirs before) and made current. False when another member has or had it,
 * or it is held released (after `holdStart`); the unique slug decides between simultaneous
 * claims: one insert wins.
 */
export async function claimSlug(db: Database, t: Transaction, input: { memberId: number; slug: string; now: Date; holdStart: Date; chosen?: boolean }): Promise<boolean> {
  const { Profile, ProfileSlug } = vouchesModels(db.sequelize);
  const owner = await slugOwner(db, input.slug, t);
  if (owner !== null && owner !== input.memberId) return false;
  if (owner === null) {
    if (await slugReleasedAt(db, input.slug, input.holdStart, t)) return false;
    try {
      // Not chosen: a URL made from the name the member gave in place of a voucher's (issue 44), no change of theirs.
      await ProfileSlug.create({ memberId: input.memberId, slug: input.slug, createdAt: input.now, chosen: input.chosen ?? true }, { transaction: t });
    } catch (error) {
      if (error instanceof UniqueConstraintError) return false;
      throw error;
    }
  }
  await Profile.update({ slug: input.slug, updatedAt: input.now }, { where: { memberId: input.memberId }, transaction: t });
  return true;
}

/**
 * Inserts a profile and records its slug (profile_slugs) in one transaction; null when the
 * member id or the slug is already taken (a concurrent creator won: the caller re-reads or
 * picks another slug).
 */
export async function insertProfile(
  db: Database,
  input: { memberId: number; slug: string; currentSummary: string | null; now: Date; isPublic?: boolean; nameFromVoucher?: boolean },
): Promise<ProfileRecord | null> {
  const { Profile, ProfileSlug } = vouchesModels(db.sequelize);
  try {
    const row = await db.transaction(async (t) => {
      await ProfileSlug.create({ memberId: input.memberId, slug: input.slug, createdAt: input.now }, { transaction: t });
      return Profile.create(
        {
          memberId: input.memberId,
          slug: input.slug,
          isPublic: input.isPublic ?? true,
          nameFromVoucher: input.nameFromVoucher ?? false,
          customBio: null,
          headline: null,
          currentSummary: input.currentSummary,
          createdAt: input.now,
          updatedAt: input.now,
        },
        { transaction: t },
      );
    });
    return toProfileRecord(row);
  } catch (error) {
    if (error instanceof UniqueConstraintError) return null;
    throw error;
  }
}

export async function updateProfile(
  db: Database,
  memberId: number,
  patch: Partial<Pick<ProfileRecord, 'isPublic' | 'customBio' | 'headline' | 'currentSummary' | 'nameFromVoucher'>>,
  now: Date,
  t?: Transaction,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await vouchesModels(db.sequelize).Profile.update({ ...patch, updatedAt: now }, { where: { memberId }, transaction: t });
}

/** The public profiles' slugs of these members (private or missing profiles left out). */
export async function publicSlugsOf(db: Database, memberIds: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(memberIds.filter((id) => Number.isSafeInteger(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await vouchesModels(db.sequelize).Profile.findAll({
    attributes: ['memberId', 'slug'],
    where: { memberId: { [Op.in]: wanted }, isPublic: true },
    raw: true,
  });
  return new Map(rows.map((r) => { const row = r as unknown as { memberId: number; slug: string }; return [Number(row.memberId), String(row.slug)]; }));
}

/** One page of public profiles by id: ids in (afterId, throughId], ascending, at most `limit` (an index range read). */
export async function publicProfilesPage(db: Database, range: { afterId: number; throughId: number; limit: number }): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
  const rows = await vouchesModels(db.sequelize).Profile.findAll({
    attributes: ['id', 'slug', 'updatedAt'],
    where: { id: { [Op.gt]: range.afterId, [Op.lte]: range.throughId }, isPublic: true },
    order: [['id', 'ASC']],
    limit: range.limit,
    raw: true,
  });
  return rows.map((row) => {
    const r = row as unknown as { id: number; slug: string; updatedAt: string | Date };
    return { id: Number(r.id), slug: String(r.slug), updatedAt: new Date(r.updatedAt) };
  });
}

/** The highest profile id (0 without profiles). */
export async function lastProfileId(db: Database): Promise<number> {
  return Number((await vouchesModels(db.sequelize).Profile.max('id')) ?? 0);
}
