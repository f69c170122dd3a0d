/** Global search (Ctrl+K / Cmd+K): the modal and the header button that opens it. */
export { GlobalSearch } from './global-search.tsx';
export { SearchButton, SEARCH_SHORTCUT } from './search-button.tsx';
