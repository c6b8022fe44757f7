import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';

type Props = { children: ReactNode; fallback: ReactNode };
type State = { error: Error | null };

/** Keeps a failing preview (a renderer bug, a lazy chunk that failed to load) from blanking the page. */
export class PreviewBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Result preview failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Notice tone="danger" role="alert" title="This preview could not be shown">
        {this.state.error.message}
        <div className="mt-3">{this.props.fallback}</div>
      </Notice>
    );
  }
}
