import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, VIEWS_LIMITS, VIEWS_MESSAGES, type ViewResponse, type ViewState } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { staffSession, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { listPreferences, savedViews, users } from '../../src/db/schema.ts';

const PASSWORD = 'Correct-Horse-1';

const STATE: ViewState = {
  sortField: 'timestamp',
  sortOrder: 'asc',
  sizePerPage: 100,
  filters: { country: 'Cyprus', email: '  ' },
  hiddenColumns: ['crm', 'crm', 'reason'],
};

type Errors = { errors?: Record<string, string> };

describe(`table settings and saved views (${testDbKind})`, () => {
  let t: TestApp;
  let ada: string;
  let bob: string;
  let adaId: string;

  beforeAll(async () => {
    ({ t, token: ada, staffId: adaId } = await startDesk({ email: 'ada@views.test', name: 'Ada' }));
    bob = (await staffSession(t, 'bob@views.test', 'SYSOP', 'Bob')).token;
  });
  afterAll(() => t.stop());

  const settings = (list: string, token = ada) =>
    t.call(calls.views.getTableSettings, { query: { list } }, t.auth(token));
  const VIEW_CALLS = {
    create: calls.views.createView,
    update: calls.views.updateView,
    delete: calls.views.deleteView,
    preferences: calls.views.setListPreferences,
  };
  const post = <T>(path: keyof typeof VIEW_CALLS, body: unknown, token = ada) =>
    t.raw<T & Errors>(VIEW_CALLS[path], { body }, t.auth(token));
  const create = (body: Record<string, unknown>, token = ada) =>
    post<ViewResponse>('create', { list: 'users.pending', state: STATE, ...body }, token);

  it('gives the list defaults before a member has chosen anything', async () => {
    const r = await settings('users.pending');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body).toEqual({ preferences: { hiddenColumns: null, density: 'comfortable' }, views: [] });
  });

  it("keeps each member's columns and density per list, changing only what the request names", async () => {
    let r = await post<{ preferences: unknown }>('preferences', {
      list: 'users.pending',
      hiddenColumns: ['crm', 'reason', 'crm'],
    });
    expect(r.status).toBe(200);
    expect(r.body.preferences).toEqual({ hiddenColumns: ['crm', 'reason'], density: 'comfortable' });
    r = await post('preferences', { list: 'users.pending', density: 'compact' });
    expect(r.body.preferences).toEqual({ hiddenColumns: ['crm', 'reason'], density: 'compact' });

    expect((await settings('users.pending')).body.preferences).toEqual({
      hiddenColumns: ['crm', 'reason'],
      density: 'compact',
    });
    // Another list and another member are untouched.
    expect((await settings('users.all')).body.preferences.hiddenColumns).toBeNull();
    expect((await settings('users.pending', bob)).body.preferences).toEqual({
      hiddenColumns: null,
      density: 'comfortable',
    });
    const rows = await t.db.select().from(listPreferences).where(eq(listPreferences.staffId, adaId));
    expect(rows).toHaveLength(1);
  });

  it('saves a view with its state cleaned, lists it to its owner only, and opens it by id for any staff', async () => {
    const r = await create({ name: ' Cyprus, oldest first ', isDefault: true });
    expect(r.status).toBe(200);
    const view = r.body.view;
    expect(view).toMatchObject({
      list: 'users.pending',
      name: 'Cyprus, oldest first',
      isDefault: true,
      mine: true,
      ownerName: 'Ada Staff',
      state: { ...STATE, filters: { country: 'Cyprus' }, hiddenColumns: ['crm', 'reason'] },
    });
    expect((await settings('users.pending')).body.views.map((v) => v._id)).toEqual([view._id]);
    expect((await settings('users.pending', bob)).body.views).toEqual([]);

    // The shared link: Bob reads it, but it is not his.
    const shared = await t.call(calls.views.getView, { params: { id: view._id } }, t.auth(bob));
    expect(shared.status).toBe(200);
    expect(shared.body.view).toMatchObject({ _id: view._id, mine: false, ownerName: 'Ada Staff' });
  });

  it('keeps one default per list and member: a new default moves it', async () => {
    const first = (await settings('users.pending')).body.views[0]!;
    const second = await create({ name: 'Second', isDefault: true });
    expect(second.body.view.isDefault).toBe(true);
    const views = (await settings('users.pending')).body.views;
    expect(views.filter((v) => v.isDefault).map((v) => v._id)).toEqual([second.body.view._id]);
    // Through update as well.
    const back = await post<ViewResponse>('update', { _id: first._id, isDefault: true });
    expect(back.body.view.isDefault).toBe(true);
    const after = (await settings('users.pending')).body.views;
    expect(after.filter((v) => v.isDefault).map((v) => v._id)).toEqual([first._id]);
    // Bob's default of the same list is his own.
    const bobs = await create({ name: 'Second', isDefault: true }, bob);
    expect(bobs.status).toBe(200);
    expect((await settings('users.pending')).body.views.filter((v) => v.isDefault)).toHaveLength(1);
  });

  it('refuses a second view of the same name on the same list, whatever the case', async () => {
    const r = await create({ name: 'second' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ name: VIEWS_MESSAGES.nameTaken });
    // The same name on another list is fine.
    expect((await create({ name: 'second', list: 'users.all' })).status).toBe(200);
  });

  it('lets only the owner rename, overwrite or delete a view', async () => {
    const mine = (await settings('users.pending')).body.views[0]!;
    const newState = { ...STATE, filters: {}, hiddenColumns: [] };
    const renamed = await post<ViewResponse>('update', { _id: mine._id, name: 'Renamed', state: newState });
    expect(renamed.status).toBe(200);
    expect(renamed.body.view).toMatchObject({ name: 'Renamed', state: newState, isDefault: true });

    const byBob = await post('update', { _id: mine._id, name: 'Hijacked' }, bob);
    expect(byBob.status).toBe(403);
    expect(byBob.body.errors).toEqual({ auth: VIEWS_MESSAGES.notYours });
    const deleteByBob = await post('delete', { _id: mine._id }, bob);
    expect(deleteByBob.status).toBe(403);
    const [row] = await t.db.select().from(savedViews).where(eq(savedViews.id, mine._id));
    expect(row?.name).toBe('Renamed');

    const gone = await post<{ success: boolean }>('delete', { _id: mine._id });
    expect(gone.body).toEqual({ success: true });
    const missing = await t.call(calls.views.getView, { params: { id: mine._id } }, t.auth(ada));
    expect(missing.status).toBe(404);
    expect((await post('update', { _id: mine._id, name: 'x' })).status).toBe(404);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await t.db.select().from(savedViews);
    const bad = [
      { list: 'Users/../x', name: 'x', state: STATE },
      { list: 'users.pending', name: '   ', state: STATE },
      { list: 'users.pending', name: 'x', state: { ...STATE, sizePerPage: 0 } },
      { list: 'users.pending', name: 'x', state: { ...STATE, filters: { 'a b': 'x' } } },
      { list: 'users.pending', name: 'x', state: { ...STATE, extra: 1 } },
    ];
    for (const body of bad) {
      const r = await post('create', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.errors ?? {}).length).toBeGreaterThan(0);
    }
    expect((await settings('not a list')).status).toBe(400);
    expect((await post('preferences', { list: 'users.all', density: 'tiny' })).status).toBe(400);
    expect((await post('update', { _id: before[0]!.id })).body.errors).toEqual({
      name: VIEWS_MESSAGES.nothingToChange,
    });
    expect(await t.db.select().from(savedViews)).toEqual(before);
  });

  it('caps the views of a list and the lists a member keeps settings for', async () => {
    const carol = await t.createUser({ email: 'carol@views.test', password: PASSWORD, role: 'ADMIN' });
    const token = await t.signIn('carol@views.test', PASSWORD);
    const now = t.clock.now();
    await t.db.insert(savedViews).values(
      Array.from({ length: VIEWS_LIMITS.viewsPerList }, (_, i) => ({
        id: (0xc0ffee000 + i).toString(16).padStart(24, '0'),
        staffId: carol,
        list: 'audit',
        name: `View ${i}`,
        state: STATE,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const full = await create({ list: 'audit', name: 'One more' }, token);
    expect(full.status).toBe(409);
    expect(full.body.errors).toEqual({ server: VIEWS_MESSAGES.tooManyViews });

    await t.db.insert(listPreferences).values(
      Array.from({ length: VIEWS_LIMITS.listsPerStaff }, (_, i) => ({
        staffId: carol,
        list: `list${i}`,
        updatedAt: now,
      })),
    );
    const more = await post('preferences', { list: 'one-more', density: 'compact' }, token);
    expect(more.status).toBe(409);
    // A list that already has its row can still be changed.
    expect((await post('preferences', { list: 'list3', density: 'compact' }, token)).status).toBe(200);
  });

  it("drops a member's settings and views with the member", async () => {
    const id = await t.createUser({ email: 'dan@views.test', password: PASSWORD, role: 'ADMIN' });
    const token = await t.signIn('dan@views.test', PASSWORD);
    await create({ name: 'Mine' }, token);
    await post('preferences', { list: 'audit', density: 'compact' }, token);
    await t.db.delete(users).where(eq(users.id, id));
    expect(await t.db.select().from(savedViews).where(eq(savedViews.staffId, id))).toEqual([]);
    expect(await t.db.select().from(listPreferences).where(eq(listPreferences.staffId, id))).toEqual([]);
  });
});
