import { ContactFormView } from './ContactFormView.tsx';
import type { ContactFormSettings } from './props.ts';

/** The contact form island: one component for every form on the site, configured from content. */
export default function ContactForm(props: ContactFormSettings) {
  return <ContactFormView {...props} />;
}
