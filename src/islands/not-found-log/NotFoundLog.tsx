import { useEffect } from 'react';

/** A type alias, not an interface: island props must be assignable to a plain JSON record. */
export type NotFoundLogProps = {
  /** Printed before the attempted path. */
  message: string;
};

/**
 * Logs the path a visitor tried to open (SPEC §2). The 404 page is one static file served for every
 * unknown path, so only the browser knows which path it was; the island renders nothing.
 */
export default function NotFoundLog({ message }: NotFoundLogProps) {
  useEffect(() => {
    console.error(message, window.location.pathname);
  }, [message]);
  return null;
}
