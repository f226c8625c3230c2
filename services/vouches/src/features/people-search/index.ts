// People search (the vouches service's half): the words of each member's name, headline and
// accepted vouches (people_search_words), kept by the use cases that change them, and the cards
// services/network's search shows. The feature's public surface: other features and the service's
// composition import this file, never the ones behind it.
export { indexPersonWords, forgetPersonWords, backfillPeopleSearch, peopleWithWordPrefix, wordsOfPeople, searchCardsOf, SEARCH_FIELDS } from './domain/people-search';
export type { SearchWordRow, SearchField } from './domain/people-search';
