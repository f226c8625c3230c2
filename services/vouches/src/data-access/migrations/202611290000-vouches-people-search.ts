import type { Migration } from '@vouch/service-core';

/**
 * `people_search_words` (issue 28 item 3): one row per word of a member's name, headline and the
 * skills of the accepted vouches they received, with the field it came from (1 name, 2 skill,
 * 3 headline) and their profile's visibility. The primary key (word, member_id, field) answers a
 * word prefix as one index range (everyone's matches); (member_id, word) answers the matches among
 * the people near the searcher. Members already there are indexed by the worker's backfill
 * (backfillPeopleSearch), not here: on a large network that takes minutes, and a migration holds
 * the gateway's start-up.
 */
export const peopleSearch: Migration = {
  name: '202611290000-vouches-people-search',
  async up({ sequelize }) {
    await sequelize.query(
      'CREATE TABLE `people_search_words` (`word` VARCHAR(40) NOT NULL, `member_id` INTEGER NOT NULL, `field` INTEGER NOT NULL, `is_public` INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (`word`, `member_id`, `field`))',
    );
    await sequelize.query('CREATE INDEX `people_search_words_member` ON `people_search_words` (`member_id`, `word`)');
  },
  async down({ sequelize }) {
    await sequelize.query('DROP TABLE `people_search_words`');
  },
};
