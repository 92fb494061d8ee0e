/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { NAVY, theme } from './theme';

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)` as red, green, blue (0–255) and alpha (0–1). */
function parse(color: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return { rgb: [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb, alpha: 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(
    color.trim(),
  );
  if (!fn) throw new Error(`Unreadable colour ${color}`);
  const a = fn[4] ?? '1';
  const alpha = a.endsWith('%') ? Number.parseFloat(a) / 100 : Number.parseFloat(a);
  return { rgb: [Number(fn[1]), Number(fn[2]), Number(fn[3])], alpha };
}

/** The colour a translucent foreground shows over an opaque background. */
function over(fg: string, bg: string): Rgb {
  const f = parse(fg);
  const b = parse(bg).rgb;
  return f.rgb.map((c, i) => c * f.alpha + b[i] * (1 - f.alpha)) as Rgb;
}

const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG 2 contrast ratio of a text colour on a background. */
function contrast(fg: string, bg: string): number {
  const [a, b] = [luminance(over(fg, bg)), luminance(parse(bg).rgb)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

const TEXT = 4.5;
const token = antdTheme.getDesignToken(theme);
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;

describe('screens #10: every text of the theme reaches WCAG AA contrast on its background', () => {
  it('reads colours as a browser does', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });

  const pages = { container: token.colorBgContainer, layout: token.colorBgLayout } as const;
  const texts = {
    text: token.colorText,
    secondary: token.colorTextSecondary,
    description: token.colorTextDescription,
    tertiary: token.colorTextTertiary,
    placeholder: token.colorTextPlaceholder,
    label: token.colorTextLabel,
    link: token.colorLink,
    linkHover: token.colorLinkHover,
    linkActive: token.colorLinkActive,
    primaryText: token.colorPrimaryText,
    primaryTextHover: token.colorPrimaryTextHover,
    error: token.colorError,
  };
  for (const [page, bg] of Object.entries(pages)) {
    it.each(Object.entries(texts))(`%s text on the ${page} background`, (_, fg) => {
      expect(contrast(fg, bg)).toBeGreaterThanOrEqual(TEXT);
    });
  }

  it.each([
    ['primary', token.colorPrimary],
    ['primary hovered', token.colorPrimaryHover],
    ['primary pressed', token.colorPrimaryActive],
    ['danger', token.colorError],
    ['danger hovered', token.colorErrorHover],
  ])('white text on a %s button', (_, bg) => {
    expect(contrast(token.colorTextLightSolid, bg)).toBeGreaterThanOrEqual(TEXT);
  });

  const tags: [string, string, string][] = [
    ['processing', token.colorInfo, token.colorInfoBg],
    ['error', token.colorError, token.colorErrorBg],
    ...PRESETS.map((p): [string, string, string] => [p, token[`${p}7`], token[`${p}1`]]),
    // the same shade under its other name, the one antd's CSS variable takes
    ...PRESETS.map((p): [string, string, string] => [
      `${p} (CSS variable)`,
      token[`${p}-7`],
      token[`${p}-1`],
    ]),
  ];
  it.each(tags)('the %s tag', (_, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(TEXT);
  });

  it('sidebar entries on the navy, and the selected one', () => {
    const menu = theme.components.Menu;
    expect(contrast(menu.darkItemColor, NAVY)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(menu.darkGroupTitleColor, NAVY)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast('#ffffff', menu.darkItemSelectedBg)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast('#ffffff', theme.components.Layout.siderBg)).toBeGreaterThanOrEqual(TEXT);
  });
});

const checkoutCss = readFileSync(path.join(import.meta.dirname, '../features/checkout/checkout.css'), 'utf8');

/** A custom property of the checkout's stylesheet (it has no antd). */
function cssVar(name: string): string {
  const found = new RegExp(`--${name}:\\s*([^;]+);`).exec(checkoutCss);
  if (!found) throw new Error(`--${name} is not in checkout.css`);
  return found[1].trim();
}

describe('screens #10: the checkout’s colours reach WCAG AA contrast', () => {
  const page = cssVar('co-bg');
  const card = '#ffffff';
  it.each([
    ['text', cssVar('co-text')],
    ['muted text', cssVar('co-muted')],
    ['links', cssVar('co-accent')],
    ['errors', cssVar('co-danger')],
    ['placeholders', cssVar('co-placeholder')],
  ])('%s on the page and on a card', (_, fg) => {
    expect(contrast(fg, page)).toBeGreaterThanOrEqual(TEXT);
    expect(contrast(fg, card)).toBeGreaterThanOrEqual(TEXT);
  });

  it.each([
    ['the pay button', cssVar('co-accent')],
    ['a danger button', cssVar('co-danger')],
    ['the done mark', cssVar('co-ok')],
    ['the problem mark', cssVar('co-warn')],
  ])('white on %s', (_, bg) => {
    expect(contrast('#ffffff', bg)).toBeGreaterThanOrEqual(TEXT);
  });
});
