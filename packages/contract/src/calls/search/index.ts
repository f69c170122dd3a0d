export { searchRecords } from './search-records.ts';
