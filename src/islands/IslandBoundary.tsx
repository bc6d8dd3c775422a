import { Component, type ReactNode } from 'react';

/** Wraps every island: a failing island shows the error screen in its place instead of breaking the page. */
export class IslandBoundary extends Component<{ children: ReactNode; onMounted?: () => void }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidMount() {
    this.props.onMounted?.();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        <h2 className="text-lg font-semibold">Unexpected Application Error!</h2>
        <pre className="mt-2 overflow-x-auto text-sm whitespace-pre-wrap">{error.message}</pre>
      </div>
    );
  }
}
