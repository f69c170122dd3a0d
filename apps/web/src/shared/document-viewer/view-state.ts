/** How a document is shown in the viewer: a zoom factor (1 = fitted to the window) and a quarter-turn angle. */
export type ViewState = { zoom: number; rotation: 0 | 90 | 180 | 270 };

export const INITIAL_VIEW: ViewState = { zoom: 1, rotation: 0 };
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export type ViewAction = 'zoomIn' | 'zoomOut' | 'fit' | 'rotateLeft' | 'rotateRight';

/** The next state: zoom moves along ZOOM_STEPS (stopping at either end); rotation turns by 90 degrees. */
export function nextView(state: ViewState, action: ViewAction): ViewState {
  const at = ZOOM_STEPS.findIndex((z) => z >= state.zoom);
  const here = at === -1 ? ZOOM_STEPS.length - 1 : at;
  switch (action) {
    case 'zoomIn':
      return { ...state, zoom: ZOOM_STEPS[Math.min(here + 1, ZOOM_STEPS.length - 1)]! };
    case 'zoomOut':
      return { ...state, zoom: ZOOM_STEPS[Math.max(here - 1, 0)]! };
    case 'fit':
      return { ...state, zoom: 1 };
    case 'rotateLeft':
      return { ...state, rotation: ((state.rotation + 270) % 360) as ViewState['rotation'] };
    case 'rotateRight':
      return { ...state, rotation: ((state.rotation + 90) % 360) as ViewState['rotation'] };
  }
}

/** Whether the picture lies on its side, so that its width and height trade places on screen. */
export const sideways = (state: ViewState) => state.rotation === 90 || state.rotation === 270;

/**
 * The scale that fits a `w` x `h` document (as turned) inside the frame, never enlarging a small one
 * beyond its own size, times the zoom.
 */
export function displayScale(
  doc: { w: number; h: number },
  frame: { w: number; h: number },
  state: ViewState,
): number {
  const [w, h] = sideways(state) ? [doc.h, doc.w] : [doc.w, doc.h];
  if (w <= 0 || h <= 0 || frame.w <= 0 || frame.h <= 0) return state.zoom;
  return Math.min(1, frame.w / w, frame.h / h) * state.zoom;
}
