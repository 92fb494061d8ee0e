import type { ThemeConfig } from 'antd';

/*
 * The back-office's colours, chosen so every text reaches WCAG AA on the background it sits on
 * (4.5:1, 3:1 for large text), placeholders included: antd's default blue (#1677ff) gives 4.1:1 under
 * white text, its grey secondary text 3.4:1, its placeholders 1.8:1 and its status tags 3.4:1. The
 * brand stays antd's blue, one step darker; `theme.test.ts` computes the ratios from these values.
 */

/** The brand blue: buttons, links, the selected sidebar entry. */
export const BRAND_BLUE = '#0958d9';
/** The sidebar's navy. */
export const NAVY = '#001529';

/**
 * Preset tag colours (`<Tag color="green">`): their text one shade darker than antd's. antd keeps each
 * shade under two names (`green7`, `green-7`, one CSS variable), so both are set.
 */
const PRESET_TEXT = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  gold: '#874d00',
  volcano: '#ad2102',
  yellow: '#876800',
  lime: '#3f6600',
} as const;
type Preset = keyof typeof PRESET_TEXT;
const presetText = Object.fromEntries(
  Object.entries(PRESET_TEXT).flatMap(([key, color]) => [
    [`${key}7`, color],
    [`${key}-7`, color],
  ]),
) as Record<`${Preset}7` | `${Preset}-7`, string>;

export const theme = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    colorLink: BRAND_BLUE,
    // antd lightens these from the seed; the lighter blue would fail under white text
    colorPrimaryHover: '#1765dc',
    colorPrimaryTextHover: '#1765dc',
    colorLinkHover: '#1765dc',
    colorError: '#cf1322',
    // secondary text, statistics' titles, help lines, icons: a solid grey that holds on the grey page
    colorTextTertiary: '#666666',
    colorTextPlaceholder: '#707070',
    ...presetText,
    borderRadius: 8,
    // page titles are the page's one h1, at the size of antd's h2
    fontSizeHeading1: 30,
  },
  components: {
    Layout: { siderBg: NAVY, triggerBg: '#002140' },
    Menu: {
      darkItemBg: NAVY,
      darkSubMenuItemBg: '#000c17',
      darkItemColor: 'rgba(255, 255, 255, 0.85)',
      darkGroupTitleColor: 'rgba(255, 255, 255, 0.85)',
      darkItemSelectedBg: BRAND_BLUE,
    },
  },
} satisfies ThemeConfig;
