import { z } from 'zod';
import { ONBOARDING_STEPS } from './onboarding-steps.ts';

export { ONBOARDING_PATHS, ONBOARDING_STEPS, type TOnboardingStep } from './onboarding-steps.ts';

/**
 * GET onboarding/checklist. `dismissed`: the seller closed it (POST onboarding/dismiss); the
 * dashboard shows it while some step is not done and it is not dismissed.
 */
export const ZOnboardingChecklist = z.object({
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  done: z.number(),
  total: z.number(),
  dismissed: z.boolean(),
});
export type TOnboardingChecklist = z.infer<typeof ZOnboardingChecklist>;
