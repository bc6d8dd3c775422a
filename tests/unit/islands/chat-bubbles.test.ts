import { describe, expect, it } from 'vitest';
import { bubbles } from '../../../src/islands/chat-demo/ChatDemo.tsx';

describe('the chat demo answer as bubbles', () => {
  it('gives one sentence a bubble, up to three, the rest joined in the last', () => {
    expect(bubbles('Erstens. Zweitens! Drittens? Viertens.')).toEqual(['Erstens.', 'Zweitens!', 'Drittens? Viertens.']);
  });
  it('keeps an abbreviation followed by a small letter in its sentence, and a one-sentence answer whole', () => {
    expect(bubbles('Wir buchen z. B. Termine. Sprechen Sie uns an.')).toEqual(['Wir buchen z. B. Termine.', 'Sprechen Sie uns an.']);
    expect(bubbles('Nur ein Satz.')).toEqual(['Nur ein Satz.']);
  });
});
