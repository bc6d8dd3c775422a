/**
 * Toasts for every island through one sonner Toaster, mounted on the first toast (no island needs it
 * before). Islands import this module, so esbuild puts it and sonner in one shared chunk: one module
 * instance, one toast queue, one Toaster (bottom-right, Alt+T, the locale's label).
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { toast, Toaster } from 'sonner';

export interface Notice {
  title: string;
  description?: string;
}

let mounted: Promise<void> | undefined;

function ToasterHost({ label, onReady }: { label: string; onReady: () => void }) {
  // A parent's effect runs after its children's, so sonner's Toaster is subscribed when this fires.
  useEffect(onReady, [onReady]);
  return <Toaster position="bottom-right" hotkey={['altKey', 'KeyT']} containerAriaLabel={label} closeButton={false} />;
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

/** Shows a toast in the page's shared Toaster (mounting it on first use). */
export async function notify(kind: 'success' | 'error', notice: Notice, toasterLabel: string): Promise<void> {
  await ensureToaster(toasterLabel);
  const options = notice.description ? { description: notice.description } : {};
  if (kind === 'success') toast.success(notice.title, options);
  else toast.error(notice.title, options);
}
