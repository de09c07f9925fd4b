// Issue 16: the theme palette keeps text at 4.5:1 (WCAG 1.4.3) and controls at 3:1 (1.4.11)
// on the backgrounds the app draws them on, in light and dark mode.
import { describe, expect, it } from 'vitest';
import { alpha, createTheme, getContrastRatio, type Theme } from '@mui/material/styles';
import { darkTheme, DARK, LIGHT, lightTheme } from '../../src/app/theme';

/** A translucent colour laid over an opaque one (a selected toggle's tint on the paper). */
function over(color: string, background: string, opacity: number): string {
  const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [f, b] = [hex(color), hex(background)];
  return `rgb(${f.map((v, i) => Math.round(v * opacity + b[i] * (1 - opacity))).join(', ')})`;
}

function pairs(theme: Theme, toolbar: string): [string, string, string, number][] {
  const p = theme.palette;
  return [
    ['body text on the page', p.text.primary, p.background.default, 4.5],
    ['secondary text on the page', p.text.secondary, p.background.default, 4.5],
    ['secondary text on paper', p.text.secondary, p.background.paper, 4.5],
    ['primary text buttons on the page', p.primary.main, p.background.default, 4.5],
    ['primary text buttons on paper', p.primary.main, p.background.paper, 4.5],
    ['a selected toggle', p.primary.main, over(p.primary.main, p.background.paper, 0.12), 4.5],
    ['contained primary buttons', p.primary.contrastText, p.primary.main, 4.5],
    ['the light top bar (secondary)', p.secondary.contrastText, p.secondary.main, 4.5],
    ['error text on paper', p.error.main, p.background.paper, 4.5],
    ['the delete button on the form toolbar', p.error.main, toolbar, 4.5],
    ['primary on the form toolbar', p.primary.main, toolbar, 4.5],
    ['a control border on paper', alpha(p.text.primary, 0.6), p.background.paper, 3],
    // statuses and alerts: filled chips and buttons, their text and outlined forms on paper
    ...(['warning', 'success', 'info'] as const).flatMap((c): [string, string, string, number][] => [
      [`a filled ${c} chip or button`, p[c].contrastText, p[c].main, 4.5],
      [`${c} text on paper`, p[c].main, p.background.paper, 4.5],
      [`${c} text on the page`, p[c].main, p.background.default, 4.5],
    ]),
    ['the focus ring (primary) on the page', p.primary.main, p.background.default, 3],
  ];
}

describe('theme contrast', () => {
  for (const [name, options, toolbar] of [
    ['light', lightTheme, LIGHT.toolbar],
    ['dark', darkTheme, DARK.toolbar],
  ] as const) {
    it(`meets WCAG AA in the ${name} theme`, () => {
      const theme = createTheme(options);
      const failures = pairs(theme, toolbar)
        .map(([what, fg, bg, min]) => ({ what, fg, bg, min, ratio: getContrastRatio(fg, bg) }))
        .filter((r) => r.ratio < r.min)
        .map((r) => `${r.what}: ${r.fg} on ${r.bg} is ${r.ratio.toFixed(2)}:1 (needs ${r.min}:1)`);
      expect(failures).toEqual([]);
    });
  }
});
