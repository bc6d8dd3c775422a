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
const PHONE_OFFSET = { bottom: '0.5rem', left: '0.5rem', right: '0.5rem' };

const TOAST_CLASSES = {
  toast: 'flex w-full items-start gap-3 rounded-card p-4 text-sm shadow-raised ring-1 ring-inset sm:w-[356px]',
  success: 'border-l-4 border-success-600 bg-white text-slate-900 ring-slate-200',
  error: 'border-l-4 border-danger-600 bg-danger-50 text-danger-800 ring-danger-600/20',
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

/** How far the visitor scrolls on a phone before a toast that repeats a message in the page goes. */
const LEAVE_AFTER_PX = 48;

/**
 * On phones the toast spans the screen's foot: once the visitor scrolls on from where it came up, the page's
 * next lines pass under it (design review 7b N7). A toast whose message also stays in the page (a form's
 * outcome) then goes; on wider screens it sits in its corner and keeps its time.
 */
function leaveOnScroll(id: string | number): void {
  if (!matchMedia('(width < 48rem)').matches) return;
  const from = window.scrollY;
  const onScroll = () => {
    if (Math.abs(window.scrollY - from) < LEAVE_AFTER_PX) return;
    removeEventListener('scroll', onScroll);
    toast.dismiss(id);
  };
  addEventListener('scroll', onScroll, { passive: true });
}

/**
 * Shows a toast in the page's shared Toaster (mounting it on first use). `inPage`: its message also stays in
 * the page (the form's confirmation or failure message), so on phones it goes when the visitor scrolls on.
 */
export async function notify(kind: 'success' | 'error', notice: Notice, toasterLabel: string, { inPage = false } = {}): Promise<void> {
  await ensureToaster(toasterLabel);
  const options = notice.description ? { description: notice.description } : {};
  const id = kind === 'success' ? toast.success(notice.title, options) : toast.error(notice.title, options);
  if (inPage) leaveOnScroll(id);
}
