import {
  deleteViewResponse,
  listPreferencesResponse,
  listSettingsResponse,
  viewResponse,
  type CreateViewRequest,
  type ListPreferencesRequest,
  type UpdateViewRequest,
} from '@brokerdesk/contract';
import { api } from '../../api.ts';
import { entityKeys } from '../../query-keys.ts';

/** Table settings and saved views (issue 20), typed by the contract. */
export const settingsApi = {
  settings: (list: string, signal?: AbortSignal) =>
    api.get(`/api/admin/views?${new URLSearchParams({ list })}`, listSettingsResponse, { signal }),
  view: (id: string, signal?: AbortSignal) =>
    api.get(`/api/admin/views/${encodeURIComponent(id)}`, viewResponse, { signal }),
  preferences: (body: ListPreferencesRequest) =>
    api.post('/api/admin/views/preferences', listPreferencesResponse, body),
  create: (body: CreateViewRequest) => api.post('/api/admin/views/create', viewResponse, body),
  update: (body: UpdateViewRequest) => api.post('/api/admin/views/update', viewResponse, body),
  remove: (id: string) => api.post('/api/admin/views/delete', deleteViewResponse, { _id: id }),
};

/** lists: one list's settings and views (by list id); details: one view opened by its link. */
export const settingsKeys = entityKeys('table-settings');
