// The app's light and dark themes (issue 16, WCAG 2.1 AA): react-admin's defaults with
// palette colours that keep text at 4.5:1 on the backgrounds they are drawn on (the top bar,
// the page, the form toolbar, a selected toggle; tests/app/theme.test.ts checks them), a
// visible focus ring on every control, checkbox names on the input (not on the span around
// it), snackbars in a polite live region, and react-admin's skip link readable and leaving
// focus on the main content.
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { deepmerge } from '@mui/utils';
import type { CheckboxProps, Theme, ThemeOptions } from '@mui/material';

/** The form toolbar's background (react-admin's RaToolbar). */
export const LIGHT = { toolbar: '#eeeeee' };
export const DARK = { toolbar: '#424242' };

/** Focuses the main area and leaves it focused (react-admin's skip button focuses, then blurs it). */
export function skipToContent(): void {
  const main = document.getElementById('main-content');
  if (!main) return;
  main.tabIndex = -1;
  main.focus();
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
}

type Owner = CheckboxProps & { 'aria-label'?: string };
const ring = ({ theme }: { theme: Theme }) => ({
  outline: `2px solid ${theme.palette.primary.main}`,
  outlineOffset: 2,
});

const shared: ThemeOptions = {
  components: {
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => ({ 'a:focus-visible, [tabindex]:focus-visible': ring({ theme }) }),
    },
    MuiButtonBase: { styleOverrides: { root: (p: { theme: Theme }) => ({ '&.Mui-focusVisible': ring(p) }) } },
    // an aria-label given to a checkbox (react-admin's row checkboxes) names its input
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (owner: Owner) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (owner: Owner) => ({
            ...(owner.inputProps as object | undefined),
            ...(owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
          }),
        } as CheckboxProps['slotProps'],
      },
    },
    // snackbars say what went right: polite (errors go to the assertive error banner)
    MuiSnackbarContent: { defaultProps: { role: 'status' } },
    // with no row selected the bulk toolbar folds to height 0 but its buttons stay in the Tab
    // order, focused where no one can see them (WCAG 2.4.7): hidden until a row is selected
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
    },
    RaSkipNavigationButton: {
      defaultProps: { onClick: skipToContent },
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&, &:hover': { backgroundColor: theme.palette.primary.main, color: theme.palette.primary.contrastText },
        }),
      },
    },
  },
} as ThemeOptions;

export const lightTheme: ThemeOptions = deepmerge(
  deepmerge(defaultLightTheme, {
    palette: {
      primary: { main: '#1565c0' },
      secondary: { main: '#1565c0', light: '#5e92f3', dark: '#003c8f' },
      error: { main: '#c62828' },
      // MUI's orange and light blue leave white text on them (a warning chip, the Reopen
      // button) and their text on paper under 4.5:1: darker shades of the same hues
      warning: { main: '#a94600' },
      info: { main: '#01579b' },
    },
    components: { RaToolbar: { styleOverrides: { root: { backgroundColor: LIGHT.toolbar } } } },
  }),
  shared,
);

export const darkTheme: ThemeOptions = deepmerge(
  deepmerge(defaultDarkTheme, { palette: { error: { main: '#ef9a9a' } } }),
  shared,
);
