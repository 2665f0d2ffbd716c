// Studying a game on the page: the edits to the game's tree through the engine's Session (a
// step's comment, glyph, arrows and circled cells; making a line tried the main line, or
// deleting it), each saved and put in the link as a step played is. The Annotate panel (the
// comment box, the glyph buttons, the draw-mode switch) is www/app/annotate-panel.js, loaded
// the first time it is opened: most visits never annotate.

import { errorText } from '../engine.js';
import { shownNodeOf } from './panels.js';
import { MAX_TEXT_TAGS } from '../engine-limits.js';

/** @typedef {import('../types/app-study').StudyHost} StudyHost */

export class Study {
  /** @param {StudyHost} host */
  constructor(host) {
    this.host = host;
    /** The panel (annotate-panel.js) once loaded, and its loading. */
    this.panel = null;
    this.loading = null;
  }

  /** The node of the tree the page shows. */
  shown() {
    const v = this.host.view();
    return v?.node ?? v?.cursor ?? 0;
  }

  /**
   * Runs one edit on the session; its refusal is said in the engine's words, in the Annotate
   * panel when it is open (the game is left as it was).
   */
  edit(change) {
    const session = this.host.session();
    const before = this.host.view();
    if (!session || !before) return false;
    try {
      change(session);
    } catch (error) {
      if (this.panel && !this.panel.root.hidden) this.panel.refused(errorText(error));
      else this.host.flash(errorText(error));
      return false;
    }
    this.panel?.refused('');
    this.host.changed(before);
    return true;
  }

  /** A drawing gesture on the board (board/board.js onDraw), for the step shown. */
  draw(what) {
    const id = this.shown();
    if (what.circle != null) return this.edit((s) => s.toggleCircle(id, what.circle));
    if (what.arrow) return this.edit((s) => s.toggleArrow(id, what.arrow[0], what.arrow[1]));
    return false;
  }

  comment(text) {
    const id = this.shown();
    if ((shownNodeOf(this.host.view())?.comment ?? '') === text) return true;
    return this.edit((s) => s.setComment(id, text));
  }

  /** Sets the shown step's glyph; the glyph it has already takes it off. */
  glyph(glyph) {
    const id = this.shown();
    const had = shownNodeOf(this.host.view())?.glyph ?? '';
    return this.edit((s) => s.setGlyph(id, had === glyph ? '' : glyph));
  }

  promote(id) {
    return this.edit((s) => s.promote(id));
  }

  remove(id) {
    return this.edit((s) => s.deleteVariation(id));
  }

  /** The Annotate button: opens and closes the panel, put at the end of `slot`. */
  mount(button, slot) {
    this.button = button;
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      if (open) this.open(slot);
      else this.panel?.show(false);
      button.setAttribute('aria-expanded', String(open));
    });
  }

  /** Opens the Annotate panel in `slot` (loading it the first time). */
  async open(slot) {
    if (!this.panel) {
      this.loading ??= import('./annotate-panel.js').then(({ AnnotatePanel }) => new AnnotatePanel(this, slot));
      this.panel = await this.loading;
    }
    this.panel.show(true);
    this.update();
  }

  /** Redraws the panel for the step shown (nothing before it is opened). */
  update() {
    this.panel?.update(this.host.view());
  }
}

/**
 * The most tags a text file holds besides Game, Options and At: the engine's limit, which its
 * reader and writer both keep.
 */
export { MAX_TEXT_TAGS };

/**
 * The header of the text file the page exports: the tags the game was read with (a file's
 * players, date, result), each seat's player (a colour, and the computer's level where it
 * plays), the date, and the result once the game is over. The engine writes the game and
 * its options itself. The page's own tags are added only while there is room, so that a file
 * read with as many tags as it may hold can be written again.
 */
export function textTags(view, kept, { computer = new Set(), level = '', today = new Date() } = {}) {
  const tags = { ...kept };
  const add = (name, value) => {
    if (name in tags || Object.keys(tags).length < MAX_TEXT_TAGS) tags[name] = value;
  };
  (view.players ?? []).forEach((p, i) => {
    if (!(`Player${i + 1}` in tags)) add(`Player${i + 1}`, computer.has(i) ? `${p.name} (the computer, ${level})` : p.name);
  });
  if (!('Date' in tags)) add('Date', today.toISOString().slice(0, 10));
  if (view.outcome && view.status?.summary) add('Result', view.status.summary);
  return tags;
}
