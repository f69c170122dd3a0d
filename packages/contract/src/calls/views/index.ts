export { getTableSettings } from './get-table-settings.ts';
export { getView } from './get-view.ts';
export { setListPreferences } from './set-list-preferences.ts';
export { createView } from './create-view.ts';
export { updateView } from './update-view.ts';
export { deleteView } from './delete-view.ts';
