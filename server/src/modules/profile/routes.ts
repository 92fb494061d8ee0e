import { PROFILE_PHOTO_MAX_BYTES, ROLE } from '@livecart/contract/constants';
import { ZAddressBody, ZChangePasswordBody, ZProfileBody, ZSetLocaleQuery } from '@livecart/contract/profile';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { uploadError } from '../../lib/multipart.ts';
import { reissueSessionCookie } from '../auth/authjs.ts';
import { ctxOf } from '../context.ts';
import { changePassword, getProfile, saveAddress, setLocale, setPhoto, updateProfile } from './service.ts';

const anyUser = { access: 'user', withoutPlan: true } as const;

export async function profileModule(app: App, deps: Deps) {
  app.get(
    '/api/profile',
    {
      config: anyUser,
      schema: {
        description:
          'The current user and their addresses: {user, addresses, impersonated_by} (the admin signed in as ' +
          'this seller, else null).',
      },
    },
    async (req) => ({
      ...(await getProfile(ctxOf(req, deps))),
      impersonated_by: req.impersonator && { id: req.impersonator.id, email: req.impersonator.email },
    }),
  );

  app.post(
    '/api/profile',
    {
      config: anyUser,
      schema: {
        description:
          'Updates first/last name, phone, company (and the e-mail when the account has none). Answers {user}. ' +
          'An admin signed in as the seller may not set the e-mail (403 impersonation_forbidden).',
        body: ZProfileBody,
      },
    },
    async (req) => {
      // an admin signed in as the seller may correct their name, never give the account an e-mail
      if (req.impersonator && req.body.email) throw new AppError('impersonation_forbidden');
      return { user: await updateProfile(ctxOf(req, deps), req.body) };
    },
  );

  app.post(
    '/api/changePassword',
    {
      config: { ...anyUser, refusedWhileImpersonating: true },
      schema: {
        description:
          'Changes the password after checking the current one; other sessions end, this one is re-issued. Answers {success}.',
        body: ZChangePasswordBody,
      },
    },
    async (req, reply) => {
      const version = await changePassword(ctxOf(req, deps), req.body.old_password, req.body.password);
      await reissueSessionCookie(req, reply, deps, version);
      return { success: true };
    },
  );

  app.post(
    '/api/address',
    {
      config: anyUser,
      schema: {
        description:
          'Creates, or updates when id is given, the delivery address. Answers {address, created}.',
        body: ZAddressBody,
      },
    },
    (req) => saveAddress(ctxOf(req, deps), 'shipping', req.body),
  );

  app.post(
    '/api/address-seller',
    {
      config: { access: [ROLE.seller], withoutPlan: true },
      schema: {
        description:
          "Creates, or updates when id is given, the seller's business address. Answers {address, created}.",
        body: ZAddressBody,
      },
    },
    (req) => saveAddress(ctxOf(req, deps), 'seller', req.body),
  );

  app.post(
    '/api/profile/photo',
    {
      config: anyUser,
      schema: {
        description:
          'Profile picture (multipart field photo): .jpg or .png checked by content, at most 5 MB. Answers {user}.',
      },
    },
    async (req) => {
      let data: Buffer;
      try {
        const file = await req.file({ limits: { fileSize: PROFILE_PHOTO_MAX_BYTES } });
        if (!file) throw new AppError('validation', { photo: 'required' });
        data = await file.toBuffer();
      } catch (err) {
        throw uploadError(err, () => new AppError('photo_size', { photo: 'photo_size' }));
      }
      return { user: await setPhoto(ctxOf(req, deps), deps.storage, data) };
    },
  );

  app.get(
    '/api/profile/set-locale',
    {
      config: { ...anyUser, changesState: true },
      schema: {
        description: 'Saves the chosen language (fr or en). Answers {user}.',
        querystring: ZSetLocaleQuery,
      },
    },
    async (req) => ({
      user: await setLocale(ctxOf(req, deps), req.query.locale),
    }),
  );
}
