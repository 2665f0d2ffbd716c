// A visible note when the browser's storage fails (blocked, full, damaged): the page keeps
// working without it, but the reader should know that the game is not being kept.

/** Shows `message` in a dismissible note at the bottom of the page (one note, replaced). */
export function showStorageProblem(message) {
  let note = document.getElementById('storage-note');
  if (!note) {
    note = document.createElement('div');
    note.id = 'storage-note';
    note.className = 'storage-note';
    note.setAttribute('role', 'status');
    const text = document.createElement('p');
    text.className = 'storage-note-text';
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'storage-note-close';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Dismiss');
    close.addEventListener('click', () => {
      note.hidden = true;
    });
    note.append(text, close);
    document.body.append(note);
  }
  note.querySelector('.storage-note-text').textContent = String(message);
  note.hidden = false;
}
