// Types of www/share/menu.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** What the menu asks of the page or the widget when a button is pressed (the header above says what each is for; www/share/menu-panel.js reads them). */
export interface ShareMenuHost {
  /** the position shown */
  view: () => import('../types/ludus-views').SessionView|null;
  /** the renderer theme (board.theme) */
  theme: () => any;
  /** whether the board is turned around */
  flipped?: () => boolean;
  /** the picture's background colour */
  background?: () => string;
  /** the board's element, which the open panel never covers */
  board?: () => HTMLElement;
  /** the element the panel hangs under (default: the menu) */
  anchor?: () => HTMLElement;
  /** the whole game as a text file (the page) */
  gameText?: () => Promise<string>;
  /** opens a text file's game: null once opened, else what is wrong with it (the page) */
  importText?: (text: string) => Promise<string|null>;
  /** the record for a link (default: the view's) */
  link?: () => string;
  /** the site embed code points to (default: the Ludus site) */
  site?: string;
}
