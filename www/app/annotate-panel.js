// The Annotate panel under the move list (loaded the first time it is opened, app/study.js):
// a comment box for the step shown (or the start), the glyph buttons (! ? !! ?? !? ?!), and
// the draw-mode switch that lets a finger draw on the board (a tap circles a cell, a drag
// draws an arrow); with a mouse the right button draws without it.

import { el } from './dom.js';
import { treeOf, pathTo, GLYPHS, GLYPH_WORDS } from './tree-list.js';
import { MAX_COMMENT_CHARS } from '../engine-limits.js';

/** How long typing may pause before the comment is saved (it is also saved on leaving the box). */
const SAVE_AFTER_MS = 600;

export class AnnotatePanel {
  constructor(study, slot) {
    this.study = study;
    this.node = null;
    this.timer = 0;
    this.label = el('label', { for: 'comment-box', class: 'annotate-label' });
    this.box = el('textarea', {
      id: 'comment-box',
      rows: 2,
      // The engine's limit in characters; the box counts UTF-16 units, and the engine says so
      // when a comment of wide characters passes it.
      maxlength: MAX_COMMENT_CHARS,
      spellcheck: 'true',
      placeholder: 'A comment on this position',
    });
    this.glyphs = GLYPHS.map((g) =>
      el('button', {
        type: 'button',
        class: 'glyph-button',
        'data-glyph': g,
        'aria-pressed': 'false',
        title: `Mark the step shown as a ${GLYPH_WORDS[g]} (${g})`,
        'aria-label': `${GLYPH_WORDS[g]} (${g})`,
        text: g,
        onclick: () => this.study.glyph(g),
      }),
    );
    this.drawButton = el('button', {
      type: 'button',
      class: 'draw-mode',
      'aria-pressed': 'false',
      title: 'Let a tap circle a cell and a drag draw an arrow, instead of playing',
      text: 'Draw on the board',
      onclick: () => this.setDrawMode(!this.study.host.board().drawMode),
    });
    /** Why the last edit was refused (the record's limit, a drawing too many), until one is made. */
    this.message = el('p', { class: 'annotate-refused', id: 'annotate-refused', role: 'alert', hidden: true });
    this.root = el(
      'div',
      { class: 'annotate', id: 'annotate-panel' },
      el('div', { class: 'annotate-row' }, el('div', { class: 'glyph-buttons', role: 'group', 'aria-label': 'Glyph of the step shown' }, ...this.glyphs), this.drawButton),
      this.label,
      this.box,
      this.message,
      el('p', {
        class: 'annotate-help',
        text:
          'Drawings belong to the step shown: right-click a cell to circle it, drag with the right button for an arrow (the same again takes it off); ' +
          'on a touch screen switch on Draw on the board, then tap or drag. On the board with the keyboard: O circles the cursor\'s cell, A starts an arrow there and a second A ends it.',
      }),
    );
    this.box.addEventListener('input', () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.save(), SAVE_AFTER_MS);
    });
    this.box.addEventListener('change', () => this.save());
    this.box.addEventListener('blur', () => this.save());
    slot.append(this.root);
  }

  save() {
    clearTimeout(this.timer);
    this.timer = 0;
    if (this.node == null || this.node !== this.study.shown()) return;
    this.study.comment(this.box.value);
  }

  /** Shows why an edit was refused ("" hides it); a refused comment stays in the box, unsaved, to be shortened. */
  refused(message) {
    this.message.textContent = message ? `Not saved: ${message}.` : '';
    this.message.hidden = !message;
    this.box.setAttribute('aria-invalid', String(!!message));
  }

  setDrawMode(on) {
    this.study.host.board().update({ drawMode: on });
    this.drawButton.setAttribute('aria-pressed', String(on));
  }

  show(on) {
    this.root.hidden = !on;
    if (!on) this.setDrawMode(false);
  }

  /** The step shown: its comment in the box (unless being typed), its glyph pressed. */
  update(view) {
    if (!view) return;
    const tree = treeOf(view);
    const node = tree.nodes.get(tree.shown);
    const depth = pathTo(tree, tree.shown).length;
    if (this.node !== tree.shown) {
      // Another step came on while the box had the focus: leaving the box saved what was
      // typed there (the blur comes before the click); a late timer would save it here.
      clearTimeout(this.timer);
      this.timer = 0;
      this.node = tree.shown;
      this.box.value = node.comment;
      this.refused('');
    } else if (document.activeElement !== this.box && this.message.hidden) {
      this.box.value = node.comment;
    }
    this.label.textContent = depth ? `Comment on step ${depth} (${node.step})` : 'Comment on the start';
    for (const b of this.glyphs) {
      b.disabled = depth === 0;
      b.setAttribute('aria-pressed', String(node.glyph === b.dataset.glyph));
    }
  }
}
