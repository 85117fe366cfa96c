// Hotpath Lab's embed script, for pages that show the lab's widgets:
//
//   <script src="https://…/embed.js" async></script>
//   <hotpath-widget src="https://…/embed/heap?heap=race&ops=…&step=end" title="…" theme="host" height="1848"></hotpath-widget>
//
// The element makes an iframe when it comes near the viewport, sizes it to its content (the
// embedded page reports its height), and tells it the theme: host (follow this page: its
// background, where it is fading to if it fades, else its data-theme, its class, its
// color-scheme), light, dark, or auto (the reader's system).
// `height` is the starting height, until the frame reports its own. `src` must be an http(s)
// link: anything else (javascript:, data:) is refused and said so in the element. Plain
// <iframe>s of the lab on a page that includes this script are sized the same way. No
// dependencies; nothing leaves the page but the iframe's own request.
(() => {
  if (window.customElements && customElements.get('hotpath-widget')) return;

  const THEMES = ['host', 'auto', 'light', 'dark'];
  /** Taller than any view of the lab; a frame asking for more is not believed past it. */
  const MAX_HEIGHT = 40000;
  const PLACEHOLDER = 480;
  // The lab this script came from: plain iframes are sized only when their page is its.
  const script = document.currentScript;
  const LAB_ORIGIN = script && script.src ? new URL(script.src, location.href).origin : null;

  /** The absolute http(s) URL in `src`, or null: no other scheme may run in a frame we make. */
  function httpUrl(src) {
    if (!src) return null;
    try {
      const u = new URL(src.trim(), document.baseURI);
      return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
    } catch {
      return null;
    }
  }

  // The last height each view had on this site, so a page of many embeds starts them at their size.
  const heightKey = (src) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < src.length; i++) h = Math.imul(h ^ src.charCodeAt(i), 0x01000193);
    return `hotpath-embed-height:${(h >>> 0).toString(36)}`;
  };
  function rememberedHeight(src) {
    try {
      const v = Number(localStorage.getItem(heightKey(src)));
      return v > 0 && v <= MAX_HEIGHT ? v : 0;
    } catch {
      return 0;
    }
  }
  function remember(src, height) {
    try {
      localStorage.setItem(heightKey(src), String(height));
    } catch {
      // No storage (blocked or full): the next visit starts at the given height instead.
    }
  }

  /** Whether a colour (as computed) is dark, or null when it is transparent. */
  function darkColour(colour) {
    const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+))?/.exec(colour || '');
    if (!m || (m[4] !== undefined && Number(m[4]) < 0.5)) return null;
    const lin = (v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]) < 0.2;
  }

  /**
   * The background `n` is settling on: where the page fades it (`transition: background-color .3s`),
   * the colour the transition ends at, not the one it passes through now (read the moment the
   * page's toggle flips data-theme, the colour was still the old theme's).
   */
  function settledBackground(n) {
    const now = getComputedStyle(n).backgroundColor;
    if (typeof n.getAnimations !== 'function') return now;
    for (const a of n.getAnimations()) {
      if (!/^background(-color)?$/.test(a.transitionProperty || '') || !a.effect || typeof a.effect.getKeyframes !== 'function') continue;
      const frames = a.effect.getKeyframes();
      const end = frames.length ? frames[frames.length - 1] : null;
      const colour = end && (end.backgroundColor || end['background-color']);
      if (colour) return colour;
    }
    return now;
  }

  /** The theme of `el`'s page where it stands: its background, else what the page says of itself. */
  function hostTheme(el) {
    for (let n = el; n; n = n.parentElement) {
      const dark = darkColour(settledBackground(n));
      if (dark !== null) return dark ? 'dark' : 'light';
    }
    const root = document.documentElement;
    for (const n of [root, document.body]) {
      if (!n) continue;
      // data-theme="dark" (Docusaurus, Starlight and others), class="dark" (Tailwind and others).
      const said = `${n.getAttribute('data-theme') || ''} ${n.getAttribute('data-bs-theme') || ''} ${n.className || ''}`.toLowerCase();
      if (/(^|[\s_-])dark($|[\s_-])/.test(said)) return 'dark';
      if (/(^|[\s_-])light($|[\s_-])/.test(said)) return 'light';
    }
    const scheme = getComputedStyle(root).colorScheme || '';
    if (/\bdark\b/.test(scheme) && !/\blight\b/.test(scheme)) return 'dark';
    if (/\bdark\b/.test(scheme) && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches) return 'dark';
    return 'light';
  }

  /** The lab frame a message came from, if it is one we may size: our element's, or a plain iframe of the lab. */
  function senderFrame(e) {
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow !== e.source) continue;
      const url = httpUrl(frame.getAttribute('src'));
      if (!url || url.origin !== e.origin) return null;
      const host = frame.closest('hotpath-widget');
      if (host && host.frame === frame) return frame;
      return LAB_ORIGIN === e.origin ? frame : null;
    }
    return null;
  }

  /** Lab frames this script sizes, asked to measure again when their width may have changed. */
  const sized = new Set();
  const retries = new WeakMap();
  function askToMeasure(frame) {
    const url = httpUrl(frame.getAttribute('src'));
    if (url && frame.contentWindow) frame.contentWindow.postMessage({ type: 'hotpath:measure' }, url.origin);
  }
  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => sized.forEach(askToMeasure), 100);
  });
  // Frames out of view may not run their own resize observers: ask them before they scroll in.
  const nearby = 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => entries.forEach((x) => x.isIntersecting && askToMeasure(x.target)), { rootMargin: '1500px 0px' })
    : null;

  window.addEventListener('message', (e) => {
    const d = e.data;
    if (!d || typeof d !== 'object' || d.type !== 'hotpath:size') return;
    if (typeof d.height !== 'number' || !Number.isFinite(d.height) || d.height <= 0) return;
    const frame = senderFrame(e);
    if (!frame) return;
    const host = frame.closest('hotpath-widget');
    const ours = host && host.frame === frame;
    let height = Math.min(Math.ceil(d.height), MAX_HEIGHT);
    // Still loading: keep the view's expected height rather than shrink to the loading line.
    if (ours && d.loading === true) height = Math.max(height, host.placeholder());
    // A plain iframe keeps its own box model: the content gets `height`, whatever its padding.
    const cs = getComputedStyle(frame);
    const extra = cs.boxSizing === 'border-box'
      ? ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((s, p) => s + (parseFloat(cs[p]) || 0), 0)
      : 0;
    frame.style.setProperty('height', `${height + extra}px`, 'important');
    frame.setAttribute('data-hotpath-sized', '');
    // A plain iframe's page says its scheme (its own theme= link, or the reader's); ours is the one we sent.
    if (!ours && typeof d.scheme === 'string' && /^(light|dark|light dark)$/.test(d.scheme)) setScheme(frame, d.scheme);
    if (!sized.has(frame)) {
      sized.add(frame);
      if (nearby) nearby.observe(frame);
    }
    // The frame's width has not caught up with a resize yet: ask again once it has (a few times at most).
    const inner = frame.clientWidth - (parseFloat(cs.paddingLeft) || 0) - (parseFloat(cs.paddingRight) || 0);
    const tries = retries.get(frame) || 0;
    if (typeof d.width === 'number' && Math.abs(d.width - inner) > 1 && tries < 5) {
      retries.set(frame, tries + 1);
      setTimeout(() => askToMeasure(frame), 100);
    } else retries.delete(frame);
    if (ours) {
      if (d.loading !== true) host.sized(height);
      // A frame that asked for its theme before it was known gets it now.
      host.sendTheme();
    }
  });

  // A page that changes its theme (a toggle setting data-theme or a class, or the system's) is followed.
  const followers = new Set();
  const follow = () => followers.forEach((w) => w.sendTheme(false));
  const THEME_ATTRIBUTES = ['class', 'style', 'data-theme', 'data-bs-theme'];
  new MutationObserver(follow).observe(document.documentElement, { attributes: true, attributeFilter: THEME_ATTRIBUTES });
  let watchingBody = false;
  const watchBody = () => {
    if (watchingBody || !document.body) return;
    watchingBody = true;
    new MutationObserver(follow).observe(document.body, { attributes: true, attributeFilter: THEME_ATTRIBUTES });
  };
  watchBody();
  document.addEventListener('DOMContentLoaded', watchBody);
  if (window.matchMedia) matchMedia('(prefers-color-scheme: dark)').addEventListener('change', follow);
  // A background that fades to the new theme is read again when the fade ends (settledBackground
  // reads where it is going; this is for browsers that cannot say).
  const faded = (e) => { if (/^background(-color)?$/.test(e.propertyName)) follow(); };
  document.addEventListener('transitionend', faded, true);
  document.addEventListener('transitioncancel', faded, true);

  /**
   * The colour scheme the frame's page is in, given to the iframe too: a browser paints a frame
   * whose scheme differs from its iframe element's on an opaque backdrop of its own (a dark frame
   * on a dark page that declares no scheme got a backdrop a shade darker than the page's).
   */
  const SCHEMES = { light: 'light', dark: 'dark', auto: 'light dark' };
  function setScheme(frame, scheme) {
    if (scheme) frame.style.setProperty('color-scheme', scheme, 'important');
  }

  /**
   * Styles the frame keeps whatever the host's CSS says of iframes: it fills the column exactly,
   * and the host's page shows around the card as it does inside (the embed page is transparent
   * there; a host's `iframe { background: #fff }` drew an 8 px white rim around a dark card).
   */
  const FRAME_STYLE = {
    display: 'block', width: '100%', 'max-width': '100%', 'min-width': '0', 'box-sizing': 'border-box',
    border: '0', padding: '0', margin: '0', 'min-height': '0', 'max-height': 'none', float: 'none',
    background: 'transparent', 'box-shadow': 'none', outline: '0', filter: 'none', opacity: '1',
  };

  class HotpathWidget extends HTMLElement {
    static get observedAttributes() { return ['theme', 'src', 'title', 'height']; }

    connectedCallback() {
      if (!this.style.display) this.style.display = 'block';
      followers.add(this);
      // The script runs: the link the snippet put inside for pages that block it (a strict
      // content-security policy) gives way to the frame. Hidden, not removed: in MDX the link is
      // the page framework's node, which it may look for again.
      for (const child of [...this.childNodes]) {
        if (child === this.frame || child === this.message) continue;
        if (child.nodeType === Node.ELEMENT_NODE) child.style.setProperty('display', 'none', 'important');
        else if (child.nodeType === Node.TEXT_NODE) child.remove();
      }
      if (this.frame) return;
      // Until its frame reports, the element holds the view's size, so a page of many embeds does
      // not load them all at once (an element of no height is "near the viewport" with all the others).
      this.style.minHeight = `${this.placeholder()}px`;
      if (this.observer) return;
      if (!('IntersectionObserver' in window)) { this.load(); return; }
      this.observer = new IntersectionObserver((entries) => {
        if (entries.some((x) => x.isIntersecting)) this.load();
      }, { rootMargin: '400px 0px' });
      this.observer.observe(this);
    }

    disconnectedCallback() {
      followers.delete(this);
      if (this.observer) this.observer.disconnect();
      this.observer = null;
    }

    attributeChangedCallback(name) {
      if (name === 'theme') this.sendTheme();
      else if (name === 'title') { if (this.frame) this.frame.title = this.label(); }
      else if (name === 'src' && (this.frame || this.refused)) {
        // A new frame for a new link: the whole state changes, even when only the part after "#" did.
        if (this.frame) {
          sized.delete(this.frame);
          if (nearby) nearby.unobserve(this.frame);
          this.frame.remove();
        }
        this.frame = null;
        this.refused = false;
        this.load();
      }
    }

    label() { return this.getAttribute('title') || 'Hotpath Lab widget'; }

    placeholder() {
      const given = Number(this.getAttribute('height'));
      if (given > 0 && given <= MAX_HEIGHT) return Math.ceil(given);
      return rememberedHeight(this.getAttribute('src') || '') || PLACEHOLDER;
    }

    load() {
      if (this.observer) this.observer.disconnect();
      this.observer = null;
      if (this.frame) return;
      const src = this.getAttribute('src');
      const url = httpUrl(src);
      // Only the lab's /embed/<name> pages may be framed by another site: its lessons, class and
      // teacher pages refuse (they keep a student's work), and would show a blank, blocked frame.
      // (Messages spell "..." out: the host page may read this file in another encoding.)
      if (!url || !/\/embed\/[a-z0-9-]+\/?$/.test(url.pathname)) {
        this.refused = true;
        this.style.minHeight = '';
        if (!this.message) {
          this.message = document.createElement('span');
          this.appendChild(this.message);
        }
        this.message.textContent = !src
          ? 'hotpath-widget: give it a src (an http:// or https:// link to a Hotpath Lab /embed/... page).'
          : url
            ? `hotpath-widget: ${url.pathname.slice(0, 60)} is a page of the lab that cannot be shown inside another site; src must link to an /embed/... page (its Share / embed button gives one), so nothing was loaded.`
            : 'hotpath-widget: src must be an http:// or https:// link to a Hotpath Lab /embed/... page; this one is not, so nothing was loaded.';
        return;
      }
      if (this.message) this.message.remove();
      this.message = null;
      const frame = document.createElement('iframe');
      frame.src = url.href;
      frame.title = this.label();
      for (const [k, v] of Object.entries(FRAME_STYLE)) frame.style.setProperty(k, v, 'important');
      frame.style.setProperty('height', `${this.placeholder()}px`, 'important');
      setScheme(frame, SCHEMES[this.theme()]);
      frame.addEventListener('load', () => this.sendTheme());
      this.frame = frame;
      this.appendChild(frame);
    }

    sized(height) {
      this.style.minHeight = '';
      remember(this.getAttribute('src') || '', height);
    }

    /** The theme to give the frame: light, dark or auto (`host` read from the page now). */
    theme() {
      const asked = (this.getAttribute('theme') || 'auto').toLowerCase();
      const t = THEMES.includes(asked) ? asked : 'auto';
      return t === 'host' ? hostTheme(this) : t;
    }

    /** Tells the frame its theme; `always` false: only if it changed (the host page changed something). */
    sendTheme(always = true) {
      if (!this.frame || !this.frame.contentWindow) return;
      const url = httpUrl(this.frame.getAttribute('src'));
      if (!url) return;
      const theme = this.theme();
      if (!always && theme === this.sent) return;
      this.sent = theme;
      setScheme(this.frame, SCHEMES[theme]);
      this.frame.contentWindow.postMessage({ type: 'hotpath:theme', theme }, url.origin);
    }
  }

  customElements.define('hotpath-widget', HotpathWidget);
})();
