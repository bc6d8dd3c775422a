import type { ComponentProps, ComponentType } from 'react';
import ChatDemo from './chat-demo/ChatDemo.tsx';
import ContactForm from './contact-form/ContactForm.tsx';

/** Every island the server can render; the browser loader (client.ts) mirrors these names. */
export const islandComponents = {
  'contact-form': ContactForm,
  'chat-demo': ChatDemo,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islandComponents;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islandComponents)[N]>;
