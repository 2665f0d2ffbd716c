// The options form of the game shown. The engine owns the options: it lists them (games()),
// says what each field shows and whether it applies with the others (optionForm: Unity's
// neutral colour only with two players, a layout or a seed), and turns the form into the
// options a game starts with. This module only draws the fields and reads them back.

import { $, el } from './dom.js';

/** @typedef {import('../types/app-options-form').OptionsHost} OptionsHost */

export class OptionsForm {
  /** @param {OptionsHost} host */
  constructor(host) {
    this.host = host;
    this.game = null;
  }

  get fields() {
    return $('options-fields');
  }

  /** Draws the form for the game shown, unless it already shows these options. */
  render(view) {
    const fields = this.fields;
    const setup = this.host.recordSetup(view.record);
    if (fields.dataset.game === view.game && fields.dataset.record === setup) return;
    fields.dataset.game = view.game;
    fields.dataset.record = setup;
    this.game = view.game;
    fields.replaceChildren();
    $('options-error').hidden = true;
    const specs = this.host.gameInfo(view.game)?.options ?? [];
    if (!specs.length) {
      fields.append(el('p', { class: 'muted', text: 'This game has no options.' }));
      return;
    }
    const current = this.host.parseRecord(view.record).options;
    const form = this.host.optionForm(view.game, current, undefined);
    const textRows = [];
    for (const field of form.fields) {
      const id = `opt-${field.key}`;
      let input;
      if (field.kind === 'choice') {
        input = el('select', { id, name: field.key });
        for (const choice of field.choices) input.append(el('option', { value: choice, text: choice }));
      } else if (field.kind === 'number') {
        input = el('input', { id, name: field.key, type: 'number', min: field.min, max: field.max, step: 1, inputmode: 'numeric' });
      } else {
        input = el('input', { id, name: field.key, type: 'text', spellcheck: 'false', autocapitalize: 'off' });
      }
      const row = el('div', { class: `option option-${field.kind}`, 'data-key': field.key }, el('label', { for: id, text: field.label }), input);
      if (field.kind === 'text') textRows.push(row);
      else fields.append(row);
    }
    const keys = new Set(specs.map((o) => o.key));
    if (keys.has('seed') || keys.has('layout')) {
      fields.append(
        el(
          'div',
          { class: 'setup-buttons' },
          keys.has('seed')
            ? el('button', {
                type: 'button',
                text: 'New random setup',
                title: 'Start a new game from a fresh random setup',
                onclick: () => this.host.randomSetup(),
              })
            : null,
          keys.has('layout')
            ? el('button', {
                type: 'button',
                text: 'Edit setup…',
                title: 'Place the pieces and walls by hand',
                onclick: () => this.host.openEditor(this.values()),
              })
            : null,
        ),
      );
    }
    if (textRows.length) {
      fields.append(el('details', { class: 'setup-text' }, el('summary', { text: 'Setup as text' }), ...textRows));
    }
    this.show(form);
    fields.onchange = (e) => this.show(this.read(/** @type {HTMLInputElement} */ (e.target)?.name));
  }

  /** Puts the engine's values and what applies into the inputs. */
  show(form) {
    for (const field of form.fields) {
      const input = this.input(field.key);
      if (!input) continue;
      input.value = field.value;
      input.disabled = field.disabled;
      if ('placeholder' in input) input.placeholder = field.placeholder ?? '';
    }
  }

  /**
   * @param {string} key
   * @returns {HTMLInputElement | HTMLSelectElement | null}
   */
  input(key) {
    return this.fields.querySelector(`[name="${CSS.escape(key)}"]`);
  }

  /** The inputs as typed: {key: text}. */
  values() {
    const out = {};
    for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (this.fields.querySelectorAll('input, select'))) out[input.name] = String(input.value ?? '');
    return out;
  }

  /**
   * The engine's reading of the form, `changed` the field the user just changed.
   * @param {string | undefined} changed
   * @param {Record<string, string>} [extra]
   */
  read(changed, extra = {}) {
    return this.host.optionForm(this.game, { ...this.values(), ...extra }, changed);
  }

  /**
   * The options a game would start with, optionally with some fields set first.
   * @param {Record<string, string>} [extra]
   * @param {string} [changed]
   */
  options(extra = {}, changed = undefined) {
    return this.read(changed, extra).options;
  }

  /**
   * Sets fields as if the user had typed them (the last key counts as the one changed).
   * @param {Record<string, string>} values
   */
  set(values) {
    const keys = Object.keys(values);
    const form = this.read(keys[keys.length - 1], values);
    this.show(form);
    return form.options;
  }
}

/**
 * A fresh random seed, for a new game's random setup (the engine's `withRandomSetup` says
 * where it applies).
 * @returns {number}
 */
export function randomSeed() {
  return Math.floor(Math.random() * 1e9);
}

/**
 * The options the user set that a next new game keeps: all but the setup (a layout, walls, a
 * seed: the engine marks them), which a new game draws afresh.
 * @param {import('../types/ludus-views').GameInfo | null | undefined} info
 * @param {Record<string, string | number>} options
 * @returns {Record<string, string | number>}
 */
export function keptOptions(info, options) {
  const keep = { ...options };
  for (const spec of info?.options ?? []) if (spec.setup) delete keep[spec.key];
  return keep;
}
