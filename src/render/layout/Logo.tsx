/** The brand mark: inline SVG, so the header needs no image request. */
/**
 * `onDark` for dark backgrounds (the footer): the name must keep its contrast there. The mark shows at every width;
 * below 640 px a header with the language menu shows the mark alone (styles.css), as it has no room for the name.
 */
export function Logo({ name, onDark = false }: { name: string; onDark?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 flex-none sm:size-8">
        <rect width="32" height="32" rx="9" className="fill-brand-600" />
        <circle cx="16" cy="16" r="4.5" fill="#fff" />
        <path d="M16 5v6M16 21v6M5 16h6M21 16h6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className={`logo-wordmark text-base font-bold tracking-tight whitespace-nowrap sm:text-lg ${onDark ? 'text-white' : 'text-slate-900'}`}>
        {name}
      </span>
    </span>
  );
}
