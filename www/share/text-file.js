// The text file (docs/RECORD.md) is read and written by the study module, loaded on first use,
// so that the first load stays small; the page's session crosses to it as its record.

import { studyEngine } from '../engine.js';

/** The game of `record` as a text file, with `tags` in its header. */
export async function gameToText(record, tags) {
  const study = await studyEngine();
  const session = study.Session.fromRecord(record);
  try {
    return session.toText(tags);
  } finally {
    session.free();
  }
}

/** The record and header tags of a text file; throws the engine's words for a bad file. */
export async function readTextFile(text) {
  const study = await studyEngine();
  const session = study.Session.fromText(String(text));
  try {
    return { record: session.record(), tags: session.tags() };
  } finally {
    session.free();
  }
}
