// Types of www/controller.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type SessionView = import('./ludus-views').SessionView;
type StepView = import('./ludus-views').StepView;

/** What the controller works for. */
export interface ControllerHost {
  /** the engine's Session at the view (for explainClick), or null */
  session: () => (import('../ludus.js').Session | null);
  /** the SessionView shown, or null */
  view: () => (SessionView | null);
  /** whether the user may play now (false while the computer thinks, on a view-only widget) */
  canPlay: () => boolean;
  /** plays a step, true if the engine took it */
  play: (text: string) => boolean | void;
  /** the selection changed (redraw) */
  changed: () => void;
  /** shows a message about the last click ('' clears it) */
  say: (message: string) => void;
}
