import type { ComponentType } from 'react';
import type { Section } from '../../schema/sections/index.ts';
import { SectionImageProvider } from '../picture.tsx';
import { About, RichTextBlock } from './About.tsx';
import { ClaimNotes } from './ClaimNotes.tsx';
import { Contact } from './Contact.tsx';
import { ChatbotPricing, Preview } from './Chatbot.tsx';
import { Cta } from './Cta.tsx';
import { Faq } from './Faq.tsx';
import { Features } from './Features.tsx';
import { Hero } from './Hero.tsx';
import { Legal } from './Legal.tsx';
import { NotFound } from './NotFound.tsx';
import { Plans, Savings } from './Pricing.tsx';
import type { SectionProps } from './props.ts';
import { Services } from './Services.tsx';

/** One component per section type; the mapped type makes a missing renderer a type error. */
const components: { [T in Section['type']]: ComponentType<SectionProps<T>> } = {
  hero: Hero,
  features: Features,
  plans: Plans,
  savings: Savings,
  faq: Faq,
  cta: Cta,
  services: Services,
  about: About,
  richText: RichTextBlock,
  contact: Contact,
  chatbotPricing: ChatbotPricing,
  preview: Preview,
  legal: Legal,
  notFound: NotFound,
  claimNotes: ClaimNotes,
};

export function SectionView(props: Omit<SectionProps<Section['type']>, 'section'> & { section: Section }) {
  const Component = components[props.section.type] as ComponentType<SectionProps<Section['type']>>;
  return (
    <SectionImageProvider image={props.section.image} images={props.ctx.assets.images} type={props.section.type} first={props.level === 1}>
      <Component {...props} />
    </SectionImageProvider>
  );
}
