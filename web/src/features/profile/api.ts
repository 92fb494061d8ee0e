import { PROFILE_PHOTO_MAX_BYTES } from '@livecart/contract/constants';
import type { TErrorCode } from '@livecart/contract/errors';
import type { TAddress, TAddressBody, TProfileBody } from '@livecart/contract/profile';
import type { TCurrentUser } from '@livecart/contract/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocalePath } from '../../app/useLocale';
import { api } from '../../lib/api';
import { useSetSessionUser } from '../auth/api';
import { readPendingCheckout } from '../checkout/pending';

/** `shipping`: a shopper's delivery address; `seller`: a merchant's business address. */
export type TAddressType = 'shipping' | 'seller';

export type { TAddress };
/** An address to save; with an id it updates that address. */
export type TAddressInput = Omit<TAddressBody, 'address2'> & { address2?: string | null };
/** Personal information; `email` only when the account has no valid e-mail yet (the add-an-email notice). */
export type TProfileInput = TProfileBody;

export const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) =>
      api.get<{ user: TCurrentUser; addresses: TAddress[] }>('/profile', undefined, { signal }),
  });
}

/** Saves the personal information; the answered user becomes the session user. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: (body: TProfileInput) => api.post<{ user: TCurrentUser }>('/profile', body),
    onSuccess: ({ user }) => {
      setUser(user);
      void qc.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** Creates or (with an id) updates the user's delivery or business address. */
export function useSaveAddress(type: TAddressType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddressInput) =>
      api.post<unknown>(type === 'seller' ? '/address-seller' : '/address', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { old_password: string; password: string; confirm_password: string }) =>
      api.post<unknown>('/changePassword', body),
  });
}

export function useUploadPhoto() {
  const qc = useQueryClient();
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: (file: File) => {
      const data = new FormData();
      data.append('photo', file);
      return api.upload<{ user: TCurrentUser }>('/profile/photo', data);
    },
    onSuccess: ({ user }) => {
      setUser(user);
      void qc.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** The client-side check of a profile picture: .jpg or .png, at most 5 MB. */
export function checkProfilePhoto(file: { name: string; type: string; size: number }): TErrorCode | null {
  const extOk = /\.(jpe?g|png)$/i.test(file.name);
  if (!extOk || (file.type && !PHOTO_TYPES.includes(file.type))) return 'photo_type';
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return 'photo_size';
  return null;
}

/** localStorage key of the order a shopper was sent to complete the profile for. */
export const PENDING_ORDER_KEY = 'pendingOrderNumber';

/**
 * After a profile update: if a checkout waits for this profile (the one the shopper left to sign
 * in, or a pending order number), `trigger` makes `target` that checkout; the page then shows
 * "taking you back to your cart…" and opens it after 1 s (ReturnToCheckoutNotice, SPEC §2).
 */
export function usePendingOrderRedirect() {
  const lp = useLocalePath();
  const [target, setTarget] = useState<string | null>(null);
  const trigger = useCallback(() => {
    const pending = readPendingCheckout();
    const orderNumber = localStorage.getItem(PENDING_ORDER_KEY);
    localStorage.removeItem(PENDING_ORDER_KEY);
    const to = pending ?? (orderNumber ? lp(`/checkout/${encodeURIComponent(orderNumber)}`) : null);
    if (to) setTarget(to);
  }, [lp]);
  return { target, trigger };
}
