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
 * Slugs taken, now or ever (profile_slugs holds past slugs too), that are `base` or
 * `base-<something>` (the caller picks the next free number).
 */
export async function slugsLike(db: Database, base: string): Promise<string[]> {
  // Slugs hold only [a-z0-9-]: no LIKE wildcard can appear in `base`.
  const rows = await vouchesModels(db.sequelize).ProfileSlug.findAll({
    attributes: ['slug'],
    where: { [Op.or]: [{ slug: base }, { slug: { [Op.like]: `${base}-%` } }] },
    raw: true,
  });
  return rows.map((r) => String((r as unknown as { slug: string }).slug));
}

/** The member a slug belongs to, now or from before (null: nobody ever had it). */
export async function slugOwner(db: Database, slug: string, t?: Transaction): Promise<number | null> {
  const row = await vouchesModels(db.sequelize).ProfileSlug.findOne({ attributes: ['memberId'], where: { slug }, transaction: t, raw: true });
  return row ? Number((row as unknown as { memberId: number }).memberId) : null;
}

/**
 * Gives the member's profile `slug` in the caller's transaction: recorded in profile_slugs
 * (unless it was theirs before) and made current. False when another member has or had it
 * (the unique slug decides between simultaneous claims: one insert wins).
 */
export async function claimSlug(db: Database, t: Transaction, input: { memberId: number; slug: string; now: Date }): Promise<boolean> {
  const { Profile, ProfileSlug } = vouchesModels(db.sequelize);
  const owner = await slugOwner(db, input.slug, t);
  if (owner !== null && owner !== input.memberId) return false;
  if (owner === null) {
    try {
      await ProfileSlug.create({ memberId: input.memberId, slug: input.slug, createdAt: input.now }, { transaction: t });
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
  input: { memberId: number; slug: string; currentSummary: string | null; now: Date; isPublic?: boolean },
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
  patch: Partial<Pick<ProfileRecord, 'isPublic' | 'customBio' | 'headline' | 'currentSummary'>>,
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
