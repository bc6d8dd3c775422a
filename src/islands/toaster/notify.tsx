/**
 * Toasts for every island through one sonner Toaster, mounted on the first toast (no island needs it
 * before). Islands import this module, so esbuild puts it and sonner in one shared chunk: one module
 * instance, one toast queue, one Toaster (Alt+T, the locale's label).
 *
 * Where it sits keeps it off the page: at the bottom (right, as SPEC's default; across the screen up to
 * sonner's 600 px), in the lane a contact form leaves free under its outcome while one shows (styles.css,
 * `--toast-lane`; ContactFormView brings the outcome to just above it). The chat button steps aside while a
 * toast shows. Toasts are styled here (sonner's `unstyled`), success and error each in their own colours with AA contrast
 * (sonner's richColors success toast does not reach it).
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { toast, Toaster } from 'sonner';

export interface Notice {
  title: string;
  description?: string;
}

let mounted: Promise<void> | undefined;

const OFFSET = { bottom: '1.25rem', right: '1.25rem' };
// The page's gutter on phones (1rem), so a toast lines up with the cards above it (design review 10a #10).
const PHONE_OFFSET = { bottom: '1rem', left: '1rem', right: '1rem' };

const TOAST_CLASSES = {
  toast: 'flex w-full items-start gap-3 rounded-card p-4 text-sm shadow-raised ring-1 ring-inset sm:w-[356px]',
  // The kind shows in the icon's colour (and the error's tint): a thick edge bar looked clipped by the rounded corner.
  success: 'bg-white text-slate-900 ring-slate-200',
  error: 'bg-danger-50 text-danger-800 ring-danger-600/20',
  title: 'font-semibold',
  description: 'mt-0.5 text-slate-700 group-data-[type=error]:text-danger-800',
  icon: 'mt-0.5 flex-none group-data-[type=success]:text-success-600 group-data-[type=error]:text-danger-600',
};

function ToasterHost({ label, onReady }: { label: string; onReady: () => void }) {
  // A parent's effect runs after its children's, so sonner's Toaster is subscribed when this fires.
  useEffect(onReady, [onReady]);
  return (
    <Toaster
      position="bottom-right"
      offset={OFFSET}
      mobileOffset={PHONE_OFFSET}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel={label}
      closeButton={false}
      // Six seconds to read (sonner's default is four); hovering or focusing a toast holds it.
      duration={6000}
      toastOptions={{ unstyled: true, classNames: { ...TOAST_CLASSES, toast: `group ${TOAST_CLASSES.toast}` } }}
    />
  );
}

function ensureToaster(label: string): Promise<void> {
  mounted ??= new Promise<void>((resolve) => {
    const host = document.createElement('div');
    host.dataset.toaster = '';
    document.body.append(host);
    createRoot(host).render(<ToasterHost label={label} onReady={resolve} />);
  });
  return mounted;
}

/** How far the visitor scrolls before a toast that repeats a message in the page goes. */
const LEAVE_AFTER_PX = 48;

/**
 * Once the visitor scrolls on from where the toast came up, the page's next lines pass under it: on phones it
 * spans the screen's foot (design review 7b N7), on wider screens its corner lies over the next section's text
 * (review 10b #3). A toast whose message also stays in the page (a form's outcome) then goes, at every width.
 */
function leaveOnScroll(id: string | number): void {
  const from = window.scrollY;
  const onScroll = () => {
    if (Math.abs(window.scrollY - from) < LEAVE_AFTER_PX) return;
    removeEventListener('scroll', onScroll);
    toast.dismiss(id);
  };
  addEventListener('scroll', onScroll, { passive: true });
}

/**
 * Shows a toast in the page's shared Toaster (mounting it on first use) and gives back its id. `inPage`: its
 * message also stays in the page (the form's confirmation or failure message), so it goes when the visitor
 * scrolls on.
 */
export async function notify(kind: 'success' | 'error', notice: Notice, toasterLabel: string, { inPage = false } = {}): Promise<string | number> {
  await ensureToaster(toasterLabel);
  const options = notice.description ? { description: notice.description } : {};
  const id = kind === 'success' ? toast.success(notice.title, options) : toast.error(notice.title, options);
  if (inPage) leaveOnScroll(id);
  return id;
}

/** Takes down toasts shown earlier (a form's, when it sends again: its old failure must not stay behind the new outcome). */
export function withdraw(ids: Iterable<string | number>): void {
  for (const id of ids) toast.dismiss(id);
}
