// www/embed.html: one <ludus-board> filling an iframe. The record comes from the fragment
// (`embed.html#unlur;moves=d4,pass`), the other attributes from the query string
// (`?playable&theme=dark&at=12&coords&flipped&app=…`).

const board = document.getElementById('board');
const ATTRIBUTES = ['playable', 'theme', 'at', 'step', 'coords', 'flipped', 'app', 'game', 'options', 'size'];

const params = new URLSearchParams(location.search);
for (const name of ATTRIBUTES) {
  if (params.has(name)) board.setAttribute(name, params.get(name));
}

function showFragment() {
  const hash = location.hash.replace(/^#/, '');
  // The widget decodes %-escapes itself; an empty fragment leaves game="…" (if any) in charge.
  if (hash) board.setAttribute('record', hash);
  else if (!params.has('game')) board.setAttribute('record', '');
}

showFragment();
window.addEventListener('hashchange', showFragment);
