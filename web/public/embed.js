// Hotpath Lab's embed script, for pages that show the lab's widgets:
//
//   <script src="https://…/embed.js" async></script>
//   <hotpath-widget src="https://…/embed/heap?heap=race&ops=…&step=end" title="…" theme="auto"></hotpath-widget>
//
// The element makes an iframe when it comes near the viewport, sizes it to its content (the
// embedded page reports its height), and tells it the host's theme: light, dark, or auto (follow
// the reader's system). Plain <iframe>s of the lab on a page that includes this script are sized
// the same way. No dependencies; nothing leaves the page but the iframe's own request.
(() => {
  if (window.customElements && customElements.get('hotpath-widget')) return;

  const THEMES = ['auto', 'light', 'dark'];

  // Every lab frame reports its height; size the frame it came from (elements and plain iframes).
  window.addEventListener('message', (e) => {
    const d = e.data;
    if (!d || d.type !== 'hotpath:size' || typeof d.height !== 'number' || !(d.height > 0)) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === e.source) {
        frame.style.height = `${Math.ceil(d.height)}px`;
        frame.setAttribute('data-hotpath-sized', '');
        // A frame that asked for its theme before it was known gets it now.
        const host = frame.closest('hotpath-widget');
        if (host) host.sendTheme();
      }
    }
  });

  class HotpathWidget extends HTMLElement {
    static get observedAttributes() { return ['theme', 'src', 'title']; }

    connectedCallback() {
      if (!this.style.display) this.style.display = 'block';
      if (this.frame || this.observer) return;
      if (!('IntersectionObserver' in window)) { this.load(); return; }
      this.observer = new IntersectionObserver((entries) => {
        if (entries.some((x) => x.isIntersecting)) this.load();
      }, { rootMargin: '400px 0px' });
      this.observer.observe(this);
    }

    disconnectedCallback() {
      if (this.observer) this.observer.disconnect();
      this.observer = null;
    }

    attributeChangedCallback(name) {
      if (!this.frame) return;
      if (name === 'theme') this.sendTheme();
      else if (name === 'src') this.frame.src = this.getAttribute('src') || 'about:blank';
      else this.frame.title = this.getAttribute('title') || 'Hotpath Lab widget';
    }

    load() {
      if (this.observer) this.observer.disconnect();
      this.observer = null;
      if (this.frame) return;
      const src = this.getAttribute('src');
      if (!src) {
        this.textContent = 'hotpath-widget: give it a src (a Hotpath Lab /embed/… link).';
        return;
      }
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = this.getAttribute('title') || 'Hotpath Lab widget';
      frame.style.width = '100%';
      frame.style.border = '0';
      frame.style.display = 'block';
      frame.style.height = `${this.getAttribute('height') || 480}px`;
      frame.addEventListener('load', () => this.sendTheme());
      this.frame = frame;
      this.appendChild(frame);
    }

    sendTheme() {
      if (!this.frame || !this.frame.contentWindow) return;
      const t = (this.getAttribute('theme') || 'auto').toLowerCase();
      this.frame.contentWindow.postMessage({ type: 'hotpath:theme', theme: THEMES.includes(t) ? t : 'auto' }, '*');
    }
  }

  customElements.define('hotpath-widget', HotpathWidget);
})();
