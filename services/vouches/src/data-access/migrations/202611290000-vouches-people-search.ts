import type { Database, Migration } from '@vouch/service-core';
import { refillPeopleSearch } from '../../domain/people-search';

/**
 * `people_search_words` (issue 28 item 3): one row per word of a member's name, headline and the
 * skills of the accepted vouches they received, with the field it came from (1 name, 2 skill,
 * 3 headline) and their profile's visibility. The primary key (word, member_id, field) answers a
 * word prefix as one index range (everyone's matches); (member_id, word) answers the matches among
 * the people near the searcher. Filled here from what is already there.
 */
export const peopleSearch: Migration = {
  name: '202611290000-vouches-people-search',
  async up({ sequelize, dialect }) {
    await sequelize.query(
      'CREATE TABLE `people_search_words` (`word` VARCHAR(40) NOT NULL, `member_id` INTEGER NOT NULL, `field` INTEGER NOT NULL, `is_public` INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (`word`, `member_id`, `field`))',
    );
    await sequelize.query('CREATE INDEX `people_search_words_member` ON `people_search_words` (`member_id`, `word`)');
    // The refill reads and writes through `sequelize` alone, which is all a migration has of the database.
    await refillPeopleSearch({ sequelize, dialect } as Database);
  },
  async down({ sequelize }) {
    await sequelize.query('DROP TABLE `people_search_words`');
  },
};
