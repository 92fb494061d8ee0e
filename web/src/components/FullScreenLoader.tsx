/**
 * The full-screen loader shown while a page or its data loads (SPEC §2 Global UI). Plain markup
 * and CSS (`.fullscreen-loader` in app/styles.css), no antd: it is in the entry chunk every page
 * loads, the shopper's checkout included.
 */
export function FullScreenLoader({ spinning = true }: { spinning?: boolean }) {
  if (!spinning) return null;
  return (
    <div className="fullscreen-loader" data-testid="fullscreen-loader" role="status" aria-busy="true">
      <span className="fullscreen-loader-dot" />
    </div>
  );
}
