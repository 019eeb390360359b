/*
 * lazyComponent — React.lazy for a module's named component: the code a
 * page shows only on some action (a comparison, an opened panel) comes in
 * its own chunk when first rendered, not with the page's first load.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// ComponentType<any>: React.lazy's own bound, so that any component's props pass through.
export function lazyComponent<C extends ComponentType<any>>(load: () => Promise<C>): LazyExoticComponent<C> {
  return lazy(() => load().then((component) => ({ default: component })));
}
