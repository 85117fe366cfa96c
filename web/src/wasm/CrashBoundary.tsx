// The one crash boundary: a widget or a whole route that throws while rendering shows what
// happened and where, and offers to restart just that part; the rest of the page keeps working.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { asCrash } from './loader';

export interface RestartOption {
  label: string;
  run: () => void;
}

interface Props {
  /** Named in the message, so the reader knows which part stopped. */
  name: string;
  /** Asked when the crash is shown, so the options reflect the state at that moment. */
  restarts: () => RestartOption[];
  children: ReactNode;
}

export class CrashBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[hotpath] ${this.props.name} crashed:`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const crash = asCrash(error);
    return (
      <div className="widget widget-error" role="alert">
        <p>
          <strong>{this.props.name} stopped:</strong>{' '}
          {crash?.panic ? 'the Rust code panicked' : crash ? 'the WebAssembly code trapped' : 'an error occurred'}.
        </p>
        <pre className="crash-message">{crash?.message ?? error.message}</pre>
        <p>The rest of the page is unaffected.</p>
        <div className="button-row">
          {this.props.restarts().map((r) => <button type="button" key={r.label} onClick={r.run}>{r.label}</button>)}
        </div>
      </div>
    );
  }
}
