import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A wide table scrolls inside its own region (keyboard-focusable), never the page. When its content is
 * wider than the screen, a line under it says so and the edge that hides more is shaded.
 */
export function ScrollX({
  minWidth,
  children,
  label = 'Table (scrolls sideways)',
}: {
  minWidth: number;
  children: ReactNode;
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () =>
      setMore({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  const overflowing = more.left || more.right;
  const shade = [
    more.left && 'inset 12px 0 8px -8px rgba(0,0,0,0.25)',
    more.right && 'inset -12px 0 8px -8px rgba(0,0,0,0.25)',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div>
      <div
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={label}
        data-scrollx=""
        style={{ overflowX: 'auto', maxWidth: '100%', boxShadow: shade || undefined }}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
      {overflowing ? (
        <div
          data-testid="scroll-cue"
          style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)', textAlign: 'right', marginTop: 2 }}
          aria-hidden="true"
        >
          {more.left ? '← ' : ''}Scroll sideways for more{more.right ? ' →' : ''}
        </div>
      ) : null}
    </div>
  );
}
