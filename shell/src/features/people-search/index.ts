// The people search feature's public surface: the header renders it.
export { PeopleSearch } from './components/people-search';
// The results page (/search), which the shell's routes load when it is opened.
export { SearchResultsPage } from './components/search-results-page';
