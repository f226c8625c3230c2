import { rebuildSqliteTable, type Migration } from '@vouch/service-core';

/**
 * vouches.voucher_id becomes nullable: when a member deletes their account, the accepted
 * vouches they gave stay with their recipients with voucher_id NULL ("A former member",
 * issue 10). The foreign key is kept (a live voucher still cascades as before).
 *
 * SQLite cannot relax NOT NULL in place, so the table is rebuilt (rebuildSqliteTable: from its
 * own stored CREATE statement, every index it had replayed afterwards).
 */
export const formerVoucher: Migration = {
  name: '202511270000-vouches-former-voucher',
  async up(ctx) {
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query('ALTER TABLE `vouches` MODIFY `voucher_id` INTEGER NULL');
      return;
    }
    await rebuildSqliteTable(ctx, 'vouches', /`voucher_id` INTEGER NOT NULL/, '`voucher_id` INTEGER');
  },
  async down(ctx) {
    // Anonymised vouches have no voucher to go back to.
    await ctx.sequelize.query('DELETE FROM `vouches` WHERE `voucher_id` IS NULL');
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query('ALTER TABLE `vouches` MODIFY `voucher_id` INTEGER NOT NULL');
      return;
    }
    await rebuildSqliteTable(ctx, 'vouches', /`voucher_id` INTEGER(?! NOT NULL)/, '`voucher_id` INTEGER NOT NULL');
  },
};
