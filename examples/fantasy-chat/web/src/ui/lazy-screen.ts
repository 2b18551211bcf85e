import { createElement, lazy, type ComponentType, type FunctionComponent } from "react";

/** A screen whose code is its own chunk, and that can be asked to fetch that chunk before it is drawn. */
export interface LazyScreen extends FunctionComponent {
  /** Fetches the screen's chunk (once; again after a failure). Resolves when a render can draw it at once. */
  preload(): Promise<unknown>;
}

/**
 * A screen loaded on demand, like `React.lazy`, except that once its chunk has arrived it draws at once instead
 * of suspending: the client fetches the first screen's chunk before its first render (see `preloadScreen`), so a
 * page load goes from the HTML's frame straight to the page, never through a loading fallback (which React holds
 * on screen for a while before it reveals what replaces it). Before its chunk arrives it suspends as `lazy` does.
 *
 * @example
 * const Home = lazyScreen(() => import("./pages/Home"));
 * await Home.preload();
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = (): Promise<ComponentType> =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = () => createElement(loaded ?? Suspending);
  return Object.assign(Screen, { preload });
}
