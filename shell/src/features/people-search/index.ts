// The people search feature's public surface: the header renders it.
export { PeopleSearch } from './components/people-search';
