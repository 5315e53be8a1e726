/* global window, document */
// Runs before first paint (loaded synchronously in <head>; the CSP forbids inline scripts):
// applies the stored theme so the page never flashes the wrong one. Default: dark.
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('genius-lines.theme') === 'light') theme = 'light';
  } catch {
    /* storage unavailable: default */
  }
  var root = document.documentElement;
  if (theme === 'dark') root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = theme;
  var meta = document.querySelectorAll('meta[name="theme-color"]');
  for (var i = 0; i < meta.length; i++) {
    meta[i].setAttribute('content', theme === 'dark' ? '#020617' : '#f8fafc');
  }
})();
