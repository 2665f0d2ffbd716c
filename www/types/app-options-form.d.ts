// Types of www/app/options-form.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** What the form asks of the page (www/app.js). */
export interface OptionsHost {
  /** the engine's facts of a game */
  gameInfo: (name: string) => import('../types/ludus-views').GameInfo | null;
  /** the engine's reading of a record */
  parseRecord: (record: string) => import('../types/ludus-views').RecordView;
  /** the engine's setup part of a record (its game and options) */
  recordSetup: (record: string) => string;
  /** the engine's form rules */
  optionForm: (game: string, values: Record<string, string>, changed: string|undefined) => import('../types/ludus-views').OptionForm;
  randomSetup: () => void;
  /** opens the setup editor */
  openEditor: (values: Record<string, string>) => void;
}
