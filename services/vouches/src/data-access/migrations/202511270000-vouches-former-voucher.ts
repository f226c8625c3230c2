import { QueryTypes } from 'sequelize';
import type { Migration, MigrationContext } from '@vouch/service-core';

/**
 * vouches.voucher_id becomes nullable: when a member deletes their account, the accepted
 * vouches they gave stay with their recipients with voucher_id NULL ("A former member",
 * issue 10). The foreign key is kept (a live voucher still cascades as before).
 *
 * SQLite cannot relax NOT NULL in place, so the table is rebuilt the way SQLite documents
 * (create the new shape, copy, drop, rename) from its own stored CREATE statement, and every
 * index it had (whichever migrations added them) is replayed afterwards.
 */
async function rebuildSqliteVouches({ sequelize }: MigrationContext, from: RegExp, to: string): Promise<void> {
  const select = (sql: string) => sequelize.query<{ sql: string }>(sql, { type: QueryTypes.SELECT });
  const [table] = await select(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'vouches'`);
  if (!table) throw new Error('The vouches table is missing.');
  const indexes = await select(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'vouches' AND sql IS NOT NULL`);
  if (!from.test(table.sql)) throw new Error('The vouches table does not have the expected voucher_id column.');
  const created = table.sql.replace(/^CREATE TABLE (IF NOT EXISTS )?[`"]?vouches[`"]?/i, 'CREATE TABLE `vouches_rebuilt`').replace(from, to);
  await sequelize.query(created);
  await sequelize.query('INSERT INTO `vouches_rebuilt` SELECT * FROM `vouches`');
  await sequelize.query('DROP TABLE `vouches`');
  await sequelize.query('ALTER TABLE `vouches_rebuilt` RENAME TO `vouches`');
  for (const index of indexes) await sequelize.query(index.sql);
}

export const formerVoucher: Migration = {
  name: '202511270000-vouches-former-voucher',
  async up(ctx) {
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query('ALTER TABLE `vouches` MODIFY `voucher_id` INTEGER NULL');
      return;
    }
    await rebuildSqliteVouches(ctx, /`voucher_id` INTEGER NOT NULL/, '`voucher_id` INTEGER');
  },
  async down(ctx) {
    // Anonymised vouches have no voucher to go back to.
    await ctx.sequelize.query('DELETE FROM `vouches` WHERE `voucher_id` IS NULL');
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query('ALTER TABLE `vouches` MODIFY `voucher_id` INTEGER NOT NULL');
      return;
    }
    await rebuildSqliteVouches(ctx, /`voucher_id` INTEGER(?! NOT NULL)/, '`voucher_id` INTEGER NOT NULL');
  },
};
