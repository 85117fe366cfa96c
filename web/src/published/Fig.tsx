// A lesson's published figures in its prose: <Fig id="…" />, <FigRatio of="…" over="…" /> and
// <FigTable name="…" />, each read from lessons/<slug>/published.ts and linked to its source; and
// <JvmFig>, a figure of the JVM originals' committed run (jvm/results).
import { createContext, useContext, type ReactNode } from 'react';
import { Breakable } from '../ui/Breakable';
import { exact, figureOf, figureText, lessonFigures, ratioText, sourceText, type FigureStyle, type Source } from './figures';
import { jvmQuote } from './jvm';

/** The lesson being read, so its figures can be named by id alone. */
export const LessonSlug = createContext('');

/** A figure's text, linked to its source when the source has an address. */
function Cited({ source, title, children }: { source: Source; title: string; children: ReactNode }) {
  const full = `${title} — ${sourceText(source)}`;
  return source.href
    ? <a className="fig" href={source.href} title={full}>{children}</a>
    : <span className="fig" title={full}>{children}</span>;
}

/** A lesson's mistake shown where it is, without stopping the page. */
function Broken({ message }: { message: string }) {
  return <span className="widget-error" role="alert">[{message}]</span>;
}

function attempt(render: () => ReactNode): ReactNode {
  try {
    return render();
  } catch (e) {
    return <Broken message={(e as Error).message} />;
  }
}

/** One figure: `<Fig id="old-high" digits={2} unit />`. "About" is added where the document said it. */
export function Fig({ id, digits, unit, error, short }: { id: string } & FigureStyle) {
  const slug = useContext(LessonSlug);
  return attempt(() => {
    const { figure, source } = figureOf(slug, id);
    return <Cited source={source} title={figure.what}>{figure.approx ? 'about ' : ''}{figureText(figure, { digits, unit, error, short })}</Cited>;
  });
}

/** A ratio of two published figures, computed: `<FigRatio of="after-reverse-100000" over="before-reverse-100000" />`. */
export function FigRatio({ of, over }: { of: string; over: string }) {
  const slug = useContext(LessonSlug);
  return attempt(() => {
    const a = figureOf(slug, of);
    const b = figureOf(slug, over);
    return <Cited source={a.source} title={`${a.figure.what} ÷ ${b.figure.what}`}>{ratioText(a.figure.value / b.figure.value)}</Cited>;
  });
}

/** A published table, rebuilt from the figures that sit in it, with its source as the caption. */
export function FigTable({ name, caption }: { name: string; caption?: string }) {
  const slug = useContext(LessonSlug);
  return attempt(() => {
    const lesson = lessonFigures(slug);
    const cells = Object.values(lesson?.figures ?? {}).filter((f) => f.table?.name === name);
    if (!lesson || !cells.length) throw new Error(`lesson "${slug}" publishes no table "${name}"`);
    const rows = [...new Set(cells.map((f) => f.table!.row))];
    const columns = [...new Set(cells.map((f) => f.table!.column))];
    const source = lesson.sources[cells[0].source];
    const cell = (row: string, column: string) => {
      const f = cells.find((c) => c.table!.row === row && c.table!.column === column);
      return f ? <>{exact(f.value, f.decimals)}{f.error !== undefined && <> <span className="pm">± {exact(f.error, f.decimals)}</span></>}</> : '—';
    };
    return (
      <div className="table-scroll">
        <table className="published-table">
          <caption>
            {caption ? `${caption} ` : ''}Published in{' '}
            {source.href ? <a href={source.href}>{source.title}</a> : source.title}, {source.where}, {source.date} ({cells[0].unit}).
          </caption>
          <thead><tr><th scope="col" />{columns.map((c) => <th scope="col" key={c}><Breakable text={c} /></th>)}</tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r}><th scope="row"><Breakable text={r} /></th>{columns.map((c) => <td key={c}>{cell(r, c)}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  });
}

/**
 * A figure of the JVM originals' committed run, never typed by hand:
 * `<JvmFig suite="udp-queue" rows="clqOffer/1024 clqOffer/65536" />` (a range of scores),
 * `… over="abqOffer/1024 abqOffer/65536" />` (row ÷ row), `… overFig="clqOffer" />` (÷ this lesson's published figure).
 */
export function JvmFig({ suite, rows, over, overFig }: { suite: string; rows: string; over?: string; overFig?: string }) {
  const slug = useContext(LessonSlug);
  return attempt(() => {
    const q = jvmQuote(suite, rows, overFig ? figureOf(slug, overFig).figure : over);
    return <span className="fig jvm-fig" title={q.title}>{q.text}</span>;
  });
}
