import { Op, UniqueConstraintError, type Model } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { vouchesModels } from './models';

/** A profile row as the domain sees it. */
export interface ProfileRecord {
  id: number;
  memberId: number;
  slug: string;
  isPublic: boolean;
  customBio: string | null;
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
    currentSummary: r.currentSummary === null || r.currentSummary === undefined ? null : String(r.currentSummary),
    createdAt: new Date(r.createdAt as string | Date),
    updatedAt: new Date(r.updatedAt as string | Date),
  };
}

export async function findProfileByMember(db: Database, memberId: number): Promise<ProfileRecord | null> {
  const row = await vouchesModels(db.sequelize).Profile.findOne({ where: { memberId } });
  return row ? toProfileRecord(row) : null;
}

export async function findProfileBySlug(db: Database, slug: string): Promise<ProfileRecord | null> {
  const row = await vouchesModels(db.sequelize).Profile.findOne({ where: { slug } });
  return row ? toProfileRecord(row) : null;
}

/** Slugs already taken that are `base` or `base-<something>` (the caller picks the next free number). */
export async function slugsLike(db: Database, base: string): Promise<string[]> {
  // Slugs hold only [a-z0-9-]: no LIKE wildcard can appear in `base`.
  const rows = await vouchesModels(db.sequelize).Profile.findAll({
    attributes: ['slug'],
    where: { [Op.or]: [{ slug: base }, { slug: { [Op.like]: `${base}-%` } }] },
    raw: true,
  });
  return rows.map((r) => String((r as unknown as { slug: string }).slug));
}

/**
 * Inserts a profile; null when the member id or the slug is already taken (a concurrent
 * creator won: the caller re-reads or picks another slug).
 */
export async function insertProfile(
  db: Database,
  input: { memberId: number; slug: string; currentSummary: string | null; now: Date },
): Promise<ProfileRecord | null> {
  try {
    const row = await vouchesModels(db.sequelize).Profile.create({
      memberId: input.memberId,
      slug: input.slug,
      isPublic: true,
      customBio: null,
      currentSummary: input.currentSummary,
      createdAt: input.now,
      updatedAt: input.now,
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
  patch: Partial<Pick<ProfileRecord, 'isPublic' | 'customBio' | 'currentSummary'>>,
  now: Date,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await vouchesModels(db.sequelize).Profile.update({ ...patch, updatedAt: now }, { where: { memberId } });
}
