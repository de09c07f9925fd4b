// Guided hints (spec 2.5, 4): workflow, dashboard, help, filter, in that order; each dismissed
// with Okay and stored in the user's settings (companySetUserSettings merges keys, so each hint
// has its own flat key). The popup hint shows until 'Do not show again', never to admins.

export const HINT_ORDER = ['workflow', 'dashboard', 'help', 'filter'] as const;
export type HintId = (typeof HINT_ORDER)[number];

export const hintSettingKey = (hint: HintId): string => `hint_${hint}`;
export const POPUP_HINT_KEY = 'hint_popup';

export type UserSettings = Record<string, unknown>;

export function parseUserSettings(text: string | null | undefined): UserSettings {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as UserSettings) : {};
  } catch {
    return {};
  }
}

export const hintDone = (settings: UserSettings, hint: HintId): boolean => settings[hintSettingKey(hint)] === true;

/**
 * The hint to show now: the first one in the chain not yet dismissed, if its anchor is on the
 * screen. A later hint never shows before an earlier one is dismissed, except hints whose
 * anchor does not exist in this build at all (`available`).
 */
export function nextHint(
  settings: UserSettings,
  onScreen: (hint: HintId) => boolean,
  available: (hint: HintId) => boolean = () => true,
): HintId | null {
  for (const hint of HINT_ORDER) {
    if (hintDone(settings, hint) || !available(hint)) continue;
    return onScreen(hint) ? hint : null;
  }
  return null;
}

export function showPopupHint(settings: UserSettings, admin: boolean, closedThisSession: boolean): boolean {
  return !admin && !closedThisSession && settings[POPUP_HINT_KEY] !== true;
}
