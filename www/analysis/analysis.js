// Analysis on the page: the section with its Analysis, Hint and Review buttons, drawn at
// start (with a bar per seat, empty until the first result); what they do (the win-chance bars, the best step and the expected line on the
// board, a hint, a review of the game: www/analysis/panel.js, with the worker
// www/analysis-worker.js) is loaded on first use, as most visits never ask for it. www/app.js
// calls update() on every redraw, decorateMoves() after the move list, autoOn() when a
// position is opened from a link or the user steps back into the history. While a game played
// by link ("Send your move") goes on, analysis and hints are held back for both players.

import { el } from '../app/dom.js';

/** The growing search budgets of a running analysis (iterations). */
export const ANALYSIS_BUDGETS = [1000, 4000, 16000, 64000];
/** A hint's search (iterations): about a quarter of a second in the slower games. */
export const HINT_BUDGET = 2000;
/** A review's search per position (iterations), and the fall in the mover's chance that marks a mistake. */
export const REVIEW_ITERATIONS = 1000;
export const REVIEW_THRESHOLD = 0.15;
/** What the section says while a game played by link goes on. */
export const HELD_BACK = 'Analysis and hints come back when this game between people (by link or online) is over.';

export class AnalysisUi {
  /**
   * @param {import('./panel.js').AnalysisHost} host what it asks of the page
   *   (documented in panel.js, off the start load).
   * @param {HTMLElement} slot the element the Analysis section is put before.
   */
  constructor(host, slot) {
    this.host = host;
    /** The section's elements, handed to the panel when it is loaded. */
    this.parts = /** @type {import('./panel.js').AnalysisParts} */ ({});
    /** The panel (www/analysis/panel.js) once loaded, and its loading. */
    this.panel = null;
    this.loading = null;
    /** Whether Analysis is on, until the panel holds it. */
    this.wanted = false;
    this.build(slot);
    document.addEventListener('visibilitychange', () => this.update());
  }

  build(slot) {
    const p = this.parts;
    p.toggle = el('button', {
      type: 'button',
      id: 'analysis-toggle',
      'aria-pressed': 'false',
      title: 'Show how the position stands and the best steps, computed as you look',
      text: 'Analysis',
      onclick: () => this.setOn(!this.on),
    });
    p.hintButton = el('button', {
      type: 'button',
      id: 'hint-button',
      title: 'Show a good step for the seat to move (nothing is played)',
      text: 'Hint',
      onclick: () => this.use((panel) => panel.askHint()),
    });
    p.reviewButton = el('button', {
      type: 'button',
      id: 'review-button',
      title: 'Look for the steps that threw away a winning chance',
      text: 'Review',
      hidden: true,
      onclick: () => this.use((panel) => panel.startReview()),
    });
    p.bars = el('div', { class: 'analysis-bars', id: 'analysis-bars' });
    // Not a live region: it changes with every refinement, too often to be read out.
    p.text = el('p', { class: 'analysis-text', id: 'analysis-text' });
    p.note = el('p', { class: 'analysis-note', id: 'analysis-note', 'aria-live': 'polite' });
    p.body = el('div', { class: 'analysis-body', id: 'analysis-body', hidden: true }, p.bars, p.text);
    p.section = el(
      'section',
      { class: 'analysis-section', id: 'analysis', 'aria-labelledby': 'analysis-heading' },
      el(
        'div',
        { class: 'section-head' },
        el('h2', { id: 'analysis-heading', text: 'Analysis' }),
        el('div', { class: 'analysis-buttons' }, p.hintButton, p.reviewButton, p.toggle),
      ),
      p.body,
      p.note,
    );
    slot.before(p.section);
  }

  /** Loads the panel once; it takes over the section. */
  load() {
    this.loading ??= import('./panel.js').then(
      ({ AnalysisPanel }) => {
        this.panel = new AnalysisPanel(this.host, this.parts, this.wanted);
        this.panel.update();
        return this.panel;
      },
      (error) => {
        this.loading = null;
        this.parts.note.textContent = `The analysis could not be loaded: ${error?.message ?? error}`;
        throw error;
      },
    );
    return this.loading;
  }

  /** Runs `action(panel)` now if the panel is loaded, else once it is. */
  use(action) {
    if (this.panel) return action(this.panel);
    this.load().then(action, () => {});
  }

  get on() {
    return this.panel ? this.panel.on : this.wanted;
  }

  /** Turns Analysis on or off (the toggle). */
  setOn(on) {
    if (this.panel) return this.panel.setOn(on);
    this.wanted = !!on;
    this.update();
  }

  /** On by itself: a position opened from a link, or a step back into the history. */
  autoOn() {
    if (this.panel) this.panel.autoOn();
    else this.wanted = true;
  }

  /** Stops every search (the page is going away). */
  stop() {
    this.panel?.stop();
  }

  /** Matches the searches and the display to the position shown (called by the page's redraw). */
  update() {
    // A game played by link is between two people: until it is over, analysis and hints are
    // neither offered nor on by themselves (a link would otherwise show its reader the best step).
    const held = this.host.heldBack();
    if (held) {
      this.wanted = false;
      this.panel?.holdBack();
    }
    this.draw();
    const p = this.parts;
    p.toggle.hidden = held;
    p.hintButton.hidden = held;
    if (held) p.note.textContent = HELD_BACK;
  }

  draw() {
    if (this.panel) return this.panel.update();
    const v = this.host.view();
    if (!v) return;
    // Before the panel is loaded nothing has been found: the buttons, and the wait.
    const p = this.parts;
    p.toggle.setAttribute('aria-pressed', String(this.wanted));
    p.toggle.classList.toggle('on', this.wanted);
    p.hintButton.disabled = !!v.outcome || !(v.legal ?? []).length;
    p.reviewButton.hidden = !v.outcome;
    p.body.hidden = !this.wanted;
    p.section.dataset.state = this.wanted ? 'starting' : 'off';
    if (this.wanted) {
      showPending(p, v, this.host.thinking());
      this.load().catch(() => {});
    }
  }

  /** Marks the review's mistakes in the move list (after it is drawn). */
  decorateMoves(list) {
    this.panel?.decorateMoves(list);
  }
}

/**
 * A seat's bar: its name, its share of the chances as a fill in its colour and as text; with
 * no `result` yet, an empty bar of the same size.
 * @param {number} seat
 * @param {{ name?: string, color?: string } | undefined} player
 * @param {{ chance: number, share: number } | null} result
 */
export function chanceBar(seat, player, result) {
  const name = player?.name ?? `Seat ${seat + 1}`;
  const fill = result
    ? el('span', { class: 'analysis-fill', style: `width: ${result.share}%; background: var(--piece-${player?.color ?? 'grey'})` })
    : null;
  return el(
    'div',
    result
      ? { class: 'analysis-bar', 'data-seat': seat, 'data-chance': result.chance, title: `${name}'s chance of winning` }
      : { class: 'analysis-bar-pending', 'data-seat': seat },
    el('span', { class: 'analysis-name', text: name }),
    el('span', { class: 'analysis-track', 'aria-hidden': 'true' }, fill),
    el('span', { class: 'analysis-percent', text: result ? `${result.share}%` : '…' }),
  );
}

/**
 * Before the first result: empty bars and why, so that the move list below does not jump.
 * @param {{ bars: HTMLElement, text: HTMLElement }} parts
 * @param {import('../types/ludus-views').SessionView} v
 * @param {boolean} thinking
 * @param {string} [error]
 */
export function showPending(parts, v, thinking, error = '') {
  parts.bars.replaceChildren(...(v.players ?? []).map((player, seat) => chanceBar(seat, player, null)));
  parts.text.textContent = thinking ? 'Waiting while the computer thinks…' : error || 'Analysing…';
  parts.text.title = '';
}
