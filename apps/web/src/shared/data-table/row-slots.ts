/**
 * Which element draws which row. A new page (another view, or the rows that replace the previous page
 * standing in while it loaded) takes the elements by place: row i of the new page reuses row i's
 * element and only its text changes, far cheaper than removing 100 rows and creating 100
 * (docs/performance.md, Web). A refresh of the same view keeps each record on its own element: a row
 * that moves up because another was decided takes its focus with it, so a key pressed on the focused
 * row never reaches the record that slid into its place.
 */
export type RowSlots = {
  view: string;
  /** The rows were the previous page standing in for this view's (keepPreviousData). */
  placeholder: boolean;
  /** Row id -> React key. */
  keys: ReadonlyMap<string, string>;
  /** Counts assignments by place: elements may now show other records than before. */
  generation: number;
  /** The next key for a row new within the same view (never a place's key, never reused). */
  fresh: number;
};

export function nextRowSlots(
  previous: RowSlots | null,
  ids: readonly string[],
  view: string,
  placeholder: boolean,
): RowSlots {
  if (previous && ids.length === previous.keys.size && ids.every((id) => previous.keys.has(id)))
    return previous.view === view && previous.placeholder === placeholder
      ? previous
      : { ...previous, view, placeholder };
  if (previous === null || previous.placeholder || previous.view !== view)
    return {
      view,
      placeholder,
      keys: new Map(ids.map((id, index) => [id, String(index)])),
      generation: (previous?.generation ?? 0) + 1,
      fresh: previous?.fresh ?? 0,
    };
  let fresh = previous.fresh;
  const keys = new Map(ids.map((id) => [id, previous.keys.get(id) ?? `new-${fresh++}`]));
  return { view, placeholder, keys, generation: previous.generation, fresh };
}
