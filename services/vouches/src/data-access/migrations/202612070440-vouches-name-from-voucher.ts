import { DataTypes } from 'sequelize';
import type { Migration } from '@vouch/service-core';

/**
 * Issue 44 item 2: profiles.name_from_voucher — the member's name (and so the URL made from it at
 * registration) is still the one a voucher typed: the account was made through a vouch link and
 * the member has not given their name yet. Their first name change then replaces that URL with
 * one made from the name they gave (the old one 301s, profile_slugs). Existing profiles: false
 * (whether their name came from a voucher was never recorded; no URL of theirs changes).
 */
export const nameFromVoucher: Migration = {
  name: '202612070440-vouches-name-from-voucher',
  async up({ queryInterface }) {
    await queryInterface.addColumn('profiles', 'name_from_voucher', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  },
  async down({ queryInterface }) {
    await queryInterface.removeColumn('profiles', 'name_from_voucher');
  },
};
