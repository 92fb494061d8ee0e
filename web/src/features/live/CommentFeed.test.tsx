import type { TLiveComment } from '@livecart/contract/live';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import i18n from '../../app/i18n';
import { onPhone } from '../../test/phone';
import { renderWithApp } from '../../test/render';
import { CommentFeed } from './CommentFeed';

const comment = (patch: Partial<TLiveComment>): TLiveComment => ({
  id: 1,
  external_id: 'sim-1',
  from_id: 'sim:camille',
  from_name: 'Camille',
  platform: 'facebook',
  message: "c'est quoi la livraison ?",
  outcome: 'answered',
  reason: null,
  order_number: null,
  answered: { id: 5, name: 'Livraison' },
  reply: { text: 'Bonjour Camille, la livraison prend 48 h.', status: 'sent' },
  created_time: '2026-12-24T19:31:05Z',
  ...patch,
});

const feed = [
  comment({}),
  comment({
    id: 2,
    from_name: 'Lucas',
    message: 'robe12 rouge M, et la livraison ?',
    outcome: 'ordered',
    order_number: 'LCABCDEFGHJK',
    reply: {
      text: 'Merci Lucas ! Votre panier : http://localhost/checkout/LCABCDEFGHJK\nLa livraison prend 48 h.',
      status: 'sent',
    },
  }),
  comment({ id: 3, from_name: 'Emma', message: 'bravo', outcome: 'no_match', answered: null, reply: null }),
];

const rowOf = (viewer: string) =>
  screen.getAllByTestId('comment-row').find((r) => within(r).queryByText(viewer)) as HTMLElement;

function expectAnswered() {
  const camille = rowOf('Camille');
  expect(camille.getAttribute('data-outcome')).toBe('answered');
  expect(within(camille).getByTestId('comment-outcome').textContent).toBe('Réponse du chatbot · Livraison');
  expect(within(camille).queryByTestId('comment-answered')).toBeNull();
  expect(within(camille).getByTestId('comment-reply').textContent).toContain('la livraison prend 48 h');
  const lucas = rowOf('Lucas');
  expect(within(lucas).getByTestId('comment-outcome').textContent).toBe('Commandé');
  expect(within(lucas).getByTestId('comment-answered').textContent).toBe('Réponse du chatbot · Livraison');
  expect(within(lucas).getByTestId('comment-order').textContent).toContain('LCABCDEFGHJK');
  const emma = rowOf('Emma');
  expect(within(emma).queryByTestId('comment-answered')).toBeNull();
  expect(within(emma).getByTestId('comment-outcome').textContent).toBe('Aucune correspondance');
}

describe('the live console names the chatbot reply that answered a comment', () => {
  it('in the outcome when it answered, beside the order when the comment also ordered', () => {
    renderWithApp(<CommentFeed comments={feed} count={3} loading={false} />);
    expectAnswered();
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    renderWithApp(<CommentFeed comments={feed} count={3} loading={false} />);
    expect(within(rowOf('Camille')).getByTestId('comment-outcome').textContent).toBe(
      'Chatbot reply · Livraison',
    );
    expect(within(rowOf('Lucas')).getByTestId('comment-answered').textContent).toBe(
      'Chatbot reply · Livraison',
    );
  });

  describe('on a phone', () => {
    onPhone();
    it('the cards say it too', () => {
      renderWithApp(<CommentFeed comments={feed} count={3} loading={false} />);
      expect(rowOf('Camille').tagName).toBe('LI');
      expectAnswered();
    });
  });
});

describe('the live console tags each comment with its platform', () => {
  const mixed = [
    comment({ id: 1, from_name: 'Camille', platform: 'facebook' }),
    comment({ id: 2, from_name: 'Lucas', platform: 'instagram', answered: null, reply: null }),
    comment({ id: 3, from_name: 'Emma', platform: null, answered: null, reply: null }),
  ];
  const platformOf = (viewer: string) => within(rowOf(viewer)).getByTestId('comment-platform');

  it('Facebook or Instagram beside the viewer', () => {
    renderWithApp(<CommentFeed comments={mixed} count={3} loading={false} />);
    expect(platformOf('Camille').textContent).toBe('Facebook');
    expect(platformOf('Lucas').textContent).toBe('Instagram');
    expect(platformOf('Lucas').getAttribute('data-platform')).toBe('instagram');
  });

  it('no tag on a comment of the capture tool or the simulator (it came through no store)', () => {
    renderWithApp(<CommentFeed comments={mixed} count={3} loading={false} />);
    expect(within(rowOf('Emma')).queryByTestId('comment-platform')).toBeNull();
  });

  describe('on a phone', () => {
    onPhone();
    it('on the cards too', () => {
      renderWithApp(<CommentFeed comments={mixed} count={3} loading={false} />);
      expect(platformOf('Lucas').textContent).toBe('Instagram');
    });
  });
});
