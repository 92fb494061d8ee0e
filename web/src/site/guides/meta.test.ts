import { LOCALES } from '@livecart/contract/constants';
import { describe, expect, it } from 'vitest';
import { meta as liveSelling } from '../pages/GuideLiveSellingPage';
import { meta as rulesCsv } from '../pages/GuideRulesCsvPage';
import { meta as guides } from '../pages/GuidesPage';

describe('the guides’ heads', () => {
  it('a title that fits a search result with the brand, a description of 120 to 160 characters', () => {
    for (const meta of [guides, liveSelling, rulesCsv]) {
      for (const locale of LOCALES) {
        const { title, description } = meta(locale);
        expect(`${title} · LiveCart`.length, title).toBeLessThanOrEqual(60);
        expect(description.length, description).toBeGreaterThanOrEqual(120);
        expect(description.length, description).toBeLessThanOrEqual(160);
      }
    }
  });
});
