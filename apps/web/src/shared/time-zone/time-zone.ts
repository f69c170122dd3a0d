import { useEffect, useSyncExternalStore } from 'react';
import { subscribeSession } from '../session.ts';

/**
 * The staff member's time zone for every time the console shows. Kept in this browser
 * per staff member (docs/decisions.md): the browser's zone until they choose another.
 */
export const UTC = 'UTC';
const KEY_PREFIX = 'brokerdesk.timeZone';

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;
  } catch {
    return UTC;
  }
}

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zones to choose from: the browser's and UTC first, then every zone the browser knows. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const first = [browserTimeZone(), UTC];
  return [...new Set([...first, ...all])];
}

let staffId = '';
let current: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): string {
  const stored = storage()?.getItem(`${KEY_PREFIX}.${staffId}`);
  return isValidTimeZone(stored) ? stored : browserTimeZone();
}

/** The zone times are shown in now. */
export function currentTimeZone(): string {
  current ??= read();
  return current;
}

/** Whose choice applies ('' when signed out): their own zone replaces the last staff member's. */
export function selectStaff(id: string | undefined): void {
  const next = id ?? '';
  if (next === staffId) return;
  staffId = next;
  const zone = read();
  if (zone !== current) {
    current = zone;
    listeners.forEach((listener) => listener());
  }
}

/** The signed-in staff member's choice applies while this component is on screen. */
export function useStaffTimeZone(id: string | undefined): void {
  useEffect(() => selectStaff(id), [id]);
}

/**
 * Choose a zone for the signed-in staff member. Logout clears local storage (docs/product.md [state.logout]),
 * so the choice is also written again by `rememberTimeZone` once the session is gone.
 */
export function setTimeZone(zone: string): void {
  if (!isValidTimeZone(zone)) return;
  current = zone;
  if (staffId !== '') storage()?.setItem(`${KEY_PREFIX}.${staffId}`, zone);
  listeners.forEach((listener) => listener());
}

/** Write the current choice back after local storage was cleared (logout keeps preferences). */
function rememberTimeZone(): void {
  if (current !== null && staffId !== '' && storage()?.getItem(`${KEY_PREFIX}.${staffId}`) === null) {
    storage()?.setItem(`${KEY_PREFIX}.${staffId}`, current);
  }
}
subscribeSession(rememberTimeZone);

export function subscribeTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current zone; the component renders again when it changes. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribeTimeZone, currentTimeZone, currentTimeZone);
}
