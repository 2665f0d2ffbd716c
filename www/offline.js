// Offline play and installing: registers the service worker (www/sw.js, served from the site
// root), and when a new version of the site has been downloaded beside the running one, says
// so and switches only when the reader asks: the page then reloads as a whole, so the old
// page never runs with the new files. The game survives the reload (URL and saved game).

const supported = 'serviceWorker' in navigator && location.protocol !== 'file:';

/** Set when the reader asked for the new version: its taking over then reloads the page. */
let switching = false;

/** The banner that offers the new version; shown once. */
function offerUpdate(waiting) {
  if (document.getElementById('update-banner')) return;
  const banner = document.createElement('div');
  banner.id = 'update-banner';
  banner.className = 'update-banner';
  banner.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = 'A new version of Ludus is ready.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Reload';
  button.addEventListener('click', () => {
    button.disabled = true;
    switching = true;
    waiting.postMessage('ludus:activate');
  });
  banner.append(text, button);
  document.body.append(banner);
}

if (supported) {
  // The first worker takes over this page at once (clients.claim): nothing to reload then.
  // A new version takes over only when the reader asked for it: reload into it, whole.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (switching) location.reload();
  });

  navigator.serviceWorker
    .register(new URL('../sw.js', import.meta.url), { scope: new URL('../', import.meta.url).pathname })
    .then((registration) => {
      const watch = (worker) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
        });
      };
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      if (registration.installing) watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
    })
    .catch((error) => console.warn('Ludus: offline copy unavailable:', error?.message ?? error));
}
