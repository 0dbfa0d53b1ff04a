import { lazy, type ReactNode, Suspense } from 'react';
import { antdStyles } from './antdStyles';

type ScopeModule = typeof import('./AntAppScope');
let scope: Promise<ScopeModule> | undefined;

/** Starts loading antd's configuration and <App> with antd's prebuilt styles (once). */
export function preloadAntScope(): Promise<ScopeModule> {
  scope ??= Promise.all([import('./AntAppScope'), antdStyles()]).then(([m]) => m);
  return scope;
}

const Scope = lazy(async () => ({ default: (await preloadAntScope()).AntAppScope }));

/**
 * A part drawn with antd on a page or layout that is not (ADR 0050): its children render inside
 * antd's configuration and <App> once their chunk and antd's styles are here, `fallback` until then.
 */
export function AntIsland({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Scope>{children}</Scope>
    </Suspense>
  );
}
