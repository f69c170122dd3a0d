import {
  calls,
  type CreateViewRequest,
  type ListPreferencesRequest,
  type UpdateViewRequest,
} from '@brokerdesk/contract';
import { call } from '../../api.ts';
import { entityKeys } from '../../query-keys.ts';

/** Table settings and saved views, typed by the contract. */
export const settingsApi = {
  settings: (list: string, signal?: AbortSignal) =>
    call(calls.views.getTableSettings, { query: { list } }, { signal }),
  view: (id: string, signal?: AbortSignal) => call(calls.views.getView, { params: { id } }, { signal }),
  preferences: (body: ListPreferencesRequest) => call(calls.views.setListPreferences, { body }),
  create: (body: CreateViewRequest) => call(calls.views.createView, { body }),
  update: (body: UpdateViewRequest) => call(calls.views.updateView, { body }),
  remove: (id: string) => call(calls.views.deleteView, { body: { _id: id } }),
};

/** lists: one list's settings and views (by list id); details: one view opened by its link. */
export const settingsKeys = entityKeys('table-settings');
