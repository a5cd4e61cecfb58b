import type { ReactNode } from 'react';

/** A wide table scrolls inside its own region (keyboard-focusable), never the page. */
export function ScrollX({ minWidth, children, label = 'Table (scrolls sideways)' }: { minWidth: number; children: ReactNode; label?: string }) {
  return (
    <div tabIndex={0} role="region" aria-label={label} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
