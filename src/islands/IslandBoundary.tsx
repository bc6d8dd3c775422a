import { Component, type ReactNode } from 'react';
import type { ShowErrorScreen } from './error-screen.ts';

interface IslandBoundaryProps {
  children: ReactNode;
  /**
   * `showErrorScreen` from error-screen.ts, passed in rather than imported: the loader has it already,
   * and an import here would split it into a chunk of its own that every page would fetch up front.
   */
  showErrorScreen: ShowErrorScreen;
  onMounted?: () => void;
}

/** Wraps every island: a failing island shows the error screen in its place instead of breaking the page. */
export class IslandBoundary extends Component<IslandBoundaryProps, { error: Error | null }> {
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
    // The screen is DOM, the same the loader shows without React; React owns only this wrapper.
    return (
      <div
        ref={(node) => {
          if (node) this.props.showErrorScreen(node, error);
        }}
      />
    );
  }
}
