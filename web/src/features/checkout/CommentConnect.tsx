import { ROLE } from '@livecart/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { localizePath } from '../../app/locale';
import { useLocale } from '../../app/useLocale';
import { useSession } from '../auth/api';
import { connectByComment, findWaitOrderByComment } from './api';
import { clearPendingComment, readPendingComment } from './commentLink';
import { ReturnToCheckoutNotice } from './ReturnToCheckout';

/**
 * After sign-in, the live link's comment left by the checkout (commentLink.ts) is posted once:
 * the viewer's orders join the account and, after 1 second, the checkout of the comment's order
 * (or of the cart at the seller whose waiting list it joined) opens. A failure is only logged
 * (SPEC §7): the link is stale or another account's, and the shopper stays where they are.
 */
export function CommentConnect() {
  const { user } = useSession();
  const locale = useLocale();
  const location = useLocation();
  const started = useRef(false);
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    if (started.current || !user || user.role_id !== ROLE.buyer) return;
    const pending = readPendingComment();
    if (!pending) return;
    started.current = true;
    clearPendingComment();
    (async () => {
      const connected = await connectByComment(pending.commentId, pending.t);
      let { orderNumber, storeName } = connected;
      if (!orderNumber) {
        const waiting = await findWaitOrderByComment(pending.commentId);
        orderNumber = waiting.orderNumber;
        storeName = waiting.storeName;
      }
      if (!orderNumber) return;
      const query = storeName ? `?storeName=${encodeURIComponent(storeName)}` : '';
      setTarget(localizePath(`/checkout/${encodeURIComponent(orderNumber)}${query}`, locale));
    })().catch(() => console.warn('connect by comment failed'));
  }, [user, locale]);

  if (!target || target.split('?')[0] === location.pathname) return null;
  return <ReturnToCheckoutNotice to={target} />;
}
