import { ROLE } from '@livecart/contract/constants';
import { ZOnboardingChecklist } from '@livecart/contract/onboarding';
import { z } from 'zod';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { dismissOnboarding, onboardingChecklist } from './service.ts';

const seller = { access: [ROLE.seller] } as const;

export async function onboardingModule(app: App, deps: Deps) {
  app.get(
    '/api/onboarding/checklist',
    {
      config: seller,
      schema: {
        description:
          'The first-live checklist of the dashboard, read from the seller’s data: `steps` in order ' +
          '(`shop` company, tax id or VAT and business address; `payment` a payment method on; ' +
          '`shipping` a method on and priced for a country; `legal` a document or link; `product` a ' +
          'published product with a keyword; `live` a live session scheduled), each `{key, done}`; ' +
          '`done` of `total`; `dismissed` once the seller closed it.',
        response: { 200: ZOnboardingChecklist },
      },
    },
    (req) => onboardingChecklist(ctxOf(req, deps)),
  );

  app.post(
    '/api/onboarding/dismiss',
    {
      config: seller,
      schema: {
        description: 'Closes the first-live checklist for good. Answers `{success}`.',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (req) => {
      await dismissOnboarding(ctxOf(req, deps));
      return { success: true as const };
    },
  );
}
