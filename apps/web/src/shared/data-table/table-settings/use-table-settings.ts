import type {
  ListPreferences,
  ListSettingsResponse,
  SavedView,
  TableDensity,
  ViewState,
} from '@brokerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorsOf } from '../../api.ts';
import { showErrorNotice, showSuccessNotice } from '../../notify.ts';
import { defaultListState, type ListDefaults } from '../list-state.ts';
import type { DataTableColumn, ListController } from '../types.ts';
import { settingsApi, settingsKeys } from './settings-api.ts';
import {
  activeView,
  defaultHidden,
  hasListParams,
  paramsWithView,
  viewKey,
  viewStateOf,
  visibleColumns,
} from './settings-logic.ts';

const NO_VIEWS: SavedView[] = [];
const DEFAULT_PREFERENCES: ListPreferences = { hiddenColumns: null, density: 'comfortable' };

/**
 * The table's width in px (undefined before it is drawn) and how many spare columns more than the
 * guess it had to leave out to fit (it measured itself).
 */
export type TableFit = { width: number | undefined; more: number };
const NO_FIT: TableFit = { width: undefined, more: 0 };

export type TableSettings<T> = {
  list: string;
  /** The staff member's settings have loaded: until then the chooser and density wait (a change made
   * before the load lands would be overwritten by it). */
  ready: boolean;
  /** The columns to draw. */
  columns: DataTableColumn<T>[];
  /** Every column of the list, for the chooser. */
  allColumns: readonly DataTableColumn<T>[];
  hidden: readonly string[];
  /** The columns hidden at first at this width (the list's defaults, before the staff member chose). */
  fitted: readonly string[];
  /** The staff member has chosen the columns: their choice stands at any width. */
  chosen: boolean;
  density: TableDensity;
  views: readonly SavedView[];
  /** The saved view the table shows now (same filters, sort, size and columns). */
  active: SavedView | undefined;
  /** Views need a URL-backed list (a view is a link); a list in component state has columns only. */
  defaults: ListDefaults | undefined;
  setHidden: (hidden: string[]) => void;
  setDensity: (density: TableDensity) => void;
  /** The current state as a view. */
  current: () => ViewState;
  open: (view: SavedView) => void;
  /** Back to the list's own defaults (no filters, default sort); columns stay. */
  clear: () => void;
  refresh: () => Promise<unknown>;
};

/**
 * A list's columns, density and saved views, kept per staff member on the server. Opens a
 * shared view named in the URL (`?view=<id>`), and the staff member's default view when the list is
 * opened with nothing about it in the URL. Without `listId` the table shows every column, comfortably.
 */
export function useTableSettings<T>(
  listId: string | undefined,
  columns: readonly DataTableColumn<T>[],
  list: ListController,
  fit: TableFit = NO_FIT,
): TableSettings<T> | undefined {
  const client = useQueryClient();
  const key = settingsKeys.list(listId);
  const query = useQuery({
    queryKey: key,
    queryFn: (ctx) => settingsApi.settings(listId!, ctx.signal),
    enabled: listId !== undefined,
    staleTime: 5 * 60_000,
  });
  // A change shows at once: React draws it within the click (a checkbox reads its new state right away),
  // and it stays over the server's copy until the last save of a burst has been read back.
  const [local, setLocal] = useState<{ list: string | undefined; change: Partial<ListPreferences> } | null>(
    null,
  );
  const saved = query.data?.preferences ?? DEFAULT_PREFERENCES;
  const preferences = local && local.list === listId ? { ...saved, ...local.change } : saved;
  const views = query.data?.views ?? NO_VIEWS;

  const saveKey = [...key, 'save'];
  const save = useMutation({
    mutationKey: saveKey,
    mutationFn: (change: Partial<ListPreferences>) =>
      settingsApi.preferences({
        list: listId!,
        ...(change.hiddenColumns ? { hiddenColumns: change.hiddenColumns } : {}),
        ...(change.density ? { density: change.density } : {}),
      }),
    onError: (error) => showErrorNotice(Object.values(errorsOf(error))[0]),
    // Back to the server's copy (the last saved settings after a refusal) once the last of several quick
    // changes has been answered.
    onSettled: async () => {
      if (client.isMutating({ mutationKey: saveKey }) > 1) return;
      await client.invalidateQueries({ queryKey: key, exact: true });
      if (client.isMutating({ mutationKey: saveKey }) === 0) setLocal(null);
    },
  });

  const fitted = defaultHidden(columns, fit.width, fit.more);
  const fittedKey = fitted.join('\n');
  const chosen = preferences.hiddenColumns !== null;
  const hidden = preferences.hiddenColumns ?? fitted;
  const shown = useMemo(() => visibleColumns(columns, hidden), [columns, hidden.join('\n')]); // eslint-disable-line react-hooks/exhaustive-deps
  const [params, setParams] = useSearchParams();
  // Read when a view is opened or cleared, never from an older render (see use-url-list-state.ts): the
  // settings object is kept across page flips.
  const address = useRef({ params, setParams });
  address.current = { params, setParams };
  const defaults = list.defaults;
  const { mutate: save_ } = save;
  const mutate = useCallback(
    (change: Partial<ListPreferences>) => {
      setLocal((prev) => ({
        list: listId,
        change: { ...(prev && prev.list === listId ? prev.change : {}), ...change },
      }));
      save_(change);
    },
    [listId, save_],
  );
  const hiddenNow = useRef(hidden);
  hiddenNow.current = hidden;

  const open = useCallback(
    (view: SavedView) => {
      if (!defaults) return;
      address.current.setParams(paramsWithView(address.current.params, view.state, defaults), {
        replace: true,
        preventScrollReset: true,
      });
      const columnsNow = hiddenNow.current;
      const same =
        columnsNow.length === view.state.hiddenColumns.length &&
        columnsNow.every((id) => view.state.hiddenColumns.includes(id));
      if (!same) mutate({ hiddenColumns: view.state.hiddenColumns });
    },
    [defaults, mutate],
  );

  useSharedView(listId, defaults && viewKey(defaults), params, open);
  useDefaultView(listId, defaults !== undefined && hasListParams(params, defaults), query.data, open);

  // The same object while nothing the bar shows changes: a page flip must not draw the settings bar (its
  // menus and popovers) again (docs/performance.md, Web). `current` reads the state at the moment it is
  // called, so a kept object never saves an old view.
  const stateNow = useRef(list.state);
  stateNow.current = list.state;
  const ready = query.data !== undefined;
  const active = defaults ? activeView(views, list.state, hidden, defaults) : undefined;
  const hiddenKey = hidden.join('\n');
  const settings = useMemo<TableSettings<T> | undefined>(
    () =>
      listId === undefined
        ? undefined
        : {
            list: listId,
            ready,
            columns: shown,
            allColumns: columns,
            hidden: hiddenNow.current,
            fitted,
            chosen,
            density: preferences.density,
            views,
            active,
            defaults,
            setHidden: (next) => mutate({ hiddenColumns: next }),
            setDensity: (density) => mutate({ density }),
            current: () => viewStateOf(stateNow.current, hiddenNow.current),
            open,
            clear: () => {
              if (!defaults) return;
              const { params: current, setParams: set } = address.current;
              set(
                paramsWithView(current, viewStateOf(defaultListState(defaults), hiddenNow.current), defaults),
                {
                  preventScrollReset: true,
                },
              );
            },
            refresh: () => client.invalidateQueries({ queryKey: settingsKeys.list(listId) }),
          },
    // hiddenKey and fittedKey stand for `hidden` and `fitted` (new arrays on every render with the same ids).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      listId,
      ready,
      shown,
      columns,
      hiddenKey,
      fittedKey,
      chosen,
      preferences.density,
      views,
      active,
      defaults,
      mutate,
      open,
      client,
    ],
  );
  return settings;
}

/** `?view=<id>`: loads the view (anyone's, by its link) and opens it on this list once. */
function useSharedView(
  listId: string | undefined,
  key: string | undefined,
  params: URLSearchParams,
  open: (view: SavedView) => void,
) {
  const [, setParams] = useSearchParams();
  const id = key ? params.get(key) : null;
  const shared = useQuery({
    queryKey: settingsKeys.detail(id ?? ''),
    queryFn: (ctx) => settingsApi.view(id!, ctx.signal),
    enabled: listId !== undefined && id !== null && id !== '',
    retry: false,
  });
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!key || !id || handled.current === id) return;
    const drop = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(key);
          return next;
        },
        { replace: true },
      );
    if (shared.error) {
      handled.current = id;
      showErrorNotice('The saved view could not be opened: it was deleted, or the link is wrong.');
      drop();
      return;
    }
    const view = shared.data?.view;
    if (!view) return;
    handled.current = id;
    if (view.list !== listId) {
      showErrorNotice(`The view "${view.name}" was saved on another list; it cannot be opened here.`);
      drop();
      return;
    }
    open(view);
    if (!view.mine) showSuccessNotice(`Saved by ${view.ownerName}.`, `View "${view.name}"`);
  }, [key, id, shared.data, shared.error, listId, open, setParams]);
}

/**
 * The staff member's default view, when the list opened with nothing about it in the URL: once per
 * visit (clearing the filters afterwards must not bring it back), decided on the first render.
 */
function useDefaultView(
  listId: string | undefined,
  hasParams: boolean,
  settings: ListSettingsResponse | undefined,
  open: (view: SavedView) => void,
) {
  const wanted = useRef(!hasParams);
  useEffect(() => {
    if (!listId || !wanted.current || !settings) return;
    wanted.current = false;
    const view = settings.views.find((v) => v.isDefault);
    if (view) open(view);
  }, [listId, settings, open]);
}
