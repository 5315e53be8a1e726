/**
 * The script every page runs in <head> before its first paint: it applies the stored light/dark
 * theme (default dark), so a page never flashes the wrong one. Until React has hydrated (the header
 * marks <html data-hydrated>), it also opens and closes the phone menu (a button with
 * `data-menu-toggle`, its panel by `aria-controls`), so a tap on a prerendered page's menu is never
 * lost while the page's JavaScript is still arriving; the header adopts what it finds open. It is inline in each page (client
 * build: client/build/theme-init.ts), so a phone never waits for one more request (or the service
 * worker) before the first paint; the Content-Security-Policy allows exactly this text by its hash
 * (THEME_INIT_CSP_SOURCE in @gl/core/server; docker/nginx.conf repeats it).
 */
export const THEME_INIT_SCRIPT =
  "(function(){var t='dark';try{if(window.localStorage.getItem('genius-lines.theme')==='light')t='light'}catch(e){}" +
  "var r=document.documentElement;if(t==='dark')r.classList.add('dark');else r.classList.remove('dark');r.style.colorScheme=t;" +
  "var m=document.querySelectorAll('meta[name=\"theme-color\"]');for(var i=0;i<m.length;i++)m[i].setAttribute('content',t==='dark'?'#020617':'#f8fafc');" +
  "document.addEventListener('click',function(e){if(r.hasAttribute('data-hydrated'))return;" +
  "var b=e.target&&e.target.closest?e.target.closest('[data-menu-toggle]'):null;var p=b&&document.getElementById(b.getAttribute('aria-controls'));" +
  "if(!p)return;var o=p.hidden;p.hidden=!o;b.setAttribute('aria-expanded',o?'true':'false')})})();";
