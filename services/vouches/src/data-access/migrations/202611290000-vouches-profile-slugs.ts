import { DataTypes } from 'sequelize';
import type { Sequelize } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/** Profiles copied per statement: an id range, so 100k profiles are 20 short statements. */
const BATCH = 5000;

/**
 * Records each profile's current slug in profile_slugs, one id range of `batch` profiles per
 * statement; a slug already there is left as it is (so it can run again).
 */
export async function copyProfileSlugs(sequelize: Sequelize, batch = BATCH): Promise<void> {
  const [[top]] = (await sequelize.query('SELECT MAX(id) AS top FROM profiles')) as [{ top: number | string | null }[], unknown];
  const last = Number(top?.top ?? 0);
  for (let afterId = 0; afterId < last; afterId += batch) {
    await sequelize.query(
      `INSERT INTO profile_slugs (member_id, slug, created_at)
       SELECT p.member_id, p.slug, p.created_at FROM profiles p LEFT JOIN profile_slugs s ON s.slug = p.slug
       WHERE p.id > :afterId AND p.id <= :throughId AND s.id IS NULL`,
      { replacements: { afterId, throughId: afterId + batch } },
    );
  }
}

/**
 * Issue 28 item 2: `profile_slugs` holds every slug a profile ever had, the current one
 * included (profiles.slug stays the current one). Its unique slug is what reserves a URL: a
 * slug the member left keeps answering (301 to the current one) and nobody else may take it.
 * Rows go with the member (cascade). Each existing profile's slug is copied in id ranges.
 */
export const profileSlugs: Migration = {
  name: '202611290000-vouches-profile-slugs',
  async up({ queryInterface }) {
    await queryInterface.createTable('profile_slugs', {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
      member_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'members', key: 'id' }, onDelete: 'CASCADE' },
      slug: { type: DataTypes.STRING(80), allowNull: false },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
    });
    await queryInterface.addIndex('profile_slugs', ['slug'], { unique: true, name: 'profile_slugs_slug' });
    await queryInterface.addIndex('profile_slugs', ['member_id'], { name: 'profile_slugs_member_id' });
    await copyProfileSlugs(queryInterface.sequelize);
  },
  async down({ queryInterface }) {
    await queryInterface.dropTable('profile_slugs');
  },
};
