import { describe, expect, it } from 'vitest';
import { dummyKind } from '../../../src/check/dummy-data.ts';

describe('well-known dummy values', () => {
  it.each([
    ['Max Mustermann', 'the German sample name'],
    ['Erika Mustermann', 'the German sample name'],
    ['Jane Doe', 'a sample name'],
    ['Musterstraße 1', 'a sample address'],
    ['Beispielweg 7a', 'a sample address'],
    ['Musterstadt', 'a sample address'],
    ['12345', 'a sample postal code'],
    ['00000', 'a sample postal code'],
    ['HRB 00000', 'an all-zero registry number'],
    ['HRA 0', 'an all-zero registry number'],
    ['DE000000000', 'a sample VAT ID'],
    ['DE 123456789', 'a sample VAT ID'],
    ['+49 123 4567890', 'a sample phone number'],
    ['0123 456789', 'a sample phone number'],
    ['info@example.com', 'a reserved example domain'],
    ['kontakt@firma.example', 'a reserved example domain'],
    ['https://www.example.org', 'a reserved example domain'],
    ['TODO', 'filler text'],
    ['xxx', 'filler text'],
    ['Lorem ipsum dolor', 'filler text'],
  ])('%s is %s', (value, kind) => {
    expect(dummyKind(value)).toMatch(new RegExp(`^${kind}`));
  });

  it.each([
    'Maximilianstraße 12',
    '95444',
    'HRB 12345',
    'DE312345678',
    'beantragt',
    'service@ki-zentrale.de',
    'Max Müller',
    'Amtsgericht Bayreuth',
    '+49 921 1234567',
    'KI-Zentrale UG (haftungsbeschränkt)',
  ])('%s may be real', (value) => {
    expect(dummyKind(value)).toBeUndefined();
  });
});
