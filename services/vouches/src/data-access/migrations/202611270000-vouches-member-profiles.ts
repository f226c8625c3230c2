import type { Migration } from '@vouch/service-core';
import { nextFreeSlug, slugBase } from '../../features/profiles';

const PAGE = 500;

/**
 * Issue 26 item 17: every member has a profile from registration on; before, one was made on
 * first need, also by anyone's read of GET /api/profile/members/:id (which no longer creates
 * one). This gives each earlier member without a profile the one registration now gives: slug
 * from the name, public (the default every member had), no bio. In pages of members by id.
 */
export const memberProfiles: Migration = {
  name: '202611270000-vouches-member-profiles',
  async up({ queryInterface }) {
    const { sequelize } = queryInterface;
    const [slugRows] = await sequelize.query('SELECT slug FROM profiles');
    const used = new Set((slugRows as { slug: string }[]).map((r) => String(r.slug)));
    for (let afterId = 0; ; ) {
      const [rows] = await sequelize.query(
        `SELECT m.id, m.name FROM members m LEFT JOIN profiles p ON p.member_id = m.id
         WHERE p.id IS NULL AND m.id > :afterId ORDER BY m.id LIMIT ${PAGE}`,
        { replacements: { afterId } },
      );
      const members = rows as { id: number | string; name: string }[];
      if (members.length === 0) break;
      const now = new Date();
      const profiles = members.map((member) => {
        const slug = nextFreeSlug(slugBase(String(member.name)), used);
        used.add(slug);
        return { member_id: Number(member.id), slug, is_public: true, custom_bio: null, current_summary: null, created_at: now, updated_at: now };
      });
      await queryInterface.bulkInsert('profiles', profiles);
      afterId = Number(members[members.length - 1]!.id);
    }
  },
  async down() {
    // The profiles made here are like any other: they stay.
  },
};
