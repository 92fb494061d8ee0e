import { PREVIEW_VALUES, renderReply, unknownPlaceholders } from '@livecart/contract/chatbot';
import { describe, expect, it } from 'vitest';

describe('a reply’s text rendered', () => {
  it('fills its placeholders and leaves out one without a value, tidying its spaces', () => {
    expect(renderReply('Merci {first_name} ! Votre panier : {link}', { link: 'https://x.test/c' })).toBe(
      'Merci ! Votre panier : https://x.test/c',
    );
  });

  it('never sends a name of JavaScript’s objects as a value (the last guard of unchecked texts)', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(unknownPlaceholders(`{${name}}`, ['first_name'])).toEqual([name]);
      // the editor's preview renders what the seller is typing, before it is checked
      expect(renderReply(`Bonjour {${name}} et {first_name}`, PREVIEW_VALUES.fr)).toBe('Bonjour et Camille');
      expect(renderReply(`{${name}}`, {})).toBe('');
    }
  });
});
