// A table wider than a phone turns into cards, one per row: its name on top, then each value
// beside its column's name. Squeezed into the screen a table breaks its headings letter by
// letter ("p r o d u c e r s"); left wide it hides the columns the prose talks about behind the
// right edge. As cards every word stays whole and every column is in view.
//
// A watcher (as scrollEdges.ts is) serves every table in a `.table-scroll` box, whoever drew it.
// Laid out as blocks, a table loses its table semantics in some browsers, so the cards carry them
// as roles: a screen reader still hears a table, its rows and each cell's column.

/** Where cards are used: a phone. */
export const CARDS_MEDIA = '(max-width: 640px)';

const TABLES = '.table-scroll > table';

/** Each column's name: the texts of the header cells above it, joined ("JVM · ops/s"). Spans across columns count; spans down rows do not occur in the lab's tables. */
export function columnLabels(table: HTMLTableElement): string[] {
  const labels: string[][] = [];
  for (const row of table.tHead?.rows ?? []) {
    let col = 0;
    for (const cell of row.cells) {
      const text = cell.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      for (let k = 0; k < cell.colSpan; k++) (labels[col + k] ??= []).push(text);
      col += cell.colSpan;
    }
  }
  return labels.map((texts) => texts.filter(Boolean).join(' · '));
}

const ROLES: [string, string][] = [['thead, tbody, tfoot', 'rowgroup'], ['tr', 'row'], ['th[scope="col"]', 'columnheader'], ['th[scope="row"]', 'rowheader'], ['td', 'cell']];

/** Turns `table` into cards (or back): labels each cell with its column, and keeps the roles a screen reader needs. */
function cards(table: HTMLTableElement, on: boolean) {
  if (!on && !table.classList.contains('as-cards')) return;
  // Labelled again each time: rows may have come since.
  if (on) {
    const labels = columnLabels(table);
    for (const row of table.tBodies[0]?.rows ?? []) {
      let col = 0;
      for (const cell of row.cells) {
        // A row's header is the card's title: it needs no label (its column's is often long: "…Benchmark row").
        if (labels[col] && !(cell.tagName === 'TH' && cell.getAttribute('scope') === 'row')) cell.setAttribute('data-label', labels[col]);
        col += cell.colSpan;
      }
    }
    table.setAttribute('role', 'table');
    for (const [selector, role] of ROLES) for (const el of table.querySelectorAll(selector)) el.setAttribute('role', role);
  }
  table.classList.toggle('as-cards', on);
}

/**
 * Whether `table` is wider than its box when laid out as a table. A table in cards is measured
 * as a table again (in the same frame, so nothing flickers): cards fit by design, so their own
 * width says nothing.
 */
function tooWide(table: HTMLTableElement): boolean {
  const box = table.parentElement!;
  const was = table.classList.contains('as-cards');
  if (was) table.classList.remove('as-cards');
  const wide = table.scrollWidth > box.clientWidth + 1;
  if (was) table.classList.add('as-cards');
  return wide;
}

/** Watches `doc` for wide tables as they appear and as the screen changes. Returns a function that stops it. */
export function watchTableCards(doc: Document = document): () => void {
  const media = doc.defaultView!.matchMedia(CARDS_MEDIA);
  const seen = new WeakSet<Element>();
  const check = (table: HTMLTableElement) => cards(table, media.matches && tooWide(table));
  // The box (the screen turned) and the table itself (rows filling in) are watched for size. A
  // table is changed in the next frame, not while sizes are being reported: changing a size
  // there would make the browser report a loop.
  const due = new Set<HTMLTableElement>();
  let frame = 0;
  const resized = new ResizeObserver((entries) => {
    for (const e of entries) {
      const table = e.target instanceof HTMLTableElement ? e.target : e.target.querySelector(':scope > table');
      if (table instanceof HTMLTableElement) due.add(table);
    }
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      const tables = [...due];
      due.clear();
      tables.forEach(check);
    });
  });
  const scan = () => {
    for (const table of doc.querySelectorAll<HTMLTableElement>(TABLES)) {
      if (seen.has(table)) continue;
      seen.add(table);
      resized.observe(table.parentElement!);
      resized.observe(table);
    }
  };
  let pending = 0;
  const added = new MutationObserver(() => {
    pending ||= requestAnimationFrame(() => {
      pending = 0;
      scan();
    });
  });
  added.observe(doc.body, { childList: true, subtree: true });
  const onMedia = () => doc.querySelectorAll<HTMLTableElement>(TABLES).forEach(check);
  media.addEventListener('change', onMedia);
  scan();
  return () => {
    added.disconnect();
    resized.disconnect();
    cancelAnimationFrame(pending);
    cancelAnimationFrame(frame);
    media.removeEventListener('change', onMedia);
  };
}
